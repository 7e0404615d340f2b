//! Unit checks of the 9x9 fast path's lookup tables.

use super::*;

#[test]
fn peers_are_twenty_per_cell() {
    assert!(PEERS.iter().all(|m| m.count_ones() == 20));
}

#[test]
fn lone_box_columns_are_found() {
    assert_eq!(ALONE[0b001_010_100] & 0x1FF, 0b001_010_100);
    assert_eq!(ALONE[0b011_010_100] & 0x1FF, 0b000_010_100);
    assert_eq!(MATCHED[0b001_010_100], 0b001_010_100);
    assert_eq!(MATCHED[0b001_001_111], 0);
    assert_eq!(MATCHED[0b011_011_111], 0b011_011_100);
}

#[test]
fn coverage_counts_each_cell_s_planes() {
    let mut rng = crate::engine::rng::Rng::new(7);
    for _ in 0..200 {
        let planes: [Plane; 9] = std::array::from_fn(|_| {
            (Plane::from(rng.next_u64()) << 64 | Plane::from(rng.next_u64())) & CELLS
        });
        let [once, twice, thrice] = coverage(&planes);
        for p in 0..81 {
            let n = planes.iter().filter(|&&m| m >> p & 1 == 1).count();
            assert_eq!(once >> p & 1 == 1, n >= 1);
            assert_eq!(twice >> p & 1 == 1, n >= 2);
            assert_eq!(thrice >> p & 1 == 1, n >= 3);
        }
    }
}

#[test]
fn for_cells_visits_every_cell_in_order() {
    let cells: Plane = 1 | 1 << 5 | 1 << 63 | 1 << 64 | 1 << 80;
    let mut seen = Vec::new();
    for_cells(cells, |p| seen.push(p));
    assert_eq!(seen, [0, 5, 63, 64, 80]);
}
