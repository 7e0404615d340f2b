//! The CNF of one puzzle reduced by its givens and what they force (Kwon and Jain's optimised encoding, then unit propagation).
//!
//! Only the placements left open get variables. First the givens: a digit given in a cell's
//! row, column or box, a forbidden pair and every digit of a given cell are fixed false, a given
//! placement fixed true. Then their consequences by propagation to a fixed point: a cell with
//! one candidate left (naked single) and a digit with one cell left in a row, column or box
//! (hidden single) are placed like givens, which rules out further candidates. Neither fixed
//! placements nor their clauses reach the solver: clauses they satisfy (a unit's "digit
//! somewhere" once the digit is placed there) are dropped, and fixed-false literals leave the
//! rest. Propagation is what the solver's own unit propagation would find on the givens' model
//! at its first step, so the solutions are the same; the solver decides everything else.

use super::{Clauses, Cnf, CnfOptions, Query, at_most_one};
use crate::engine::alldiff::{AllDiff, Pruned};
use crate::engine::grid::{Candidates, Layout, Size};

/// A puzzle's model over its open placements, with what the variables mean.
#[derive(Clone, Debug)]
pub struct Reduced {
    pub cnf: Cnf,
    /// Cell and digit (`1..=side`) of primary variable `i + 1`, for `i` below its length;
    /// auxiliary variables of the at-most-one encoding follow.
    pub placements: Vec<(u32, u8)>,
    /// Per cell the digit given or forced by propagation, `0` where the cell is open.
    pub fixed: Vec<u8>,
    /// Why the model is the empty clause, when the givens alone contradict the rules.
    pub contradiction: Option<&'static str>,
}

impl Reduced {
    fn contradicted(fixed: Vec<u8>, why: &'static str) -> Reduced {
        let mut cnf = Cnf::with_variables(0);
        cnf.add(&[]);
        Reduced {
            cnf,
            placements: Vec::new(),
            fixed,
            contradiction: Some(why),
        }
    }
}

/// The givens' digits per cell and per unit, or the first contradiction among them.
fn givens(query: &Query) -> (Vec<u8>, Vec<u64>, Option<&'static str>) {
    let size = query.grid.size();
    let layout = size.layout();
    let mut fixed = vec![0u8; size.cells()];
    let mut in_unit = vec![0u64; layout.units.len()];
    let mut why = None;
    for (cell, e) in query.grid.entries().iter().enumerate() {
        if let Some(d) = e.digit() {
            fixed[cell] = d.get();
            let bit = Candidates::single(d).0;
            for &u in &layout.units_of[cell] {
                if in_unit[u] & bit != 0 {
                    why = Some("two givens share a digit in a row, column or box");
                }
                in_unit[u] |= bit;
            }
        }
    }
    for &(p, d) in query.forbidden {
        if fixed[p.index(size)] == d.get() {
            why = Some("a given is a forbidden pair");
        }
    }
    (fixed, in_unit, why)
}

/// The open candidates of each cell: no digit of a given cell, none given in its units,
/// no forbidden pair.
fn candidates(query: &Query, fixed: &[u8], in_unit: &[u64]) -> Vec<u64> {
    let size = query.grid.size();
    let layout = size.layout();
    let all = Candidates::full(size.side()).0;
    let mut open: Vec<u64> = (0..size.cells())
        .map(|cell| {
            if fixed[cell] != 0 {
                return 0;
            }
            let [a, b, c] = layout.units_of[cell];
            all & !(in_unit[a] | in_unit[b] | in_unit[c])
        })
        .collect();
    for &(p, d) in query.forbidden {
        open[p.index(size)] &= !Candidates::single(d).0;
    }
    open
}

/// Places digit bit `bit` in `cell`: no candidate left there, none of it among the peers.
/// Fails when `bit` is no longer a candidate of `cell` (another placement took it).
fn place(layout: &Layout, board: &mut Board, cell: usize, bit: u64) -> Result<(), &'static str> {
    if board.open[cell] & bit == 0 {
        return Err("an open cell has no candidate left");
    }
    board.fixed[cell] = bit.trailing_zeros() as u8 + 1;
    board.open[cell] = 0;
    for &u in &layout.units_of[cell] {
        board.in_unit[u] |= bit;
    }
    for &p in &layout.peers[cell] {
        board.open[p] &= !bit;
    }
    board.forced += 1;
    Ok(())
}

/// The fixed cells, placed digits per unit and open candidates of a puzzle.
struct Board {
    fixed: Vec<u8>,
    in_unit: Vec<u64>,
    open: Vec<u64>,
    /// Cells placed by [`propagate`].
    forced: usize,
}

/// Places naked and hidden singles until none is left, or fails at the first cell or
/// unit digit without a place.
fn propagate(size: Size, board: &mut Board) -> Result<(), &'static str> {
    let layout = size.layout();
    let all = Candidates::full(size.side()).0;
    loop {
        let before = board.forced;
        for cell in 0..size.cells() {
            let m = board.open[cell];
            if board.fixed[cell] != 0 {
                continue;
            }
            if m == 0 {
                return Err("an open cell has no candidate left");
            }
            if m & (m - 1) == 0 {
                place(layout, board, cell, m)?;
            }
        }
        for (u, cells) in layout.units.iter().enumerate() {
            // Digits with at least one and with at least two open cells in the unit.
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in cells {
                twice |= once & board.open[c];
                once |= board.open[c];
            }
            if all & !board.in_unit[u] & !once != 0 {
                return Err("a digit has no open cell left in a unit");
            }
            let mut single = once & !twice;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single &= single - 1;
                let cell = cells.iter().copied().find(|&c| board.open[c] & bit != 0);
                // A placement in this loop may have taken the digit's last cell.
                let Some(cell) = cell else {
                    return Err("a digit has no open cell left in a unit");
                };
                place(layout, board, cell, bit)?;
            }
        }
        if board.forced == before {
            return Ok(());
        }
    }
}

/// Narrows the open candidates to those each unit's all-different rule (naked and hidden
/// subsets of every size) and the box/line interactions leave, with the singles that follow,
/// to a fixed point: the propagation search's own root deductions, which CDCL derives only
/// slowly (a Hall set is a pigeonhole argument, long in resolution).
fn prune(size: Size, board: &mut Board) -> Result<(), &'static str> {
    let layout = size.layout();
    let mut alldiff = AllDiff::default();
    let mut doms = Vec::with_capacity(size.side());
    loop {
        propagate(size, board)?;
        let mut changed = false;
        for cells in &layout.units {
            doms.clear();
            doms.extend(
                cells
                    .iter()
                    .filter(|&&c| board.fixed[c] == 0)
                    .map(|&c| board.open[c]),
            );
            match alldiff.prune(&mut doms) {
                Pruned::Infeasible => {
                    return Err("a unit's open cells cannot take its open digits");
                }
                Pruned::Unchanged => {}
                Pruned::Narrowed => {
                    changed = true;
                    let open = cells.iter().filter(|&&c| board.fixed[c] == 0);
                    for (&c, &m) in open.zip(&doms) {
                        board.open[c] = m;
                    }
                }
            }
        }
        changed |= box_line(layout, board);
        if !changed {
            return Ok(());
        }
    }
}

/// Pointing and claiming: a digit whose open cells in a box all lie in one line leaves the
/// rest of that line, and one whose open cells in a line all lie in one box leaves the rest of
/// that box. Whether anything changed.
fn box_line(layout: &Layout, board: &mut Board) -> bool {
    let side = layout.size.side();
    let mut changed = false;
    let mut clear = |board: &mut Board, cells: &mut dyn Iterator<Item = usize>, bits: u64| {
        for c in cells {
            if board.open[c] & bits != 0 {
                board.open[c] &= !bits;
                changed = true;
            }
        }
    };
    for bx in 0..side {
        let box_cells = &layout.units[2 * side + bx];
        // Each row crossing the box (unit index 0 of a cell), then each column (index 1).
        for kind in 0..2 {
            let mut lines: Vec<usize> = box_cells
                .iter()
                .map(|&c| layout.units_of[c][kind])
                .collect();
            lines.sort_unstable();
            lines.dedup();
            for line in lines {
                let in_line = |c: &usize| layout.units_of[*c][kind] == line;
                let union = |cells: &mut dyn Iterator<Item = &usize>| {
                    cells.fold(0u64, |a, &c| a | board.open[c])
                };
                let segment = union(&mut box_cells.iter().filter(|c| in_line(c)));
                let box_rest = union(&mut box_cells.iter().filter(|c| !in_line(c)));
                let line_cells = &layout.units[line];
                let in_box = |c: &usize| layout.units_of[*c][2] == 2 * side + bx;
                let line_rest = union(&mut line_cells.iter().filter(|c| !in_box(c)));
                let pointing = segment & !box_rest;
                let claiming = segment & !line_rest;
                if pointing != 0 {
                    let mut rest = line_cells.iter().copied().filter(|c| !in_box(c));
                    clear(board, &mut rest, pointing);
                }
                if claiming != 0 {
                    let mut rest = box_cells.iter().copied().filter(|c| !in_line(c));
                    clear(board, &mut rest, claiming);
                }
            }
        }
    }
    changed
}

/// The open placements of a query, numbered as the reduced model's variables.
pub(super) struct Open {
    /// Cell and digit (`1..=side`) of variable `i + 1`.
    pub placements: Vec<(u32, u8)>,
    /// Per cell the digit given or forced, `0` where the cell is open.
    pub fixed: Vec<u8>,
    /// Variable of each (cell, digit index), 0 for none.
    var_of: Vec<i32>,
    /// Per unit the digits given or forced there, as candidate bits.
    in_unit: Vec<u64>,
}

/// The open placements of a query after propagation, or the contradiction found on the way.
pub(super) fn open(query: &Query) -> Result<Open, (Vec<u8>, &'static str)> {
    open_with(query, false)
}

/// [`open`], after the singles also narrowed by [`prune`] when `pruned`.
fn open_with(query: &Query, pruned: bool) -> Result<Open, (Vec<u8>, &'static str)> {
    let size = query.grid.size();
    let side = size.side();
    let (fixed, in_unit, why) = givens(query);
    if let Some(why) = why {
        return Err((fixed, why));
    }
    let open = candidates(query, &fixed, &in_unit);
    let mut board = Board {
        fixed,
        in_unit,
        open,
        forced: 0,
    };
    let narrowed = if pruned {
        prune(size, &mut board)
    } else {
        propagate(size, &mut board)
    };
    if let Err(why) = narrowed {
        return Err((board.fixed, why));
    }
    let mut var_of = vec![0i32; size.cells() * side];
    let mut placements = Vec::new();
    for (cell, &bits) in board.open.iter().enumerate() {
        for d in (Candidates(bits)).iter() {
            placements.push((cell as u32, d.get()));
            var_of[cell * side + d.index()] = placements.len() as i32;
        }
    }
    Ok(Open {
        placements,
        fixed: board.fixed,
        var_of,
        in_unit: board.in_unit,
    })
}

/// The reduced model's clauses over the variables of `open`, into `out`: per open cell "some
/// candidate" and "at most one candidate", per unit and digit not placed there "some open cell"
/// and "at most one open cell". Stops at the first clause left empty, with its reason.
pub(super) fn clauses(
    query: &Query,
    open: &Open,
    options: &CnfOptions,
    out: &mut impl Clauses,
) -> Result<(), &'static str> {
    let size = query.grid.size();
    let side = size.side();
    let var_of = &open.var_of;
    let mut lits = Vec::with_capacity(side);
    for cell in (0..size.cells()).filter(|&c| open.fixed[c] == 0) {
        lits.clear();
        lits.extend(
            var_of[cell * side..(cell + 1) * side]
                .iter()
                .filter(|&&v| v != 0),
        );
        if lits.is_empty() {
            return Err("an open cell has no candidate left");
        }
        out.add(&lits);
        at_most_one(out, &lits, options.at_most_one);
    }
    for (u, cells) in size.layout().units.iter().enumerate() {
        for d in (Candidates(Candidates::full(side).0 & !open.in_unit[u])).iter() {
            lits.clear();
            lits.extend(
                cells
                    .iter()
                    .map(|&c| var_of[c * side + d.index()])
                    .filter(|&v| v != 0),
            );
            if lits.is_empty() {
                return Err("a digit has no open cell left in a unit");
            }
            out.add(&lits);
            at_most_one(out, &lits, options.at_most_one);
        }
    }
    Ok(())
}

/// The reduced model of a query, as [`clauses`] builds it.
pub fn reduced(query: &Query, options: &CnfOptions) -> Reduced {
    reduced_with(query, options, false)
}

/// The reduced model of a query over the candidates [`prune`] leaves: fewer variables, the
/// same solutions.
pub fn pruned(query: &Query, options: &CnfOptions) -> Reduced {
    reduced_with(query, options, true)
}

fn reduced_with(query: &Query, options: &CnfOptions, pruned: bool) -> Reduced {
    let open = match open_with(query, pruned) {
        Ok(open) => open,
        Err((fixed, why)) => return Reduced::contradicted(fixed, why),
    };
    let mut cnf = Cnf::with_variables(open.placements.len() as u32);
    if let Err(why) = clauses(query, &open, options, &mut cnf) {
        return Reduced::contradicted(open.fixed, why);
    }
    Reduced {
        cnf,
        placements: open.placements,
        fixed: open.fixed,
        contradiction: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::parse_line;
    use crate::engine::formulation::sat::{AtMostOne, cnf};
    use crate::engine::grid::{Digit, Pos};
    use varisat::{ExtendFormula, Lit, Solver};

    /// Every solution (up to `limit`), blocking each on its true variables below `primary`.
    fn solutions(
        cnf: &Cnf,
        primary: usize,
        limit: usize,
        decode: impl Fn(&[Lit]) -> Vec<u8>,
    ) -> Vec<Vec<u8>> {
        let mut solver = Solver::new();
        for c in cnf.clauses() {
            let c: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
            solver.add_clause(&c);
        }
        let mut found = Vec::new();
        while found.len() < limit && solver.solve().unwrap() {
            let model = solver.model().unwrap();
            found.push(decode(&model));
            let block: Vec<Lit> = model
                .iter()
                .filter(|l| l.is_positive() && l.index() < primary)
                .map(|&l| !l)
                .collect();
            solver.add_clause(&block);
        }
        found.sort();
        found
    }

    const EASY: &str =
        ".52...6.9..45....77....8.5.8..9.3..6...67.....1....4...3..2......9.....52.1..6...";
    const HARD: &str =
        ".3189.4......3.8....4.........2....65......3..8..6.....974.83.......57.4.1......8";

    /// The reduced model has the full model's solutions, restricted to the open placements,
    /// and no more.
    #[test]
    fn reduced_and_full_models_agree() {
        let cases = [
            ("1", vec![]),
            (".", vec![]),
            ("12..34..........", vec![]),
            ("1..2............", vec![]),
            ("1.......2.......", vec![]),
            ("1...............", vec![(Pos::new(1, 1), 2)]),
            ("1...............", vec![(Pos::new(0, 0), 1)]),
            ("11..............", vec![]),
            ("123.............", vec![(Pos::new(0, 3), 4)]),
            ("................", vec![]),
            // Singles place every open cell (HoDoKu easy).
            (EASY, vec![]),
            // Singles leave a model to search (HoDoKu extreme).
            (HARD, vec![]),
            // Forbidding the easy puzzle's first open cell's digit: no solution, which only
            // propagation reveals.
            (EASY, vec![(Pos::new(0, 0), 3)]),
            // Propagation meets the forbidden pair too: the cell's other candidates remain.
            (HARD, vec![(Pos::new(0, 0), 2)]),
        ];
        for (line, forbidden) in cases {
            let grid = parse_line(line).unwrap();
            let size = grid.size();
            let side = size.side();
            let forbidden: Vec<(Pos, Digit)> = forbidden
                .into_iter()
                .map(|(p, d)| (p, Digit::new(d, side).unwrap()))
                .collect();
            let query = Query {
                grid: &grid,
                forbidden: &forbidden,
                hint: None,
            };
            for enc in [AtMostOne::Pairwise, AtMostOne::Sequential] {
                let options = CnfOptions { at_most_one: enc };
                let full = cnf(&query, &options);
                let primary = size.cells() * side;
                let expected = solutions(&full, primary, 1000, |m| {
                    let mut v = vec![0u8; size.cells()];
                    for l in m.iter().filter(|l| l.is_positive() && l.index() < primary) {
                        v[l.index() / side] = (l.index() % side + 1) as u8;
                    }
                    v
                });
                for r in [reduced(&query, &options), pruned(&query, &options)] {
                    let found = solutions(&r.cnf, r.placements.len(), 1000, |m| {
                        let mut v = r.fixed.clone();
                        for l in m.iter().filter(|l| l.is_positive()) {
                            if let Some(&(cell, d)) = r.placements.get(l.index()) {
                                v[cell as usize] = d;
                            }
                        }
                        v
                    });
                    assert_eq!(found, expected, "{line} {forbidden:?} {enc:?}");
                    assert_eq!(
                        r.contradiction.is_some(),
                        r.cnf.variables() == 0 && !r.cnf.is_empty()
                    );
                    assert!(r.placements.len() <= primary - grid.given_count() * side);
                    // Every forced cell holds the digit of every solution.
                    for v in &expected {
                        assert!(r.fixed.iter().zip(v).all(|(&f, &d)| f == 0 || f == d));
                    }
                }
            }
        }
    }

    /// Naked singles and hidden singles are both placed, and nothing else: the easy puzzle's
    /// model vanishes, the hard one keeps open cells of two candidates or more, each unit's
    /// unplaced digits in two open cells or more.
    #[test]
    fn propagation_places_the_singles() {
        let options = CnfOptions::for_size(parse_line(EASY).unwrap().size());
        let easy = parse_line(EASY).unwrap();
        let r = reduced(&Query::new(&easy), &options);
        assert!(r.contradiction.is_none());
        assert!(r.fixed.iter().all(|&d| d != 0));
        assert_eq!((r.cnf.variables(), r.cnf.len()), (0, 0));
        // A hidden single only: in the first row of this 4x4 grid, digit 1 fits only the last
        // cell, which keeps all four candidates.
        let hidden = parse_line("....1.....1.....").unwrap();
        let r = reduced(&Query::new(&hidden), &options_4());
        assert_eq!(r.fixed[3], 1);
        let hard = parse_line(HARD).unwrap();
        let r = reduced(&Query::new(&hard), &options);
        let size = hard.size();
        let side = size.side();
        assert!(r.fixed.iter().filter(|&&d| d == 0).count() > 0);
        let mut per_cell = vec![0; size.cells()];
        let mut per_unit_digit = vec![0; 3 * side * side];
        for &(cell, d) in &r.placements {
            let cell = cell as usize;
            assert_eq!(r.fixed[cell], 0);
            per_cell[cell] += 1;
            for &u in &size.layout().units_of[cell] {
                per_unit_digit[u * side + d as usize - 1] += 1;
            }
        }
        assert!((0..size.cells()).all(|c| (r.fixed[c] == 0) == (per_cell[c] >= 2)));
        assert!(per_unit_digit.iter().all(|&n| n == 0 || n >= 2));
    }

    /// Pruning only narrows: the pruned model's placements are some of the reduced model's,
    /// and on the hard puzzle (singles stall there) the subset and box/line rules take some.
    #[test]
    fn pruning_narrows_the_candidates_singles_leave() {
        let hard = parse_line(HARD).unwrap();
        let options = CnfOptions::for_size(hard.size());
        let query = Query::new(&hard);
        let (wide, narrow) = (reduced(&query, &options), pruned(&query, &options));
        assert!(narrow.contradiction.is_none());
        assert!(
            narrow
                .placements
                .iter()
                .all(|p| wide.placements.contains(p))
        );
        assert!(narrow.placements.len() < wide.placements.len());
    }

    fn options_4() -> CnfOptions {
        CnfOptions::for_size(parse_line("................").unwrap().size())
    }
}
