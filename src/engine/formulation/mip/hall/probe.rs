//! The views inside probes: a probe the rows take may still leave a view with no perfect
//! matching, which refutes the probe as a row with no way left does.
//!
//! Each view keeps a matching of its open rows, brought up to date between probes by augmenting
//! paths from the rows that lost their partner. A probe breaks a view's matching only by setting
//! one of its matched variables to 0 (a 1 on a matched row's other variable zeroes its matched
//! one), so only those views are matched again, on a copy, from the rows left without a partner.
//! When no augmenting path leaves such a row, the rows the search visited reach, through their
//! open variables, fewer rows of the other side than they are; the reason is their variables
//! at 0 outside the rows they reach, as for the views' own conflicts.

use super::{View, Views};
use crate::engine::formulation::mip::domain::{ProbeCheck, State, lit};
use crate::engine::formulation::mip::model::NONE;

/// No partner in the matching.
const FREE: u8 = u8::MAX;

/// Where a variable is an edge: its view (`NONE`: none) and its rows' places there.
#[derive(Copy, Clone)]
struct Place {
    view: u32,
    left: u8,
    right: u8,
}

const NOWHERE: Place = Place {
    view: NONE,
    left: FREE,
    right: FREE,
};

/// Each view's variables by left place: `edges[first[i]..first[i + 1]]` are those of left
/// place `i`, each with its right place.
struct Adjacency {
    first: Vec<u32>,
    edges: Vec<(u32, u8)>,
}

impl Adjacency {
    fn new(view: &View) -> Adjacency {
        let n = view.right.len();
        let mut a = Adjacency {
            first: vec![0],
            edges: Vec::new(),
        };
        for row in view.edge.chunks(n.max(1)).take(view.left.len()) {
            let open = row.iter().enumerate().filter(|(_, x)| **x != NONE);
            a.edges.extend(open.map(|(j, &x)| (x, j as u8)));
            a.first.push(a.edges.len() as u32);
        }
        a
    }

    fn of(&self, i: usize) -> &[(u32, u8)] {
        &self.edges[self.first[i] as usize..self.first[i + 1] as usize]
    }
}

/// A matching per view and the scratch to check one probe.
pub(super) struct Matchings {
    /// Each variable's places: a cell's variable is an edge of its row's, column's and box's
    /// views and of its digit's.
    places: Vec<[Place; 4]>,
    adjacency: Vec<Adjacency>,
    /// Where each view's places start in `left` and `right`.
    offset: Vec<u32>,
    /// The right place matched to each view's left place, and the left place to each right.
    left: Vec<u8>,
    right: Vec<u8>,
    /// Whether the view's matching covers every open row; a view without one is not checked.
    perfect: Vec<bool>,
    /// The matched pairs a probe set to 0.
    broken: Vec<Place>,
    /// What a probe's check changed in `left` and `right` (the index and the value before),
    /// undone once the probe is checked.
    undo_left: Vec<(u32, u8)>,
    undo_right: Vec<(u32, u8)>,
    /// The augmenting search: left places in the order reached, and each right place's left
    /// place it was reached from.
    queue: Vec<u8>,
    from: Vec<u8>,
}

impl Matchings {
    pub(super) fn new(views: &[View], variables: usize) -> Matchings {
        let mut places = vec![[NOWHERE; 4]; variables];
        let mut offset = Vec::new();
        let mut places_in = 0u32;
        for (v, view) in views.iter().enumerate() {
            offset.push(places_in);
            places_in += view.left.len() as u32;
            let n = view.right.len();
            for (k, &x) in view.edge.iter().enumerate() {
                if x == NONE {
                    continue;
                }
                let slot = places[x as usize].iter_mut().find(|p| p.view == NONE);
                *slot.expect("a variable is in four views") = Place {
                    view: v as u32,
                    left: (k / n) as u8,
                    right: (k % n) as u8,
                };
            }
        }
        Matchings {
            places,
            adjacency: views.iter().map(Adjacency::new).collect(),
            offset,
            left: vec![FREE; places_in as usize],
            right: vec![FREE; places_in as usize],
            perfect: vec![false; views.len()],
            broken: Vec::new(),
            undo_left: Vec::new(),
            undo_right: Vec::new(),
            queue: Vec::new(),
            from: vec![FREE; 64],
        }
    }

    /// The matching of view `v`: its left places' partners and its right places'.
    fn of(&mut self, v: usize, n: usize) -> (&mut [u8], &mut [u8]) {
        let at = self.offset[v] as usize;
        (&mut self.left[at..at + n], &mut self.right[at..at + n])
    }
}

/// Drops the pairs whose variable is no longer open, then matches every open left row by
/// augmenting paths; `false` when one has none.
fn rematch(view: &View, m: &mut Matchings, v: usize, state: &State) -> bool {
    let n = view.right.len();
    let (left, right) = m.of(v, n);
    for (i, j) in left.iter_mut().enumerate() {
        if *j != FREE && state.fixed(view.edge[i * n + *j as usize]).is_some() {
            right[*j as usize] = FREE;
            *j = FREE;
        }
    }
    for start in 0..n {
        let (left, _) = m.of(v, n);
        if left[start] == FREE
            && !state.row_open(view.left[start]).1
            && augment(m, v, n, state, start, false).is_err()
        {
            return false;
        }
    }
    true
}

/// Breadth-first search from unmatched left place `start` of view `v` (`n` places a side)
/// for a free right place over open variables; flips the path found, logging the changes
/// when `log`. `Err` with the left places visited and the right places reached when it
/// finds none.
fn augment(
    m: &mut Matchings,
    v: usize,
    n: usize,
    state: &State,
    start: usize,
    log: bool,
) -> Result<(), (u64, u64)> {
    let at = m.offset[v] as usize;
    let adjacency = &m.adjacency[v];
    let (left, right) = (&mut m.left[at..at + n], &mut m.right[at..at + n]);
    let (queue, from) = (&mut m.queue, &mut m.from);
    queue.clear();
    queue.push(start as u8);
    let (mut head, mut reached) = (0, 0u64);
    while head < queue.len() {
        let i = queue[head] as usize;
        head += 1;
        for &(x, j) in adjacency.of(i) {
            let j = j as usize;
            if reached >> j & 1 == 1 || state.fixed(x).is_some() {
                continue;
            }
            reached |= 1 << j;
            from[j] = i as u8;
            if right[j] == FREE {
                let mut j = j;
                loop {
                    let i = from[j] as usize;
                    let previous = left[i];
                    if log {
                        m.undo_left.push(((at + i) as u32, previous));
                        m.undo_right.push(((at + j) as u32, right[j]));
                    }
                    left[i] = j as u8;
                    right[j] = i as u8;
                    if i == start {
                        return Ok(());
                    }
                    j = previous as usize;
                }
            }
            queue.push(right[j]);
        }
    }
    let visited = queue.iter().fold(0u64, |s, &i| s | 1 << i);
    Err((visited, reached))
}

impl ProbeCheck for Views {
    fn settle(&mut self, state: &State) {
        for (v, view) in self.views.iter().enumerate() {
            self.matchings.perfect[v] = rematch(view, &mut self.matchings, v, state);
        }
    }

    fn refute(&mut self, state: &State, assigned: &[u32]) -> Option<Vec<u32>> {
        let m = &mut self.matchings;
        // Unpair the matched variables the probe set to 0, then pair their left places again.
        m.broken.clear();
        for &y in assigned {
            if state.fixed(y) != Some(false) {
                continue;
            }
            for p in m.places[y as usize] {
                if p.view == NONE {
                    break;
                }
                let at = m.offset[p.view as usize] as usize;
                let (i, j) = (at + p.left as usize, at + p.right as usize);
                if m.perfect[p.view as usize] && m.left[i] == p.right {
                    m.undo_left.push((i as u32, p.right));
                    m.undo_right.push((j as u32, p.left));
                    m.left[i] = FREE;
                    m.right[j] = FREE;
                    m.broken.push(p);
                }
            }
        }
        let mut refuted = None;
        for k in 0..m.broken.len() {
            let p = m.broken[k];
            let (v, i) = (p.view as usize, p.left as usize);
            let view = &self.views[v];
            let n = view.right.len();
            if m.left[m.offset[v] as usize + i] != FREE || state.row_open(view.left[i]).1 {
                continue;
            }
            if let Err((visited, reached)) = augment(m, v, n, state, i, true) {
                refuted = Some(reason(&m.adjacency[v], state, visited, reached));
                break;
            }
        }
        while let Some((i, j)) = m.undo_left.pop() {
            m.left[i as usize] = j;
        }
        while let Some((j, i)) = m.undo_right.pop() {
            m.right[j as usize] = i;
        }
        refuted
    }
}

/// The variables at 0 of left places `visited` into right places outside `reached`: with
/// them at 0, those rows must each take one of fewer rows, which take one each.
fn reason(adjacency: &Adjacency, state: &State, visited: u64, reached: u64) -> Vec<u32> {
    let mut literals = Vec::new();
    let mut rows = visited;
    while rows != 0 {
        let i = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        for &(x, j) in adjacency.of(i) {
            if reached >> j & 1 == 0 && state.fixed(x) == Some(false) {
                literals.push(lit(x, false));
            }
        }
    }
    literals
}
