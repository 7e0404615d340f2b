//! The one grid type for every size, and its typed vocabulary.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU8;
use std::sync::OnceLock;

/// Largest supported box size: 49x49 grids, whose 49 digits still fit one `u64` bitset.
pub const MAX_BOX: u8 = 7;

/// Box size `n` of a grid: `n*n` digits per unit and `n^4` cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Size(u8);

/// A box size outside `0..=MAX_BOX`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SizeError(pub usize);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "box size {} is not supported (0..={MAX_BOX})", self.0)
    }
}

impl std::error::Error for SizeError {}

impl TryFrom<u8> for Size {
    type Error = SizeError;
    fn try_from(n: u8) -> Result<Self, SizeError> {
        Size::new(n as usize)
    }
}

impl From<Size> for u8 {
    fn from(s: Size) -> u8 {
        s.0
    }
}

impl Size {
    /// The classic 9x9 grid.
    pub const NINE: Size = Size(3);

    pub fn new(box_size: usize) -> Result<Size, SizeError> {
        if box_size <= MAX_BOX as usize {
            Ok(Size(box_size as u8))
        } else {
            Err(SizeError(box_size))
        }
    }

    /// Every supported size, smallest first.
    pub fn all() -> impl Iterator<Item = Size> {
        (0..=MAX_BOX).map(Size)
    }

    /// The size whose grid has exactly `cells` cells, if any.
    pub fn from_cells(cells: usize) -> Option<Size> {
        Size::all().find(|s| s.cells() == cells)
    }

    pub fn box_size(self) -> usize {
        self.0 as usize
    }

    /// Cells per unit, which is also the number of digits.
    pub fn side(self) -> usize {
        self.box_size() * self.box_size()
    }

    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Bitset with one bit per digit of this size.
    pub fn all_digits(self) -> Candidates {
        Candidates::full(self.side())
    }

    /// Precomputed units and peers, built once per size and shared.
    pub fn layout(self) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; MAX_BOX as usize + 1] =
            [const { OnceLock::new() }; MAX_BOX as usize + 1];
        LAYOUTS[self.box_size()].get_or_init(|| Layout::new(self))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.side())
    }
}

/// A digit `1..=49`; its range within a particular size is checked where it meets a grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Digit(NonZeroU8);

/// A digit value that is zero or larger than the grid allows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DigitError {
    pub value: u64,
    pub max: usize,
}

impl fmt::Display for DigitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "digit {} is out of range 1 to {}", self.value, self.max)
    }
}

impl std::error::Error for DigitError {}

impl TryFrom<u8> for Digit {
    type Error = DigitError;
    fn try_from(v: u8) -> Result<Self, DigitError> {
        let max = Size(MAX_BOX).side();
        Digit::new(v as u64, max)
    }
}

impl From<Digit> for u8 {
    fn from(d: Digit) -> u8 {
        d.get()
    }
}

impl Digit {
    /// The digit `value` if it lies in `1..=max`.
    pub fn new(value: u64, max: usize) -> Result<Digit, DigitError> {
        if value >= 1 && value <= max as u64 && max <= Size(MAX_BOX).side() {
            Ok(Digit(
                NonZeroU8::new(value as u8).expect("checked non-zero"),
            ))
        } else {
            Err(DigitError { value, max })
        }
    }

    /// The digit whose zero-based index is `index` (bit position in a [`Candidates`] set).
    pub fn from_index(index: usize) -> Digit {
        assert!(
            index < Size(MAX_BOX).side(),
            "digit index {index} out of range"
        );
        Digit(NonZeroU8::new(index as u8 + 1).expect("non-zero"))
    }

    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// Zero-based index, used as a bit position.
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits, one bit per digit index; wide enough for 49 digits.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Candidates(pub u64);

impl Candidates {
    pub const EMPTY: Candidates = Candidates(0);

    /// All digits `1..=side`.
    pub fn full(side: usize) -> Candidates {
        if side >= 64 {
            Candidates(u64::MAX)
        } else {
            Candidates((1u64 << side) - 1)
        }
    }

    pub fn single(d: Digit) -> Candidates {
        Candidates(1 << d.index())
    }

    pub fn contains(self, d: Digit) -> bool {
        self.0 >> d.index() & 1 == 1
    }

    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }

    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1 << d.index());
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Digit::from_index(i))
            }
        })
    }
}

/// A cell position, zero-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    pub fn from_index(index: usize, size: Size) -> Pos {
        Pos::new(index / size.side(), index % size.side())
    }

    pub fn index(self, size: Size) -> usize {
        self.row * size.side() + self.col
    }

    /// Index of the box holding this cell, boxes numbered row-major.
    pub fn box_index(self, size: Size) -> usize {
        let n = size.box_size();
        (self.row / n) * n + self.col / n
    }
}

impl fmt::Display for Pos {
    /// The usual 1-based `r3c7` notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Which of the three kinds of unit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Row,
    Column,
    Box,
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// Units and peers of one size, as cell indices; computed once and shared by every solver.
#[derive(Debug)]
pub struct Layout {
    pub size: Size,
    /// `3 * side` units: rows, then columns, then boxes; each lists its `side` cells.
    pub units: Vec<Vec<usize>>,
    /// For each cell, its row, column and box unit indices.
    pub units_of: Vec<[usize; 3]>,
    /// For each cell, every other cell sharing a unit with it.
    pub peers: Vec<Vec<usize>>,
}

impl Layout {
    fn new(size: Size) -> Layout {
        let side = size.side();
        let mut units = vec![Vec::with_capacity(side); 3 * side];
        let mut units_of = vec![[0; 3]; size.cells()];
        for (cell, unit_ids) in units_of.iter_mut().enumerate() {
            let p = Pos::from_index(cell, size);
            *unit_ids = [p.row, side + p.col, 2 * side + p.box_index(size)];
            for &u in unit_ids.iter() {
                units[u].push(cell);
            }
        }
        let peers = (0..size.cells())
            .map(|cell| {
                let mut ps: Vec<usize> = units_of[cell]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&c| c != cell)
                    .collect();
                ps.sort_unstable();
                ps.dedup();
                ps
            })
            .collect();
        Layout {
            size,
            units,
            units_of,
            peers,
        }
    }

    pub fn unit_kind(&self, unit: usize) -> UnitKind {
        match unit / self.size.side().max(1) {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }
}

/// What a cell holds: nothing, a clue of the puzzle, or a digit entered or solved.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entry {
    #[default]
    Empty,
    Given(Digit),
    Filled(Digit),
}

impl Entry {
    pub fn digit(self) -> Option<Digit> {
        match self {
            Entry::Empty => None,
            Entry::Given(d) | Entry::Filled(d) => Some(d),
        }
    }

    pub fn is_given(self) -> bool {
        matches!(self, Entry::Given(_))
    }
}

/// Two cells of one unit holding the same digit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Conflict {
    pub digit: Digit,
    pub unit: UnitKind,
    pub first: Pos,
    pub second: Pos,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "digit {} appears twice in a {}: {} and {}",
            self.digit, self.unit, self.first, self.second
        )
    }
}

/// A grid of any supported size. Givens are remembered, so a solved grid still knows its clues.
/// Deserializing checks the cell count and digit range: saved state and worker messages come
/// from outside the program.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "GridFields")]
pub struct Grid {
    size: Size,
    cells: Vec<Entry>,
}

/// A grid as serialized, before its shape is checked.
#[derive(Deserialize)]
struct GridFields {
    size: Size,
    cells: Vec<Entry>,
}

/// Serialized grid data that does not fit its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridShapeError {
    CellCount { size: Size, found: usize },
    Digit { cell: usize, error: DigitError },
}

impl fmt::Display for GridShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridShapeError::CellCount { size, found } => {
                write!(f, "a {size} grid has {} cells, found {found}", size.cells())
            }
            GridShapeError::Digit { cell, error } => write!(f, "cell {cell}: {error}"),
        }
    }
}

impl std::error::Error for GridShapeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GridShapeError::Digit { error, .. } => Some(error),
            GridShapeError::CellCount { .. } => None,
        }
    }
}

impl TryFrom<GridFields> for Grid {
    type Error = GridShapeError;
    fn try_from(g: GridFields) -> Result<Grid, GridShapeError> {
        if g.cells.len() != g.size.cells() {
            return Err(GridShapeError::CellCount {
                size: g.size,
                found: g.cells.len(),
            });
        }
        let side = g.size.side();
        for (cell, e) in g.cells.iter().enumerate() {
            if let Some(d) = e.digit().filter(|d| d.get() as usize > side) {
                let error = DigitError {
                    value: u64::from(d.get()),
                    max: side,
                };
                return Err(GridShapeError::Digit { cell, error });
            }
        }
        Ok(Grid {
            size: g.size,
            cells: g.cells,
        })
    }
}

impl Grid {
    pub fn empty(size: Size) -> Grid {
        Grid {
            size,
            cells: vec![Entry::Empty; size.cells()],
        }
    }

    /// A puzzle whose clues are `values` (row-major, 0 = blank); every value must fit the size.
    pub fn from_values(size: Size, values: &[u8]) -> Result<Grid, DigitError> {
        assert_eq!(
            values.len(),
            size.cells(),
            "value count must match the size"
        );
        let mut g = Grid::empty(size);
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                g.cells[i] = Entry::Given(Digit::new(v as u64, size.side())?);
            }
        }
        Ok(g)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn entries(&self) -> &[Entry] {
        &self.cells
    }

    pub fn entry(&self, p: Pos) -> Entry {
        self.cells[p.index(self.size)]
    }

    pub fn digit(&self, p: Pos) -> Option<Digit> {
        self.entry(p).digit()
    }

    /// Sets a cell. Panics if the digit does not fit this size: callers hold typed digits
    /// that were validated against the size at the edge.
    pub fn set(&mut self, p: Pos, e: Entry) {
        if let Some(d) = e.digit() {
            assert!(
                d.index() < self.size.side(),
                "digit {d} too large for {}",
                self.size
            );
        }
        let i = p.index(self.size);
        self.cells[i] = e;
    }

    /// Digit values row-major, 0 for empty.
    pub fn values(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|e| e.digit().map_or(0, Digit::get))
            .collect()
    }

    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|e| e.is_given()).count()
    }

    /// Positions of every given, row-major.
    pub fn given_positions(&self) -> Vec<Pos> {
        (0..self.size.cells())
            .filter(|&i| self.cells[i].is_given())
            .map(|i| Pos::from_index(i, self.size))
            .collect()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|e| e.digit().is_some())
    }

    /// Only the givens: the puzzle behind this grid.
    pub fn puzzle(&self) -> Grid {
        Grid {
            size: self.size,
            cells: self
                .cells
                .iter()
                .map(|&e| if e.is_given() { e } else { Entry::Empty })
                .collect(),
        }
    }

    /// This puzzle with a solution's digits filled into its empty cells.
    /// `values` is row-major with every cell set, as solvers report it.
    pub fn with_solution(&self, values: &[u8]) -> Grid {
        assert_eq!(values.len(), self.cells.len());
        let side = self.size.side();
        Grid {
            size: self.size,
            cells: self
                .cells
                .iter()
                .zip(values)
                .map(|(&e, &v)| match e {
                    Entry::Given(_) => e,
                    _ => match Digit::new(v as u64, side) {
                        Ok(d) => Entry::Filled(d),
                        Err(_) => Entry::Empty,
                    },
                })
                .collect(),
        }
    }

    /// Every pair of cells in one unit holding the same digit (each pair once, per unit).
    pub fn conflicts(&self) -> Vec<Conflict> {
        let layout = self.size.layout();
        let mut out = Vec::new();
        let mut seen: Vec<Option<usize>> = vec![None; self.size.side()];
        for (u, cells) in layout.units.iter().enumerate() {
            seen.fill(None);
            for &c in cells {
                if let Some(d) = self.cells[c].digit() {
                    match seen[d.index()] {
                        Some(first) => out.push(Conflict {
                            digit: d,
                            unit: layout.unit_kind(u),
                            first: Pos::from_index(first, self.size),
                            second: Pos::from_index(c, self.size),
                        }),
                        None => seen[d.index()] = Some(c),
                    }
                }
            }
        }
        out
    }

    /// Cells that take part in any conflict, for highlighting.
    pub fn conflicting_cells(&self) -> Vec<bool> {
        let mut marks = vec![false; self.cells.len()];
        for c in self.conflicts() {
            marks[c.first.index(self.size)] = true;
            marks[c.second.index(self.size)] = true;
        }
        marks
    }
}
