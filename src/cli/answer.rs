//! What the batch commands make of one puzzle: the work, apart from how it is written out.

use super::args::{CountArgs, SolveArgs};
use super::batch::{Answer, Line, Puzzle, status_json};
use super::quantity;
use crate::batch::split::{cube_split, race_threads, solve_cubes};
use crate::engine::format::{self, Format, Parsed, nine_parsed};
use crate::engine::formulation::ModelFormat;
use crate::engine::formulation::mip::split::{self, Split};
use crate::engine::formulation::sat::race::{self, Rival};
use crate::engine::nine::{Nine, is_solution};
use crate::engine::search::{Flow, Halt, Limits, Order, Sink, portfolio};
use crate::engine::{Formulation, Grid, Query, SolveOptions, Verdict, solve as solve_grid};

/// Writes a grid in the format it was read in (line falls back to numeric for big grids).
pub fn write_like(grid: &Grid, format: Format) -> String {
    match format {
        Format::Json => format::write_json(grid),
        Format::Numeric => format::write_numeric(grid),
        Format::Line | Format::Grid => format::write_compact(grid),
    }
}

/// The smallest box size whose MIP search is split into cubes over the cores, and into how
/// many at first: minimal 16x16 puzzles take milliseconds on one tree; on the 25x25 lines
/// measured, fewer cubes left more to hand away during the search and more cubes cost more
/// roots (BENCHMARKS.md, "MIP and SAT": "The branch and bound on every core").
const MIP_SPLIT_FROM_BOX: usize = 5;
const MIP_SPLIT_CUBES: usize = 16;

/// How the MIP's search is split for `puzzle`; `None` (one tree) for the other formulations,
/// small grids, or on one core.
fn mip_split(formulation: Formulation, puzzle: &Grid) -> Option<Split> {
    let threads = portfolio::threads(usize::MAX);
    let large = formulation == Formulation::Mip && puzzle.size().box_size() >= MIP_SPLIT_FROM_BOX;
    (large && threads > 1).then_some(Split {
        threads,
        cubes: MIP_SPLIT_CUBES,
    })
}

pub fn solve(args: &SolveArgs, parsed: &Parsed) -> Result<Answer, String> {
    let formulation = args.solver.formulation;
    let split = mip_split(formulation, &parsed.puzzle);
    let options = SolveOptions::default();
    let cube = cube_split(formulation, &parsed.puzzle, options.max_solutions);
    let r = match race_threads(formulation, &parsed.puzzle) {
        _ if let Some(split) = split => {
            split::solve(&parsed.puzzle, &SolveOptions::default(), &split).map(|(r, ..)| r)
        }
        _ if let Some((cube, conquer)) = cube => {
            solve_cubes(&parsed.puzzle, formulation, &options, &cube, conquer)
        }
        Some(threads) => race::solve(
            &parsed.puzzle,
            2,
            2,
            Rival::for_grid(&parsed.puzzle),
            threads,
        ),
        None => solve_grid(
            &parsed.puzzle,
            args.solver.formulation,
            &SolveOptions::default(),
        ),
    }
    .map_err(|e| e.to_string())?;
    let status = |word: &str| match args.json {
        true => status_json(word, None),
        false => word.to_string(),
    };
    let line = match r.verdict() {
        Verdict::NoSolution => status("no solution"),
        Verdict::Multiple => status("multiple solutions"),
        Verdict::Unknown => status("unknown (stopped early)"),
        Verdict::Unique => {
            let format = if args.json {
                Format::Json
            } else {
                parsed.format
            };
            write_like(&r.solutions[0], format)
        }
    };
    Ok(line.into())
}

/// [`solve`] for a puzzle as the reader gives it: a plain 9x9 line goes from its cells to its
/// answer's symbols when the default formulation writes a line, with the answer [`solve`]
/// gives.
// Out of line: inlined into the closure that calls it, it would go where closures go.
#[inline(never)]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn solve_puzzle(args: &SolveArgs, puzzle: &Puzzle) -> Result<Answer, String> {
    match puzzle {
        Puzzle::Parsed(parsed) => solve(args, parsed),
        Puzzle::Nine(cells) => {
            let plain = args.solver.formulation == Formulation::Propagation && !args.json;
            match plain.then(|| solve_nine(cells)).flatten() {
                Some(line) => Ok(line.into()),
                None => solve(args, &nine_parsed(cells)),
            }
        }
    }
}

/// The propagation formulation's answer line for a 9x9 puzzle's cells, each solution checked
/// by [`is_solution`]; `None` when a solution fails the check or the search stops otherwise,
/// which [`solve`] then answers with its error.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn solve_nine(cells: &[u8; 81]) -> Option<Line> {
    let mut sink = FirstTwo {
        cells,
        first: [0; 81],
        count: 0,
        valid: true,
    };
    let (_, halt) = Nine::from_cells(cells).run(Order::Natural, &Limits::default(), &mut sink);
    match (sink.valid, sink.count, halt) {
        (false, _, _) => None,
        (true, 0, Halt::Exhausted) => Some("no solution".into()),
        (true, 1, Halt::Exhausted) => Some(Line::Nine(sink.first)),
        (true, 2, Halt::Sink) => Some("multiple solutions".into()),
        _ => None,
    }
}

/// What [`solve_nine`] keeps of the solutions: the first one's symbols, how many were found
/// (it stops at two) and whether each passed the check. A type rather than a closure, so that
/// its code goes with the rest of the batch path's.
struct FirstTwo<'a> {
    cells: &'a [u8; 81],
    first: [u8; 81],
    count: usize,
    valid: bool,
}

impl Sink for FirstTwo<'_> {
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn solution(&mut self, values: &[u8]) -> Flow {
        self.valid &= is_solution(self.cells, values);
        if self.count == 0 && self.valid {
            for (symbol, &v) in self.first.iter_mut().zip(values) {
                *symbol = b'0' + v;
            }
        }
        self.count += 1;
        if self.count >= 2 || !self.valid {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

pub fn count(args: &CountArgs, parsed: &Parsed) -> Result<Answer, String> {
    // One solution past the limit tells "exactly K" from "more than K".
    let options = SolveOptions {
        max_solutions: args.limit.map(|k| k.saturating_add(1)),
        keep: 0,
        ..SolveOptions::default()
    };
    let formulation = args.solver.formulation;
    let split = mip_split(formulation, &parsed.puzzle);
    let cube = cube_split(formulation, &parsed.puzzle, options.max_solutions);
    let r = match (
        options.max_solutions,
        race_threads(formulation, &parsed.puzzle),
    ) {
        _ if let Some(split) = split => {
            split::solve(&parsed.puzzle, &options, &split).map(|(r, ..)| r)
        }
        _ if let Some((cube, conquer)) = cube => {
            solve_cubes(&parsed.puzzle, formulation, &options, &cube, conquer)
        }
        (Some(max), Some(threads)) => race::solve(
            &parsed.puzzle,
            max,
            0,
            Rival::for_grid(&parsed.puzzle),
            threads,
        ),
        _ => solve_grid(&parsed.puzzle, args.solver.formulation, &options),
    }
    .map_err(|e| e.to_string())?;
    let count = args.limit.map_or(r.count, |k| r.count.min(k));
    // Standard output stays one integer per puzzle; the bound is said beside it.
    let note = (count < r.count || !r.exhaustive).then(|| {
        format!(
            "stopped at the limit: more than {}",
            quantity(count, "solutions")
        )
    });
    Ok(Answer {
        line: count.to_string().into(),
        note,
    })
}

pub fn convert(to: Format, parsed: &Parsed) -> Result<Answer, String> {
    // The text formats cannot mark a clue: written there, a saved game's own digits would
    // come back as givens (clashing ones as an unreadable puzzle).
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
    let text = format::write(grid, to).map_err(|e| e.to_string())?;
    Ok(Answer {
        line: text.trim_end().to_string().into(),
        note,
    })
}

pub fn export(model: ModelFormat, parsed: &Parsed) -> Result<Answer, String> {
    let text = model
        .write(&Query::new(&parsed.puzzle))
        .map_err(|e| e.to_string())?;
    Ok(text.trim_end().to_string().into())
}
