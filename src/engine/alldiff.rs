//! Domain-consistent all-different for one unit: keeps only the candidates that some complete
//! assignment of the unit uses (naked and hidden subsets of every size at once).
//!
//! A unit's open cells must take its open digits one to one, so an assignment is a perfect
//! matching of cells to digits. Take one such matching and the graph on digits in which `a`
//! points to every other candidate of the cell matched to `a`: that cell may take digit `b`
//! exactly when `a` and `b` lie in the same strongly connected component (swapping digits
//! around a cycle gives another perfect matching). This rule is exact only when no digit is
//! left unmatched, hence the equal counts [`AllDiff::prune`] asks for. On digits the edges are
//! the candidate sets themselves, which is why the graph is taken there and not on cells.

/// Reusable buffers; a unit has at most 49 cells, so cell and digit sets are `u64` bitsets.
#[derive(Debug)]
pub struct AllDiff {
    /// Local cell matched to each digit (`NONE` if free).
    digit_cell: [u8; 64],
    /// Digit matched to each local cell.
    cell_digit: [u8; 64],
    /// Local cell that reached each digit in the augmenting-path search.
    from: [u8; 64],
    queue: [u8; 64],
    /// Each digit's successors in the digit graph, as digit bitsets.
    succ: [u64; 64],
    /// After [`AllDiff::prune`] found no assignment: cells whose candidates together are
    /// fewer digits than they are.
    stuck: u64,
}

const NONE: u8 = u8::MAX;

/// What a propagation rule found: [`AllDiff::prune`] and the search's other set-wide rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pruned {
    /// No assignment of the unit exists.
    Infeasible,
    /// Every candidate is used by some assignment.
    Unchanged,
    /// Some candidates were removed.
    Narrowed,
}

impl Pruned {
    /// `Narrowed` if a pass changed anything, else `Unchanged`.
    pub fn from_changed(changed: bool) -> Pruned {
        if changed {
            Pruned::Narrowed
        } else {
            Pruned::Unchanged
        }
    }
}

impl Default for AllDiff {
    fn default() -> Self {
        AllDiff {
            digit_cell: [NONE; 64],
            cell_digit: [NONE; 64],
            from: [NONE; 64],
            queue: [0; 64],
            succ: [0; 64],
            stuck: 0,
        }
    }
}

impl AllDiff {
    /// Narrows `doms`, the candidates of a unit's open cells (digits of placed cells already
    /// removed), to the candidates some assignment uses. Fewer digits than cells is
    /// `Infeasible`; more (a digit placed elsewhere but not yet removed from these cells)
    /// leaves them alone and reports `Unchanged`, which is safe, only weaker.
    pub fn prune(&mut self, doms: &mut [u64]) -> Pruned {
        let k = doms.len();
        debug_assert!(k <= 64);
        let digits = doms.iter().fold(0u64, |a, &m| a | m);
        match (digits.count_ones() as usize).cmp(&k) {
            std::cmp::Ordering::Less => {
                self.stuck = u64::MAX >> (64 - k);
                return Pruned::Infeasible;
            }
            std::cmp::Ordering::Greater => return Pruned::Unchanged,
            std::cmp::Ordering::Equal => {}
        }
        if !self.match_all(doms, digits) {
            return Pruned::Infeasible;
        }
        // The graph on digits: `a -> b` when the cell holding `a` could take `b` instead.
        // Its edges are the cells' candidates as they stand, so nothing is built per edge.
        let mut bits = digits;
        while bits != 0 {
            let a = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.succ[a] = doms[self.digit_cell[a] as usize];
        }
        let mut rest = digits;
        let mut narrowed = false;
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            let component = self.forward(a, rest) & self.backward(a, rest);
            rest &= !component;
            let mut c = component;
            while c != 0 {
                let x = self.digit_cell[c.trailing_zeros() as usize] as usize;
                c &= c - 1;
                if doms[x] & !component != 0 {
                    doms[x] &= component;
                    narrowed = true;
                }
            }
        }
        if narrowed {
            Pruned::Narrowed
        } else {
            Pruned::Unchanged
        }
    }

    /// After [`AllDiff::prune`] returned `Infeasible`: a set of cells (bits of local cells)
    /// whose candidates together are fewer digits than there are cells in it.
    pub fn deficient(&self) -> u64 {
        self.stuck
    }

    /// After [`AllDiff::prune`] removed digit `b` from a cell: the smallest set of digits
    /// holding `b` that the cells matched to them must take among themselves (a Hall set:
    /// those cells' candidates before pruning lie within it), as bits of digits and of local
    /// cells. Every other cell loses those digits.
    pub fn hall(&self, b: usize) -> (u64, u64) {
        let digits = self.forward(b, u64::MAX);
        let (mut cells, mut bits) = (0u64, digits);
        while bits != 0 {
            cells |= 1 << self.digit_cell[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        (digits, cells)
    }

    /// The digits of `within` reachable from `a`.
    fn forward(&self, a: usize, within: u64) -> u64 {
        let mut seen = 1u64 << a;
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0u64;
            let mut f = frontier;
            while f != 0 {
                next |= self.succ[f.trailing_zeros() as usize];
                f &= f - 1;
            }
            frontier = next & within & !seen;
            seen |= frontier;
        }
        seen
    }

    /// The digits of `within` from which `a` is reachable: each round adds the digits with an
    /// edge into the last round's, found by testing their edges rather than building reversed
    /// ones.
    fn backward(&self, a: usize, within: u64) -> u64 {
        let mut seen = 1u64 << a;
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0u64;
            let mut candidates = within & !seen;
            while candidates != 0 {
                let b = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if self.succ[b] & frontier != 0 {
                    next |= 1 << b;
                }
            }
            frontier = next;
            seen |= next;
        }
        seen
    }

    /// A perfect matching of the cells to `digits`, greedy first, then by augmenting paths.
    fn match_all(&mut self, doms: &[u64], digits: u64) -> bool {
        let mut bits = digits;
        while bits != 0 {
            self.digit_cell[bits.trailing_zeros() as usize] = NONE;
            bits &= bits - 1;
        }
        let mut free = digits;
        let mut unmatched = 0u64;
        for (x, &m) in doms.iter().enumerate() {
            let options = m & free;
            if options == 0 {
                self.cell_digit[x] = NONE;
                unmatched |= 1 << x;
            } else {
                let v = options.trailing_zeros() as usize;
                free &= !(1 << v);
                self.cell_digit[x] = v as u8;
                self.digit_cell[v] = x as u8;
            }
        }
        while unmatched != 0 {
            let x = unmatched.trailing_zeros() as usize;
            unmatched &= unmatched - 1;
            if !self.augment(doms, x) {
                return false;
            }
        }
        true
    }

    /// Breadth-first search for an alternating path from unmatched cell `start` to a free
    /// digit; flips it if found.
    fn augment(&mut self, doms: &[u64], start: usize) -> bool {
        let mut seen = 0u64;
        let (mut head, mut tail) = (0usize, 1usize);
        self.queue[0] = start as u8;
        while head < tail {
            let x = self.queue[head] as usize;
            head += 1;
            let mut next = doms[x] & !seen;
            seen |= next;
            while next != 0 {
                let v = next.trailing_zeros() as usize;
                next &= next - 1;
                self.from[v] = x as u8;
                let owner = self.digit_cell[v];
                if owner == NONE {
                    let mut v = v;
                    loop {
                        let y = self.from[v] as usize;
                        let previous = self.cell_digit[y];
                        self.cell_digit[y] = v as u8;
                        self.digit_cell[v] = y as u8;
                        if y == start {
                            return true;
                        }
                        v = previous as usize;
                    }
                }
                self.queue[tail] = owner;
                tail += 1;
            }
        }
        // The cells reached take only the digits matched to the others of them.
        self.stuck = self.queue[..tail].iter().fold(0, |s, &c| s | 1 << c);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Candidates some assignment uses, by trying every assignment.
    fn brute(doms: &[u64]) -> Option<Vec<u64>> {
        fn go(doms: &[u64], i: usize, used: u64, pick: &mut Vec<u64>, out: &mut Vec<u64>) {
            if i == doms.len() {
                for (o, p) in out.iter_mut().zip(pick.iter()) {
                    *o |= p;
                }
                return;
            }
            let mut m = doms[i] & !used;
            while m != 0 {
                let b = m & m.wrapping_neg();
                m ^= b;
                pick.push(b);
                go(doms, i + 1, used | b, pick, out);
                pick.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        go(doms, 0, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    fn agrees_with_brute_force_on_random_units() {
        let mut rng = crate::engine::rng::Rng::new(7);
        let mut all = AllDiff::default();
        for _ in 0..20_000 {
            let k = 1 + rng.below(7);
            let density = 1 + rng.below(4);
            let doms: Vec<u64> = (0..k)
                .map(|_| {
                    let mut m = 0u64;
                    for v in 0..k + rng.below(2) {
                        if rng.below(density + 1) != 0 {
                            m |= 1 << v;
                        }
                    }
                    m
                })
                .collect();
            let mut got = doms.clone();
            let result = all.prune(&mut got);
            let digits = doms.iter().fold(0, |a, &m| a | m);
            let cells_of = |set: u64| (0..k).filter(move |&x| set >> x & 1 == 1);
            if result == Pruned::Infeasible {
                let stuck = all.deficient();
                let reach = cells_of(stuck).fold(0u64, |a, x| a | doms[x]);
                assert!(reach.count_ones() < stuck.count_ones(), "{doms:?}");
            }
            for x in 0..k {
                let mut removed = doms[x] & !got[x];
                while removed != 0 {
                    let b = removed.trailing_zeros() as usize;
                    removed &= removed - 1;
                    let (hall, cells) = all.hall(b);
                    assert!(hall >> b & 1 == 1 && cells >> x & 1 == 0, "{doms:?}");
                    assert_eq!(hall.count_ones(), cells.count_ones(), "{doms:?}");
                    assert!(cells_of(cells).all(|y| doms[y] & !hall == 0), "{doms:?}");
                }
            }
            match brute(&doms) {
                None if digits.count_ones() as usize > k => {
                    assert_eq!((result, &got), (Pruned::Unchanged, &doms), "{doms:?}")
                }
                None => assert_eq!(result, Pruned::Infeasible, "{doms:?}"),
                Some(want) if digits.count_ones() as usize == k => {
                    assert_eq!(got, want, "{doms:?}");
                    let expect = if want == doms {
                        Pruned::Unchanged
                    } else {
                        Pruned::Narrowed
                    };
                    assert_eq!(result, expect, "{doms:?}");
                }
                Some(_) => assert_eq!((result, &got), (Pruned::Unchanged, &doms), "{doms:?}"),
            }
        }
    }
}
