//! Propagation over the model's rows, at the root (presolve) and at every branch-and-bound node.
//!
//! Every row of the model says "exactly one of these": a variable at 1 sets the others of its
//! cell, row, column and box rows to 0, and a row left with one open variable sets it to 1.
//! The LP relaxation implies each of these fixings, so they cut no LP point off; what they save
//! is an LP solve where they find a row with no way left, and the root model shrinks by the
//! variables they fix before the LP is built. (No-good cuts live in the LP only.)

/// Open, or fixed at 0 or 1.
const OPEN: i8 = -1;

/// The rows as lists of variables, and the rows each variable is in.
pub(super) struct Rows {
    members: Vec<Vec<u32>>,
    of_var: Vec<Vec<u32>>,
}

/// A row has no way left to be met.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Conflict;

/// The variables' values and each row's count of ones and open variables: what one node
/// knows, cloned at branch points.
#[derive(Clone, Debug)]
pub(super) struct State {
    value: Vec<i8>,
    ones: Vec<u32>,
    open: Vec<u32>,
    /// Variables fixed by propagation rather than by a branching decision.
    pub(super) propagated: u64,
}

impl Rows {
    pub(super) fn new<'a>(variables: usize, rows: impl Iterator<Item = &'a [u32]>) -> Rows {
        let mut r = Rows {
            members: Vec::new(),
            of_var: vec![Vec::new(); variables],
        };
        for members in rows {
            r.push(members.to_vec());
        }
        r
    }

    fn push(&mut self, members: Vec<u32>) {
        let row = self.members.len() as u32;
        for &x in &members {
            self.of_var[x as usize].push(row);
        }
        self.members.push(members);
    }
}

impl State {
    /// Every variable open; see [`State::presolve`].
    pub(super) fn new(rows: &Rows) -> State {
        State {
            value: vec![OPEN; rows.of_var.len()],
            ones: vec![0; rows.members.len()],
            open: rows.members.iter().map(|m| m.len() as u32).collect(),
            propagated: 0,
        }
    }

    /// Fixes what the rows force before any branching.
    pub(super) fn presolve(&mut self, rows: &Rows) -> Result<(), Conflict> {
        let mut queue = Vec::new();
        for row in 0..rows.members.len() {
            self.check(rows, row, &mut queue)?;
        }
        self.drain(rows, &mut queue)
    }

    /// `Some(value)` of a fixed variable.
    pub(super) fn fixed(&self, x: u32) -> Option<bool> {
        match self.value[x as usize] {
            OPEN => None,
            v => Some(v == 1),
        }
    }

    /// Open variables left in the tightest model row holding `x`: the branching rule's measure.
    pub(super) fn tightest_row(&self, rows: &Rows, x: u32) -> u32 {
        rows.of_var[x as usize]
            .iter()
            .map(|&r| self.open[r as usize])
            .min()
            .unwrap_or(u32::MAX)
    }

    /// A branching decision and all it implies.
    pub(super) fn decide(&mut self, rows: &Rows, x: u32, one: bool) -> Result<(), Conflict> {
        let open = self.value[x as usize] == OPEN;
        let mut queue = Vec::new();
        self.set(x, one, &mut queue)?;
        // `set` counted the decision itself.
        self.propagated -= u64::from(open);
        self.drain(rows, &mut queue)
    }

    fn set(&mut self, x: u32, one: bool, queue: &mut Vec<u32>) -> Result<(), Conflict> {
        let v = i8::from(one);
        match self.value[x as usize] {
            OPEN => {
                self.value[x as usize] = v;
                self.propagated += 1;
                queue.push(x);
                Ok(())
            }
            w if w == v => Ok(()),
            _ => Err(Conflict),
        }
    }

    fn drain(&mut self, rows: &Rows, queue: &mut Vec<u32>) -> Result<(), Conflict> {
        while let Some(x) = queue.pop() {
            let one = self.value[x as usize] == 1;
            for &r in &rows.of_var[x as usize] {
                let r = r as usize;
                self.open[r] -= 1;
                self.ones[r] += u32::from(one);
                self.check(rows, r, queue)?;
            }
        }
        Ok(())
    }

    /// What row `r` forces now, queued.
    fn check(&mut self, rows: &Rows, r: usize, queue: &mut Vec<u32>) -> Result<(), Conflict> {
        let (ones, open) = (self.ones[r], self.open[r]);
        let members = &rows.members[r];
        // The value the open members must take, if any is forced.
        let forced = match (ones, open) {
            (0, 0) => return Err(Conflict),
            (0, 1) => Some(true),
            (1, o) if o > 0 => Some(false),
            (1, _) | (0, _) => None,
            _ => return Err(Conflict),
        };
        if let Some(one) = forced {
            for &y in members {
                if self.value[y as usize] == OPEN {
                    self.set(y, one, queue)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two cells a, b and two digits: x0 = a1, x1 = a2, x2 = b1, x3 = b2, and the rows of a
    /// 1x2 strip: each cell one digit, each digit once.
    fn strip() -> Rows {
        let rows: [&[u32]; 4] = [&[0, 1], &[2, 3], &[0, 2], &[1, 3]];
        Rows::new(4, rows.into_iter())
    }

    #[test]
    fn one_decision_settles_the_strip() {
        let rows = strip();
        let mut s = State::new(&rows);
        s.presolve(&rows).unwrap();
        assert_eq!(s.fixed(0), None);
        s.decide(&rows, 0, true).unwrap();
        assert_eq!(
            (0..4).map(|x| s.fixed(x)).collect::<Vec<_>>(),
            [Some(true), Some(false), Some(false), Some(true)]
        );
        assert_eq!(s.propagated, 3);
    }

    #[test]
    fn a_row_with_one_variable_is_fixed_by_presolve_and_two_ones_conflict() {
        let rows: [&[u32]; 2] = [&[0], &[0, 1]];
        let rows = Rows::new(2, rows.into_iter());
        let mut s = State::new(&rows);
        s.presolve(&rows).unwrap();
        assert_eq!((s.fixed(0), s.fixed(1)), (Some(true), Some(false)));
        assert_eq!(s.clone().decide(&rows, 1, true), Err(Conflict));
        let strip = strip();
        let mut s = State::new(&strip);
        s.decide(&strip, 0, true).unwrap();
        assert_eq!(s.decide(&strip, 3, false), Err(Conflict));
    }
}
