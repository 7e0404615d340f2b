//! The engine's answers in words: a solve or count, a check, and where the solution stepper is.

use super::{format_millis, quantity, thousands};
use crate::engine::logic::{Outcome, Rating};
use crate::engine::{Conflict, Formulation, Pos, Stats};
use std::fmt;

/// What a solve or count answered, and what it did to the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub answer: SolveAnswer,
    pub formulation: Formulation,
    /// The formulation asked for, when a race it runs was won by `formulation`'s member.
    pub raced_by: Option<Formulation>,
    pub millis: f64,
    pub stats: Stats,
    /// A count found more solutions than it kept to step through: how many it kept.
    pub kept: Option<usize>,
    /// Digits of the player's that the solution shown replaced.
    pub replaced: usize,
    /// No solution, and the digits an earlier solve placed came off the board.
    pub cleared: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveAnswer {
    /// `clash`: two givens that clash, the reason in plain sight.
    NoSolution {
        clash: Option<Conflict>,
    },
    /// What a count found: all there are when `exhaustive`; it stops past `limit`.
    Counted {
        count: u64,
        exhaustive: bool,
        limit: u64,
    },
    Unique,
    /// At least two.
    Multiple,
    /// Stopped before it could tell.
    Stopped,
}

/// What a check established about the givens, and about the player's digits.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub answer: CheckAnswer,
    pub formulation: Formulation,
    pub millis: f64,
    /// `None` when the player filled in no digits.
    pub yours: Option<Yours>,
    /// How hard a person finds it, for a puzzle with one solution.
    pub rating: Option<Rating>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckAnswer {
    NoSolution {
        clash: Option<Conflict>,
    },
    NotUnique,
    /// Every clue is needed. `guesses`: the effort propagation measured.
    Minimal {
        clues: usize,
        guesses: u64,
    },
    /// `redundant` of the clues could each go alone.
    NotMinimal {
        clues: usize,
        redundant: usize,
        guesses: u64,
    },
}

/// The player's digits against a check's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Yours {
    /// More than one solution (or none): nothing to hold them against.
    NotChecked,
    /// `played` digits, of which those at `wrong` differ from the one solution.
    Checked { played: usize, wrong: Vec<Pos> },
}

/// Where the stepper is among the solutions a search kept.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stepper {
    /// 0-based.
    pub index: usize,
    pub kept: usize,
    /// Solutions the search saw: all there are when `exhaustive`; a count stops past `limit`.
    pub count: u64,
    pub exhaustive: bool,
    pub limit: u64,
}

/// How many solutions a search saw, as it can be said.
enum Tally {
    Exactly(u64),
    MoreThan(u64),
    AtLeast(u64),
}

fn tally(count: u64, exhaustive: bool, limit: u64) -> Tally {
    match count {
        _ if exhaustive => Tally::Exactly(count),
        _ if count > limit => Tally::MoreThan(limit),
        _ => Tally::AtLeast(count),
    }
}

impl Solved {
    pub fn is_error(&self) -> bool {
        self.answer == SolveAnswer::Stopped
    }
}

impl Checked {
    pub fn is_error(&self) -> bool {
        matches!(
            self.answer,
            CheckAnswer::NoSolution { .. } | CheckAnswer::NotUnique
        )
    }
}

/// `Propagation, 0.4 ms, 5 nodes`: the formulation, the time and the effort it took.
fn how(formulation: Formulation, millis: f64, stats: Option<&Stats>) -> String {
    how_raced(formulation, None, millis, stats)
}

/// As [`how`]; with `raced_by`, the formulation asked for, whose race `formulation` won.
fn how_raced(
    formulation: Formulation,
    raced_by: Option<Formulation>,
    millis: f64,
    stats: Option<&Stats>,
) -> String {
    let name = match raced_by {
        Some(asked) if asked != formulation => format!(
            "{}, first in the race {} runs at this size",
            formulation.name(),
            asked.name()
        ),
        _ => formulation.name().to_string(),
    };
    // As the comparison's table words it: MIP's solver calls are LP solves, and a MIP run its
    // root's propagation decided solved none.
    let mip = formulation == Formulation::Mip;
    if stats.is_some_and(|s| mip && s.solver_calls == Some(0) && s.nodes <= Some(1)) {
        let decided = "decided by propagation at the root, no LP solved";
        return format!("{name}, {}, {decided}", format_millis(millis));
    }
    let stats = stats.map(Stats::entries).unwrap_or_default();
    // Model sizes say little about this puzzle's answer.
    let effort = stats
        .iter()
        .filter(|(k, _)| *k != "variables" && *k != "constraints")
        .map(|&(k, v)| match (mip, k) {
            (true, "solver calls") => quantity(v, "LP solves"),
            _ => quantity(v, k),
        });
    std::iter::once(name)
        .chain(std::iter::once(format_millis(millis)))
        .chain(effort)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "No solution", with the reason when it is in plain sight: two givens that clash.
fn no_solution(f: &mut fmt::Formatter<'_>, how: &str, clash: Option<Conflict>) -> fmt::Result {
    match clash {
        Some(c) => write!(f, "No solution ({how}): the clues clash, {c}."),
        None => write!(f, "No solution ({how})."),
    }
}

/// The measured difficulty of a unique puzzle, in words.
fn effort(guesses: u64) -> String {
    match guesses {
        0 => "Difficulty: no guessing needed (propagation alone solves it).".to_string(),
        g => format!(
            "Difficulty: propagation needs {} to solve it and prove it unique.",
            quantity(g, "guesses")
        ),
    }
}

impl fmt::Display for Solved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = how_raced(
            self.formulation,
            self.raced_by,
            self.millis,
            Some(&self.stats),
        );
        match self.answer {
            SolveAnswer::NoSolution { clash } => no_solution(f, &how, clash)?,
            SolveAnswer::Counted {
                count,
                exhaustive,
                limit,
            } => match tally(count, exhaustive, limit) {
                Tally::Exactly(n) => write!(
                    f,
                    "{} solution{} ({how}).",
                    thousands(n),
                    if n == 1 { "" } else { "s" }
                )?,
                Tally::MoreThan(limit) => write!(
                    f,
                    "More than {} solutions; counting stops there ({how}).",
                    thousands(limit)
                )?,
                Tally::AtLeast(n) => write!(
                    f,
                    "At least {} solutions; counting stopped there ({how}).",
                    thousands(n)
                )?,
            },
            SolveAnswer::Unique => write!(f, "Unique solution ({how}).")?,
            SolveAnswer::Multiple => write!(f, "At least 2 solutions ({how}).")?,
            SolveAnswer::Stopped => write!(f, "Stopped before an answer ({how}).")?,
        }
        if let Some(kept) = self.kept {
            write!(f, " The first {kept} are kept to step through.")?;
        }
        if self.replaced > 0 {
            write!(
                f,
                " It replaced {} of yours; Undo brings {} back.",
                quantity(self.replaced as u64, "digits"),
                if self.replaced == 1 { "it" } else { "them" }
            )?;
        }
        if self.cleared {
            f.write_str(
                " The solver's digits from before the clues changed are off the board; Undo \
                 brings them back.",
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = how(self.formulation, self.millis, None);
        match self.answer {
            CheckAnswer::NoSolution { clash } => no_solution(f, &how, clash)?,
            CheckAnswer::NotUnique => write!(
                f,
                "Not unique: at least 2 solutions ({how}). Count solutions shows them."
            )?,
            CheckAnswer::Minimal { clues: 0, .. } => {
                write!(f, "Minimal: unique with no clues at all ({how}).")?
            }
            CheckAnswer::Minimal { clues: 1, guesses } => write!(
                f,
                "Minimal: one solution, and the one clue is necessary ({how}). {}",
                effort(guesses)
            )?,
            CheckAnswer::Minimal { clues, guesses } => write!(
                f,
                "Minimal: one solution, and all {clues} clues are necessary ({how}). {}",
                effort(guesses)
            )?,
            CheckAnswer::NotMinimal {
                clues,
                redundant: n,
                guesses,
            } => {
                // Each is tested with all the others in place; two may not go together.
                let alone = if n > 1 {
                    " Each could go on its own, not necessarily together."
                } else {
                    ""
                };
                write!(
                    f,
                    "Unique but not minimal: {n} of {} {} redundant, highlighted \
                     ({how}).{alone} {}",
                    quantity(clues as u64, "clues"),
                    if n == 1 { "is" } else { "are" },
                    effort(guesses)
                )?
            }
        }
        if let Some(rating) = &self.rating {
            write!(f, " Rating: {}.", rating_words(rating))?;
        }
        match &self.yours {
            Some(yours) => yours.fmt(f),
            None => Ok(()),
        }
    }
}

/// `Hard (X-Wing, 52 steps)`, `needs guessing (stuck after 20 steps)`.
pub fn rating_words(rating: &Rating) -> String {
    let steps = quantity(rating.steps as u64, "steps");
    match (rating.level, rating.hardest) {
        (Some(level), Some(hardest)) => format!("{level} ({hardest}, {steps})"),
        (Some(level), None) => format!("{level} ({steps})"),
        (None, _) if rating.outcome == Outcome::Broken => "no solution".to_string(),
        (None, _) => format!("needs guessing (stuck after {steps})"),
    }
}

impl fmt::Display for Yours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const LISTED: usize = 10;
        let (played, wrong) = match self {
            Yours::NotChecked => {
                return f.write_str(" Your digits were not checked: that needs a single solution.");
            }
            Yours::Checked { played, wrong } => (*played, wrong),
        };
        let cell = |p: &Pos| format!("r{}c{}", p.row + 1, p.col + 1);
        match (wrong.len(), played) {
            (0, 1) => f.write_str(" Your digit agrees with the solution."),
            (0, n) => write!(f, " All {n} of your digits agree with the solution."),
            (1, 1) => write!(
                f,
                " Your digit differs from the solution: {}.",
                cell(&wrong[0])
            ),
            (k, n) => write!(
                f,
                " {k} of your {} {} from the solution: {}{}.",
                quantity(n as u64, "digits"),
                if k == 1 { "differs" } else { "differ" },
                wrong[..k.min(LISTED)]
                    .iter()
                    .map(cell)
                    .collect::<Vec<_>>()
                    .join(" "),
                if k > LISTED {
                    format!(" and {} more", k - LISTED)
                } else {
                    String::new()
                }
            ),
        }
    }
}

impl fmt::Display for Stepper {
    /// `Solution 3 of 288 shown (the first 100 are kept)`, or `of at least 2` when the search
    /// stopped at two.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let of = match tally(self.count, self.exhaustive, self.limit) {
            Tally::Exactly(n) => thousands(n),
            Tally::MoreThan(limit) => format!("more than {}", thousands(limit)),
            Tally::AtLeast(n) => format!("at least {}", thousands(n)),
        };
        write!(f, "Solution {} of {of} shown", self.index + 1)?;
        if self.count > self.kept as u64 {
            write!(f, " (the first {} are kept)", self.kept)?;
        }
        Ok(())
    }
}
