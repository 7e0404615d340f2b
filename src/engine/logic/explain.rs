//! One sentence per step, rendered from the step's data only, its digits written as the
//! board shows them.

use super::{Step, Technique};
use crate::engine::format::shown_digit;
use crate::engine::grid::{Digit, Pos};
use std::collections::BTreeMap;

fn list<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `a, b and c`.
fn and_list<T: ToString>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {}", list(rest), last.to_string()),
    }
}

/// Unit numbers of one kind joined, `rows 2 and 7`.
fn lines(units: &[super::Unit]) -> String {
    let Some(first) = units.first() else {
        return String::new();
    };
    let nums: Vec<usize> = units.iter().map(|u| u.index + 1).collect();
    let kind = first.kind.to_string();
    if nums.len() == 1 {
        format!("{kind} {}", nums[0])
    } else {
        format!("{kind}s {}", and_list(&nums))
    }
}

/// What the step does: placements, then eliminations grouped by digit.
fn effects(step: &Step, side: usize) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(p, d)| format!("{p} is {}", shown_digit(d, side)))
        .collect();
    let mut by_digit: BTreeMap<Digit, Vec<Pos>> = BTreeMap::new();
    for &(p, d) in &step.eliminations {
        by_digit.entry(d).or_default().push(p);
    }
    for (d, cells) in by_digit {
        let d = shown_digit(d, side);
        parts.push(format!("{d} removed from {}", list(&cells)));
    }
    parts.join("; ")
}

/// Links alternate strong (`=`) and weak (`-`); a group node (its cells in `groups`, one
/// entry per chain node) reads `(5){r1c1, r1c2}`.
fn chain(step: &Step, side: usize) -> String {
    let grouped = step.groups.len() == step.chain.len();
    let mut out = String::new();
    for (i, &(p, d)) in step.chain.iter().enumerate() {
        let d = shown_digit(d, side);
        if i > 0 {
            out.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        match step.groups.get(i).filter(|g| grouped && g.len() > 1) {
            Some(cells) => out.push_str(&format!("({d}){{{}}}", list(cells))),
            None => out.push_str(&format!("({d}){p}")),
        }
    }
    out
}

/// The step in one sentence, e.g. `Hidden single: 7 fits only r3c5 in box 2`, on a grid of
/// `side` digits (`A` for 10 at 16x16, as the board and the text format write it).
pub fn explain(step: &Step, side: usize) -> String {
    use Technique as T;
    let t = step.technique;
    let name = t.name();
    let shown: Vec<String> = step.digits.iter().map(|&d| shown_digit(d, side)).collect();
    let digit = shown.first().cloned().unwrap_or_default();
    let digits = and_list(&shown);
    let cells = list(&step.cells);
    let unit = step
        .units
        .first()
        .map(|u| u.to_string())
        .unwrap_or_default();
    let cover = step
        .cover
        .first()
        .map(|u| u.to_string())
        .unwrap_or_default();
    let head = match t {
        T::FullHouse => {
            return format!("{name}: {cells} is the last empty cell in {unit}, so it is {digit}");
        }
        T::NakedSingle => return format!("{name}: {digit} is the only candidate left in {cells}"),
        T::HiddenSingle => return format!("{name}: {digit} fits only {cells} in {unit}"),
        T::Pointing | T::Claiming => {
            format!("{name}: in {unit}, {digit} lies only in {cover}")
        }
        T::NakedPair | T::NakedTriple | T::NakedQuad | T::LockedPair | T::LockedTriple => {
            format!("{name} {digits} in {cells} ({})", and_list(&step.units))
        }
        T::HiddenPair | T::HiddenTriple | T::HiddenQuad => {
            format!("{name} {digits} in {cells} ({unit}), other candidates go")
        }
        T::XWing | T::Swordfish | T::Jellyfish => format!(
            "{name} on {digit} in {}, {}",
            lines(&step.units),
            lines(&step.cover)
        ),
        T::FinnedXWing
        | T::SashimiXWing
        | T::FinnedSwordfish
        | T::SashimiSwordfish
        | T::FinnedJellyfish
        | T::SashimiJellyfish => finned_fish(step, &digit),
        T::Skyscraper | T::TwoStringKite => {
            let (a, b) = (step.cells[0], step.cells[3]);
            format!(
                "{name} on {digit} in {} and {}: {a} or {b} holds {digit}",
                step.units[0], step.units[1]
            )
        }
        T::EmptyRectangle => {
            format!("{name} on {digit} in {unit} with the pair in {cover}")
        }
        T::WWing => {
            let (y, x) = (&shown[0], &shown[1]);
            format!(
                "{name}: {} and {} joined by the {x} pair {}, {}: one of them holds {y}",
                step.cells[0], step.cells[1], step.cells[2], step.cells[3]
            )
        }
        T::XyWing | T::XyzWing => format!(
            "{name} with pivot {} and pincers {} and {}",
            step.cells[0], step.cells[1], step.cells[2]
        ),
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle4
        | T::UniqueRectangle5
        | T::UniqueRectangle6
        | T::HiddenRectangle
        | T::AvoidableRectangle1
        | T::AvoidableRectangle2 => {
            format!("{name} on {digits} in {cells}")
        }
        T::BugPlusOne => {
            format!(
                "{name}: {cells} must be {digit}, else every empty cell would keep two candidates"
            )
        }
        T::SimpleColorsTrap | T::SimpleColorsWrap => {
            let g: Vec<String> = step.groups.iter().map(|g| list(g)).collect();
            format!("{name} on {digit}, colours {}", g.join(" / "))
        }
        T::XChain | T::TurbotFish | T::XyChain | T::Aic | T::GroupedNiceLoop => {
            format!("{name}: {}", chain(step, side))
        }
        T::SueDeCoq => {
            let g: Vec<String> = step.groups.iter().map(|g| list(g)).collect();
            format!(
                "{name}: {cells} hold {digits}, with {} in the line and {} in the box",
                g.first().cloned().unwrap_or_default(),
                g.get(1).cloned().unwrap_or_default()
            )
        }
        T::RemotePair => {
            let g: Vec<String> = step.groups.iter().map(|g| list(g)).collect();
            format!("{name} {digits}, alternating {}", g.join(" / "))
        }
        T::AlsXz => {
            let g: Vec<String> = step.groups.iter().map(|g| list(g)).collect();
            format!(
                "{name}: sets {} and {} restricted on {digit}",
                g.first().cloned().unwrap_or_default(),
                g.get(1).cloned().unwrap_or_default()
            )
        }
        T::ForcingChain => return forcing(step, side),
    };
    format!("{head}: {}", effects(step, side))
}

/// `Finned X-Wing on 4 in rows 2 and 7, columns 3 and 8, fin r1c2`.
fn finned_fish(step: &Step, digit: &str) -> String {
    let fins: Vec<Pos> = step.fins.iter().map(|&(p, _)| p).collect();
    let word = if fins.len() == 1 { "fin" } else { "fins" };
    format!(
        "{} on {digit} in {}, {}, {word} {}",
        step.technique.name(),
        lines(&step.units),
        lines(&step.cover),
        list(&fins)
    )
}

fn forcing(step: &Step, side: usize) -> String {
    let name = step.technique.name();
    if let Some(&(p, d)) = step.placements.first() {
        let start = step
            .cells
            .first()
            .map(|c| c.to_string())
            .unwrap_or_default();
        let ds: Vec<String> = step
            .chain
            .iter()
            .map(|&(_, d)| shown_digit(d, side))
            .collect();
        let d = shown_digit(d, side);
        return format!(
            "{name}: {p} is {d} whichever of {} {start} holds",
            and_list(&ds)
        );
    }
    let (p, d) = step.chain[0];
    let why = match (step.cells.first(), step.units.first()) {
        (Some(c), _) => format!("leaves {c} with no candidate"),
        (None, Some(u)) => format!(
            "leaves no place for {} in {u}",
            shown_digit(step.digits[1], side)
        ),
        _ => "breaks the grid".to_string(),
    };
    let d = shown_digit(d, side);
    format!("{name}: {d} in {p} {why}, so {d} is removed from {p}")
}
