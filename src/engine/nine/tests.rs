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
