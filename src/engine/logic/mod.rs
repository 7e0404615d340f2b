//! Human-style solving: pencil marks, a registry of techniques, step explanations, a logic
//! solver and a difficulty rating, for every size.
//!
//! Levels, scores and technique codes follow HoDoKu (Bernhard Hobiger's solver, version 2.2):
//! each technique's score is HoDoKu's default step score (`Options.solverSteps`), the order
//! is its solver order, and the codes are its library-format codes (`SolutionType`). See
//! [`rating`] for how the scores make a level.

mod als;
mod chains;
mod colouring;
mod explain;
mod fish;
mod forcing;
mod groups;
mod intersections;
pub mod marks;
pub mod rating;
mod scope;
mod single_digit;
mod singles;
pub mod solver;
mod step;
mod subsets;
mod sue_de_coq;
mod uniqueness;
mod wings;

pub use explain::explain;
pub use marks::{Marks, MarksError};
pub use rating::{Rating, rate};
pub use scope::Scope;
pub use solver::{
    LogicOptions, Outcome, Solved, Stuck, Workspace, certify, logical_solution, outcome,
    outcome_from, outcome_until, solve, solve_marks,
};
pub use step::{Cand, Step, Unit};

use serde::{Deserialize, Serialize};
use std::fmt;

/// HoDoKu's difficulty levels, easiest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every technique, in the order the solver tries them (HoDoKu's order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Technique {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    LockedPair,
    LockedTriple,
    Pointing,
    Claiming,
    NakedPair,
    NakedTriple,
    HiddenPair,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    RemotePair,
    BugPlusOne,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    WWing,
    XyWing,
    XyzWing,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    UniqueRectangle5,
    UniqueRectangle6,
    HiddenRectangle,
    AvoidableRectangle1,
    AvoidableRectangle2,
    FinnedXWing,
    SashimiXWing,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    SueDeCoq,
    SimpleColorsTrap,
    SimpleColorsWrap,
    XChain,
    XyChain,
    Aic,
    GroupedNiceLoop,
    AlsXz,
    ForcingChain,
}

/// One registry row: id, name, level, HoDoKu score, HoDoKu library code.
type Info = (&'static str, &'static str, Level, u32, Option<&'static str>);

impl Technique {
    pub const ALL: [Technique; 49] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::RemotePair,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle5,
        Technique::UniqueRectangle6,
        Technique::HiddenRectangle,
        Technique::AvoidableRectangle1,
        Technique::AvoidableRectangle2,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::SueDeCoq,
        Technique::SimpleColorsTrap,
        Technique::SimpleColorsWrap,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::GroupedNiceLoop,
        Technique::AlsXz,
        Technique::ForcingChain,
    ];

    fn info(self) -> Info {
        use Level::*;
        use Technique as T;
        match self {
            T::FullHouse => ("full-house", "Full house", Easy, 4, Some("0000")),
            T::NakedSingle => ("naked-single", "Naked single", Easy, 4, Some("0003")),
            T::HiddenSingle => ("hidden-single", "Hidden single", Easy, 14, Some("0002")),
            T::LockedPair => ("locked-pair", "Locked pair", Medium, 40, Some("0110")),
            T::LockedTriple => ("locked-triple", "Locked triple", Medium, 60, Some("0111")),
            T::Pointing => ("pointing", "Pointing", Medium, 50, Some("0100")),
            T::Claiming => ("claiming", "Claiming", Medium, 50, Some("0101")),
            T::NakedPair => ("naked-pair", "Naked pair", Medium, 60, Some("0200")),
            T::NakedTriple => ("naked-triple", "Naked triple", Medium, 80, Some("0201")),
            T::HiddenPair => ("hidden-pair", "Hidden pair", Medium, 70, Some("0210")),
            T::HiddenTriple => ("hidden-triple", "Hidden triple", Medium, 100, Some("0211")),
            T::NakedQuad => ("naked-quad", "Naked quad", Hard, 120, Some("0202")),
            T::HiddenQuad => ("hidden-quad", "Hidden quad", Hard, 150, Some("0212")),
            T::XWing => ("x-wing", "X-Wing", Hard, 140, Some("0300")),
            T::Swordfish => ("swordfish", "Swordfish", Hard, 150, Some("0301")),
            T::Jellyfish => ("jellyfish", "Jellyfish", Hard, 160, Some("0302")),
            T::RemotePair => ("remote-pair", "Remote pair", Hard, 110, Some("0703")),
            T::BugPlusOne => ("bug-plus-one", "BUG+1", Hard, 100, Some("0610")),
            T::Skyscraper => ("skyscraper", "Skyscraper", Hard, 130, Some("0400")),
            T::TwoStringKite => ("2-string-kite", "2-String Kite", Hard, 150, Some("0401")),
            T::TurbotFish => ("turbot-fish", "Turbot fish", Hard, 120, Some("0403")),
            T::EmptyRectangle => (
                "empty-rectangle",
                "Empty rectangle",
                Hard,
                120,
                Some("0402"),
            ),
            T::WWing => ("w-wing", "W-Wing", Hard, 150, Some("0803")),
            T::XyWing => ("xy-wing", "XY-Wing", Hard, 160, Some("0800")),
            T::XyzWing => ("xyz-wing", "XYZ-Wing", Hard, 180, Some("0801")),
            T::UniqueRectangle1 => ("ur-1", "Unique rectangle type 1", Hard, 100, Some("0600")),
            T::UniqueRectangle2 => ("ur-2", "Unique rectangle type 2", Hard, 100, Some("0601")),
            T::UniqueRectangle3 => ("ur-3", "Unique rectangle type 3", Hard, 100, Some("0602")),
            T::UniqueRectangle4 => ("ur-4", "Unique rectangle type 4", Hard, 100, Some("0603")),
            T::UniqueRectangle5 => ("ur-5", "Unique rectangle type 5", Hard, 100, Some("0604")),
            T::UniqueRectangle6 => ("ur-6", "Unique rectangle type 6", Hard, 100, Some("0605")),
            T::HiddenRectangle => (
                "hidden-rectangle",
                "Hidden rectangle",
                Hard,
                100,
                Some("0606"),
            ),
            T::AvoidableRectangle1 => (
                "ar-1",
                "Avoidable rectangle type 1",
                Hard,
                100,
                Some("0607"),
            ),
            T::AvoidableRectangle2 => (
                "ar-2",
                "Avoidable rectangle type 2",
                Hard,
                100,
                Some("0608"),
            ),
            T::FinnedXWing => ("finned-x-wing", "Finned X-Wing", Hard, 130, Some("0310")),
            T::SashimiXWing => ("sashimi-x-wing", "Sashimi X-Wing", Hard, 150, Some("0320")),
            T::FinnedSwordfish => (
                "finned-swordfish",
                "Finned Swordfish",
                Unfair,
                200,
                Some("0311"),
            ),
            T::SashimiSwordfish => (
                "sashimi-swordfish",
                "Sashimi Swordfish",
                Unfair,
                240,
                Some("0321"),
            ),
            T::FinnedJellyfish => (
                "finned-jellyfish",
                "Finned Jellyfish",
                Unfair,
                250,
                Some("0312"),
            ),
            T::SashimiJellyfish => (
                "sashimi-jellyfish",
                "Sashimi Jellyfish",
                Unfair,
                260,
                Some("0322"),
            ),
            T::SueDeCoq => ("sue-de-coq", "Sue de Coq", Unfair, 250, Some("1101")),
            T::SimpleColorsTrap => (
                "simple-colors-trap",
                "Simple colors trap",
                Hard,
                150,
                Some("0500"),
            ),
            T::SimpleColorsWrap => (
                "simple-colors-wrap",
                "Simple colors wrap",
                Hard,
                150,
                Some("0501"),
            ),
            T::XChain => ("x-chain", "X-Chain", Unfair, 260, Some("0701")),
            T::XyChain => ("xy-chain", "XY-Chain", Unfair, 260, Some("0702")),
            T::Aic => ("aic", "AIC", Unfair, 280, Some("0708")),
            T::GroupedNiceLoop => (
                "grouped-nice-loop",
                "Grouped nice loop",
                Unfair,
                300,
                Some("0711"),
            ),
            T::AlsXz => ("als-xz", "ALS-XZ", Unfair, 300, Some("0901")),
            T::ForcingChain => ("forcing-chain", "Forcing chain", Extreme, 500, Some("1301")),
        }
    }

    /// The name used on the command line.
    pub fn id(self) -> &'static str {
        self.info().0
    }

    pub fn name(self) -> &'static str {
        self.info().1
    }

    pub fn level(self) -> Level {
        self.info().2
    }

    /// HoDoKu's score for one use of the technique.
    pub fn score(self) -> u32 {
        self.info().3
    }

    /// HoDoKu's library code for the technique, where HoDoKu has it.
    pub fn hodoku_code(self) -> Option<&'static str> {
        self.info().4
    }

    /// By id or by name, ignoring case.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL
            .into_iter()
            .find(|t| t.id().eq_ignore_ascii_case(id) || t.name().eq_ignore_ascii_case(id))
    }

    /// Uniqueness techniques are sound only for a puzzle known to have one solution.
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::BugPlusOne
                | Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::UniqueRectangle5
                | Technique::UniqueRectangle6
                | Technique::HiddenRectangle
                | Technique::AvoidableRectangle1
                | Technique::AvoidableRectangle2
        )
    }

    /// Appends steps of this technique found in `marks` to `out` until `out` holds `limit`
    /// steps (`1` for a hint, `usize::MAX` for every instance). Only steps that place or
    /// remove something are reported. Chains give the shortest chain found for any limit
    /// short of `usize::MAX`, and one chain per start candidate for `usize::MAX`.
    pub fn find(self, marks: &Marks, out: &mut Vec<Step>, limit: usize) {
        self.find_in(marks, &Scope::ALL, out, limit);
    }

    /// [`Technique::find`] where `scope` says: single-digit techniques look only at its
    /// digits, subsets and locked candidates only at its units (and digits), XY- and
    /// XYZ-Wings only at pivots in or beside its units; fish only at base lines with one in
    /// its units, empty rectangles at its boxes or pairs in its units, simple colours at
    /// clusters with a cell in its units, W-Wings and remote pairs where a cell (or the
    /// W-Wing's pair) is in its units. The others look everywhere. Same steps as `find`
    /// whenever nothing outside `scope` changed since the technique last found nothing.
    pub fn find_in(self, marks: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
        use Technique as T;
        if out.len() >= limit || marks.is_solved() {
            return;
        }
        match self {
            T::FullHouse => singles::full_house(marks, out, limit),
            T::NakedSingle => singles::naked_single(marks, out, limit),
            T::HiddenSingle => singles::hidden_single(marks, out, limit),
            T::Pointing => intersections::pointing(marks, scope, out, limit),
            T::Claiming => intersections::claiming(marks, scope, out, limit),
            T::LockedPair => subsets::naked(marks, 2, true, scope, out, limit),
            T::LockedTriple => subsets::naked(marks, 3, true, scope, out, limit),
            T::NakedPair => subsets::naked(marks, 2, false, scope, out, limit),
            T::NakedTriple => subsets::naked(marks, 3, false, scope, out, limit),
            T::NakedQuad => subsets::naked(marks, 4, false, scope, out, limit),
            T::HiddenPair => subsets::hidden(marks, 2, scope, out, limit),
            T::HiddenTriple => subsets::hidden(marks, 3, scope, out, limit),
            T::HiddenQuad => subsets::hidden(marks, 4, scope, out, limit),
            T::XWing => fish::basic(marks, 2, scope, out, limit),
            T::Swordfish => fish::basic(marks, 3, scope, out, limit),
            T::Jellyfish => fish::basic(marks, 4, scope, out, limit),
            T::FinnedXWing => fish::finned(marks, 2, false, scope, out, limit),
            T::SashimiXWing => fish::finned(marks, 2, true, scope, out, limit),
            T::FinnedSwordfish => fish::finned(marks, 3, false, scope, out, limit),
            T::SashimiSwordfish => fish::finned(marks, 3, true, scope, out, limit),
            T::FinnedJellyfish => fish::finned(marks, 4, false, scope, out, limit),
            T::SashimiJellyfish => fish::finned(marks, 4, true, scope, out, limit),
            T::Skyscraper | T::TwoStringKite => {
                single_digit::turbot(marks, self, scope, out, limit)
            }
            T::EmptyRectangle => single_digit::empty_rectangle(marks, scope, out, limit),
            T::WWing => wings::w_wing(marks, scope, out, limit),
            T::XyWing => wings::xy_wing(marks, scope, out, limit),
            T::XyzWing => wings::xyz_wing(marks, scope, out, limit),
            T::BugPlusOne => uniqueness::bug_plus_one(marks, out, limit),
            T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle4
            | T::UniqueRectangle5
            | T::UniqueRectangle6
            | T::HiddenRectangle => uniqueness::rectangles(marks, self, out, limit),
            T::AvoidableRectangle1 | T::AvoidableRectangle2 => {
                uniqueness::avoidable(marks, self, out, limit)
            }
            T::SimpleColorsTrap | T::SimpleColorsWrap => {
                colouring::simple(marks, self, scope, out, limit)
            }
            T::XChain | T::TurbotFish | T::XyChain | T::Aic | T::GroupedNiceLoop => {
                chains::aic(marks, self, scope, out, limit)
            }
            T::RemotePair => colouring::remote_pair(marks, scope, out, limit),
            T::SueDeCoq => sue_de_coq::sue_de_coq(marks, out, limit),
            T::AlsXz => als::xz(marks, out, limit),
            T::ForcingChain => forcing::forcing(marks, out, limit),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every step of `technique` in `marks` (for `hint --technique NAME --all`).
pub fn find_all(marks: &Marks, technique: Technique) -> Vec<Step> {
    let mut out = Vec::new();
    technique.find(marks, &mut out, usize::MAX);
    out
}

/// The easiest step the allowed techniques find, if any.
pub fn next_step(marks: &Marks, options: &LogicOptions) -> Option<Step> {
    let mut out = Vec::with_capacity(1);
    for t in options.techniques() {
        t.find(marks, &mut out, 1);
        if let Some(s) = out.pop() {
            return Some(s);
        }
    }
    None
}
