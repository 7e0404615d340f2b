//! What sudoku-lab says, in one place below both the page state and the command line.

mod answers;
mod compare;
mod failure;
mod import;
mod message;
mod play;

pub use crate::engine::format::thousands;
use crate::engine::formulation::ModelFormat;
use crate::engine::generate::{Phase, Symmetry};
pub use answers::{CheckAnswer, Checked, SolveAnswer, Solved, Stepper, Yours, rating_words};
pub use compare::{compare_effort, compare_note};
pub use failure::{EngineFault, Failure, Unread};
pub use import::{ImportError, ImportSource, Imported, Skipped};
pub use message::{Clipboard, Message, Slow, conflict_words};
pub use play::{PlayMessage, Wrong};
use serde::{Deserialize, Serialize};

/// What kind of job the engine is busy with; messages name it by its verb.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobKind {
    Solve,
    Count,
    Compare,
    Generate,
    Check,
    Export(ModelFormat),
    Hint,
    Steps,
}

impl JobKind {
    pub fn verb(self) -> &'static str {
        match self {
            JobKind::Solve => "Solving",
            JobKind::Count => "Counting solutions",
            JobKind::Compare => "Comparing formulations",
            JobKind::Generate => "Generating",
            JobKind::Check => "Checking",
            JobKind::Export(_) => "Exporting the model",
            JobKind::Hint => "Finding a hint",
            JobKind::Steps => "Solving step by step",
        }
    }
}

/// `1 guess`, `2 guesses`: `plural` is the word for many.
pub fn quantity(n: u64, plural: &str) -> String {
    let word = match n {
        1 if plural.ends_with("sses") => &plural[..plural.len() - 2],
        1 => plural.strip_suffix('s').unwrap_or(plural),
        _ => plural,
    };
    format!("{} {word}", thousands(n))
}

/// `0.4 ms`, `41.3 ms`, `1.23 s`; under a tenth of a millisecond says so.
pub fn format_millis(ms: f64) -> String {
    if ms < 0.1 {
        "< 0.1 ms".to_string()
    } else if ms < 1000.0 {
        format!("{} ms", fixed(ms, 1))
    } else {
        format!("{} s", fixed(ms / 1000.0, 2))
    }
}

/// `x` with `places` decimals (at most 3), as `format!("{x:.places$}")` writes it for a finite
/// `x` from 0 to 2^53. Written on integers: the page prints no other float, and core's float
/// printing would add its whole digit-generation code to the page's wasm.
pub fn fixed(x: f64, places: u32) -> String {
    let scale = 10u64.pow(places);
    let n = round_scaled(x, scale);
    if places == 0 {
        return n.to_string();
    }
    let (whole, part) = (n / scale, n % scale);
    format!("{whole}.{part:0width$}", width = places as usize)
}

/// `x` rounded to at most one decimal, without a trailing `.0` (`1`, `1.5`), as `{x}` writes
/// such a number.
pub fn short_decimal(x: f64) -> String {
    let tenths = round_scaled(x, 10);
    match tenths % 10 {
        0 => (tenths / 10).to_string(),
        d => format!("{}.{d}", tenths / 10),
    }
}

/// `x * scale` rounded to the nearest integer, ties to even, computed exactly from `x`'s bits
/// (as Rust's fixed-precision formatting rounds); `x` below 0 or not finite counts as 0.
fn round_scaled(x: f64, scale: u64) -> u64 {
    if !(x > 0.0 && x.is_finite()) {
        return 0;
    }
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = u128::from(bits & ((1 << 52) - 1));
    let (mantissa, shift) = match exponent {
        0 => (fraction, 1074),
        e => (fraction | 1 << 52, 1075 - e),
    };
    let product = mantissa * u128::from(scale);
    if shift <= 0 {
        return (product << -shift) as u64;
    }
    if shift >= 127 {
        return 0;
    }
    let whole = product >> shift;
    let rest = product - (whole << shift);
    let half = 1u128 << (shift - 1);
    let up = rest > half || (rest == half && whole & 1 == 1);
    (whole + u128::from(up)) as u64
}

/// What a progress bar counts: `Trying clues: 412 of 625 cells`.
pub fn progress_text(phase: Phase, done: u64, total: u64) -> String {
    let (what, unit) = match phase {
        // The grid search reports only its start.
        Phase::FullGrid => return "Filling a grid...".into(),
        Phase::Adding => ("Adding clues", "cells"),
        // Cells asked about so far, kept or emptied: not the clues removed.
        Phase::Removing => ("Trying clues", "cells"),
        // One question, however long: its count says nothing.
        Phase::Uniqueness => return "Deciding uniqueness...".into(),
        Phase::Clues => ("Testing clues", "clues"),
        Phase::Difficulty => ("Measuring effort", "formulations"),
        Phase::Formulations => ("Comparing", "formulations answered"),
        Phase::Solutions => {
            // A count asks for one solution past its limit, to tell the limit from more.
            return format!(
                "Counting: {} so far (stops at {})",
                quantity(done, "solutions"),
                thousands(total.saturating_sub(1))
            );
        }
    };
    format!("{what}: {} of {} {unit}", thousands(done), thousands(total))
}

/// How a symmetry is named in the app.
pub fn symmetry_name(s: Symmetry) -> &'static str {
    match s {
        Symmetry::None => "None",
        Symmetry::Rotate180 => "Half turn",
        Symmetry::Rotate90 => "Quarter turn",
        Symmetry::MainDiagonal => "Main diagonal",
        Symmetry::AntiDiagonal => "Anti-diagonal",
        Symmetry::Horizontal => "Horizontal mirror",
        Symmetry::Vertical => "Vertical mirror",
    }
}

/// Ends a message with a full stop unless it has one.
pub(crate) fn sentence(text: String) -> String {
    if text.ends_with(['.', '!', '?']) {
        text
    } else {
        text + "."
    }
}

#[cfg(test)]
mod tests {
    use super::{fixed, short_decimal};

    /// Exact binary fractions (ties included), decimal steps that are not exact, and values
    /// spread over the whole range by their bits.
    fn samples() -> impl Iterator<Item = f64> {
        let halves = (0..20_000).map(|i| f64::from(i) / 16.0);
        let steps = (0..20_000).map(|i| f64::from(i) * 0.005 + 0.1);
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        let spread = std::iter::repeat_with(move || {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            // 2^-20 to 2^30, any mantissa.
            f64::from_bits((1003 + bits % 50) << 52 | bits >> 12)
        })
        .take(20_000);
        halves
            .chain(steps)
            .chain(spread)
            .chain([0.0, 1e-300, 0.05, 0.25, 2.5, 1e9])
    }

    #[test]
    fn fixed_writes_what_core_formatting_writes() {
        for x in samples() {
            assert_eq!(fixed(x, 0), format!("{x:.0}"), "{x:e}");
            assert_eq!(fixed(x, 1), format!("{x:.1}"), "{x:e}");
            assert_eq!(fixed(x, 2), format!("{x:.2}"), "{x:e}");
            assert_eq!(fixed(x, 3), format!("{x:.3}"), "{x:e}");
        }
    }

    #[test]
    fn short_decimal_writes_tenths_as_display_does() {
        for tenths in 0..1000 {
            let x = f64::from(tenths) / 10.0;
            assert_eq!(short_decimal(x), format!("{x}"));
        }
    }
}
