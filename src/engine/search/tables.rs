//! Compact neighbour tables for the search's hot loops: each cell's peers as `u16` in one flat
//! array with a fixed stride, a quarter of the layout's `usize` lists, so that on 36x36 and
//! 49x49 grids the peer walks of propagation and branching stay in cache.

use crate::engine::grid::{MAX_BOX, Size};
use std::sync::OnceLock;

/// Every cell's peers, in the layout's order, `stride` to a cell.
pub(super) struct Peers {
    stride: usize,
    cells: Vec<u16>,
}

impl Peers {
    /// The table of `size`, built once per size and shared.
    pub(super) fn of_size(size: Size) -> &'static Peers {
        static TABLES: [OnceLock<Peers>; MAX_BOX as usize + 1] =
            [const { OnceLock::new() }; MAX_BOX as usize + 1];
        TABLES[size.box_size()].get_or_init(|| Peers::new(size))
    }

    fn new(size: Size) -> Peers {
        let layout = size.layout();
        let stride = layout.peers.first().map_or(0, Vec::len);
        let mut cells = Vec::with_capacity(stride * size.cells());
        for peers in &layout.peers {
            debug_assert_eq!(peers.len(), stride);
            cells.extend(peers.iter().map(|&p| p as u16));
        }
        Peers { stride, cells }
    }

    /// The peers of `cell`.
    #[inline]
    pub(super) fn of(&self, cell: usize) -> &[u16] {
        &self.cells[cell * self.stride..(cell + 1) * self.stride]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_match_the_layout() {
        for n in 1..=MAX_BOX as usize {
            let size = Size::new(n).unwrap();
            let (layout, table) = (size.layout(), Peers::of_size(size));
            for cell in 0..size.cells() {
                let got: Vec<usize> = table.of(cell).iter().map(|&p| p as usize).collect();
                assert_eq!(got, layout.peers[cell], "{n}: cell {cell}");
            }
        }
    }
}
