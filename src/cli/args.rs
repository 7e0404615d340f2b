//! The command line's definition: one struct per command, parsed by clap.

use super::values::{at_least_one, box_size, formats, formulations, jobs, methods, models};
use super::values::{symmetries, techniques, whole};
use crate::engine::format::Format;
use crate::engine::formulation::ModelFormat;
use crate::engine::generate::{Method, Symmetry};
use crate::engine::logic::Technique;
use crate::engine::{Formulation, Size};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

const ABOUT: &str = "Solve (also step by step), hint, count, convert, check, rate, generate \
                     and export Sudoku puzzles of every size (1x1 to 49x49)";

const LONG_ABOUT: &str = "\
Solve (also step by step), hint, count, convert, check, rate, generate and export Sudoku puzzles \
of every size (1x1 to 49x49).

Puzzles are read one per line (blank lines and lines starting with # are skipped), as multi-line \
layouts separated by blank lines, or as JSON ({\"dim\":3,\"fixed\":{\"1\":{\"3\":7}}}), one \
document or one per line. Formats: one character per cell (. 0 _ blank, 1-9 then A-Z; separators \
| - + and box-drawing characters allowed), or space/comma-separated numbers. Lines that each read \
as a puzzle are a collection, except that lines which could be the rows of one grid (sixteen \
lines of sixteen cells) are that grid when they read as one. A short line of words (a title such \
as Grid 01, a note) is passed over with no answer, and said on standard error.

FILE defaults to standard input (as does -). Each puzzle gets one answer, in the order read; a \
puzzle that does not read gets 'invalid', one the command fails on gets 'error', with the reason \
on standard error. Answers are written as they come.

--name=value is the same as --name value; after -- every argument is a file.";

const EXIT_STATUS: &str = "\
Exit status:
  0  every puzzle was read and answered (also when a reader such as head stops early)
  1  some puzzle was invalid or failed, the input held none, or the answers could not be written
  2  a usage error, or the input could not be opened or read (UTF-16 text, 8 MiB without a
     line break)";

const GENERATE_EXIT_STATUS: &str = "\
Exit status:
  0  every puzzle asked for was printed (also when a reader such as head stops early)
  1  a puzzle could not be made, the puzzles could not be written, or no random seed could
     be drawn
  2  a usage error (--seed and --count that would run past the largest seed among them)";

/// The whole command line.
#[derive(Parser, Debug)]
#[command(
    name = "sudoku-lab",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXIT_STATUS,
    arg_required_else_help = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The commands, each with its own options. Their arguments are built only for the command
/// run (clap's `defer`): building every command's would cost a short run more than its work.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum Command {
    /// Print the solution if unique, else 'no solution' or 'multiple solutions'
    ///
    /// The solution is written in the format the puzzle was read in: JSON as JSON, numbers as
    /// numbers, characters (a layout, or single digits between spaces) as one line; --json
    /// writes JSON.
    #[command(after_help = EXIT_STATUS)]
    Solve(SolveArgs),
    /// Print the number of solutions
    ///
    /// With --limit K it prints at most K, and says on standard error when there are more;
    /// without it, it counts every solution, which on a sparse grid may never end.
    #[command(after_help = EXIT_STATUS)]
    Count(CountArgs),
    /// Rewrite puzzles in another format
    ///
    /// A JSON board's solved digits go to json only: the text formats hold givens.
    #[command(after_help = EXIT_STATUS)]
    Convert(ConvertArgs),
    /// Print minimal puzzles with a unique solution, one per line (numeric beyond 25x25)
    ///
    /// Without --seed a random seed is drawn and printed to standard error; puzzle i of
    /// --count C uses seed S+i, so any one can be reproduced with --seed S+i. On a terminal,
    /// progress shows on standard error while it works on one puzzle at a time (one puzzle, or
    /// -j 1); puzzles made side by side show none. By default the puzzle is truly minimal:
    /// no clue can go and keep one solution. With --no-guess it is minimal for the logic
    /// solver instead, which is fast at every size; --difficulty picks its level.
    #[command(after_help = GENERATE_EXIT_STATUS)]
    Generate(GenerateArgs),
    /// Say whether each puzzle has one solution and no clue to spare
    ///
    /// Per puzzle: 'unique minimal', 'unique redundant: r1c5 ...' (clues each of which can go
    /// on its own, not necessarily together), 'multiple' or 'no solution'.
    #[command(after_help = EXIT_STATUS)]
    Check(CheckArgs),
    /// Print a puzzle's model for a solver outside this tool
    #[command(after_help = EXIT_STATUS)]
    Export(ExportArgs),
    /// Print the next logical step for each puzzle, in words
    ///
    /// The easiest step the techniques find (in HoDoKu's order), e.g. 'Hidden single: 7 fits
    /// only r3c5 in box 2'; 'solved' for a full grid; 'stuck: needs guessing' and each empty
    /// cell's candidates when no technique applies; 'no solution'; or 'off track: ...' when a
    /// digit placed or a candidate removed contradicts the one solution. A JSON board's solved
    /// digits count as placed. Uniqueness techniques are used only when the propagation search
    /// proves that the givens have one solution.
    ///
    /// Besides the puzzle formats, it reads pencil-mark states: HoDoKu library lines
    /// (:<code>:<digits>:<cells>:<deleted>:..., cells with + before a placed digit, deleted
    /// candidates as digit-row-column items like 512) and the engine's own pencil-mark text:
    /// one token per cell, 5 a given, +5 a placed digit, (1-3,7) an empty cell's candidates,
    /// a state per block of lines (or per line).
    #[command(after_help = EXIT_STATUS)]
    Hint(HintArgs),
    /// Print the whole logical solution of each puzzle, one step per line
    ///
    /// Each puzzle's answer is a block: the steps, numbered, in words; then 'solved', or
    /// 'stuck: needs guessing' and each empty cell's candidates, 'no solution' or 'off track:
    /// ...'; then a blank line. It reads what hint reads, and allows uniqueness techniques as
    /// hint does.
    #[command(after_help = EXIT_STATUS)]
    Steps(StepsArgs),
    /// Rate each puzzle: level, score, hardest technique and number of steps
    ///
    /// HoDoKu's levels (Easy, Medium, Hard, Unfair, Extreme) and step scores, summed; a sum
    /// over a level's limit raises the level, and beyond 9x9 the limits grow with the empty
    /// cells. 'needs guessing' when the techniques get stuck. Uniqueness techniques are used
    /// only when the propagation search proves one solution; the line says whether they were
    /// allowed, and names those used.
    #[command(after_help = EXIT_STATUS)]
    Rate(RateArgs),
    /// List the techniques: name, level, score and HoDoKu's code
    ///
    /// In the order the solver tries them. The first column is the name --technique takes,
    /// then the technique's name, its level, HoDoKu's score for one step and HoDoKu's code
    /// for it in library lines ('-' where HoDoKu has none).
    Techniques(TechniquesArgs),
    /// Print a shell completion script
    ///
    /// For example, in bash: source <(sudoku-lab completions bash)
    Completions(CompletionsArgs),
    /// Print a manual page (roff) on standard output
    ///
    /// The tool's page, or with COMMAND that command's page. For example: sudoku-lab man >
    /// sudoku-lab.1; sudoku-lab man solve > sudoku-lab-solve.1; man ./sudoku-lab.1
    Man(ManArgs),
}

// Where a batch command reads its puzzles. Not a doc comment, nor are those of the other
// flattened structs: with the commands' arguments deferred, clap would show it as the about
// text of each command that flattens it.
#[derive(Args, Debug)]
pub struct Input {
    /// The puzzles to read; standard input when absent or -
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// `solve` with at most a file and a number of jobs (`--jobs N`, `--jobs=N`, `-j N`, `-jN`),
/// the usual batch calls, as clap would read them, without building clap's command tree: on a
/// short file that costs about as much as answering it (BENCHMARKS.md, "Batch"). Anything
/// else, a value clap would refuse, help and errors too, is left to clap.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn plain_solve(argv: &[OsString]) -> Option<SolveArgs> {
    let (command, rest) = argv.split_first()?;
    if command != "solve" {
        return None;
    }
    let (mut jobs, mut file) = (None, None);
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        let arg = arg.to_str()?;
        let value = match arg {
            "--jobs" | "-j" => Some(args.next()?.to_str()?),
            _ => arg
                .strip_prefix("--jobs=")
                .or_else(|| arg.strip_prefix("-j").filter(|v| !v.is_empty())),
        };
        match value {
            Some(v) if jobs.is_none() => jobs = Some(self::jobs(v).ok()?),
            None if file.is_none() && !arg.is_empty() && !arg.starts_with('-') => {
                file = Some(PathBuf::from(arg));
            }
            _ => return None,
        }
    }
    Some(SolveArgs {
        solver: Solver {
            formulation: Formulation::default(),
        },
        json: false,
        jobs: Jobs { jobs },
        input: Input { file },
    })
}

impl Input {
    /// The file named, or `None` for standard input.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref().filter(|p| p.as_os_str() != "-")
    }
}

// How many puzzles are worked on at once.
#[derive(Args, Debug)]
pub struct Jobs {
    /// Work on N puzzles at once, 1 to 256 (default: one per core)
    ///
    /// The answers are the same, in the same order, whatever N.
    #[arg(short, long, value_name = "N", value_parser = jobs, allow_negative_numbers = true)]
    pub jobs: Option<u64>,
}

// The solver of the commands that solve.
#[derive(Args, Debug)]
pub struct Solver {
    /// The formulation that solves
    #[arg(
        short,
        long,
        value_name = "F",
        value_parser = formulations(),
        default_value = Formulation::default().id(),
    )]
    pub formulation: Formulation,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub solver: Solver,
    /// Write the solution as JSON
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: Jobs,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub solver: Solver,
    /// Count at most K solutions
    #[arg(long, value_name = "K", value_parser = at_least_one, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub jobs: Jobs,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The format to write
    #[arg(long, value_name = "FORMAT", value_parser = formats())]
    pub to: Format,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Box size: 3 is the classic 9x9, 1 to 7 (49x49)
    #[arg(long = "box", value_name = "N", value_parser = box_size, allow_negative_numbers = true)]
    pub box_size: Size,
    /// How many puzzles to print
    #[arg(long, value_name = "C", value_parser = at_least_one, default_value = "1", allow_negative_numbers = true)]
    pub count: u64,
    /// The seed of the first puzzle (drawn at random when absent)
    #[arg(long, value_name = "S", value_parser = whole::<u64>, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// A symmetry the pattern of clues keeps
    ///
    /// With a symmetry, clues leave with their partners: minimal for the symmetry, so check
    /// may still find single clues that can go.
    #[arg(
        long,
        value_name = "SYM",
        value_parser = symmetries(),
        default_value = Symmetry::default().id(),
    )]
    pub symmetry: Symmetry,
    /// Retry derived seeds (up to 100 attempts) for a puzzle of at most K clues
    ///
    /// A puzzle that misses the bound is still printed and reported on standard error. With
    /// --difficulty an attempt must meet both, and the attempts are shared.
    #[arg(long, value_name = "K", value_parser = whole::<usize>, allow_negative_numbers = true)]
    pub max_clues: Option<usize>,
    /// Retry derived seeds (up to 100 attempts) for a puzzle rated at exactly LEVEL
    ///
    /// The rating is the one 'rate' gives (the puzzle has one solution, so uniqueness
    /// techniques count). When no attempt is rated LEVEL, the closest (nearest level, then
    /// fewest clues) is printed and reported on standard error. Without --no-guess each
    /// attempt is a truly minimal puzzle, practical up to 16x16, though from 16x16 nearly all
    /// of them need guessing and so reach no level; with it, the removal may use the
    /// techniques up to LEVEL, at every size.
    #[arg(long, value_name = "LEVEL", value_parser = super::generate::levels())]
    pub difficulty: Option<crate::engine::logic::Level>,
    /// Keep a clue out only while the logic solver solves the puzzle without guessing
    ///
    /// With the techniques through hard, or through --difficulty's level, never the
    /// uniqueness ones: the puzzle has one solution (the logic solver proves it), needs no
    /// guessing, and no clue can go and keep that, though some may go and keep one solution.
    /// Each clue costs one logic solve rather than a search, so this works at 36x36 and
    /// 49x49. --formulation then changes nothing; --method additive adds clues until the logic
    /// solver solves the puzzle, then removes; --stop-after prints the puzzle so far, which
    /// the logic solver solves.
    #[arg(long)]
    pub no_guess: bool,
    /// How the clues are chosen
    #[arg(
        long,
        value_name = "METHOD",
        value_parser = methods(),
        default_value = Method::default().id(),
    )]
    pub method: Method,
    #[command(flatten)]
    pub solver: Solver,
    /// Print the puzzle reached at the first step after SECONDS
    ///
    /// That puzzle has one solution but is not yet minimal (said on standard error): at 36x36
    /// and 49x49, where a truly minimal puzzle is out of reach in practice, a way to get one
    /// (--no-guess is the other). With --max-clues or --difficulty, the closest finished
    /// attempt, if any.
    #[arg(long, value_name = "SECONDS", value_parser = whole::<u64>, allow_negative_numbers = true)]
    pub stop_after: Option<u64>,
    #[command(flatten)]
    pub jobs: Jobs,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub solver: Solver,
    /// Add each formulation's measured effort and the logic rating
    ///
    /// The effort to find the solutions and prove there is no other, e.g. '; propagation: 9
    /// nodes, 3 guesses', then the rating as rate gives it, e.g. '; logic: Hard, score 1,130,
    /// hardest X-Wing, 52 steps'.
    #[arg(long)]
    pub difficulty: bool,
    #[command(flatten)]
    pub jobs: Jobs,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The model's format
    #[arg(long, value_name = "FORMAT", value_parser = models())]
    pub format: ModelFormat,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct HintArgs {
    /// The first step of this technique instead of the easiest step (see techniques)
    #[arg(
        long,
        value_name = "NAME",
        value_parser = techniques(),
        ignore_case = true
    )]
    pub technique: Option<Technique>,
    /// Every step of the --technique in the state, one per line, a blank line after each
    /// state's steps
    #[arg(long, requires = "technique")]
    pub all: bool,
    /// Write each answer as one line of JSON
    ///
    /// {"status":"step","steps":[{"technique":"hidden-single","name":"Hidden single",
    /// "code":"0002","explanation":"...","placements":["r3c5=7"],"eliminations":[]}]};
    /// the status is also none, solved, stuck (with "remaining":[{"cell":"r1c2",
    /// "candidates":[1,4]}]), no solution or off track (with a "reason").
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct StepsArgs {
    /// Write each answer as one line of JSON, shaped as hint's
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct RateArgs {
    /// Write each rating as one line of JSON
    ///
    /// {"level":"hard","score":1130,"hardest":"x-wing","steps":52,"outcome":"solved",
    /// "solutions":"one","uniqueness_used":[]}; the level and hardest technique are null
    /// when the outcome is stuck or no solution.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: Jobs,
    #[command(flatten)]
    pub input: Input,
}

#[derive(Args, Debug)]
pub struct TechniquesArgs {
    /// Write one line of JSON per technique
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    fn argv(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    /// What clap makes of the same arguments, as the fast path's answer is compared with it.
    fn by_clap(args: &[&str]) -> Option<String> {
        let argv = std::iter::once("sudoku-lab").chain(args.iter().copied());
        match Cli::try_parse_from(argv).ok()?.command {
            Command::Solve(a) => Some(format!("{a:?}")),
            _ => None,
        }
    }

    #[test]
    fn a_plain_solve_is_read_as_clap_reads_it() {
        for args in [
            &["solve"][..],
            &["solve", "puzzles.txt"],
            &["solve", "help"],
            &["solve", "solve"],
            &["solve", "a file.txt"],
            &["solve", "--jobs", "1", "puzzles.txt"],
            &["solve", "puzzles.txt", "--jobs", "2"],
            &["solve", "--jobs=3", "puzzles.txt"],
            &["solve", "-j", "2", "puzzles.txt"],
            &["solve", "-j1", "puzzles.txt"],
            &["solve", "-j", "007"],
            &["solve", "-j", "2"],
        ] {
            let fast = plain_solve(&argv(args)).map(|a| format!("{a:?}"));
            assert!(fast.is_some(), "{args:?} is a plain solve");
            assert_eq!(fast, by_clap(args), "{args:?}");
        }
    }

    #[test]
    fn whatever_the_fast_path_reads_clap_reads_alike() {
        let tokens = [
            "--jobs", "-j", "2", "0", "a.txt", "--jobs=2", "-j3", "-", "--json", "", "-j=2",
        ];
        // Every list of up to three tokens after `solve`.
        let mut lists = vec![vec!["solve"]];
        let mut last = lists.clone();
        for _ in 0..3 {
            last = last
                .iter()
                .flat_map(|l| tokens.iter().map(move |t| [&l[..], &[*t]].concat()))
                .collect();
            lists.extend(last.iter().cloned());
        }
        let mut fast = 0;
        for args in &lists {
            if let Some(a) = plain_solve(&argv(args)) {
                fast += 1;
                assert_eq!(Some(format!("{a:?}")), by_clap(args), "{args:?}");
            }
        }
        assert!(fast > 20, "only {fast} lists took the fast path");
    }

    #[test]
    fn anything_but_a_plain_solve_is_left_to_clap() {
        for args in [
            &[][..],
            &["count", "puzzles.txt"],
            &["solve", "-"],
            &["solve", "--json", "puzzles.txt"],
            &["solve", "--jobs", "0", "puzzles.txt"],
            &["solve", "--jobs", "-1", "puzzles.txt"],
            &["solve", "--jobs", "puzzles.txt"],
            &["solve", "puzzles.txt", "--jobs"],
            &["solve", "--jobs="],
            &["solve", "-j=2"],
            &["solve", "-j", "2", "-j", "2"],
            &["solve", "--jobs", "1", "-f", "sat"],
            &["solve", "-j2x"],
            &["solve", "--help"],
            &["solve", "a.txt", "b.txt"],
            &["solve", "--", "-odd name"],
            &["Solve", "puzzles.txt"],
            &["solve", ""],
        ] {
            assert!(plain_solve(&argv(args)).is_none(), "{args:?}");
        }
    }
}
