//! The referee of the count tests: plain backtracking over row, column and box bitmasks,
//! sharing nothing with the engine but the grid's values.

/// Solutions of `values` (row-major, 0 blank, box size `n`) counted up to `cap`.
pub fn brute_force_count(n: usize, values: &[u8], cap: u64) -> u64 {
    let side = n * n;
    let box_of = |r: usize, c: usize| (r / n) * n + c / n;
    let mut st = State {
        n,
        cells: values.to_vec(),
        rows: vec![0; side],
        cols: vec![0; side],
        boxes: vec![0; side],
    };
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            let (r, c, bit) = (i / side, i % side, 1u64 << v);
            if (st.rows[r] | st.cols[c] | st.boxes[box_of(r, c)]) & bit != 0 {
                return 0;
            }
            st.rows[r] |= bit;
            st.cols[c] |= bit;
            st.boxes[box_of(r, c)] |= bit;
        }
    }
    let mut found = 0;
    st.go(cap, &mut found);
    found
}

struct State {
    n: usize,
    cells: Vec<u8>,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
}

impl State {
    fn go(&mut self, cap: u64, found: &mut u64) {
        let (n, side) = (self.n, self.n * self.n);
        // The empty cell with the fewest legal digits.
        let mut best: Option<(usize, u64)> = None;
        for i in 0..side * side {
            if self.cells[i] != 0 {
                continue;
            }
            let (r, c) = (i / side, i % side);
            let used = self.rows[r] | self.cols[c] | self.boxes[(r / n) * n + c / n];
            let free: u64 = (1..=side as u64)
                .map(|d| 1u64 << d)
                .filter(|b| used & b == 0)
                .sum();
            if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                best = Some((i, free));
            }
        }
        let Some((i, free)) = best else {
            *found += 1;
            return;
        };
        let (r, c) = (i / side, i % side);
        let b = (r / n) * n + c / n;
        for d in 1..=side {
            let bit = 1u64 << d;
            if free & bit == 0 || *found >= cap {
                continue;
            }
            self.cells[i] = d as u8;
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
            self.go(cap, found);
            self.cells[i] = 0;
            self.rows[r] &= !bit;
            self.cols[c] &= !bit;
            self.boxes[b] &= !bit;
        }
    }
}
