//! The native command-line tool: batch solving, counting, conversion, export, generation, checks.

use crate::app::state::{progress_text, quantity};
use crate::engine::analyze::{self, Certificate};
use crate::engine::format::{self, Format, Parsed};
use crate::engine::formulation::ModelFormat;
use crate::engine::generate::{self, GenerateError, GenerateOptions, Method, Phase, Symmetry};
use crate::engine::search::Flow;
use crate::engine::{Formulation, Grid, Query, Size, SolveOptions, Verdict, solve};
use std::io::{IsTerminal, Read, Write};
use std::time::{Duration, Instant};

const HELP: &str = "\
sudoku-lab: solve, count, convert, check, generate and export Sudoku puzzles of every size
(1x1 to 49x49)

USAGE:
    sudoku-lab <COMMAND> [OPTIONS] [FILE|-]

Puzzles are read one per line (blank lines and lines starting with # are skipped), as
multi-line layouts separated by blank lines, or as JSON ({\"dim\":3,\"fixed\":{\"1\":{\"3\":7}}}),
one document or one per line. Formats: one character per cell (. 0 _ blank, 1-9 then A-Z;
separators | - + and box-drawing characters allowed), or space/comma-separated numbers.
Lines that each read as a puzzle are a collection, except that lines which could be the rows
of one grid (sixteen lines of sixteen cells) are that grid when they read as one.
FILE defaults to standard input. Each puzzle gets one answer, in the order read; a puzzle
that does not read gets 'invalid', one the command fails on gets 'error', with the reason
on standard error. Answers are written as they come.

COMMANDS:
    solve     print the solution if unique, else 'no solution' or 'multiple solutions'
              [--formulation F] [--json]
              The solution is written in the format the puzzle was read in: JSON as JSON,
              numbers as numbers, characters (a layout, or single digits between spaces) as
              one line; --json writes JSON.
    count     print the number of solutions  [--formulation F] [--limit K]
              With --limit K it prints at most K, and says on standard error when there
              are more; without it, it counts every solution, which on a sparse grid may
              never end.
    convert   rewrite puzzles  --to line|numeric|grid|json
              (a JSON board's solved digits go to json only: the text formats hold givens)
    generate  print minimal puzzles with a unique solution, one per line (numeric beyond 25x25)
              --box N [--count C] [--seed S] [--symmetry SYM] [--max-clues K]
              [--method removal|additive] [--formulation F] [--stop-after SECONDS]
              Without --seed a random seed is drawn and printed to standard error; puzzle i
              of --count C uses seed S+i, so any one can be reproduced with --seed S+i.
              SYM: none, rot180, rot90, diagonal, antidiagonal, horizontal, vertical.
              With a symmetry, clues leave with their partners: minimal for the symmetry,
              so check may still find single clues that can go.
              On a terminal, progress shows on standard error while it works.
              --max-clues retries derived seeds (up to 100 attempts) until met; a puzzle that
              misses it is still printed and reported on standard error.
              --stop-after SECONDS prints the puzzle reached at the first step after that
              (one solution, not yet minimal; said on standard error): at 36x36 and 49x49,
              where a minimal puzzle is out of reach in practice, the way to get one. With
              --max-clues, the best minimal puzzle of the attempts finished by then, if any.
    check     per puzzle: 'unique minimal', 'unique redundant: r1c5 ...' (clues each of which
              can go on its own, not necessarily together),
              'multiple' or 'no solution'  [--formulation F] [--difficulty]
              --difficulty adds each formulation's measured effort to find the solutions
              and prove there is no other, e.g. '; propagation: 9 nodes, 3 guesses'.
    export    print a puzzle's model  --format dimacs (SAT CNF) | lp (MIP, CPLEX LP)
    help      print this text

OPTIONS:
    --formulation F   one of: FORMULATIONS (default propagation); solve, count, check
                      and generate take it
    -h, --help        print this text
    -V, --version     print the version
    --name=value is the same as --name value; after -- every argument is a file.

EXIT STATUS:
    0   every puzzle was read and answered (also when a reader such as head stops early)
    1   some puzzle was invalid or failed, or the input held none
    2   a usage error, or the input could not be opened
";

fn help_text() -> String {
    let ids: Vec<&str> = Formulation::ALL.iter().map(|f| f.id()).collect();
    HELP.replace("FORMULATIONS", &ids.join(", "))
}

/// Parsed command-line options shared by the commands.
#[derive(Debug, Default)]
struct Args {
    command: String,
    formulation: Formulation,
    json: bool,
    /// `check` also measures each formulation's effort on the uniqueness proof.
    difficulty: bool,
    limit: Option<u64>,
    to: Option<Format>,
    model: Option<ModelFormat>,
    input: Option<String>,
    generate: GenerateArgs,
    /// The options given, by their long names, to refuse those the command does not take.
    given: Vec<&'static str>,
}

/// Options that are switches, taking no value.
const FLAGS: [&str; 4] = ["--json", "--difficulty", "--help", "--version"];

/// The options each command takes; any other is refused rather than silently ignored.
const OPTIONS: [(&str, &[&str]); 6] = [
    ("solve", &["--formulation", "--json"]),
    ("count", &["--formulation", "--limit"]),
    ("convert", &["--to"]),
    (
        "generate",
        &[
            "--box",
            "--count",
            "--seed",
            "--symmetry",
            "--max-clues",
            "--stop-after",
            "--method",
            "--formulation",
        ],
    ),
    ("check", &["--formulation", "--difficulty"]),
    ("export", &["--format"]),
];

/// Refuses options and arguments that `command` does not take: a user who passed `--limit` to
/// `solve`, say, would otherwise believe it took effect.
fn check_applies(args: &Args) -> Result<(), String> {
    let Some((_, allowed)) = OPTIONS.iter().find(|(c, _)| *c == args.command) else {
        return Ok(());
    };
    if let Some(flag) = args.given.iter().find(|f| !allowed.contains(f)) {
        let takers: Vec<&str> = OPTIONS
            .iter()
            .filter(|(_, o)| o.contains(flag))
            .map(|(c, _)| *c)
            .collect();
        return Err(format!(
            "{flag} does not apply to {} (it is an option of {})",
            args.command,
            takers.join(", ")
        ));
    }
    if args.command == "generate"
        && let Some(input) = &args.input
    {
        return Err(format!(
            "generate reads no input, so '{input}' is not expected"
        ));
    }
    Ok(())
}

/// Options of the `generate` command.
#[derive(Debug, Default)]
struct GenerateArgs {
    box_size: Option<Size>,
    count: Option<u64>,
    seed: Option<u64>,
    symmetry: Symmetry,
    max_clues: Option<usize>,
    method: Method,
    /// Seconds after which each puzzle's removal stops and the puzzle so far is printed.
    stop_after: Option<u64>,
}

/// A flag's non-negative integer value.
fn number<T: std::str::FromStr>(v: &str, flag: &str) -> Result<T, String> {
    v.parse().map_err(|_| {
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            format!("{flag} {v} is too large")
        } else {
            format!("{flag} takes a whole number of 0 or more, not '{v}'")
        }
    })
}

fn parse_args(argv: Vec<String>) -> Result<Args, String> {
    let mut args = Args::default();
    // `--limit=3` is `--limit 3`; after `--` every argument is a command or a file.
    let mut expanded = Vec::new();
    let mut options_end = None;
    for a in argv {
        match a.split_once('=') {
            Some((flag, _)) if FLAGS.contains(&flag) && options_end.is_none() => {
                return Err(format!("{flag} takes no value"));
            }
            Some((flag, v)) if flag.starts_with("--") && options_end.is_none() => {
                expanded.extend([flag.to_string(), v.to_string()]);
            }
            _ if a == "--" && options_end.is_none() => options_end = Some(expanded.len()),
            _ => expanded.push(a),
        }
    }
    let options_end = options_end.unwrap_or(usize::MAX);
    let mut it = expanded.into_iter().enumerate();
    let value = |it: &mut std::iter::Enumerate<std::vec::IntoIter<String>>, flag: &str| {
        it.next()
            .map(|(_, v)| v)
            .ok_or_else(|| format!("{flag} needs a value"))
    };
    while let Some((i, a)) = it.next() {
        if i >= options_end {
            match () {
                _ if args.command.is_empty() => args.command = a,
                _ if args.input.is_none() => args.input = Some(a),
                _ => return Err(format!("unexpected argument '{a}'")),
            }
            continue;
        }
        let long = match a.as_str() {
            "-f" => "--formulation",
            other => OPTIONS
                .iter()
                .flat_map(|(_, o)| o.iter())
                .find(|o| **o == other)
                .copied()
                .unwrap_or(""),
        };
        if !long.is_empty() {
            args.given.push(long);
        }
        match a.as_str() {
            "--formulation" | "-f" => {
                let v = value(&mut it, &a)?;
                args.formulation = Formulation::from_id(&v).ok_or_else(|| {
                    let ids: Vec<&str> = Formulation::ALL.iter().map(|f| f.id()).collect();
                    format!("unknown formulation '{v}' (one of: {})", ids.join(", "))
                })?;
            }
            "--json" => args.json = true,
            "--difficulty" => args.difficulty = true,
            "--limit" => {
                let k: u64 = number(&value(&mut it, &a)?, &a)?;
                if k == 0 {
                    return Err("--limit must be at least 1".into());
                }
                args.limit = Some(k);
            }
            "--to" => {
                let v = value(&mut it, &a)?;
                args.to = Some(Format::from_name(&v).ok_or_else(|| {
                    format!("unknown format '{v}' (one of: line, numeric, grid, json)")
                })?);
            }
            "--box" => {
                let n: usize = number(&value(&mut it, &a)?, &a)?;
                // A 0x0 grid has no cells, so its puzzle would print as an empty line that
                // reads back as nothing.
                match Size::new(n) {
                    Ok(size) if n > 0 => args.generate.box_size = Some(size),
                    _ => return Err("--box must be from 1 to 7 (3 is the classic 9x9)".into()),
                }
            }
            "--count" => {
                let c: u64 = number(&value(&mut it, &a)?, &a)?;
                if c == 0 {
                    return Err("--count must be at least 1".into());
                }
                args.generate.count = Some(c);
            }
            "--seed" => args.generate.seed = Some(number(&value(&mut it, &a)?, &a)?),
            "--symmetry" => {
                let v = value(&mut it, &a)?;
                args.generate.symmetry = Symmetry::from_id(&v).ok_or_else(|| {
                    let ids: Vec<&str> = Symmetry::ALL.iter().map(|s| s.id()).collect();
                    format!("unknown symmetry '{v}' (one of: {})", ids.join(", "))
                })?;
            }
            "--max-clues" => args.generate.max_clues = Some(number(&value(&mut it, &a)?, &a)?),
            "--stop-after" => args.generate.stop_after = Some(number(&value(&mut it, &a)?, &a)?),
            "--method" => {
                let v = value(&mut it, &a)?;
                args.generate.method = Method::from_id(&v)
                    .ok_or_else(|| format!("unknown method '{v}' (one of: removal, additive)"))?;
            }
            "--format" => {
                let v = value(&mut it, &a)?;
                args.model = Some(match v.as_str() {
                    "dimacs" => ModelFormat::Dimacs,
                    "lp" => ModelFormat::Lp,
                    _ => return Err(format!("unknown model format '{v}' (one of: dimacs, lp)")),
                });
            }
            "-" => args.input = Some(a),
            s if s.starts_with('-') => return Err(format!("unknown option '{s}'")),
            _ if args.command.is_empty() => args.command = a,
            _ if args.input.is_none() => args.input = Some(a),
            _ => return Err(format!("unexpected argument '{a}'")),
        }
    }
    check_applies(&args)?;
    Ok(args)
}

/// The input as text. Bytes that are not UTF-8 (a Latin-1 file, say) read as U+FFFD, so the
/// puzzles around them are still answered; where the first one is goes to standard error.
fn read_input(path: Option<&str>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match path {
        None | Some("-") => std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?,
        Some(p) => std::fs::File::open(p)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read {p}: {e}"))?,
    };
    let source = path.filter(|p| *p != "-").unwrap_or("standard input");
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(format!("{source} is UTF-16 text; save it as UTF-8"));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            eprintln!(
                "line {line}: byte {} of the input is not UTF-8 text; bytes like it read as \
                 '\u{fffd}'",
                at + 1
            );
            Ok(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

/// Writes a grid in the format it was read in (line falls back to numeric for big grids).
fn write_like(grid: &Grid, format: Format) -> String {
    match format {
        Format::Json => format::write_json(grid),
        Format::Numeric => format::write_numeric(grid),
        Format::Line | Format::Grid => format::write_compact(grid),
    }
}

/// Runs the tool; returns the process exit status.
pub fn main(argv: Vec<String>) -> i32 {
    // After `--` an argument is a file, whatever its name.
    let options = || argv.iter().take_while(|a| *a != "--");
    if options().any(|a| a == "-h" || a == "--help") || argv.first().is_some_and(|a| a == "help") {
        print!("{}", help_text());
        return 0;
    }
    if options().any(|a| a == "-V" || a == "--version") {
        println!("sudoku-lab {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    let args = match parse_args(argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}\n\nRun 'sudoku-lab --help' for usage.");
            return 2;
        }
    };
    match args.command.as_str() {
        "solve" | "count" | "convert" | "check" | "export" => {}
        "generate" => return run_generate(&args),
        "" => {
            print!("{}", help_text());
            return 2;
        }
        other => {
            eprintln!("error: unknown command '{other}'\n\nRun 'sudoku-lab --help' for usage.");
            return 2;
        }
    }
    if args.command == "convert" && args.to.is_none() {
        eprintln!(
            "error: convert needs --to line|numeric|grid|json\n\nRun 'sudoku-lab --help' for usage."
        );
        return 2;
    }
    if args.command == "export" && args.model.is_none() {
        eprintln!("error: export needs --format dimacs|lp\n\nRun 'sudoku-lab --help' for usage.");
        return 2;
    }
    let text = match read_input(args.input.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut out = Answers::new();
    let mut failed = false;
    let items = format::pieces(&text);
    if items.is_empty() {
        eprintln!("error: no puzzle in the input (only blank and # comment lines)");
        return 1;
    }
    if args.command == "export" && items.len() > 1 {
        eprintln!(
            "error: export writes the model of one puzzle; the input holds {}",
            items.len()
        );
        return 1;
    }
    // Placeholders take a block's place in the grid layout, so it still reads back.
    let end = if args.to == Some(Format::Grid) {
        "\n"
    } else {
        ""
    };
    for item in items {
        // Standard output stays aligned with the input so scripts can zip lines; a remark
        // goes to standard error after the answers before it.
        let (line, remark, bad) = match item.parsed {
            Err(e) => (format!("invalid{end}"), Some(e.to_string()), true),
            // Its answers would be empty lines that read back as no puzzle at all.
            Ok(p) if p.grid.size().cells() == 0 => (
                format!("invalid{end}"),
                Some("a 0x0 grid has no cells; sizes go from 1x1 to 49x49".into()),
                true,
            ),
            Ok(p) => match answer(&args, &p) {
                Ok(Answer { line, note }) => (line, note, false),
                Err(e) => (format!("error{end}"), Some(e), true),
            },
        };
        failed |= bad;
        if let Some(remark) = remark {
            out.flush();
            eprintln!("line {}: {remark}", item.line);
        }
        match out.write(&line) {
            Written::Yes => {}
            // The reader has what it wanted (`| head -1`): not a failure of this run.
            Written::ReaderGone => return i32::from(failed),
            Written::Failed => return 1,
        }
    }
    out.flush();
    i32::from(failed)
}

/// Standard output for answers: buffered, but flushed at least every [`Answers::EVERY`], so
/// a pipeline sees answers as they come and a stopped run keeps nearly all of them, at
/// little of the cost of a write per line.
struct Answers {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    last_flush: Instant,
}

/// What became of an answer written.
enum Written {
    Yes,
    /// The reader closed the pipe.
    ReaderGone,
    Failed,
}

impl Answers {
    const EVERY: Duration = Duration::from_millis(100);

    fn new() -> Answers {
        Answers {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            last_flush: Instant::now(),
        }
    }

    fn write(&mut self, line: &str) -> Written {
        let mut written = writeln!(self.out, "{line}");
        if written.is_ok() && self.last_flush.elapsed() >= Self::EVERY {
            self.last_flush = Instant::now();
            written = self.out.flush();
        }
        match written {
            Ok(()) => Written::Yes,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Written::ReaderGone,
            Err(_) => Written::Failed,
        }
    }

    fn flush(&mut self) {
        let _ = self.out.flush();
        self.last_flush = Instant::now();
    }
}

/// The output line for one valid puzzle, and a remark for standard error.
struct Answer {
    line: String,
    note: Option<String>,
}

impl From<String> for Answer {
    fn from(line: String) -> Answer {
        Answer { line, note: None }
    }
}

fn answer(args: &Args, parsed: &Parsed) -> Result<Answer, String> {
    let line = match args.command.as_str() {
        "convert" => {
            let to = args.to.expect("checked");
            // The text formats cannot mark a clue: written there, a saved game's own digits
            // would come back as givens (clashing ones as an unreadable puzzle).
            let (grid, note) = if to == Format::Json || parsed.grid == parsed.puzzle {
                (&parsed.grid, None)
            } else {
                let filled = parsed.grid.entries().iter().filter(|e| e.digit().is_some());
                let left = (filled.count() - parsed.puzzle.given_count()) as u64;
                let note = format!(
                    "{} outside the givens left out: {} holds givens only",
                    quantity(left, "digits"),
                    to.name()
                );
                (&parsed.puzzle, Some(note))
            };
            // A blank line after each block layout lets the output be read back.
            let end = if to == Format::Grid { "\n" } else { "" };
            let line = format::write(grid, to)
                .map(|s| format!("{}{end}", s.trim_end()))
                .map_err(|e| e.to_string())?;
            return Ok(Answer { line, note });
        }
        "check" => check_line(args, &parsed.puzzle)?,
        "export" => {
            let query = Query::new(&parsed.puzzle);
            let text = args
                .model
                .expect("checked")
                .write(&query)
                .map_err(|e| e.to_string())?;
            text.trim_end().to_string()
        }
        "count" => {
            // One solution past the limit tells "exactly K" from "more than K".
            let options = SolveOptions {
                max_solutions: args.limit.map(|k| k.saturating_add(1)),
                keep: 0,
                ..SolveOptions::default()
            };
            let r = solve(&parsed.puzzle, args.formulation, &options).map_err(|e| e.to_string())?;
            let count = args.limit.map_or(r.count, |k| r.count.min(k));
            // Standard output stays one integer per puzzle; the bound is said beside it.
            let note = (count < r.count || !r.exhaustive).then(|| {
                format!(
                    "stopped at the limit: more than {}",
                    quantity(count, "solutions")
                )
            });
            return Ok(Answer {
                line: count.to_string(),
                note,
            });
        }
        _ => {
            let r = solve(&parsed.puzzle, args.formulation, &SolveOptions::default())
                .map_err(|e| e.to_string())?;
            match r.verdict() {
                Verdict::NoSolution => "no solution".to_string(),
                Verdict::Multiple => "multiple solutions".to_string(),
                Verdict::Unknown => "unknown (stopped early)".to_string(),
                Verdict::Unique => {
                    let format = if args.json {
                        Format::Json
                    } else {
                        parsed.format
                    };
                    write_like(&r.solutions[0], format)
                }
            }
        }
    };
    Ok(line.into())
}

/// The `check` verdict of one puzzle.
fn check_line(args: &Args, puzzle: &Grid) -> Result<String, String> {
    let formulation = args.formulation;
    let options = analyze::AnalyzeOptions {
        formulation,
        ..analyze::AnalyzeOptions::default()
    };
    let certificate = analyze::uniqueness(puzzle, formulation, None).map_err(|e| e.to_string())?;
    let verdict = match certificate {
        Certificate::NoSolution => "no solution".to_string(),
        Certificate::Multiple { .. } => "multiple".to_string(),
        Certificate::Unique { .. } => {
            let roles = analyze::irreducibility(puzzle, &options, &mut generate::no_progress)
                .map_err(|e| e.to_string())?;
            let redundant: Vec<String> = roles.redundant().iter().map(|p| p.to_string()).collect();
            if redundant.is_empty() {
                "unique minimal".to_string()
            } else {
                format!("unique redundant: {}", redundant.join(" "))
            }
        }
    };
    if !args.difficulty {
        return Ok(verdict);
    }
    let d = analyze::difficulty(puzzle, &options, &mut generate::no_progress)
        .map_err(|e| e.to_string())?;
    let mut parts = vec![verdict];
    for effort in &d.effort {
        let measured = match &effort.stats {
            Ok(stats) => {
                let counts: Vec<String> = stats
                    .entries()
                    .into_iter()
                    .filter(|(name, _)| !matches!(*name, "variables" | "constraints"))
                    .map(|(name, v)| quantity(v, name))
                    .collect();
                counts.join(", ")
            }
            Err(e) => e.to_string(),
        };
        parts.push(format!("{}: {measured}", effort.formulation.id()));
    }
    Ok(parts.join("; "))
}

/// On a terminal, a line on standard error that follows the generator's progress (big grids
/// take minutes) and is erased when it is done; elsewhere nothing, so logs stay clean.
struct TerminalProgress {
    on_terminal: bool,
    shown: bool,
    last: Option<Instant>,
}

impl TerminalProgress {
    fn new() -> TerminalProgress {
        TerminalProgress {
            on_terminal: std::io::stderr().is_terminal(),
            shown: false,
            last: None,
        }
    }

    fn report(&mut self, p: &generate::Progress) -> Flow {
        let due = self
            .last
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(200));
        if self.on_terminal && due {
            self.last = Some(Instant::now());
            self.shown = true;
            eprint!(
                "\r\x1b[K{}",
                progress_text(p.phase, p.done as u64, p.total as u64)
            );
        }
        Flow::Continue
    }
}

impl Drop for TerminalProgress {
    fn drop(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

/// The `generate` command: one puzzle per line; returns the exit status.
fn run_generate(args: &Args) -> i32 {
    let g = &args.generate;
    let Some(size) = g.box_size else {
        eprintln!("error: generate needs --box N (1..=7; 3 is the classic 9x9)");
        return 2;
    };
    let seed = match g.seed {
        Some(s) => s,
        None => {
            let s = match getrandom::u64() {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: cannot draw a random seed: {e}");
                    return 1;
                }
            };
            eprintln!("seed {s}");
            s
        }
    };
    let mut out = Answers::new();
    for i in 0..g.count.unwrap_or(1) {
        let options = GenerateOptions {
            seed: seed.wrapping_add(i),
            symmetry: g.symmetry,
            formulation: args.formulation,
            max_clues: g.max_clues,
            method: g.method,
            ..GenerateOptions::default()
        };
        let mut progress = TerminalProgress::new();
        let deadline = g
            .stop_after
            .and_then(|s| Instant::now().checked_add(Duration::from_secs(s)));
        // The removal's puzzle so far, taken once the time is up (a copy per report would
        // cost more than a small puzzle's whole generation), and with --max-clues the best
        // minimal puzzle of the attempts that finished, which beats any unfinished one.
        let mut so_far: Option<Grid> = None;
        // The best finished puzzle and how many attempts have finished.
        let mut finished: Option<(Grid, u32)> = None;
        let result = generate::generate(size, &options, &mut |p| {
            let Some(d) = deadline else {
                return progress.report(p);
            };
            match p.puzzle {
                Some(puzzle) if p.phase == Phase::Removing && p.done == p.total => {
                    let best = match finished.take() {
                        Some((b, _)) if b.given_count() <= puzzle.given_count() => b,
                        _ => puzzle.clone(),
                    };
                    finished = Some((best, p.attempt + 1));
                }
                _ if Instant::now() < d => {}
                // A finished attempt is the answer once the time is up, whatever runs now.
                _ if finished.is_some() => return Flow::Stop,
                // Not before a clue has gone: the full grid is no puzzle worth printing.
                Some(puzzle) if puzzle.given_count() < p.total => {
                    so_far = Some(puzzle.clone());
                    return Flow::Stop;
                }
                _ => {}
            }
            progress.report(p)
        });
        drop(progress);
        let stopped = format!(
            "seed {}: stopped after {} s",
            options.seed,
            g.stop_after.unwrap_or(0)
        );
        let puzzle = match (result, finished, so_far) {
            (Ok(generated), _, _) => {
                if !generated.target_met {
                    out.flush();
                    eprintln!(
                        "seed {}: no puzzle with at most {} clues in {} attempts; best has {}",
                        options.seed,
                        g.max_clues.unwrap_or(0),
                        generated.attempts,
                        generated.clues
                    );
                }
                generated.puzzle
            }
            (Err(GenerateError::Cancelled), Some((best, attempts)), _) => {
                out.flush();
                eprintln!(
                    "{stopped}: no puzzle with at most {} clues in the {attempts} attempts \
                     finished; best has {}",
                    g.max_clues.unwrap_or(0),
                    best.given_count()
                );
                best
            }
            (Err(GenerateError::Cancelled), None, Some(partial)) => {
                out.flush();
                eprintln!(
                    "{stopped} with a puzzle of one solution and {}, not minimal",
                    quantity(partial.given_count() as u64, "clues")
                );
                partial
            }
            (Err(e), _, _) => {
                eprintln!("error: {e}");
                return 1;
            }
        };
        // Each puzzle goes out when made: a large one can take minutes.
        out.flush();
        match out.write(&write_like(&puzzle, Format::Line)) {
            Written::Yes => out.flush(),
            Written::ReaderGone => return 0,
            Written::Failed => return 1,
        }
    }
    out.flush();
    0
}
