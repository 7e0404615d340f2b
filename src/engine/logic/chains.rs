//! Chains: X-chains (one digit), XY-chains (bivalue cells) and AICs (both kinds of link),
//! found by breadth-first search from each candidate assumed false; and forcing chains,
//! which follow singles from an assumption to a contradiction or to a common conclusion.
//!
//! Bounds, at every size: chains have at most [`MAX_LINKS`] links, and one search visits at
//! most [`BUDGET`] links over all start candidates, so big grids get the chains that are
//! found first rather than an unbounded search. Forcing chains try cells with at most three
//! candidates and follow singles only.

use super::single_digit::seeing_both;
use super::{Marks, Step, Technique, Unit};
use crate::engine::grid::Digit;
use std::collections::VecDeque;

/// Longest chain, in links.
pub const MAX_LINKS: usize = 15;
/// Links followed per search, over all start candidates.
pub const BUDGET: usize = 3_000_000;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    X,
    Xy,
    Any,
}

/// Candidates linked to `(c, d)` by a strong link: if it is false, they are true.
fn strong(m: &Marks, mode: Mode, c: usize, d: usize, out: &mut Vec<(usize, usize)>) {
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
fn weak(m: &Marks, mode: Mode, c: usize, d: usize, out: &mut Vec<(usize, usize)>) {
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

/// What "`s` is false or `t` is true... so `s` or `t` holds" removes or places.
fn conclusion(m: &Marks, s: (usize, usize), t: (usize, usize), step: &mut Step) {
    let (sc, sd) = s;
    let (tc, td) = t;
    if s == t {
        step.placements.push((m.pos(sc), Digit::from_index(sd)));
    } else if sd == td {
        for c in seeing_both(m, sc, tc, sd, &[]) {
            step.eliminations.push((m.pos(c), Digit::from_index(sd)));
        }
    } else if sc == tc {
        let mut rest = m.mask(sc) & !(1 << sd) & !(1 << td);
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            step.eliminations.push((m.pos(sc), Digit::from_index(d)));
        }
    } else if m.sees(sc, tc) {
        if m.has(sc, td) {
            step.eliminations.push((m.pos(sc), Digit::from_index(td)));
        }
        if m.has(tc, sd) {
            step.eliminations.push((m.pos(tc), Digit::from_index(sd)));
        }
    }
    step.eliminations.sort();
}

pub(super) fn aic(m: &Marks, t: Technique, out: &mut Vec<Step>, limit: usize) {
    let mode = match t {
        Technique::XChain => Mode::X,
        Technique::XyChain => Mode::Xy,
        _ => Mode::Any,
    };
    let side = m.side();
    let nodes = m.size().cells() * side;
    // Per state (node * 2 + truth): the state it came from, and the search it belongs to.
    let mut parent = vec![usize::MAX; 2 * nodes];
    let mut stamp = vec![usize::MAX; 2 * nodes];
    let mut budget = BUDGET;
    let mut queue = VecDeque::new();
    let (mut links, mut best): (Vec<(usize, usize)>, Option<Step>) = (Vec::new(), None);
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
            let mut done = false;
            while let Some((state, depth)) = queue.pop_front() {
                if done || depth >= MAX_LINKS || budget == 0 {
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
                    if stamp[next] == start {
                        continue;
                    }
                    stamp[next] = start;
                    parent[next] = state;
                    // Only a true end (reached by a strong link) proves `start or end`; an
                    // X- or XY-chain ends on the start's digit in another cell.
                    let end =
                        !truth && (mode == Mode::Any || (x != sc && (mode == Mode::X || e == sd)));
                    if end {
                        let mut step = Step::new(t);
                        conclusion(m, (sc, sd), (x, e), &mut step);
                        if step.is_progress() {
                            fill_chain(m, &parent, next, &mut step);
                            if all {
                                out.push(step);
                            } else if best
                                .as_ref()
                                .is_none_or(|b| b.chain.len() > step.chain.len())
                            {
                                best = Some(step);
                            }
                            done = true;
                            break;
                        }
                    }
                    queue.push_back((next, depth + 1));
                }
            }
        }
    }
    if let Some(s) = best {
        out.push(s);
    }
    out.truncate(limit);
}

/// The chain's candidates from the start to `end`, read back through `parent`.
fn fill_chain(m: &Marks, parent: &[usize], end: usize, step: &mut Step) {
    let side = m.side();
    let mut state = end;
    let mut chain = Vec::new();
    while state != usize::MAX {
        let node = state / 2;
        chain.push((m.pos(node / side), Digit::from_index(node % side)));
        state = parent[state];
    }
    chain.reverse();
    let mut digits: Vec<Digit> = chain.iter().map(|&(_, d)| d).collect();
    digits.sort();
    digits.dedup();
    step.digits = digits;
    let mut cells: Vec<_> = chain.iter().map(|&(p, _)| p).collect();
    cells.dedup();
    step.cells = cells;
    step.chain = chain;
}

/// Where a state breaks: a cell with no candidate, or a unit with no place for a digit.
enum Broken {
    Cell(usize),
    Unit(usize, usize),
}

/// Applies naked and hidden singles until none is left or the state breaks.
fn propagate(m: &mut Marks) -> Result<(), Broken> {
    let side = m.side();
    loop {
        let mut progress = false;
        for c in 0..m.size().cells() {
            if m.value(c).is_none() {
                match m.mask(c).count_ones() {
                    0 => return Err(Broken::Cell(c)),
                    1 => {
                        m.place(c, Digit::from_index(m.mask(c).trailing_zeros() as usize));
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        for u in 0..3 * side {
            let placed = m.layout().units[u]
                .iter()
                .filter_map(|&c| m.value(c))
                .fold(0u64, |a, d| a | 1 << d.index());
            for d in 0..side {
                let p = m.places(u, d);
                if p == 0 && placed >> d & 1 == 0 {
                    return Err(Broken::Unit(u, d));
                }
                if p.count_ones() == 1 {
                    let c = m.cell_at(u, p.trailing_zeros() as usize);
                    m.place(c, Digit::from_index(d));
                    progress = true;
                }
            }
        }
        if !progress {
            return Ok(());
        }
    }
}

/// Forcing chains: a candidate whose singles lead to a contradiction is false; a cell whose
/// every candidate leads to one placement gets it.
pub(super) fn forcing(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    for want in 2..=3u32 {
        for c in m.empty_cells().filter(|&c| m.mask(c).count_ones() == want) {
            let mut common: Option<Vec<u8>> = None;
            let mut bits = m.mask(c);
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut trial = m.clone();
                trial.place(c, Digit::from_index(d));
                match propagate(&mut trial) {
                    Err(broken) => {
                        let mut s = Step::new(Technique::ForcingChain);
                        let digit = Digit::from_index(d);
                        s.chain.push((m.pos(c), digit));
                        s.digits.push(digit);
                        match broken {
                            Broken::Cell(x) => s.cells.push(m.pos(x)),
                            Broken::Unit(u, e) => {
                                s.units.push(Unit::from_layout(u, m.size()));
                                s.digits.push(Digit::from_index(e));
                            }
                        }
                        s.eliminations.push((m.pos(c), digit));
                        out.push(s);
                        if out.len() >= limit {
                            return;
                        }
                        common = Some(Vec::new());
                    }
                    Ok(()) => {
                        let vals: Vec<u8> = (0..m.size().cells())
                            .map(|x| trial.value(x).map_or(0, |v| v.get()))
                            .collect();
                        common = Some(match common {
                            None => vals,
                            Some(prev) => prev
                                .iter()
                                .zip(&vals)
                                .map(|(&a, &b)| if a == b { a } else { 0 })
                                .collect(),
                        });
                    }
                }
            }
            let Some(common) = common else { continue };
            let mut s = Step::new(Technique::ForcingChain);
            for (x, &v) in common.iter().enumerate() {
                if v != 0 && m.value(x).is_none() {
                    s.placements
                        .push((m.pos(x), Digit::from_index(v as usize - 1)));
                }
            }
            if s.placements.is_empty() {
                continue;
            }
            s.placements.truncate(1);
            s.cells.push(m.pos(c));
            let mut bits = m.mask(c);
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                s.chain.push((m.pos(c), Digit::from_index(d)));
            }
            out.push(s);
            if out.len() >= limit {
                return;
            }
        }
    }
}
