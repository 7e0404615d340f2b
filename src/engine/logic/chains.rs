//! Chains: X-chains (one digit), turbot fish (X-chains of three links), XY-chains (bivalue
//! cells) and AICs with nice loops (both kinds of link), found by breadth-first search from
//! each candidate assumed false. Of all the chains found, the step HoDoKu would take is
//! reported: the most eliminations, then the lowest weighted index sum, then the shortest.
//!
//! Bounds, at every size: chains have at most [`MAX_LINKS`] links, and one search visits at
//! most [`BUDGET`] links over all start candidates, so big grids get the chains that are
//! found first rather than an unbounded search.

use super::single_digit::seeing_both;
use super::step::hodoku_rank;
use super::{Cand, Marks, Step, Technique};
use crate::engine::grid::Digit;
use std::cmp::Reverse;
use std::collections::VecDeque;

/// Longest chain, in links.
pub const MAX_LINKS: usize = 19;
/// Links followed per search, over all start candidates.
pub const BUDGET: usize = 3_000_000;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    X,
    Xy,
    Any,
}

/// A candidate as (cell, digit index).
type Node = (usize, usize);

/// Candidates linked to `(c, d)` by a strong link: if it is false, they are true.
fn strong(m: &Marks, mode: Mode, c: usize, d: usize, out: &mut Vec<Node>) {
    out.clear();
    if mode != Mode::Xy {
        for (k, &u) in m.layout().units_of[c].iter().enumerate() {
            let p = m.places(u, d);
            if p.count_ones() == 2 {
                let other = m.cell_at(u, (p & !(1 << m.slot(c, k))).trailing_zeros() as usize);
                if !out.contains(&(other, d)) {
                    out.push((other, d));
                }
            }
        }
    }
    if mode != Mode::X && m.mask(c).count_ones() == 2 {
        out.push((c, (m.mask(c) & !(1 << d)).trailing_zeros() as usize));
    }
}

/// Candidates linked to `(c, d)` by a weak link: if it is true, they are false.
fn weak(m: &Marks, mode: Mode, c: usize, d: usize, out: &mut Vec<Node>) {
    out.clear();
    for &p in &m.layout().peers[c] {
        if m.has(p, d) && (mode != Mode::Xy || m.mask(p).count_ones() == 2) {
            out.push((p, d));
        }
    }
    if mode == Mode::Any {
        let mut rest = m.mask(c) & !(1 << d);
        while rest != 0 {
            out.push((c, rest.trailing_zeros() as usize));
            rest &= rest - 1;
        }
    }
}

fn push_cand(m: &Marks, out: &mut Vec<Cand>, c: usize, d: usize) {
    out.push((m.pos(c), Digit::from_index(d)));
}

/// What "`s` is false or `t` is true, so `s` or `t` holds" removes. A chain from `s` back
/// to `s` (a discontinuous nice loop) makes `s` true: the cell's other candidates go.
fn conclusion(m: &Marks, s: Node, t: Node, out: &mut Vec<Cand>) {
    let ((sc, sd), (tc, td)) = (s, t);
    out.clear();
    if s == t {
        let mut rest = m.mask(sc) & !(1 << sd);
        while rest != 0 {
            push_cand(m, out, sc, rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    } else if sd == td {
        for c in seeing_both(m, sc, tc, sd, &[]) {
            push_cand(m, out, c, sd);
        }
    } else if sc == tc {
        let mut rest = m.mask(sc) & !(1 << sd) & !(1 << td);
        while rest != 0 {
            push_cand(m, out, sc, rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    } else if m.sees(sc, tc) {
        if m.has(sc, td) {
            push_cand(m, out, sc, td);
        }
        if m.has(tc, sd) {
            push_cand(m, out, tc, sd);
        }
    }
    out.sort();
}

/// The eliminations of a continuous nice loop: `chain` starts false, its links alternate
/// strong and weak, and a weak link closes it from the last node back to the first. Round
/// such a loop exactly one end of every weak link is true, so a weak link between two cells
/// removes its digit from the other cells seeing both, and one inside a cell removes the
/// cell's other candidates.
fn loop_eliminations(m: &Marks, chain: &[Node], out: &mut Vec<Cand>) {
    out.clear();
    let distinct = chain
        .iter()
        .enumerate()
        .all(|(i, a)| !chain[i + 1..].contains(a));
    if chain.len() < 4 || !distinct {
        return;
    }
    let on_chain = |c: usize| chain.iter().any(|&(x, _)| x == c);
    for i in (1..chain.len()).step_by(2) {
        let ((a, d), (b, e)) = (chain[i], chain[(i + 1) % chain.len()]);
        if a == b {
            let mut rest = m.mask(a) & !(1 << d) & !(1 << e);
            while rest != 0 {
                push_cand(m, out, a, rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        } else {
            for c in seeing_both(m, a, b, d, &[]) {
                if !on_chain(c) {
                    push_cand(m, out, c, d);
                }
            }
        }
    }
    out.sort();
    out.dedup();
}

/// The candidates from the start to `state`, read back through `parent`.
fn read_chain(side: usize, parent: &[usize], state: usize, chain: &mut Vec<Node>) {
    chain.clear();
    let mut s = state;
    while s != usize::MAX {
        chain.push((s / 2 / side, s / 2 % side));
        s = parent[s];
    }
    chain.reverse();
}

/// A candidate step: its rank, eliminations and chain.
struct Found {
    rank: (Reverse<usize>, u128, usize),
    elims: Vec<Cand>,
    chain: Vec<Node>,
}

/// Chains of technique `t`; `max_links` bounds their length.
pub(super) fn aic(m: &Marks, t: Technique, out: &mut Vec<Step>, limit: usize) {
    let (mode, max_links) = match t {
        Technique::XChain => (Mode::X, MAX_LINKS),
        Technique::TurbotFish => (Mode::X, 3),
        Technique::XyChain => (Mode::Xy, MAX_LINKS),
        _ => (Mode::Any, MAX_LINKS),
    };
    let side = m.side();
    let nodes = m.size().cells() * side;
    // Per state (node * 2 + truth): the state it came from, and the search it belongs to.
    let mut parent = vec![usize::MAX; 2 * nodes];
    let mut stamp = vec![usize::MAX; 2 * nodes];
    let mut budget = BUDGET;
    let mut queue = VecDeque::new();
    let mut links: Vec<Node> = Vec::new();
    let (mut elims, mut chain): (Vec<Cand>, Vec<Node>) = (Vec::new(), Vec::new());
    let mut best: Option<Found> = None;
    let all = limit == usize::MAX;
    for sc in m.empty_cells() {
        if mode == Mode::Xy && m.mask(sc).count_ones() != 2 {
            continue;
        }
        let mut bits = m.mask(sc);
        while bits != 0 {
            let sd = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let start = (sc * side + sd) * 2;
            queue.clear();
            queue.push_back((start, 0usize));
            stamp[start] = start;
            parent[start] = usize::MAX;
            let mut best_here: Option<Found> = None;
            while let Some((state, depth)) = queue.pop_front() {
                if depth >= max_links || budget == 0 {
                    break;
                }
                let (node, truth) = (state / 2, state % 2 == 1);
                let (c, d) = (node / side, node % side);
                if truth {
                    weak(m, mode, c, d, &mut links);
                } else {
                    strong(m, mode, c, d, &mut links);
                }
                budget = budget.saturating_sub(links.len());
                for &(x, e) in &links {
                    let next = (x * side + e) * 2 + usize::from(!truth);
                    if next == start && mode == Mode::Any && depth >= 3 {
                        // A weak link back to the start closes a continuous nice loop.
                        read_chain(side, &parent, state, &mut chain);
                        loop_eliminations(m, &chain, &mut elims);
                        consider(m, &elims, &chain, &mut best_here);
                    }
                    if stamp[next] == start {
                        continue;
                    }
                    stamp[next] = start;
                    parent[next] = state;
                    // Only a true end (reached by a strong link) proves `start or end`; an
                    // X- or XY-chain ends on the start's digit in another cell.
                    let end =
                        !truth && (mode == Mode::Any || (x != sc && (mode == Mode::X || e == sd)));
                    if end && depth >= 2 {
                        conclusion(m, (sc, sd), (x, e), &mut elims);
                        if !elims.is_empty() {
                            read_chain(side, &parent, next, &mut chain);
                            consider(m, &elims, &chain, &mut best_here);
                        }
                    }
                    queue.push_back((next, depth + 1));
                }
            }
            let Some(found) = best_here else { continue };
            if all {
                out.push(step_of(m, t, found));
            } else if best.as_ref().is_none_or(|b| found.rank < b.rank) {
                best = Some(found);
            }
        }
    }
    if let Some(found) = best {
        out.push(step_of(m, t, found));
    }
    out.truncate(limit);
}

/// Keeps `elims` with `chain` in `best` when HoDoKu would prefer them.
fn consider(m: &Marks, elims: &[Cand], chain: &[Node], best: &mut Option<Found>) {
    if elims.is_empty() {
        return;
    }
    let (count, sum) = hodoku_rank(elims, m.size());
    let rank = (count, sum, chain.len());
    if best.as_ref().is_none_or(|b| rank < b.rank) {
        *best = Some(Found {
            rank,
            elims: elims.to_vec(),
            chain: chain.to_vec(),
        });
    }
}

fn step_of(m: &Marks, t: Technique, found: Found) -> Step {
    let mut step = Step::new(t);
    step.eliminations = found.elims;
    step.chain = found
        .chain
        .iter()
        .map(|&(c, d)| (m.pos(c), Digit::from_index(d)))
        .collect();
    let mut digits: Vec<Digit> = step.chain.iter().map(|&(_, d)| d).collect();
    digits.sort();
    digits.dedup();
    step.digits = digits;
    let mut cells: Vec<_> = step.chain.iter().map(|&(p, _)| p).collect();
    cells.dedup();
    step.cells = cells;
    step
}
