//! Texts that read both as several small puzzles and as one larger grid.

/// Sixteen lines of sixteen cells, each a 4x4 puzzle by itself (one digit 1-4), which together
/// are the rows of a 16x16 grid without a clash (the digits sit in distinct columns).
pub fn sixteen_4x4_looking_rows() -> Vec<String> {
    (0..16)
        .map(|r| {
            let mut row = vec!['.'; 16];
            row[(5 * r) % 16] = char::from(b'1' + (r % 4) as u8);
            row.into_iter().collect()
        })
        .collect()
}
