//! Pencil-mark state: every cell's digit or candidates, with per-unit digit positions as bitsets.
//!
//! # Text form
//! One token per cell, row-major, separated by any whitespace (the writer puts one row per
//! line); the cell count gives the size. A token is
//! - `5`: a given (a clue of the puzzle);
//! - `+5`: a digit placed while solving;
//! - `(1-3,7,12)`: an empty cell and its candidates, as digits and ranges separated by
//!   commas; `()` is an empty cell with no candidate left.
//!
//! Lines starting with `#` are comments. Candidates a filled peer rules out are dropped on
//! reading (they are never candidates), so every state this module writes reads back equal.
//!
//! # HoDoKu's library line (9x9 only)
//! `:<code>:<digits>:<cells>:<deleted>:<eliminations>:<placements>:<extra>`, where `<cells>`
//! is 81 characters (`.` or `0` empty, a digit a given, `+` before a digit a placed one) and
//! `<deleted>` lists `drc` items separated by spaces: candidates removed although no filled
//! peer rules them out. The fields after `<cells>` are optional on reading; a line of 81
//! cells alone also reads. Writing gives `:0000:x:<cells>:<deleted>::` as HoDoKu does for a
//! state with no step.

use crate::engine::grid::{Candidates, Digit, Entry, Grid, Layout, Pos, Size};
use std::fmt;

mod error;
mod library;
pub use error::MarksError;
pub use library::is_hodoku_code;

/// Candidates and digits of every cell, kept in step with per-unit position masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marks {
    size: Size,
    values: Vec<u8>,
    given: Vec<bool>,
    cands: Vec<u64>,
    /// `places[unit * side + digit]`: bit `i` set when the unit's `i`-th cell is empty and
    /// has the digit as a candidate. Rows index cells by column, columns by row, boxes
    /// row-major within the box.
    places: Vec<u64>,
    empty: usize,
}

impl Marks {
    /// The state of `grid` with every candidate that no filled peer rules out, computed
    /// directly from each unit's filled digits.
    pub fn from_grid(grid: &Grid) -> Marks {
        Marks::from_grid_checked(grid).0
    }

    /// [`Marks::from_grid`], and whether two filled cells of a unit hold the same digit (as
    /// [`Grid::conflicts`] would find), seen on the way at no extra pass.
    pub fn from_grid_checked(grid: &Grid) -> (Marks, bool) {
        let mut marks = Marks::blank(grid.size());
        let clash = marks.read_grid(grid);
        (marks, clash)
    }

    /// Makes this the state [`Marks::from_grid_checked`] gives for `grid`, in the buffers it
    /// has (a solver that reads many grids allocates once), and returns whether a unit holds
    /// a digit twice.
    pub fn read_grid(&mut self, grid: &Grid) -> bool {
        let size = grid.size();
        let (side, layout, cells) = (size.side(), size.layout(), size.cells());
        self.size = size;
        self.values.clear();
        self.values.resize(cells, 0);
        self.given.clear();
        self.given.resize(cells, false);
        // Each unit's filled digits (3 * side units, at most 3 * 49).
        let mut filled = [0u64; 3 * 49];
        let mut clash = false;
        for (cell, e) in grid.entries().iter().enumerate() {
            if let Some(d) = e.digit() {
                self.values[cell] = d.get();
                self.given[cell] = e.is_given();
                for &u in &layout.units_of[cell] {
                    clash |= filled[u] >> d.index() & 1 == 1;
                    filled[u] |= 1 << d.index();
                }
            }
        }
        let all = size.all_digits().0;
        self.cands.clear();
        self.cands.extend((0..cells).map(|c| match self.values[c] {
            0 => all & !layout.units_of[c].iter().fold(0, |a, &u| a | filled[u]),
            _ => 0,
        }));
        self.places.clear();
        self.places.resize(3 * side * side, 0);
        for (u, unit) in layout.units.iter().enumerate() {
            for (slot, &c) in unit.iter().enumerate() {
                let mut bits = self.cands[c];
                while bits != 0 {
                    self.places[u * side + bits.trailing_zeros() as usize] |= 1 << slot;
                    bits &= bits - 1;
                }
            }
        }
        self.empty = self.values.iter().filter(|&&v| v == 0).count();
        clash
    }

    /// Every cell empty with every candidate.
    pub(super) fn blank(size: Size) -> Marks {
        let side = size.side();
        let all = size.all_digits().0;
        let unit_full = Candidates::full(side).0;
        Marks {
            size,
            values: vec![0; size.cells()],
            given: vec![false; size.cells()],
            cands: vec![all; size.cells()],
            places: vec![unit_full; 3 * side * side],
            empty: size.cells(),
        }
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn side(&self) -> usize {
        self.size.side()
    }

    pub fn layout(&self) -> &'static Layout {
        self.size.layout()
    }

    /// The digit in `cell`, if filled.
    pub fn value(&self, cell: usize) -> Option<Digit> {
        match self.values[cell] {
            0 => None,
            v => Some(Digit::from_index(v as usize - 1)),
        }
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }

    /// Candidates of `cell` (empty for a filled cell).
    pub fn candidates(&self, cell: usize) -> Candidates {
        Candidates(self.cands[cell])
    }

    /// Candidate bits of `cell`, bit `i` for digit index `i`.
    #[inline]
    pub fn mask(&self, cell: usize) -> u64 {
        self.cands[cell]
    }

    /// Every cell's candidate bits ([`Marks::mask`]), by cell.
    pub(super) fn masks(&self) -> &[u64] {
        &self.cands
    }

    pub fn has(&self, cell: usize, digit: usize) -> bool {
        self.cands[cell] >> digit & 1 == 1
    }

    /// Positions (slots) in `unit` of the empty cells holding digit index `digit`.
    #[inline]
    pub fn places(&self, unit: usize, digit: usize) -> u64 {
        self.places[unit * self.side() + digit]
    }

    /// The cell at `slot` of `unit`.
    #[inline]
    pub fn cell_at(&self, unit: usize, slot: usize) -> usize {
        self.layout().units[unit][slot]
    }

    /// Empty cells left.
    pub fn empty_count(&self) -> usize {
        self.empty
    }

    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// Empty cells, row-major.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.values.len()).filter(|&c| self.values[c] == 0)
    }

    /// The slot of `cell` in the `k`-th of its units (0 row, 1 column, 2 box).
    #[inline]
    pub fn slot(&self, cell: usize, k: usize) -> usize {
        let side = self.side();
        let n = self.size.box_size();
        let (r, c) = (cell / side, cell % side);
        match k {
            0 => c,
            1 => r,
            _ => (r % n) * n + c % n,
        }
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        // The layout's unit numbers, not row and column arithmetic: no division.
        let units_of = &self.layout().units_of;
        let ([ra, ca, ba], [rb, cb, bb]) = (units_of[a], units_of[b]);
        a != b && (ra == rb || ca == cb || ba == bb)
    }

    pub fn pos(&self, cell: usize) -> Pos {
        Pos::from_index(cell, self.size)
    }

    /// Whether the state has no solution: an empty cell with no candidate, or a unit with no
    /// place left for a digit it still lacks.
    pub fn is_broken(&self) -> bool {
        // A digit a unit lacks with no place left is in none of its cells' candidates, so
        // each unit's filled digits and candidates together must cover every digit.
        let all = self.size.all_digits().0;
        let held = |c: usize| match self.values[c] {
            0 => self.cands[c],
            v => 1 << (v - 1),
        };
        if (0..self.values.len()).any(|c| held(c) == 0) {
            return true;
        }
        self.layout()
            .units
            .iter()
            .any(|cells| cells.iter().fold(0u64, |a, &c| a | held(c)) != all)
    }

    /// Removes candidate `digit` (index) from `cell`; false if it was not there.
    pub fn eliminate(&mut self, cell: usize, digit: usize) -> bool {
        if self.cands[cell] >> digit & 1 == 0 {
            return false;
        }
        self.cands[cell] &= !(1 << digit);
        self.clear_place(cell, digit);
        true
    }

    fn clear_place(&mut self, cell: usize, digit: usize) {
        let side = self.side();
        let units = self.layout().units_of[cell];
        for (k, &u) in units.iter().enumerate() {
            let slot = self.slot(cell, k);
            self.places[u * side + digit] &= !(1 << slot);
        }
    }

    /// Fills `cell` with `digit` and removes the digit from every peer's candidates.
    pub fn place(&mut self, cell: usize, digit: Digit) {
        let d = digit.index();
        if self.values[cell] != 0 {
            return;
        }
        let mut rest = self.cands[cell];
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.clear_place(cell, x);
        }
        self.cands[cell] = 0;
        self.values[cell] = digit.get();
        self.empty -= 1;
        // The peers holding the digit are the places left for it in the cell's units.
        let layout = self.layout();
        for &u in &layout.units_of[cell] {
            let mut bits = self.places(u, d);
            while bits != 0 {
                let p = layout.units[u][bits.trailing_zeros() as usize];
                bits &= bits - 1;
                self.eliminate(p, d);
            }
        }
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &super::Step) {
        for &(p, d) in &step.placements {
            self.place(p.index(self.size), d);
        }
        for &(p, d) in &step.eliminations {
            self.eliminate(p.index(self.size), d.index());
        }
    }

    /// Givens as givens, placed digits as filled entries.
    pub fn to_grid(&self) -> Grid {
        let mut g = Grid::empty(self.size);
        for cell in 0..self.values.len() {
            if let Some(d) = self.value(cell) {
                let e = if self.given[cell] {
                    Entry::Given(d)
                } else {
                    Entry::Filled(d)
                };
                g.set(Pos::from_index(cell, self.size), e);
            }
        }
        g
    }

    /// Digits no filled peer of empty `cell` holds: its candidates before any technique
    /// removed some (none for a filled cell).
    pub fn allowed(&self, cell: usize) -> u64 {
        if self.values[cell] != 0 {
            return 0;
        }
        self.size.all_digits().0 & !self.seen(cell)
    }

    /// Digits a filled peer of `cell` holds.
    fn seen(&self, cell: usize) -> u64 {
        self.layout().peers[cell]
            .iter()
            .filter(|&&p| self.values[p] != 0)
            .fold(0, |m, &p| m | 1 << (self.values[p] - 1))
    }

    /// A state from filled cells (`Some((digit, given))`) and the candidates each empty cell
    /// keeps; candidates a filled peer holds are dropped.
    fn assemble(size: Size, cells: &[Option<(Digit, bool)>], keep: &[u64]) -> Marks {
        let mut m = Marks::blank(size);
        for (cell, c) in cells.iter().enumerate() {
            if let Some((d, given)) = *c {
                m.place(cell, d);
                m.given[cell] = given;
            }
        }
        for (cell, &k) in keep.iter().enumerate() {
            if m.values[cell] == 0 {
                let mut drop = m.cands[cell] & !k;
                while drop != 0 {
                    let x = drop.trailing_zeros() as usize;
                    drop &= drop - 1;
                    m.eliminate(cell, x);
                }
            }
        }
        m
    }

    /// Reads the text form (see the module docs).
    pub fn parse(text: &str) -> Result<Marks, MarksError> {
        let tokens: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace)
            .collect();
        let size = Size::from_cells(tokens.len()).ok_or(MarksError::CellCount {
            found: tokens.len(),
        })?;
        let side = size.side();
        let mut cells = vec![None; tokens.len()];
        let mut keep = vec![0u64; tokens.len()];
        for (cell, tok) in tokens.iter().enumerate() {
            let bad = || MarksError::Token {
                cell,
                text: tok.to_string(),
            };
            if let Some(list) = tok.strip_prefix('(') {
                let list = list.strip_suffix(')').ok_or_else(bad)?;
                keep[cell] = parse_list(list, side, cell).map_err(|e| e.unwrap_or_else(bad))?;
            } else {
                let (given, digits) = match tok.strip_prefix('+') {
                    Some(rest) => (false, rest),
                    None => (true, *tok),
                };
                let d = parse_digit(digits, side, cell).map_err(|e| e.unwrap_or_else(bad))?;
                cells[cell] = Some((d, given));
            }
        }
        Ok(Marks::assemble(size, &cells, &keep))
    }

    /// The text form (see the module docs), one row per line.
    pub fn to_text(&self) -> String {
        let side = self.side();
        let mut out = String::new();
        for cell in 0..self.values.len() {
            if cell % side != 0 {
                out.push(' ');
            }
            match self.value(cell) {
                Some(d) if self.given[cell] => out.push_str(&d.to_string()),
                Some(d) => {
                    out.push('+');
                    out.push_str(&d.to_string());
                }
                None => {
                    out.push('(');
                    write_list(&mut out, self.cands[cell]);
                    out.push(')');
                }
            }
            if cell % side == side - 1 {
                out.push('\n');
            }
        }
        out
    }

    /// Reads HoDoKu's library line, or a plain 81-cell line in its cell notation.
    pub fn from_library(line: &str) -> Result<Marks, MarksError> {
        let line = line.trim();
        let (cells_field, deleted) = if line.starts_with(':') {
            let fields: Vec<&str> = line.split(':').collect();
            // A leading ':' gives an empty first field.
            if fields.len() < 5 {
                return Err(MarksError::LibraryFields {
                    found: fields.len().saturating_sub(1),
                });
            }
            // What follows a '-' after the code is left unchecked.
            let code = fields[1]
                .split_once('-')
                .map_or(fields[1], |(code, _)| code);
            if !is_hodoku_code(code) {
                return Err(MarksError::LibraryCode {
                    code: fields[1].to_string(),
                });
            }
            (fields[3], fields[4])
        } else {
            (line, "")
        };
        let size = Size::NINE;
        let mut cells = Vec::with_capacity(81);
        let mut plus = false;
        for (position, ch) in cells_field.chars().enumerate() {
            match ch {
                '+' if !plus => plus = true,
                '.' | '0' if !plus => cells.push(None),
                '1'..='9' => {
                    let d = Digit::from_index(ch as usize - '1' as usize);
                    cells.push(Some((d, !plus)));
                    plus = false;
                }
                _ => {
                    return Err(MarksError::LibraryChar {
                        position,
                        found: ch,
                    });
                }
            }
        }
        if cells.len() != 81 || plus {
            return Err(MarksError::LibraryCells { found: cells.len() });
        }
        let mut keep = vec![size.all_digits().0; 81];
        for item in deleted.split_whitespace() {
            let b = item.as_bytes();
            let ok = b.len() == 3 && b.iter().all(|c| (b'1'..=b'9').contains(c));
            if !ok {
                return Err(MarksError::LibraryDeleted {
                    item: item.to_string(),
                });
            }
            let (d, r, c) = ((b[0] - b'1') as usize, (b[1] - b'1') as usize, b[2] - b'1');
            keep[r * 9 + c as usize] &= !(1 << d);
        }
        Ok(Marks::assemble(size, &cells, &keep))
    }

    /// HoDoKu's library line for this state with no step (9x9 only; `None` otherwise).
    pub fn to_library(&self) -> Option<String> {
        if self.size != Size::NINE {
            return None;
        }
        let mut out = String::from(":0000:x:");
        for cell in 0..81 {
            match self.value(cell) {
                None => out.push('.'),
                Some(d) => {
                    if !self.given[cell] {
                        out.push('+');
                    }
                    out.push_str(&d.to_string());
                }
            }
        }
        out.push(':');
        let mut items = Vec::new();
        for cell in self.empty_cells() {
            let gone = !self.seen(cell) & !self.cands[cell] & self.size.all_digits().0;
            for d in Candidates(gone).iter() {
                items.push(format!("{d}{}{}", cell / 9 + 1, cell % 9 + 1));
            }
        }
        out.push_str(&items.join(" "));
        out.push_str("::");
        Some(out)
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A digit in `1..=side`; `Err(None)` when not a number at all.
fn parse_digit(text: &str, side: usize, cell: usize) -> Result<Digit, Option<MarksError>> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(None);
    }
    let v: u64 = text.parse().map_err(|_| None)?;
    Digit::new(v, side).map_err(|_| {
        Some(MarksError::Digit {
            cell,
            value: text.to_string(),
            max: side,
        })
    })
}

fn parse_list(list: &str, side: usize, cell: usize) -> Result<u64, Option<MarksError>> {
    let mut mask = 0u64;
    for part in list.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (parse_digit(a, side, cell)?, parse_digit(b, side, cell)?);
                if a > b {
                    return Err(None);
                }
                for i in a.index()..=b.index() {
                    mask |= 1 << i;
                }
            }
            None => mask |= 1 << parse_digit(part, side, cell)?.index(),
        }
    }
    Ok(mask)
}

/// Candidates as digits and ranges (runs of three or more) separated by commas.
fn write_list(out: &mut String, mask: u64) {
    let mut rest = mask;
    let mut first = true;
    while rest != 0 {
        let lo = rest.trailing_zeros() as usize;
        let run = (rest >> lo).trailing_ones() as usize;
        rest &= !(((1u128 << run) - 1) as u64) << lo;
        if !first {
            out.push(',');
        }
        first = false;
        match run {
            1 => out.push_str(&(lo + 1).to_string()),
            2 => out.push_str(&format!("{},{}", lo + 1, lo + 2)),
            _ => out.push_str(&format!("{}-{}", lo + 1, lo + run)),
        }
    }
}
