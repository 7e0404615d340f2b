//! Basic fish (X-Wing, Swordfish, Jellyfish) and finned/sashimi fish, rows or columns as
//! base lines. Sizes stop at 4 at every grid size: a line takes part only while its places
//! can still fit the cover (at most `k` places, or `k` plus one box width with fins), so the
//! combinations stay few.

use super::intersections::for_bits;
use super::{Marks, Scope, Step, Technique, Unit};
use crate::engine::grid::{Digit, Pos};

/// A fish found: digit, base lines (bits), cover lines (bits), fin places and eliminations
/// as (base-orientation line, cross index) pairs.
struct Fish {
    digit: usize,
    rows: bool,
    base: u64,
    cover: u64,
    fins: Vec<(usize, usize)>,
    elims: Vec<(usize, usize)>,
}

fn to_pos(rows: bool, line: usize, cross: usize) -> Pos {
    if rows {
        Pos::new(line, cross)
    } else {
        Pos::new(cross, line)
    }
}

fn push(m: &Marks, f: Fish, t: Technique, out: &mut Vec<Step>) {
    let d = Digit::from_index(f.digit);
    let side = m.side();
    let mut s = Step::new(t);
    s.digits.push(d);
    type Line = fn(usize) -> Unit;
    let (base_kind, cover_kind): (Line, Line) = if f.rows {
        (Unit::row, Unit::column)
    } else {
        (Unit::column, Unit::row)
    };
    for_bits(f.base, |l| {
        s.units.push(base_kind(l));
        let unit = if f.rows { l } else { side + l };
        for_bits(m.places(unit, f.digit), |x| {
            s.cells.push(to_pos(f.rows, l, x))
        });
    });
    for_bits(f.cover, |c| s.cover.push(cover_kind(c)));
    s.fins = f
        .fins
        .iter()
        .map(|&(l, x)| (to_pos(f.rows, l, x), d))
        .collect();
    s.eliminations = f
        .elims
        .iter()
        .map(|&(l, x)| (to_pos(f.rows, l, x), d))
        .collect();
    s.eliminations.sort();
    out.push(s);
}

/// A base line: its index, its places of the digit, and the stacks (bit per stack of boxes
/// across the line) where its fins could lie ([`fin_stacks`]; every bit for basic fish).
type Line = (usize, u64, u64);

/// Lines (as base) of one orientation with their places of `d`, filtered by count, into
/// `items` (cleared first: one buffer serves every digit and orientation).
fn lines(m: &Marks, rows: bool, d: usize, max: u32, items: &mut Vec<Line>) {
    let side = m.side();
    items.clear();
    for l in 0..side {
        let p = m.places(if rows { l } else { side + l }, d);
        if p != 0 && p.count_ones() <= max {
            items.push((l, p, u64::MAX));
        }
    }
}

/// The stacks (bit per stack of `n` places) outside which `places` has at most `k` places:
/// a base line of a finned fish of size `k` with fins in a stack has no place outside that
/// stack but in the `k` cover lines.
fn fin_stacks(places: u64, k: usize, n: usize) -> u64 {
    let low = (1u64 << n) - 1;
    (0..n)
        .filter(|&s| (places & !(low << (s * n))).count_ones() as usize <= k)
        .fold(0, |a, s| a | 1 << s)
}

/// Calls `f` on every `k`-combination of `items` whose union has at most `max` bits, whose
/// lines share a stack, and which takes a line of `fresh` (bit per line), with the lines (as
/// bits), their places' union and their shared stacks.
///
/// A fish whose base lines all kept their places was there when the technique last found
/// nothing, with the same cover and fins and at most the eliminations it had: only
/// combinations with a line whose places changed (in the scope's units) can be new.
fn each_combo<F: FnMut(u64, u64, u64) -> bool>(
    items: &[Line],
    k: usize,
    max: u32,
    fresh: u64,
    f: &mut F,
) -> bool {
    /// Chosen lines so far (as bits), the union of their places and the stacks they share.
    struct Acc {
        base: u64,
        union: u64,
        stacks: u64,
    }
    /// The combinations and where the last fresh line is among the items.
    struct Walk<'a> {
        items: &'a [Line],
        max: u32,
        fresh: u64,
        last_fresh: usize,
    }
    fn go<F: FnMut(u64, u64, u64) -> bool>(
        w: &Walk,
        start: usize,
        acc: Acc,
        left: usize,
        f: &mut F,
    ) -> bool {
        if left == 0 {
            return f(acc.base, acc.union, acc.stacks);
        }
        let items = w.items;
        for i in start..items.len() {
            if acc.base & w.fresh == 0 && i > w.last_fresh {
                break;
            }
            let (line, places, stacks) = items[i];
            let union = acc.union | places;
            let stacks = acc.stacks & stacks;
            if union.count_ones() > w.max || stacks == 0 || items.len() - i < left {
                continue;
            }
            let next = Acc {
                base: acc.base | 1 << line,
                union,
                stacks,
            };
            if go(w, i + 1, next, left - 1, f) {
                return true;
            }
        }
        false
    }
    let Some(last_fresh) = items.iter().rposition(|&(l, _, _)| fresh >> l & 1 == 1) else {
        return false;
    };
    let walk = Walk {
        items,
        max,
        fresh,
        last_fresh,
    };
    let start = Acc {
        base: 0,
        union: 0,
        stacks: u64::MAX,
    };
    go(&walk, 0, start, k, f)
}

/// The base lines of one orientation in `scope`'s units, as bits.
fn fresh_lines(scope: &Scope, rows: bool) -> u64 {
    scope.units[usize::from(!rows)]
}

fn basic_technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

pub(super) fn basic(m: &Marks, k: usize, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let mut items = Vec::with_capacity(side);
    for d in (0..side).filter(|&d| scope.has_digit(d)) {
        for rows in [true, false] {
            lines(m, rows, d, k as u32, &mut items);
            if items.len() < k {
                continue;
            }
            let mut found = |base: u64, cover: u64, _: u64| {
                let mut elims = Vec::new();
                for_bits(cover, |c| {
                    let unit = if rows { side + c } else { c };
                    for_bits(m.places(unit, d) & !base, |l| elims.push((l, c)));
                });
                if elims.is_empty() {
                    return false;
                }
                let f = Fish {
                    digit: d,
                    rows,
                    base,
                    cover,
                    fins: Vec::new(),
                    elims,
                };
                push(m, f, basic_technique(k), out);
                out.len() >= limit
            };
            if each_combo(&items, k, k as u32, fresh_lines(scope, rows), &mut found) {
                return;
            }
        }
    }
}

fn finned_technique(k: usize, sashimi: bool) -> Technique {
    match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

/// Finned fish: the base lines' places outside `k` cover lines (the fins) all lie in one box;
/// then a cover cell in that box, off the base lines, sees every fin and loses the digit.
/// Sashimi when some base line has at most one place in the cover.
pub(super) fn finned(
    m: &Marks,
    k: usize,
    sashimi: bool,
    scope: &Scope,
    out: &mut Vec<Step>,
    limit: usize,
) {
    finned_kinds(m, k, Some(sashimi), scope, out, limit);
}

/// Every finned and every sashimi fish of size `k` in `scope`, from one pass over the
/// combinations both kinds are drawn from (for the logic solver's outcome).
pub(super) fn finned_and_sashimi(m: &Marks, k: usize, scope: &Scope, out: &mut Vec<Step>) {
    finned_kinds(m, k, None, scope, out, usize::MAX);
}

/// [`finned`] for the sashimi kind `sashimi` asks for, or for both kinds when `None`.
fn finned_kinds(
    m: &Marks,
    k: usize,
    sashimi: Option<bool>,
    scope: &Scope,
    out: &mut Vec<Step>,
    limit: usize,
) {
    let (side, n) = (m.side(), m.size().box_size());
    let low = (1u64 << n) - 1;
    let max = (k + n) as u32;
    let mut items = Vec::with_capacity(side);
    for d in (0..side).filter(|&d| scope.has_digit(d)) {
        for rows in [true, false] {
            lines(m, rows, d, max, &mut items);
            // A line with too many places outside every stack is in no finned fish.
            items.retain_mut(|(_, p, stacks)| {
                *stacks = fin_stacks(*p, k, n);
                *stacks != 0
            });
            if items.len() < k {
                continue;
            }
            // Only the stacks every base line allows: elsewhere some line has a place outside
            // both the stack and any cover of `k` lines.
            let mut found = |base: u64, union: u64, shared: u64| {
                if union.count_ones() as usize <= k {
                    return false;
                }
                for stack in (0..n).filter(|&s| shared >> s & 1 == 1) {
                    let inside = union & low << (stack * n);
                    let outside = union & !inside;
                    let need = k.saturating_sub(outside.count_ones() as usize);
                    if outside.count_ones() as usize > k || need > inside.count_ones() as usize {
                        continue;
                    }
                    let stop = subsets_of(inside, need, &mut |chosen| {
                        let cover = outside | chosen;
                        try_fins(m, d, rows, base, cover, stack, sashimi).is_some_and(
                            |(f, kind)| {
                                push(m, f, finned_technique(k, kind), out);
                                out.len() >= limit
                            },
                        )
                    });
                    if stop {
                        return true;
                    }
                }
                false
            };
            if each_combo(&items, k, max, fresh_lines(scope, rows), &mut found) {
                return;
            }
        }
    }
}

/// Calls `f` on each subset of `bits` with `k` bits until it returns true.
fn subsets_of<F: FnMut(u64) -> bool>(bits: u64, k: usize, f: &mut F) -> bool {
    fn go<F: FnMut(u64) -> bool>(bits: u64, k: usize, acc: u64, f: &mut F) -> bool {
        if k == 0 {
            return f(acc);
        }
        if (bits.count_ones() as usize) < k {
            return false;
        }
        let low = bits & bits.wrapping_neg();
        go(bits & !low, k - 1, acc | low, f) || go(bits & !low, k, acc, f)
    }
    go(bits, k, 0, f)
}

/// The finned fish with these base and cover lines, fins in `stack` (columns of boxes for
/// row bases), if its fins share one box, it is of the kind `sashimi` asks for (any when
/// `None`) and it eliminates something; with whether it is sashimi.
fn try_fins(
    m: &Marks,
    d: usize,
    rows: bool,
    base: u64,
    cover: u64,
    stack: usize,
    sashimi: Option<bool>,
) -> Option<(Fish, bool)> {
    let (side, n) = (m.side(), m.size().box_size());
    let low = (1u64 << n) - 1;
    let stack_mask = low << (stack * n);
    // Checked on masks first; the fish is built only when it holds and removes something.
    let (mut fin_lines, mut is_sashimi, mut in_stack) = (0u64, false, true);
    for_bits(base, |l| {
        let p = m.places(if rows { l } else { side + l }, d);
        is_sashimi |= (p & cover).count_ones() <= 1;
        if p & !cover != 0 {
            fin_lines |= 1 << l;
            in_stack &= p & !cover & !stack_mask == 0;
        }
    });
    let band = fin_lines.trailing_zeros() as usize / n;
    let band_lines = low << (band * n);
    let other_kind = sashimi.is_some_and(|s| s != is_sashimi);
    if fin_lines == 0 || !in_stack || fin_lines & !band_lines != 0 || other_kind {
        return None;
    }
    let mut elims = Vec::new();
    for_bits(cover & stack_mask, |c| {
        let unit = if rows { side + c } else { c };
        for_bits(m.places(unit, d) & band_lines & !base, |l| {
            elims.push((l, c))
        });
    });
    if elims.is_empty() {
        return None;
    }
    let mut fins = Vec::new();
    for_bits(fin_lines, |l| {
        let p = m.places(if rows { l } else { side + l }, d);
        for_bits(p & !cover, |x| fins.push((l, x)));
    });
    let fish = Fish {
        digit: d,
        rows,
        base,
        cover,
        fins,
        elims,
    };
    Some((fish, is_sashimi))
}
