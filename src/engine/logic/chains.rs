//! Chains: X-chains (one digit), turbot fish (X-chains of three links), XY-chains (bivalue
//! cells), AICs with nice loops (both kinds of link) and grouped ones (with group nodes, see
//! [`super::groups`]), found by breadth-first search from each candidate assumed false. Of all
//! the chains found, the step HoDoKu would take is reported: the most eliminations, then the
//! lowest weighted index sum, then the shortest.
//!
//! Bounds, at every size: chains have at most [`MAX_LINKS`] links, and one search visits at
//! most [`BUDGET`] links over all start candidates, so big grids get the chains that are
//! found first rather than an unbounded search.

use super::groups::Groups;
use super::step::hodoku_rank;
use super::{Cand, Marks, Scope, Step, Technique};
use crate::engine::grid::{Digit, Pos};
use std::cmp::Reverse;
use std::collections::VecDeque;

/// Longest chain, in links (HoDoKu's chains have at most 20 nodes).
pub const MAX_LINKS: usize = 19;
/// Links followed per search, over all start candidates.
pub const BUDGET: usize = 3_000_000;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    X,
    Xy,
    Any,
}

/// The chain graph: nodes `0..cands` are the state's candidates, numbered cell by cell,
/// nodes from `cands` on are group nodes (grouped chains only). Numbering only what is there
/// keeps a search's arrays small on big grids.
struct Graph<'a> {
    m: &'a Marks,
    mode: Mode,
    cands: usize,
    groups: Option<Groups>,
    /// Per cell, the number of its first candidate.
    base: Vec<u32>,
    /// Per candidate, its cell and digit.
    cand_of: Vec<(usize, usize)>,
}

impl Graph<'_> {
    fn new(m: &Marks, mode: Mode, groups: Option<Groups>) -> Graph<'_> {
        let mut base = Vec::with_capacity(m.size().cells());
        let mut cand_of = Vec::new();
        for c in 0..m.size().cells() {
            base.push(cand_of.len() as u32);
            let mut bits = m.mask(c);
            while bits != 0 {
                cand_of.push((c, bits.trailing_zeros() as usize));
                bits &= bits - 1;
            }
        }
        Graph {
            m,
            mode,
            cands: cand_of.len(),
            groups,
            base,
            cand_of,
        }
    }

    /// The node of candidate `d` of cell `c` (which must hold it).
    fn id(&self, c: usize, d: usize) -> usize {
        self.base[c] as usize + (self.m.mask(c) & ((1u64 << d) - 1)).count_ones() as usize
    }

    fn digit(&self, node: usize) -> usize {
        match node.checked_sub(self.cands) {
            None => self.cand_of[node].1,
            Some(g) => self.groups.as_ref().expect("grouped").list[g].digit,
        }
    }

    fn is_group(&self, node: usize) -> bool {
        node >= self.cands
    }

    fn cell(&self, node: usize) -> usize {
        self.cand_of[node].0
    }

    /// The node's cells: one for a candidate.
    fn node_cells(&self, node: usize) -> &[usize] {
        match node.checked_sub(self.cands) {
            None => std::slice::from_ref(&self.cand_of[node].0),
            Some(g) => &self.groups.as_ref().expect("grouped").list[g].cells,
        }
    }

    /// Units holding every cell of `node`: row, column and box of a candidate, line and box
    /// of a group.
    fn units(&self, node: usize) -> &[usize] {
        match node.checked_sub(self.cands) {
            None => &self.m.layout().units_of[self.cand_of[node].0],
            Some(g) => &self.groups.as_ref().expect("grouped").list[g].units,
        }
    }

    fn contains(&self, node: usize, c: usize) -> bool {
        self.node_cells(node).contains(&c)
    }

    /// Nodes strongly linked to `node`: if it is false, they are true.
    fn strong(&self, node: usize, out: &mut Vec<usize>) {
        out.clear();
        let (m, side, d) = (self.m, self.m.side(), self.digit(node));
        if self.mode != Mode::Xy {
            for &u in self.units(node) {
                let own = self.node_cells(node).iter().fold(0u64, |a, &c| {
                    let k = m.layout().units_of[c]
                        .iter()
                        .position(|&x| x == u)
                        .unwrap_or(0);
                    a | 1 << m.slot(c, k)
                });
                let rest = m.places(u, d) & !own;
                let target = match (rest.count_ones(), &self.groups) {
                    (1, _) => Some(self.id(m.cell_at(u, rest.trailing_zeros() as usize), d)),
                    (2.., Some(groups)) => {
                        let cells: Vec<usize> = (0..side)
                            .filter(|&i| rest >> i & 1 == 1)
                            .map(|i| m.cell_at(u, i))
                            .collect();
                        groups.exactly(m, u, d, &cells).map(|g| self.cands + g)
                    }
                    _ => None,
                };
                if let Some(t) = target.filter(|t| !out.contains(t)) {
                    out.push(t);
                }
            }
        }
        if self.mode != Mode::X && !self.is_group(node) {
            let c = self.cell(node);
            if m.mask(c).count_ones() == 2 {
                out.push(self.id(c, (m.mask(c) & !(1 << d)).trailing_zeros() as usize));
            }
        }
    }

    /// Nodes weakly linked to `node`: if it is true, they are false.
    fn weak(&self, node: usize, out: &mut Vec<usize>) {
        out.clear();
        let (m, d) = (self.m, self.digit(node));
        if self.is_group(node) {
            for &u in self.units(node) {
                for &c in &m.layout().units[u] {
                    if m.has(c, d) && !self.contains(node, c) && !out.contains(&self.id(c, d)) {
                        out.push(self.id(c, d));
                    }
                }
            }
        } else {
            let c = self.cell(node);
            for &p in &m.layout().peers[c] {
                if m.has(p, d) && (self.mode != Mode::Xy || m.mask(p).count_ones() == 2) {
                    out.push(self.id(p, d));
                }
            }
            if self.mode == Mode::Any {
                let mut rest = m.mask(c) & !(1 << d);
                while rest != 0 {
                    out.push(self.id(c, rest.trailing_zeros() as usize));
                    rest &= rest - 1;
                }
            }
        }
        if let Some(groups) = &self.groups {
            for &u in self.units(node) {
                for g in groups.in_unit(m, u, d) {
                    let gn = self.cands + g;
                    let apart = groups.list[g]
                        .cells
                        .iter()
                        .all(|&c| !self.contains(node, c));
                    if gn != node && apart && !out.contains(&gn) {
                        out.push(gn);
                    }
                }
            }
        }
    }

    /// Pushes each cell other than the nodes' own, outside `skip`, holding `d` and seeing
    /// every cell of both nodes, as a removal of `d`.
    fn seeing_both(
        &self,
        a: usize,
        b: usize,
        d: usize,
        skip: &dyn Fn(usize) -> bool,
        out: &mut Vec<Cand>,
    ) {
        let m = self.m;
        let (ca, cb) = (self.node_cells(a), self.node_cells(b));
        // A cell seeing `ca[0]` lies in one of its units; only those holding `d` count. A
        // cell shared by two of the units is taken from the first.
        let units = &m.layout().units_of[ca[0]];
        for (k, &u) in units.iter().enumerate() {
            let mut bits = m.places(u, d);
            while bits != 0 {
                let p = m.cell_at(u, bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if units[..k]
                    .iter()
                    .any(|&e| m.layout().units_of[p].contains(&e))
                {
                    continue;
                }
                let sees_all = ca.iter().chain(cb).all(|&x| x != p && m.sees(p, x));
                if sees_all && !skip(p) {
                    push_cand(m, out, p, d);
                }
            }
        }
    }
}

fn push_cand(m: &Marks, out: &mut Vec<Cand>, c: usize, d: usize) {
    out.push((m.pos(c), Digit::from_index(d)));
}

/// What "`s` is false or `t` is true, so `s` or `t` holds" removes. A chain from `s` back
/// to `s` (a discontinuous nice loop) makes `s` true: the cell's other candidates go. Either
/// end may be a group node, true when one of its cells holds its digit.
fn conclusion(g: &Graph, s: usize, t: usize, out: &mut Vec<Cand>) {
    let m = g.m;
    let (sd, td) = (g.digit(s), g.digit(t));
    out.clear();
    let single = |n: usize| (!g.is_group(n)).then(|| g.cell(n));
    if s == t && g.is_group(s) {
        // The group holds its digit: what that removes, locked candidates found before.
    } else if s == t {
        let sc = g.cell(s);
        let mut rest = m.mask(sc) & !(1 << sd);
        while rest != 0 {
            push_cand(m, out, sc, rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    } else if sd == td {
        g.seeing_both(s, t, sd, &|_| false, out);
    } else if let Some(sc) = single(s).filter(|&sc| single(t) == Some(sc)) {
        let mut rest = m.mask(sc) & !(1 << sd) & !(1 << td);
        while rest != 0 {
            push_cand(m, out, sc, rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    } else {
        // A cell of one end holding the other end's digit, and seeing all of that end.
        for (x, y) in [(s, t), (t, s)] {
            let (Some(c), d) = (single(x), g.digit(y)) else {
                continue;
            };
            if m.has(c, d) && g.node_cells(y).iter().all(|&yc| m.sees(c, yc)) {
                push_cand(m, out, c, d);
            }
        }
    }
    out.sort();
}

/// The eliminations of a continuous nice loop: `chain` starts false, its links alternate
/// strong and weak, and a weak link closes it from the last node back to the first. Round
/// such a loop exactly one end of every weak link is true, so a weak link between two cells
/// removes its digit from the other cells seeing both, and one inside a cell removes the
/// cell's other candidates.
fn loop_eliminations(g: &Graph, chain: &[usize], out: &mut Vec<Cand>) {
    out.clear();
    let distinct = chain
        .iter()
        .enumerate()
        .all(|(i, a)| !chain[i + 1..].contains(a));
    if chain.len() < 4 || !distinct {
        return;
    }
    let m = g.m;
    let on_chain = |c: usize| chain.iter().any(|&n| g.contains(n, c));
    for i in (1..chain.len()).step_by(2) {
        let (a, b) = (chain[i], chain[(i + 1) % chain.len()]);
        let (d, e) = (g.digit(a), g.digit(b));
        if !g.is_group(a) && !g.is_group(b) && g.cell(a) == g.cell(b) {
            let mut rest = m.mask(g.cell(a)) & !(1 << d) & !(1 << e);
            while rest != 0 {
                push_cand(m, out, g.cell(a), rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        } else {
            g.seeing_both(a, b, d, &on_chain, out);
        }
    }
    out.sort();
    out.dedup();
}

/// The nodes from the start to `state`, read back through `parent`.
fn read_chain(parent: &[usize], state: usize, chain: &mut Vec<usize>) {
    chain.clear();
    let mut s = state;
    while s != usize::MAX {
        chain.push(s / 2);
        s = parent[s];
    }
    chain.reverse();
}

/// A candidate step: its rank, eliminations and chain.
struct Found {
    rank: (Reverse<usize>, u128, usize),
    elims: Vec<Cand>,
    chain: Vec<usize>,
}

/// Buffers of one search, reused over its start nodes.
struct Search {
    /// Per state (node * 2 + truth): the state it came from, and the start it was met from.
    parent: Vec<usize>,
    stamp: Vec<usize>,
    /// Per state, where its links lie in `flat` once computed (`u32::MAX` before): every
    /// start's search meets the same nodes, so each node's links are found once.
    adj: Vec<(u32, u32)>,
    flat: Vec<u32>,
    budget: usize,
    queue: VecDeque<(usize, usize)>,
    links: Vec<usize>,
    elims: Vec<Cand>,
    chain: Vec<usize>,
}

impl Search {
    /// The best chain from `start_node` assumed false, breadth first.
    fn from(&mut self, g: &Graph, start_node: usize, max_links: usize) -> Option<Found> {
        let (m, mode) = (g.m, g.mode);
        let (sc, sd) = if g.is_group(start_node) {
            (usize::MAX, g.digit(start_node))
        } else {
            g.cand_of[start_node]
        };
        let start = start_node * 2;
        self.queue.clear();
        self.queue.push_back((start, 0usize));
        self.stamp[start] = start;
        self.parent[start] = usize::MAX;
        let mut best: Option<Found> = None;
        while let Some((state, depth)) = self.queue.pop_front() {
            if depth >= max_links || self.budget == 0 {
                break;
            }
            let (node, truth) = (state / 2, state % 2 == 1);
            if self.adj[state].0 == u32::MAX {
                if truth {
                    g.weak(node, &mut self.links);
                } else {
                    g.strong(node, &mut self.links);
                }
                let at = self.flat.len() as u32;
                self.flat.extend(self.links.iter().map(|&x| x as u32));
                self.adj[state] = (at, self.links.len() as u32);
            }
            let (at, len) = (self.adj[state].0 as usize, self.adj[state].1 as usize);
            self.budget = self.budget.saturating_sub(len);
            for i in at..at + len {
                let x = self.flat[i] as usize;
                let next = x * 2 + usize::from(!truth);
                if next == start && mode == Mode::Any && depth >= 3 {
                    // A weak link back to the start closes a continuous nice loop.
                    read_chain(&self.parent, state, &mut self.chain);
                    loop_eliminations(g, &self.chain, &mut self.elims);
                    consider(m, &self.elims, &self.chain, &mut best);
                }
                if self.stamp[next] == start {
                    continue;
                }
                self.stamp[next] = start;
                self.parent[next] = state;
                // Only a true end (reached by a strong link) proves `start or end`; an X- or
                // XY-chain ends on the start's digit in another cell.
                let end = !truth
                    && (mode == Mode::Any
                        || (g.cell(x) != sc && (mode == Mode::X || g.digit(x) == sd)));
                if end && depth >= 2 {
                    conclusion(g, start_node, x, &mut self.elims);
                    if !self.elims.is_empty() {
                        read_chain(&self.parent, next, &mut self.chain);
                        consider(m, &self.elims, &self.chain, &mut best);
                    }
                }
                self.queue.push_back((next, depth + 1));
            }
        }
        best
    }
}

/// Chains of technique `t`; X-chains start only from `scope`'s digits (a chain of one digit
/// depends on nothing else), the others from every candidate.
pub(super) fn aic(m: &Marks, t: Technique, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let (mode, max_links) = match t {
        Technique::XChain => (Mode::X, MAX_LINKS),
        Technique::TurbotFish => (Mode::X, 3),
        Technique::XyChain => (Mode::Xy, MAX_LINKS),
        _ => (Mode::Any, MAX_LINKS),
    };
    let groups = (t == Technique::GroupedNiceLoop).then(|| Groups::collect(m));
    let g = Graph::new(m, mode, groups);
    let nodes = g.cands + g.groups.as_ref().map_or(0, |gr| gr.list.len());
    let mut search = Search {
        parent: vec![usize::MAX; 2 * nodes],
        stamp: vec![usize::MAX; 2 * nodes],
        adj: vec![(u32::MAX, 0); 2 * nodes],
        flat: Vec::new(),
        budget: BUDGET,
        queue: VecDeque::new(),
        links: Vec::new(),
        elims: Vec::new(),
        chain: Vec::new(),
    };
    let mut best: Option<Found> = None;
    // Start nodes: every candidate (of a bivalue cell for XY-chains), then every group.
    let starts = (0..g.cands)
        .filter(|&n| mode != Mode::Xy || m.mask(g.cell(n)).count_ones() == 2)
        .filter(|&n| mode != Mode::X || scope.has_digit(g.digit(n)))
        .chain(g.cands..nodes);
    for start_node in starts {
        let Some(found) = search.from(&g, start_node, max_links) else {
            continue;
        };
        if limit == usize::MAX {
            out.push(step_of(&g, t, found));
        } else if best.as_ref().is_none_or(|b| found.rank < b.rank) {
            best = Some(found);
        }
    }
    if let Some(found) = best {
        out.push(step_of(&g, t, found));
    }
    out.truncate(limit);
}

/// Keeps `elims` with `chain` in `best` when HoDoKu would prefer them.
fn consider(m: &Marks, elims: &[Cand], chain: &[usize], best: &mut Option<Found>) {
    if elims.is_empty() || best.as_ref().is_some_and(|b| b.rank.0.0 > elims.len()) {
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

/// The step: `chain` holds each node's digit at its first cell, and for a grouped chain
/// `groups` holds every node's cells, so the sentence can name group nodes.
fn step_of(g: &Graph, t: Technique, found: Found) -> Step {
    let m = g.m;
    let mut step = Step::new(t);
    step.eliminations = found.elims;
    let cells_of = |n: usize| -> Vec<Pos> { g.node_cells(n).iter().map(|&c| m.pos(c)).collect() };
    step.chain = found
        .chain
        .iter()
        .map(|&n| (cells_of(n)[0], Digit::from_index(g.digit(n))))
        .collect();
    if found.chain.iter().any(|&n| g.is_group(n)) {
        step.groups = found.chain.iter().map(|&n| cells_of(n)).collect();
    }
    let mut digits: Vec<Digit> = step.chain.iter().map(|&(_, d)| d).collect();
    digits.sort();
    digits.dedup();
    step.digits = digits;
    let mut cells: Vec<Pos> = found.chain.iter().flat_map(|&n| cells_of(n)).collect();
    cells.dedup();
    step.cells = cells;
    step
}
