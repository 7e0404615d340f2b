//! Group nodes for grouped chains: every candidate of a digit where a line crosses a box, when
//! there are at least two. As a chain node a group is true when one of its cells holds the
//! digit: it sees what all its cells see, and it is strongly linked to what remains of the
//! digit in its line or box when that remainder is one cell or one other group.

use super::Marks;

/// A group: its digit (index), cells, and units (its line and box, layout unit indices).
pub(super) struct Group {
    pub digit: usize,
    pub cells: Vec<usize>,
    pub units: [usize; 2],
}

/// Every group of the state, rows then columns, and a lookup by line, box and digit.
pub(super) struct Groups {
    pub list: Vec<Group>,
    /// `(line * side + box) * side + digit` to the group's index, `u32::MAX` for none.
    index: Vec<u32>,
    side: usize,
}

impl Groups {
    pub fn collect(m: &Marks) -> Groups {
        let (side, n) = (m.side(), m.size().box_size());
        let mut list = Vec::new();
        let mut index = vec![u32::MAX; 2 * side * side * side];
        for line in 0..2 * side {
            for d in 0..side {
                let places = m.places(line, d);
                for k in 0..n {
                    let slots = places & ((1u64 << n) - 1) << (k * n);
                    if slots.count_ones() < 2 {
                        continue;
                    }
                    let cells: Vec<usize> = (0..side)
                        .filter(|&s| slots >> s & 1 == 1)
                        .map(|s| m.cell_at(line, s))
                        .collect();
                    let boxed = m.layout().units_of[cells[0]][2];
                    index[(line * side + boxed - 2 * side) * side + d] = list.len() as u32;
                    list.push(Group {
                        digit: d,
                        cells,
                        units: [line, boxed],
                    });
                }
            }
        }
        Groups { list, index, side }
    }

    /// The group of `d` where `line` crosses box unit `boxed`, if any.
    pub fn at(&self, line: usize, boxed: usize, d: usize) -> Option<usize> {
        let side = self.side;
        let i = self.index[(line * side + boxed - 2 * side) * side + d];
        (i != u32::MAX).then_some(i as usize)
    }

    /// Groups of `d` in unit `u`: the line's groups for a line, the box's row and column
    /// groups for a box.
    pub fn in_unit<'a>(
        &'a self,
        m: &'a Marks,
        u: usize,
        d: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        let (side, n) = (self.side, m.size().box_size());
        (0..n).flat_map(move |k| {
            let pairs: [(usize, usize); 2] = if u < 2 * side {
                // Boxes crossing the line.
                let b = if u < side {
                    (u / n) * n + k
                } else {
                    k * n + (u - side) / n
                };
                [(u, 2 * side + b), (usize::MAX, 0)]
            } else {
                let b = u - 2 * side;
                [(b / n * n + k, u), (side + b % n * n + k, u)]
            };
            pairs
                .into_iter()
                .filter(|&(line, _)| line != usize::MAX)
                .filter_map(move |(line, boxed)| self.at(line, boxed, d))
        })
    }

    /// The group that `rest` (cells of `d` in unit `u`, at least two) makes up exactly.
    pub fn exactly(&self, m: &Marks, u: usize, d: usize, rest: &[usize]) -> Option<usize> {
        let layout = m.layout();
        let first = layout.units_of[rest[0]];
        let boxed = first[2];
        let line = if u < 2 * self.side {
            u
        } else if rest.iter().all(|&c| layout.units_of[c][0] == first[0]) {
            first[0]
        } else {
            first[1]
        };
        let g = self.at(line, boxed, d)?;
        (self.list[g].cells == rest).then_some(g)
    }
}
