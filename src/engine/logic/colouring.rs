//! Colouring. Simple colours: per digit, the conjugate-pair graph coloured in two colours.
//! Trap: a cell seeing both colours of a cluster loses the digit. Wrap: two cells of one
//! colour see each other, so that colour is false everywhere. Remote pairs: bivalue cells of
//! one pair coloured by sight.

use super::intersections::for_bits;
use super::single_digit::push_links;
use super::step::hodoku_rank;
use super::{Marks, Scope, Step, Technique};
use crate::engine::grid::Digit;

pub(super) fn simple(m: &Marks, t: Technique, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    simple_in(m, t, scope, out, limit, &mut Colours::default());
}

/// Per-cell buffers of [`simple_in`], all clear between its digits (only the cells of the
/// digit's conjugate pairs are touched, and cleared again), so a solver can keep them.
#[derive(Default)]
pub(super) struct Colours {
    /// `colour[cell]`: 0 none, else 2 * cluster + (1 or 2).
    colour: Vec<usize>,
    /// `adj[cell]`: the other ends of the cell's conjugate pairs, one per unit at most, and
    /// how many there are.
    adj: Vec<([usize; 3], usize)>,
    /// The conjugate pairs of the last digit: the cells to clear before the next.
    links: Vec<(usize, usize, usize)>,
    /// The cells of the cluster at hand.
    members: Vec<usize>,
    /// The cells losing the digit to the cluster at hand.
    elims: Vec<usize>,
}

/// [`simple`] with the buffers of `buf`.
pub(super) fn simple_in(
    m: &Marks,
    t: Technique,
    scope: &Scope,
    out: &mut Vec<Step>,
    limit: usize,
    buf: &mut Colours,
) {
    let side = m.side();
    let cells = m.size().cells();
    let Colours {
        colour,
        adj,
        links,
        members,
        elims,
    } = buf;
    // A cluster none of whose cells lies in the scope's units has the same cells, pairs and
    // colours as when the technique last found nothing, and at most the eliminations it had.
    let in_scope = |c: usize| {
        m.layout().units_of[c]
            .iter()
            .any(|&u| scope.has_unit(u, side))
    };
    if colour.len() != cells {
        links.clear();
        *colour = vec![0; cells];
        *adj = vec![([0; 3], 0); cells];
    }
    for d in (0..side).filter(|&d| scope.has_digit(d)) {
        for &(_, a, b) in links.iter() {
            for x in [a, b] {
                colour[x] = 0;
                adj[x].1 = 0;
            }
        }
        links.clear();
        push_links(m, d, 0..3 * side, links);
        if !links.iter().any(|&(_, a, b)| in_scope(a) || in_scope(b)) {
            continue;
        }
        for &(_, a, b) in links.iter() {
            for (x, y) in [(a, b), (b, a)] {
                let (ends, n) = &mut adj[x];
                ends[*n] = y;
                *n += 1;
            }
        }
        let mut cluster = 0;
        for &(_, start, _) in links.iter() {
            if colour[start] != 0 {
                continue;
            }
            cluster += 1;
            members.clear();
            members.push(start);
            colour[start] = 2 * cluster + 1;
            let mut i = 0;
            while i < members.len() {
                let c = members[i];
                i += 1;
                let (ends, n) = adj[c];
                for &x in &ends[..n] {
                    if colour[x] == 0 {
                        colour[x] = if colour[c] % 2 == 1 {
                            2 * cluster + 2
                        } else {
                            2 * cluster + 1
                        };
                        members.push(x);
                    }
                }
            }
            if !members.iter().any(|&c| in_scope(c)) {
                continue;
            }
            // Each colour's rows, columns and boxes (0: the colour of odd numbers), and
            // whether it holds two cells of one unit, which then see each other.
            let (mut seen, mut clash) = ([[0u64; 3]; 2], [false; 2]);
            for &c in members.iter() {
                let i = usize::from(colour[c] % 2 == 0);
                for (k, &u) in m.layout().units_of[c].iter().enumerate() {
                    let bit = 1 << (u - k * side);
                    clash[i] |= seen[i][k] & bit != 0;
                    seen[i][k] |= bit;
                }
            }
            elims.clear();
            if t == Technique::SimpleColorsTrap {
                // An uncoloured cell sees a colour when it shares a row, column or box with
                // one of its cells: a test of three bits instead of a pass over the colour.
                for r in 0..side {
                    for_bits(m.places(r, d), |i| {
                        let c = r * side + i;
                        if colour[c] == 0 && sees_any(m, &seen[0], c) && sees_any(m, &seen[1], c) {
                            elims.push(c);
                        }
                    });
                }
            } else if let Some(i) = clash.iter().position(|&x| x) {
                let false_colour = |c: &&usize| usize::from(colour[**c] % 2 == 0) == i;
                elims.extend(members.iter().filter(false_colour));
            }
            if elims.is_empty() {
                continue;
            }
            let of_colour = |odd: bool| -> Vec<_> {
                members
                    .iter()
                    .filter(|&&c| (colour[c] % 2 == 1) == odd)
                    .map(|&c| m.pos(c))
                    .collect()
            };
            let (on, off) = (of_colour(true), of_colour(false));
            let digit = Digit::from_index(d);
            let mut s = Step::new(t);
            s.digits.push(digit);
            s.cells = on.iter().chain(&off).copied().collect();
            s.groups = vec![on, off];
            s.eliminations = elims.iter().map(|&c| (m.pos(c), digit)).collect();
            s.eliminations.sort();
            out.push(s);
            if out.len() >= limit {
                return;
            }
        }
    }
}

/// Whether `cell` shares a unit of `bits` (rows, columns and boxes, bit per index); it sees a
/// cell there unless it is that cell.
fn sees_any(m: &Marks, bits: &[u64; 3], cell: usize) -> bool {
    let side = m.side();
    m.layout().units_of[cell]
        .iter()
        .enumerate()
        .any(|(k, &u)| bits[k] >> (u - k * side) & 1 == 1)
}

/// Remote pair: bivalue cells with the same two digits, each seeing the next, alternate
/// between the two digits; in a chain of at least four, a cell seeing two of them of
/// opposite colour loses both digits. Each group of such cells joined by sight is coloured
/// once; its step removes what any of its chains removes. Only groups with a cell in a unit
/// of `scope`: any other group is as it was when the technique last found nothing, with at
/// most the eliminations it had.
pub(super) fn remote_pair(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let (side, cells) = (m.side(), m.size().cells());
    // The bivalue cells by their two digits, then by cell.
    let mut by_pair: Vec<(u64, usize)> = m
        .empty_cells()
        .filter(|&c| m.mask(c).count_ones() == 2)
        .map(|c| (m.mask(c), c))
        .collect();
    by_pair.sort_unstable();
    let mut colour = vec![0u8; cells];
    let mut found = Vec::new();
    let mut members = Vec::new();
    let mut start = 0;
    while start < by_pair.len() {
        let pair = by_pair[start].0;
        let len = by_pair[start..].partition_point(|&(mask, _)| mask == pair);
        // The cells of this pair, the only ones the colouring can reach.
        let group = &by_pair[start..start + len];
        start += len;
        for &(_, first) in group {
            if colour[first] != 0 {
                continue;
            }
            colour[first] = 1;
            members.clear();
            members.push(first);
            let mut i = 0;
            let mut clash = false;
            while i < members.len() {
                let c = members[i];
                i += 1;
                for &(_, x) in group {
                    if x != c && m.sees(c, x) {
                        match colour[x] {
                            0 => {
                                colour[x] = 3 - colour[c];
                                members.push(x);
                            }
                            k if k == colour[c] => clash = true,
                            _ => {}
                        }
                    }
                }
            }
            let in_scope = |c: &usize| {
                m.layout().units_of[*c]
                    .iter()
                    .any(|&u| scope.has_unit(u, side))
            };
            if members.len() < 4 || clash || !members.iter().any(in_scope) {
                continue;
            }
            found.extend(remote_pair_step(m, pair, &members, &colour).map(|s| (first, s)));
        }
    }
    // Groups in the order of their first cells, as they are met in cell order.
    found.sort_by_key(|(first, s)| (hodoku_rank(&s.eliminations, m.size()), *first));
    let room = limit.saturating_sub(out.len());
    out.extend(found.into_iter().take(room).map(|(_, s)| s));
}

/// The remote-pair step of the coloured group `members` of bivalue cells `pair`, if it
/// removes something.
fn remote_pair_step(m: &Marks, pair: u64, members: &[usize], colour: &[u8]) -> Option<Step> {
    let (on, off): (Vec<usize>, Vec<usize>) = members.iter().partition(|&&c| colour[c] == 1);
    let mut s = Step::new(Technique::RemotePair);
    for c in m.empty_cells() {
        if members.contains(&c) || m.mask(c) & pair == 0 {
            continue;
        }
        let sees_both = on
            .iter()
            .any(|&a| m.sees(c, a) && off.iter().any(|&b| !m.sees(a, b) && m.sees(c, b)));
        if sees_both {
            for_bits(m.mask(c) & pair, |d| {
                s.eliminations.push((m.pos(c), Digit::from_index(d)))
            });
        }
    }
    if s.eliminations.is_empty() {
        return None;
    }
    s.eliminations.sort();
    for_bits(pair, |d| s.digits.push(Digit::from_index(d)));
    s.cells = members.iter().map(|&c| m.pos(c)).collect();
    s.groups = vec![
        on.iter().map(|&c| m.pos(c)).collect(),
        off.iter().map(|&c| m.pos(c)).collect(),
    ];
    Some(s)
}
