//! The native command-line tool: batch solving, counting, conversion, export, generation, checks,
//! and the logic engine's hints, steps and ratings.
//!
//! The functions on the path of a plain `solve` (reading lines, the 9x9 solver, writing the
//! answers) carry `link_section = ".text.hot.batch"` on Linux: the linker keeps them together,
//! so a short run touches a few pages of the code rather than a dozen spread over two megabytes
//! (BENCHMARKS.md, "Batch"). Most closures on that path are named functions or types instead,
//! as a closure cannot carry the attribute.

mod answer;
mod args;
mod batch;
mod check;
mod docs;
mod generate;
mod input;
mod jobs;
mod logic;
mod output;
mod values;

use crate::batch::states;
use crate::engine::format::Format;
use crate::words::{progress_text, quantity};
use args::{Cli, Command};
use batch::Layout;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};
use std::ffi::OsString;

/// Runs the tool on the arguments after the program's name; returns the process exit status.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn main<I, T>(argv: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let argv: Vec<OsString> = argv.into_iter().map(Into::into).collect();
    match args::plain_solve(&argv) {
        Some(a) => solve(&a),
        None => parse_and_run(argv),
    }
}

/// `solve`, the usual batch call: out of line from the other commands, so that a short run
/// touches its code and not theirs.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn solve(a: &args::SolveArgs) -> i32 {
    let layout = Layout {
        json: a.json,
        ..Layout::default()
    };
    batch::run_puzzles(a.input.file(), layout, a.jobs.jobs, |p| {
        answer::solve_puzzle(a, p)
    })
}

/// Any command as clap reads it.
#[inline(never)]
fn parse_and_run(argv: Vec<OsString>) -> i32 {
    let argv = std::iter::once(OsString::from("sudoku-lab")).chain(argv);
    let command = match Cli::try_parse_from(argv) {
        Ok(cli) => cli.command,
        Err(e) => {
            let e = name_the_takers(e);
            match e.print() {
                // Help that could not be written (a full disk) fails as any answer would.
                Err(w) if e.exit_code() == 0 && w.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: cannot write to standard output: {w}");
                    return 1;
                }
                // Help or an error for a reader that has gone: nothing left to tell.
                _ => return e.exit_code(),
            }
        }
    };
    match command {
        Command::Solve(a) => solve(&a),
        Command::Count(a) => batch::run(a.input.file(), Layout::default(), a.jobs.jobs, |p| {
            answer::count(&a, p)
        }),
        Command::Convert(a) => {
            // JSON lines stay JSON lines: a puzzle that does not read is a JSON status too.
            let layout = Layout {
                blocks: a.to == Format::Grid,
                json: a.to == Format::Json,
                ..Layout::default()
            };
            batch::run(a.input.file(), layout, Some(1), |p| {
                answer::convert(a.to, p)
            })
        }
        Command::Check(a) => batch::run(a.input.file(), Layout::default(), a.jobs.jobs, |p| {
            check::check_line(&p.puzzle, a.solver.formulation, a.difficulty).map(Into::into)
        }),
        Command::Export(a) => {
            let layout = Layout {
                single: true,
                ..Layout::default()
            };
            batch::run_items(a.input.file(), layout, batch::puzzles, |p| {
                answer::export(a.format, p)
            })
        }
        Command::Hint(a) => {
            let layout = Layout {
                blocks: a.all && !a.json,
                json: a.json,
                ..Layout::default()
            };
            batch::run_items(a.input.file(), layout, states::read, |m| logic::hint(&a, m))
        }
        Command::Steps(a) => {
            let layout = Layout {
                blocks: !a.json,
                json: a.json,
                ..Layout::default()
            };
            batch::run_items(a.input.file(), layout, states::read, |m| {
                logic::steps(&a, m)
            })
        }
        Command::Rate(a) => {
            let layout = Layout {
                json: a.json,
                ..Layout::default()
            };
            batch::run(a.input.file(), layout, a.jobs.jobs, |p| logic::rate(&a, p))
        }
        Command::Techniques(a) => logic::techniques(a.json),
        Command::Generate(a) => generate::run(&a),
        Command::Completions(a) => docs::completions(a.shell),
        Command::Man(a) => docs::man(a.command.as_deref()),
    }
}

/// An option of another command is refused (a user who passed `--limit` to `solve` would
/// otherwise believe it took effect); the error then names the commands that take it.
fn name_the_takers(mut e: clap::Error) -> clap::Error {
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else {
        return e;
    };
    let given = given.split('=').next().unwrap_or_default();
    let long = given.strip_prefix("--");
    let short = given
        .strip_prefix('-')
        .filter(|s| long.is_none() && s.chars().count() == 1)
        .and_then(|s| s.chars().next());
    let takes = |a: &clap::Arg| {
        (long.is_some() && a.get_long() == long) || (short.is_some() && a.get_short() == short)
    };
    // The commands' arguments are deferred until built.
    let mut cli = Cli::command();
    cli.build();
    let takers: Vec<&clap::Command> = cli
        .get_subcommands()
        .filter(|c| c.get_arguments().any(takes))
        .collect();
    let name = takers
        .first()
        .and_then(|c| c.get_arguments().find(|a| takes(a)))
        .and_then(|a| a.get_long());
    if let Some(name) = name {
        let names: Vec<&str> = takers.iter().map(|c| c.get_name()).collect();
        let tip = format!("--{name} is an option of {}", names.join(", "));
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    e
}
