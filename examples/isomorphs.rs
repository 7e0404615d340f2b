//! Writes a random isomorph of each puzzle of a file (one puzzle a line): held-out inputs for
//! benchmarks, as hard as the originals but new to a solver's order of work.
//!
//! `cargo run --release --example isomorphs -- SEED FILE OUT_DIR`
//!
//! Line `k` (from 0) becomes `OUT_DIR/iso-KK.txt`, one numeric puzzle, drawn with the seed
//! `SEED + k`.

use sudoku_lab::engine::format::{parse, write_numeric};
use sudoku_lab::engine::generate::isomorph;
use sudoku_lab::engine::rng::Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: isomorphs SEED FILE OUT_DIR";
    let seed: u64 = args.next().expect(usage).parse().expect("a numeric seed");
    let file = args.next().expect(usage);
    let out = args.next().expect(usage);
    std::fs::create_dir_all(&out).expect("an output directory");
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let lines = text.lines().filter(|l| !l.trim().is_empty());
    for (k, line) in lines.enumerate() {
        let puzzle = parse(line).expect("a puzzle").puzzle;
        let image = isomorph(&puzzle, &mut Rng::new(seed + k as u64));
        let path = format!("{out}/iso-{k:02}.txt");
        std::fs::write(&path, write_numeric(&image) + "\n").expect("a writable file");
    }
}
