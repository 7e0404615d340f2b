//! Nogoods recorded at restarts: what earlier runs proved, kept so a restarted search stays
//! complete (every solution is reported once, and "no more" is still a proof).
//!
//! At a restart, each branch alternative already searched to the end is a nogood: the
//! decisions on the path to its branch point plus that alternative cannot all hold again
//! (every solution below them has been reported). A literal is "cell takes digit"; a nogood is
//! propagated with two watched literals, as SAT solvers do: when all but one of its literals
//! hold, the last one's digit leaves its cell.

/// A decision: a cell (index) and its digit as a one-bit mask.
pub(super) type Lit = (u32, u64);

/// Nogoods with two watches each; watch lists are indexed by `cell * side + digit`.
pub(super) struct Nogoods {
    side: usize,
    lits: Vec<Vec<Lit>>,
    watches: Vec<Vec<u32>>,
    /// Literals stored over all nogoods.
    size: usize,
}

impl Nogoods {
    pub(super) fn new(side: usize, cells: usize) -> Nogoods {
        Nogoods {
            side,
            lits: Vec::new(),
            watches: vec![Vec::new(); cells * side],
            size: 0,
        }
    }

    /// Literals stored over all nogoods: what the store costs in memory.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    fn key(&self, (cell, bit): Lit) -> usize {
        cell as usize * self.side + bit.trailing_zeros() as usize
    }

    /// Adds a nogood of at least two literals on distinct cells.
    pub(super) fn add(&mut self, lits: Vec<Lit>) {
        debug_assert!(lits.len() >= 2);
        let id = self.lits.len() as u32;
        let (a, b) = (self.key(lits[0]), self.key(lits[1]));
        self.watches[a].push(id);
        self.watches[b].push(id);
        self.size += lits.len();
        self.lits.push(lits);
    }

    /// Cell `cell` has just been fixed to `bit` in state `d`: pushes to `out` each literal some
    /// nogood now forbids, and returns false if a nogood has every literal holding.
    pub(super) fn fixed(&mut self, d: &[u64], cell: usize, bit: u64, out: &mut Vec<Lit>) -> bool {
        let fired = (cell as u32, bit);
        let key = self.key(fired);
        let mut list = std::mem::take(&mut self.watches[key]);
        let mut i = 0;
        let mut ok = true;
        while i < list.len() {
            let id = list[i] as usize;
            let lits = &mut self.lits[id];
            if lits[0] == fired {
                lits.swap(0, 1);
            }
            let (c0, b0) = lits[0];
            if d[c0 as usize] & b0 == 0 {
                i += 1;
                continue;
            }
            let holds = |&(c, b): &Lit| d[c as usize] == b;
            if let Some(k) = (2..lits.len()).find(|&k| !holds(&lits[k])) {
                lits.swap(1, k);
                let moved = lits[1];
                let to = self.key(moved);
                self.watches[to].push(id as u32);
                list.swap_remove(i);
                continue;
            }
            if d[c0 as usize] == b0 {
                ok = false;
                break;
            }
            out.push((c0, b0));
            i += 1;
        }
        self.watches[key] = list;
        ok
    }
}
