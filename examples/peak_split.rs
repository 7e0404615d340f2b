//! Where the plain search's time goes on puzzle files: nodes and CPU seconds to the first
//! solution, and then to the second one (or to the proof that there is none), capped in CPU
//! seconds of the whole process.
//!
//! `cargo run --release --example peak_split -- [--cycle] [--first N] [--factor F] [--secs S] FILE...`
//! (`--cycle`: the cycling search, `Searcher::cycling`, with geometric budgets from `--first`
//! nodes, 2,000 by default, by `--factor`, 1.25 by default: the race member's; `--rules`: the
//! branching rules instead of the cycle's, comma-separated value orders `lowest`, `fewest`,
//! `most`, `placed`, `promise`, `promise-units`,
//! `anti-promise`, each with `+places` to branch on a unit's digit with fewer
//! places; the plain search takes the first; `--probe`: failed-literal probing of the binary
//! choices at nodes of level from `--probe-from` to `--probe-depth` that are multiples of `--probe-every`,
//! at most `--probe-budget` literals a node, `--probe-cheap` without the matching rule, `--probe-lookahead` branching on the choice
//! whose sides narrowed most, `--probe-alternate` in every other run only, `--probe-ranked`
//! the choices of most reach first)
//!
//! One line per file: `file  outcome  first_nodes  first_cpu  second_nodes  second_cpu  open
//! probes`,
//! the second pair counted from the first solution on (`-` where the cap came first), `open`
//! the fewest open cells of any state the search entered (how near a timeout came), `probes`
//! the literals probed in all.

use clap::Parser;
use std::time::Duration;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::search::probe::Probing;
use sudoku_lab::engine::search::restart::Geometric;
use sudoku_lab::engine::search::rule::{Rule, ValueOrder};
use sudoku_lab::engine::search::{Cancel, Limits, Order, Searcher, Start};
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu as process_cpu;

/// Command-line arguments.
#[derive(Parser)]
struct Args {
    /// Use the cycling search instead of the plain one.
    #[arg(long)]
    cycle: bool,
    /// The cycling search's first node budget.
    #[arg(long, default_value_t = 2000)]
    first: u64,
    /// The factor by which each budget of the cycling search grows.
    #[arg(long, default_value_t = 1.25)]
    factor: f64,
    /// Branching rules, e.g. `promise,fewest,placed,promise+places` (default: the cycle's).
    #[arg(long, value_parser = parse_rules)]
    rules: Option<Rules>,
    /// Probe the binary choices of nodes (`Searcher::set_probing`).
    #[arg(long)]
    probe: bool,
    /// The shallowest level probed (the root is 0).
    #[arg(long, default_value_t = 0)]
    probe_from: u32,
    /// Probed nodes branch on the look-ahead's choice.
    #[arg(long)]
    probe_lookahead: bool,
    /// Probe only in every other run of a restarting search.
    #[arg(long)]
    probe_alternate: bool,
    /// Probe the choices of most reach first.
    #[arg(long)]
    probe_ranked: bool,
    /// Probes without the all-different matching rule.
    #[arg(long)]
    probe_cheap: bool,
    /// The deepest level probed.
    #[arg(long, default_value_t = u32::MAX)]
    probe_depth: u32,
    /// Probe only levels that are multiples of this.
    #[arg(long, default_value_t = 1)]
    probe_every: u32,
    /// The most literals probed at one node.
    #[arg(long, default_value_t = u32::MAX)]
    probe_budget: u32,
    /// CPU seconds of the whole process allowed per file.
    #[arg(long, default_value_t = 10.0)]
    secs: f64,
    /// Puzzle files, one puzzle each.
    files: Vec<String>,
}

fn main() {
    let Args {
        cycle,
        first,
        factor,
        rules,
        probe,
        probe_from,
        probe_cheap,
        probe_lookahead,
        probe_alternate,
        probe_ranked,
        probe_depth,
        probe_every,
        probe_budget,
        secs,
        files,
    } = Args::parse();
    let probing = probe.then_some(Probing {
        from: probe_from,
        matching: !probe_cheap,
        lookahead: probe_lookahead,
        alternate: probe_alternate,
        ranked: probe_ranked,
        depth: probe_depth,
        every: probe_every,
        budget: probe_budget,
    });
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let puzzle = parse(&text).expect("a puzzle").puzzle;
        let cancel = Cancel::new();
        let began = process_cpu();
        let timer = std::thread::spawn({
            let cancel = cancel.clone();
            move || {
                while process_cpu() - began < secs && !cancel.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(10));
                }
                cancel.cancel();
            }
        });
        let limits = Limits {
            max_nodes: None,
            cancel: Some(cancel.clone()),
        };
        let start = Start::from_grid(&puzzle);
        let mut searcher = if cycle {
            let policy = Geometric { first, factor };
            Searcher::cycling(&start, Order::Natural, limits, Box::new(policy))
        } else {
            Searcher::new(&start, Order::Natural, limits)
        };
        if let Some(Rules(rules)) = &rules {
            searcher.set_rules(rules);
        }
        searcher.set_probing(probing);
        let mut marks = Vec::new();
        let mut last = (0u64, began);
        let mut outcome = "timeout";
        for k in 0..2 {
            let found = searcher.next_solution().is_some();
            let now = (searcher.stats().nodes, process_cpu());
            if !found && cancel.is_cancelled() {
                break;
            }
            marks.push(format!("{}\t{:.3}", now.0 - last.0, now.1 - last.1));
            last = now;
            if !found {
                outcome = if k == 0 { "none" } else { "unique" };
                break;
            }
            outcome = if k == 0 { "timeout" } else { "multiple" };
        }
        cancel.cancel();
        timer.join().expect("timer");
        while marks.len() < 2 {
            marks.push("-\t-".to_string());
        }
        let name = std::path::Path::new(&file)
            .file_stem()
            .map_or(file.clone(), |s| s.to_string_lossy().into_owned());
        let (open, probes) = (searcher.fewest_open(), searcher.probes());
        println!("{name}\t{outcome}\t{}\t{open}\t{probes}", marks.join("\t"));
    }
}

/// Branching rules from the command line.
#[derive(Clone)]
struct Rules(Vec<Rule>);

/// Rules as `--rules` spells them.
fn parse_rules(text: &str) -> Result<Rules, String> {
    text.split(',')
        .map(|spec| {
            let (name, places) = match spec.strip_suffix("+places") {
                Some(name) => (name, true),
                None => (spec, false),
            };
            let value = match name {
                "lowest" => ValueOrder::Lowest,
                "fewest" => ValueOrder::FewestPlaces,
                "most" => ValueOrder::MostPlaces,
                "placed" => ValueOrder::LeastPlaced,
                "promise" => ValueOrder::Promise,
                "promise-units" => ValueOrder::PromiseUnits,
                "anti-promise" => ValueOrder::AntiPromise,
                _ => return Err(format!("unknown value order {name}")),
            };
            Ok(Rule { value, places })
        })
        .collect::<Result<_, _>>()
        .map(Rules)
}
