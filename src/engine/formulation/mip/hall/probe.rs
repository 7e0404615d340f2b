//! The views inside probes: a probe the rows take may still leave a view with no perfect
//! matching, which refutes it as a row with no way left does.
//!
//! Each view keeps a perfect matching of its open rows and, per left row, the right rows it
//! has a variable open to at the node, as one word. A probe breaks a matching only by setting a
//! matched variable to 0 (a 1 beside a matched pair zeroes its variable too), so each variable
//! keeps a bit per view where it is a pair, and the probe's zeros are passed over reading that
//! byte alone. A broken pair's left row is matched again by a breadth-first search over the
//! words (a right row is taken only if its variable is still open under the probe). When no
//! path leaves it, the rows the search visited reach, through their open variables, fewer rows
//! of the other side than they are: the reason is their variables at 0 into the rows not
//! reached.
//!
//! A view whose every variable lies in some perfect matching (as the views leave it before
//! probing) keeps one after a single event of a probe (one matched zero, or one 1 among its
//! rows), so by default only views with two events are matched again: fewer searches, some
//! refutations missed, none wrong.
//!
//! The matching is not undone after a probe: pairs found under the probe use variables open at
//! the node too, and each variable the probe set to 1 pairs its two rows again, which are
//! free (the probe zeroed their other variables), so the result is a perfect matching of the
//! node's open rows.

use super::{View, Views};
use crate::engine::formulation::mip::domain::{ProbeCheck, State, lit};
use crate::engine::formulation::mip::model::NONE;

/// Whether probes are put to the views, and whether after a single event in a view:
/// `MIP_PROBE_MATCH=1` and `2` in the environment.
pub(super) fn switch() -> (bool, bool) {
    let mode = std::env::var("MIP_PROBE_MATCH").unwrap_or_default();
    (mode == "1" || mode == "2", mode == "2")
}

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

/// A matching per view and what a probe's check reads.
pub(super) struct Matchings {
    /// Whether probes are put to the views at all.
    on: bool,
    /// Each variable's places: a cell's variable is an edge of its row's, column's and box's
    /// views and of its digit's.
    places: Vec<[Place; 4]>,
    /// Where each view's places start in `open`, `left` and `right`.
    offset: Vec<u32>,
    /// Per left place, the right places it has a variable open to at the node, as bits.
    open: Vec<u64>,
    /// The right place matched to each left place, and the left place to each right.
    left: Vec<u8>,
    right: Vec<u8>,
    /// Per variable, the places (bits, in the order of `places`) where it is a matched pair.
    paired: Vec<u8>,
    /// Whether the view's matching covers every open row; a view without one is not checked.
    perfect: Vec<bool>,
    /// The state's clock when each view's words were built (0: not since the last retreat
    /// past it): while none of its rows has changed since, they hold.
    pub(super) built: Vec<u64>,
    /// Views whose matching lost pairs to lasting fixings, to be matched again.
    dirty: Vec<u32>,
    /// Per view, the right places a probe's broken pairs left free and still free, and the
    /// events of the probe counted there.
    free: Vec<u64>,
    events: Vec<u8>,
    /// Whether a view is checked after a single event of a probe, not only after two or more.
    pub(super) every: bool,
    /// A probe's broken pairs (view, left place).
    broken: Vec<(u32, u8)>,
    /// The augmenting search's left places in the order reached, and the left place each
    /// right place was reached from.
    queue: [u8; 64],
    from: [u8; 64],
}

impl Matchings {
    pub(super) fn new(views: &[View], variables: usize, on: bool) -> Matchings {
        let mut places = vec![[NOWHERE; 4]; if on { variables } else { 0 }];
        let mut offset = Vec::new();
        let mut places_in = 0u32;
        for (v, view) in views.iter().enumerate() {
            offset.push(places_in);
            places_in += view.left.len() as u32;
            let n = view.right.len();
            for (k, &x) in view.edge.iter().enumerate() {
                if x == NONE || !on {
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
        let places_in = places_in as usize;
        Matchings {
            on,
            places,
            offset,
            open: vec![0; places_in],
            left: vec![FREE; places_in],
            right: vec![FREE; places_in],
            paired: vec![0; if on { variables } else { 0 }],
            perfect: vec![false; views.len()],
            built: vec![0; views.len()],
            dirty: Vec::new(),
            free: vec![0; views.len()],
            events: vec![0; views.len()],
            every: false,
            broken: Vec::new(),
            queue: [0; 64],
            from: [0; 64],
        }
    }

    /// The bit of `paired[x]` for variable `x`'s place in view `v`.
    #[inline(always)]
    fn bit(&self, x: u32, v: usize) -> u8 {
        let k = self.places[x as usize]
            .iter()
            .position(|p| p.view == v as u32);
        1 << k.expect("an edge of its view")
    }

    #[inline(always)]
    fn pair(&mut self, view: &View, v: usize, at: usize, i: usize, j: usize) {
        self.left[at + i] = j as u8;
        self.right[at + j] = i as u8;
        let x = view.edge[i * view.right.len() + j];
        self.paired[x as usize] |= self.bit(x, v);
    }

    #[inline(always)]
    fn unpair(&mut self, view: &View, v: usize, at: usize, i: usize) {
        let j = self.left[at + i] as usize;
        self.left[at + i] = FREE;
        self.right[at + j] = FREE;
        let x = view.edge[i * view.right.len() + j];
        self.paired[x as usize] &= !self.bit(x, v);
    }

    /// Matches every free open left row of view `v`; `false` when one has no augmenting path.
    fn complete(&mut self, view: &View, v: usize, state: &State) -> bool {
        let at = self.offset[v] as usize;
        (0..view.left.len()).all(|i| {
            self.left[at + i] != FREE
                || state.row_open(view.left[i]).1
                || self.augment(view, v, state, i, 0).is_ok()
        })
    }

    /// Breadth-first search from free left place `start` of view `v` for a free right place
    /// over variables open now; flips the path found and returns its free right place.
    /// `free`: right places known to be free, tried as soon as a left place is reached, so a
    /// path is found before the level it ends on is expanded. `Err` with the left places
    /// visited and the right places reached when there is no path.
    fn augment(
        &mut self,
        view: &View,
        v: usize,
        state: &State,
        start: usize,
        free: u64,
    ) -> Result<usize, (u64, u64)> {
        let at = self.offset[v] as usize;
        if let Some(j) = self.hit(view, v, state, start, start, free) {
            return Ok(j);
        }
        self.queue[0] = start as u8;
        let (n, mut head, mut tail, mut reached) = (view.right.len(), 0, 1, 0u64);
        while head < tail {
            let i = self.queue[head] as usize;
            head += 1;
            let mut next = self.open[at + i] & !reached & !free;
            while next != 0 {
                let j = next.trailing_zeros() as usize;
                next &= next - 1;
                if state.fixed(view.edge[i * n + j]).is_some() {
                    continue;
                }
                reached |= 1 << j;
                self.from[j] = i as u8;
                let partner = self.right[at + j];
                if partner == FREE {
                    self.flip(view, v, at, start, j);
                    return Ok(j);
                }
                if let Some(j) = self.hit(view, v, state, partner as usize, start, free) {
                    return Ok(j);
                }
                self.queue[tail] = partner;
                tail += 1;
            }
        }
        let visited = self.queue[..tail].iter().fold(0u64, |s, &i| s | 1 << i);
        Err((visited, reached))
    }

    /// A right place of `free` that left place `i`, reached by the search from `start`, has
    /// a variable open to: the path to it flipped.
    #[inline(always)]
    fn hit(
        &mut self,
        view: &View,
        v: usize,
        state: &State,
        i: usize,
        start: usize,
        free: u64,
    ) -> Option<usize> {
        let at = self.offset[v] as usize;
        let mut hits = self.open[at + i] & free;
        while hits != 0 {
            let j = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            if state.fixed(view.edge[i * view.right.len() + j]).is_none() {
                self.from[j] = i as u8;
                self.flip(view, v, at, start, j);
                return Some(j);
            }
        }
        None
    }

    /// Pairs the path found back from right place `j` to left place `start`.
    fn flip(&mut self, view: &View, v: usize, at: usize, start: usize, mut j: usize) {
        loop {
            let i = self.from[j] as usize;
            let previous = self.left[at + i];
            if previous != FREE {
                self.unpair(view, v, at, i);
            }
            self.pair(view, v, at, i, j);
            if i == start {
                return;
            }
            j = previous as usize;
        }
    }

    /// Clears fixed variable `y` from its views' words and unpairs it where it is a pair,
    /// marking those views to be matched again.
    fn drop_fixed(&mut self, views: &[View], y: u32) {
        for p in self.places[y as usize] {
            if p.view == NONE {
                break;
            }
            let (v, i) = (p.view as usize, p.left as usize);
            let at = self.offset[v] as usize;
            self.open[at + i] &= !(1 << p.right);
            // Words changed after their stamp would pass for an ancestor's.
            self.built[v] = 0;
            if self.left[at + i] == p.right {
                self.unpair(&views[v], v, at, i);
                if self.perfect[v] && !self.dirty.contains(&p.view) {
                    self.dirty.push(p.view);
                }
            }
        }
    }

    /// Matches the dirty views again.
    fn settle(&mut self, views: &[View], state: &State) {
        while let Some(v) = self.dirty.pop() {
            let v = v as usize;
            self.perfect[v] = self.perfect[v] && self.complete(&views[v], v, state);
        }
    }
}

/// The variables at 0 of left places `visited` into right places outside `reached`: with
/// them at 0, those rows must each take one of fewer rows, which take one each.
fn reason(view: &View, state: &State, visited: u64, reached: u64) -> Vec<u32> {
    let n = view.right.len();
    let mut literals = Vec::new();
    let mut rows = visited;
    while rows != 0 {
        let i = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        for (j, &x) in view.edge[i * n..(i + 1) * n].iter().enumerate() {
            if x != NONE && reached >> j & 1 == 0 && state.fixed(x) == Some(false) {
                literals.push(lit(x, false));
            }
        }
    }
    literals
}

impl ProbeCheck for Views {
    fn start(&mut self, state: &State) {
        let m = &mut self.matchings;
        if !m.on {
            return;
        }
        for v in m.dirty.drain(..) {
            m.built[v as usize] = 0;
        }
        for (v, view) in self.views.iter().enumerate() {
            let (built, rows) = (m.built[v], view.left.iter().chain(&view.right));
            if built > 0 && rows.into_iter().all(|&r| state.changed(r) <= built) {
                continue;
            }
            m.built[v] = state.clock();
            let (at, n) = (m.offset[v] as usize, view.right.len());
            for i in 0..view.left.len() {
                let edges = &view.edge[i * n..(i + 1) * n];
                let open =
                    |(j, &x): (usize, &u32)| (x != NONE && state.fixed(x).is_none()).then_some(j);
                m.open[at + i] = edges
                    .iter()
                    .enumerate()
                    .filter_map(open)
                    .fold(0, |w, j| w | 1 << j);
                let j = m.left[at + i];
                if j != FREE && m.open[at + i] >> j & 1 == 0 {
                    m.unpair(view, v, at, i);
                }
            }
            m.perfect[v] = m.complete(view, v, state);
        }
    }

    fn update(&mut self, state: &State, fixed: &[u32]) {
        if !self.matchings.on {
            return;
        }
        for &y in fixed {
            self.matchings.drop_fixed(&self.views, y);
        }
        self.matchings.settle(&self.views, state);
    }

    fn refute(&mut self, state: &State, assigned: &[u32], ones: &[u32]) -> Option<Vec<u32>> {
        let m = &mut self.matchings;
        if !m.on {
            return None;
        }
        // The matched variables the probe set to 0 (a variable at 1 that is a pair keeps it),
        // and the events they count in their view: each is one but for a pair whose right row
        // alone holds a 1 of the probe, which the pair of that 1's left row counts.
        m.broken.clear();
        for &y in assigned {
            let mut paired = m.paired[y as usize];
            if paired == 0 || state.fixed(y) == Some(true) {
                continue;
            }
            while paired != 0 {
                let p = m.places[y as usize][paired.trailing_zeros() as usize];
                paired &= paired - 1;
                let (v, i) = (p.view as usize, p.left as usize);
                debug_assert_eq!(m.left[m.offset[v] as usize + i], p.right);
                if m.perfect[v] {
                    let view = &self.views[v];
                    let left_open = !state.row_open(view.left[i]).1;
                    let right_open = !state.row_open(view.right[p.right as usize]).1;
                    m.events[v] += u8::from(!left_open || right_open);
                    m.broken.push((p.view, p.left));
                }
            }
        }
        // Unpair those of the views with events enough to be checked.
        let least = if m.every { 1 } else { 2 };
        for k in 0..m.broken.len() {
            let (v, i) = (m.broken[k].0 as usize, m.broken[k].1 as usize);
            let at = m.offset[v] as usize;
            if m.events[v] >= least {
                m.free[v] |= 1 << m.left[at + i];
                m.unpair(&self.views[v], v, at, i);
            }
        }
        for &(v, _) in &m.broken {
            m.events[v as usize] = 0;
        }
        let (left, offset) = (&m.left, &m.offset);
        (m.broken).retain(|&(v, i)| left[offset[v as usize] as usize + i as usize] == FREE);
        let mut refuted = None;
        for k in 0..m.broken.len() {
            let (v, i) = (m.broken[k].0 as usize, m.broken[k].1 as usize);
            let view = &self.views[v];
            if m.left[m.offset[v] as usize + i] != FREE || state.row_open(view.left[i]).1 {
                continue;
            }
            match m.augment(view, v, state, i, m.free[v]) {
                Ok(j) => m.free[v] &= !(1 << j),
                Err((visited, reached)) => {
                    refuted = Some(reason(view, state, visited, reached));
                    // The views left unmatched are matched again after the lasting fixings.
                    let rest = m.broken[k..].iter().map(|&(v, _)| v);
                    m.dirty.extend(rest);
                    m.dirty.sort_unstable();
                    m.dirty.dedup();
                    break;
                }
            }
        }
        for &(v, _) in &m.broken {
            m.free[v as usize] = 0;
        }
        // The probe's ones pair their rows again.
        for &y in ones {
            // Where it is a pair, its rows kept their partners.
            let unpaired = !m.paired[y as usize];
            for (k, p) in m.places[y as usize].into_iter().enumerate() {
                if p.view == NONE {
                    break;
                }
                if unpaired >> k & 1 == 0 {
                    continue;
                }
                let (v, i, j) = (p.view as usize, p.left as usize, p.right as usize);
                let at = m.offset[v] as usize;
                if m.perfect[v] && m.left[at + i] == FREE && m.right[at + j] == FREE {
                    m.pair(&self.views[v], v, at, i, j);
                }
            }
        }
        refuted
    }
}
