//! Exact cover: Algorithm X with Dancing Links over index-linked vectors.
//!
//! Rows are `(cell, digit)` placements and columns the four constraint families (cell filled,
//! digit once per row, per column, per box), so a solution is a set of rows covering every
//! column exactly once. Links are `u32` indices into flat vectors rather than pointers, which
//! keeps the code safe and the nodes compact (five words each).

use super::{Query, Stats};
use crate::engine::grid::{Pos, Size};
use crate::engine::search::{Flow, Halt, Limits, Sink};

/// Largest box size accepted: every size. The matrix of an empty 49x49 grid (117,649 rows)
/// gives its two solutions quickly; minimal 25x25 puzzles (gecode set) did not finish within
/// the limit BENCHMARKS.md sets, which is a matter of the puzzle, not the size.
pub(super) const MAX_BOX: usize = 7;

/// The sparse 0/1 matrix. Index 0 is the root; `1..=columns` are column headers; the rest are
/// row nodes, four per row, stored consecutively so a row is walked by index.
struct Matrix {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// Column header of each node (headers point to themselves).
    column: Vec<u32>,
    /// Row number of each row node.
    row: Vec<u32>,
    /// Live nodes per column, indexed by header.
    len: Vec<u32>,
    /// `(cell, digit index)` of each row.
    placement: Vec<(u32, u8)>,
}

const ROOT: u32 = 0;

impl Matrix {
    fn new(columns: usize) -> Matrix {
        let headers = columns + 1;
        let mut m = Matrix {
            left: (0..headers as u32)
                .map(|i| if i == 0 { columns as u32 } else { i - 1 })
                .collect(),
            right: (0..headers as u32)
                .map(|i| if i as usize == columns { 0 } else { i + 1 })
                .collect(),
            up: (0..headers as u32).collect(),
            down: (0..headers as u32).collect(),
            column: (0..headers as u32).collect(),
            row: vec![u32::MAX; headers],
            len: vec![0; headers],
            placement: Vec::new(),
        };
        if columns == 0 {
            m.left[0] = 0;
            m.right[0] = 0;
        }
        m
    }

    fn columns(&self) -> usize {
        self.len.len() - 1
    }

    /// Appends a row covering `cols` (0-based column numbers).
    fn add_row(&mut self, cell: usize, digit: usize, cols: [usize; 4]) {
        let row = self.placement.len() as u32;
        self.placement.push((cell as u32, digit as u8));
        let first = self.left.len() as u32;
        let k = cols.len() as u32;
        for (i, &c) in cols.iter().enumerate() {
            let node = first + i as u32;
            let head = c as u32 + 1;
            let last = self.up[head as usize];
            self.left
                .push(if i == 0 { first + k - 1 } else { node - 1 });
            self.right
                .push(if i as u32 == k - 1 { first } else { node + 1 });
            self.up.push(last);
            self.down.push(head);
            self.column.push(head);
            self.row.push(row);
            self.down[last as usize] = node;
            self.up[head as usize] = node;
            self.len[head as usize] += 1;
        }
    }

    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let ju = j as usize;
                let (u, d) = (self.up[ju], self.down[ju]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.len[self.column[ju] as usize] -= 1;
                j = self.right[ju];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                let ju = j as usize;
                self.len[self.column[ju] as usize] += 1;
                let (u, d) = (self.up[ju], self.down[ju]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                j = self.left[ju];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// Covers the other columns of the row holding `node` (its own column is already covered).
    fn select(&mut self, node: u32) {
        let mut j = self.right[node as usize];
        while j != node {
            self.cover(self.column[j as usize]);
            j = self.right[j as usize];
        }
    }

    fn deselect(&mut self, node: u32) {
        let mut j = self.left[node as usize];
        while j != node {
            self.uncover(self.column[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// The live column with the fewest rows, or `None` when every column is covered.
    fn choose(&self) -> Option<u32> {
        let mut best = None;
        let mut best_len = u32::MAX;
        let mut c = self.right[ROOT as usize];
        while c != ROOT {
            let l = self.len[c as usize];
            if l < best_len {
                best = Some(c);
                best_len = l;
                if l <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }
}

/// Column numbers of placing digit index `d` at `cell`: cell, row-digit, column-digit, box-digit.
fn columns_of(size: Size, cell: usize, d: usize) -> [usize; 4] {
    let side = size.side();
    let cells = size.cells();
    let p = Pos::from_index(cell, size);
    [
        cell,
        cells + p.row * side + d,
        2 * cells + p.col * side + d,
        3 * cells + p.box_index(size) * side + d,
    ]
}

/// What the recursion tells its caller.
enum Control {
    Continue,
    Halt(Halt),
}

struct Search<'a> {
    m: Matrix,
    values: Vec<u8>,
    nodes: u64,
    guesses: u64,
    limits: &'a Limits,
    sink: &'a mut dyn Sink,
}

impl Search<'_> {
    fn run(&mut self) -> Control {
        if let Some(h) = self.limits.reached(self.nodes) {
            return Control::Halt(h);
        }
        self.nodes += 1;
        let Some(c) = self.m.choose() else {
            return match self.sink.solution(&self.values) {
                Flow::Continue => Control::Continue,
                Flow::Stop => Control::Halt(Halt::Sink),
            };
        };
        if self.m.len[c as usize] == 0 {
            return Control::Continue;
        }
        if self.m.len[c as usize] > 1 {
            self.guesses += 1;
        }
        self.m.cover(c);
        let mut r = self.m.down[c as usize];
        let mut control = Control::Continue;
        while r != c {
            let (cell, d) = self.m.placement[self.m.row[r as usize] as usize];
            self.values[cell as usize] = d + 1;
            self.m.select(r);
            control = self.run();
            self.m.deselect(r);
            if matches!(control, Control::Halt(_)) {
                break;
            }
            r = self.m.down[r as usize];
        }
        self.m.uncover(c);
        control
    }
}

pub(super) fn run(query: &Query, limits: &Limits, sink: &mut dyn Sink) -> Stats {
    let size = query.grid.size();
    let (cells, side) = (size.cells(), size.side());
    let mut forbidden = vec![false; cells * side];
    for &(p, d) in query.forbidden {
        forbidden[p.index(size) * side + d.index()] = true;
    }
    let mut m = Matrix::new(4 * cells);
    let nodes = m.left.len() + 4 * cells * side;
    for v in [
        &mut m.left,
        &mut m.right,
        &mut m.up,
        &mut m.down,
        &mut m.column,
        &mut m.row,
    ] {
        v.reserve(nodes);
    }
    m.placement.reserve(cells * side);
    // First node of each (cell, digit) row, for selecting the givens.
    let mut first_node = vec![u32::MAX; cells * side];
    for cell in 0..cells {
        for d in 0..side {
            if !forbidden[cell * side + d] {
                first_node[cell * side + d] = m.left.len() as u32;
                m.add_row(cell, d, columns_of(size, cell, d));
            }
        }
    }
    let mut stats = Stats {
        variables: Some(m.placement.len() as u64),
        constraints: Some(m.columns() as u64),
        ..Stats::default()
    };
    let mut values = vec![0u8; cells];
    // Givens select their rows up front; a given whose row is missing or clashes with an
    // earlier given (one of its columns already covered) leaves no solution.
    let mut covered = vec![false; 4 * cells];
    for (cell, e) in query.grid.entries().iter().enumerate() {
        let Some(d) = e.digit() else { continue };
        let node = first_node[cell * side + d.index()];
        let cols = columns_of(size, cell, d.index());
        if node == u32::MAX || cols.iter().any(|&c| covered[c]) {
            stats.nodes = Some(0);
            stats.guesses = Some(0);
            stats.halt = Some(Halt::Exhausted);
            return stats;
        }
        for c in cols {
            covered[c] = true;
        }
        m.cover(m.column[node as usize]);
        m.select(node);
        values[cell] = d.get();
    }
    let mut search = Search {
        m,
        values,
        nodes: 0,
        guesses: 0,
        limits,
        sink,
    };
    let halt = match search.run() {
        Control::Continue => Halt::Exhausted,
        Control::Halt(h) => h,
    };
    stats.nodes = Some(search.nodes);
    stats.guesses = Some(search.guesses);
    stats.halt = Some(halt);
    stats
}
