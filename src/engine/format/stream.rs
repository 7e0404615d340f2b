//! Reading a text that arrives a piece at a time (an endless standard input) in bounded
//! memory, with exactly the pieces [`pieces`] gives for the whole text.
//!
//! [`pieces`] reads blocks of lines (between blank lines, and comments after a line that reads
//! alone) one at a time, so a block's pieces can go out when it ends; three rules look at more:
//! a JSON text is read whole, a text of at most [`MAX_GRID_LINES`] content lines may be one grid
//! and a text of which no piece reads may be one. The last two need the text to read as one
//! grid, so never apply past [`MAX_INPUT_BYTES`]: until then the text is kept. Within a block,
//! a block of more than [`MAX_INPUT_BYTES`] cannot read whole, so its lines are each a puzzle,
//! and so are the lines of a run of plain lines (see [`plain_line`]) that opens a block once it
//! is longer than any grid whose rows they could be ([`settles`]), whatever follows.

use super::collection::{MAX_GRID_LINES, ends_at_comment, read_block};
use super::lines::{nine_parsed, plain_line, plain_nine};
use super::{MAX_INPUT_BYTES, Piece, pieces};
use crate::engine::grid::Size;

/// A piece as the stream finds it: a plain 9x9 line's cells, left as values for the 9x9 solver
/// (what [`plain_line`] reads, without building its grids), or any other piece.
#[derive(Clone, Debug)]
pub enum Found {
    Nine { line: usize, cells: [u8; 81] },
    Piece(Piece),
}

impl Found {
    /// The line it starts on.
    pub fn line(&self) -> usize {
        match self {
            Found::Nine { line, .. } => *line,
            Found::Piece(p) => p.line,
        }
    }

    fn reads(&self) -> bool {
        match self {
            Found::Nine { .. } => true,
            Found::Piece(p) => p.parsed.is_ok(),
        }
    }

    /// The piece [`pieces`] gives for it.
    pub fn into_piece(self) -> Piece {
        match self {
            Found::Nine { line, cells } => Piece::read(line, nine_parsed(&cells)),
            Found::Piece(p) => p,
        }
    }
}

/// The text read so far, its pieces as they become certain.
#[derive(Default)]
pub struct Stream {
    /// Lines seen.
    lines: usize,
    /// Lines with a puzzle's text (neither blank nor a comment).
    content: usize,
    bytes: usize,
    /// Whether the first content line opens a JSON document; `None` before it comes.
    json: Option<bool>,
    /// The whole text, while a rule over the whole text may still apply.
    kept: Option<String>,
    /// Pieces found but held back while the whole text may still read otherwise.
    held: Vec<Found>,
    /// Whether the rules over the whole text can no longer apply.
    released: bool,
    block: Block,
}

/// The block of lines being read.
#[derive(Default)]
struct Block {
    /// Its lines (1-based line number, where its trimmed text ends in `text`), unless it is
    /// too long to read whole.
    lines: Vec<(usize, usize)>,
    text: String,
    /// How each line read alone, for those not yet given out.
    alone: std::collections::VecDeque<Found>,
    /// How many lines from its start are plain lines of one size, and that size.
    plain: usize,
    plain_size: Option<Size>,
    /// How many of its first lines are given out already.
    settled: usize,
    /// The length of its lines joined by line breaks.
    joined: usize,
    any_alone: bool,
    /// Longer than a puzzle can be: each line is a puzzle.
    long: bool,
}

impl Stream {
    pub fn new() -> Stream {
        Stream {
            kept: Some(String::new()),
            ..Stream::default()
        }
    }

    /// Reads `text`, which ends at a line break (or is the end of the input), and adds to `out`
    /// the pieces now certain.
    pub fn feed(&mut self, text: &str, out: &mut Vec<Piece>) {
        let mut found = Vec::new();
        self.feed_found(text, &mut found);
        out.extend(found.into_iter().map(Found::into_piece));
    }

    /// The pieces left at the end of the input.
    pub fn finish(self, out: &mut Vec<Piece>) {
        let mut found = Vec::new();
        self.finish_found(&mut found);
        out.extend(found.into_iter().map(Found::into_piece));
    }

    /// The pieces of a whole text, with plain 9x9 lines left as their cells.
    pub fn read_all(text: &str) -> Vec<Found> {
        let mut stream = Stream::new();
        let mut out = Vec::new();
        stream.feed_found(text, &mut out);
        stream.finish_found(&mut out);
        out
    }

    /// [`Stream::feed`], with plain 9x9 lines left as their cells.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn feed_found(&mut self, text: &str, out: &mut Vec<Found>) {
        if let Some(kept) = &mut self.kept {
            kept.push_str(text);
        }
        self.bytes += text.len();
        let mut found = Vec::new();
        for raw in text.lines() {
            self.line(raw, &mut found);
        }
        self.give(found, out);
    }

    /// [`Stream::finish`], with plain 9x9 lines left as their cells.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn finish_found(mut self, out: &mut Vec<Found>) {
        if !self.released
            && !self.all_plain_nine()
            && let Some(kept) = self.kept.take()
        {
            out.extend(pieces(&kept).into_iter().map(Found::Piece));
            return;
        }
        let mut found = Vec::new();
        self.block.end(&mut found);
        out.append(&mut self.held);
        out.append(&mut found);
    }

    /// Whether every content line is a plain 9x9 line. Such a text never reads whole as one
    /// grid: a line of 81 cells is no grid's row, and every line reads alone. So a short file
    /// of them takes the fast path too, without the careful reader's second look.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn all_plain_nine(&self) -> bool {
        let nine = (self.held.iter())
            .chain(&self.block.alone)
            .filter(|f| matches!(f, Found::Nine { .. }))
            .count();
        self.json != Some(true) && self.content > 0 && nine == self.content
    }

    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn line(&mut self, raw: &str, found: &mut Vec<Found>) {
        let first = self.lines == 0;
        self.lines += 1;
        if self.json.is_none() {
            // As the whole-text reader decides: leading byte-order marks go only at the start.
            let opening = match first {
                true => raw.trim_start_matches('\u{feff}'),
                false => raw,
            }
            .trim();
            if !opening.is_empty() && !opening.starts_with('#') {
                self.json = Some(opening.starts_with('{'));
            }
        }
        let t = raw.trim_start_matches('\u{feff}').trim();
        if t.is_empty() || t.starts_with('#') {
            self.block.separator(t, found);
            return;
        }
        self.content += 1;
        if self.json != Some(true) {
            self.block.line(self.lines, t, found);
        }
    }

    /// Passes `found` on once the whole text can no longer read otherwise, else holds it.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn give(&mut self, mut found: Vec<Found>, out: &mut Vec<Found>) {
        if self.released {
            out.append(&mut found);
            return;
        }
        self.held.append(&mut found);
        let past_whole = self.bytes > MAX_INPUT_BYTES + '\u{feff}'.len_utf8();
        // A JSON text is read whole, and so is one without a puzzle's line yet, unless it is
        // too long to be one document (then a document after it is read as its lines are).
        if self.json == Some(true) || (self.json.is_none() && !past_whole) {
            return;
        }
        let some_read = self.held.iter().any(Found::reads);
        if past_whole || (self.content > MAX_GRID_LINES && some_read) {
            self.json = Some(false);
            self.released = true;
            self.kept = None;
            out.append(&mut self.held);
        }
    }
}

/// How a content line reads alone, and its size if it is a plain line.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn read_line(n: usize, t: &str) -> (Found, Option<Size>) {
    if let Ok(bytes) = <&[u8; 81]>::try_from(t.as_bytes())
        && let Some(cells) = plain_nine(bytes)
    {
        let nine = Size::new(3).expect("9x9 is a size");
        return (Found::Nine { line: n, cells }, Some(nine));
    }
    let plain = plain_line(t);
    let size = plain.as_ref().map(|p| p.grid.size());
    let piece = match plain {
        Some(p) => Piece::read(n, p),
        None => Piece::alone(n, t),
    };
    (Found::Piece(piece), size)
}

/// How many plain lines of `size` open a block before they are each a puzzle, whatever
/// follows: more than a grid's rows (49), and than the lines of `size` whose cells could be
/// one grid's rows.
fn settles(size: Size) -> usize {
    49.max(size.cells()) + 1
}

impl Block {
    /// A blank or comment line.
    fn separator(&mut self, t: &str, found: &mut Vec<Found>) {
        // A block too long to read whole is cut by a comment only after a line that reads.
        let whole = || ends_at_comment(false, &self.refs());
        let short = !self.long && self.lines.len() <= MAX_GRID_LINES;
        if t.is_empty() || self.any_alone || (short && whole()) {
            self.end(found);
        }
    }

    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn line(&mut self, n: usize, t: &str, found: &mut Vec<Found>) {
        let (piece, size) = read_line(n, t);
        self.any_alone |= piece.reads();
        if self.long {
            found.push(piece);
            return;
        }
        if self.plain == self.lines.len() && size.is_some() {
            if self.plain == 0 {
                self.plain_size = size;
            }
            if self.plain_size == size {
                self.plain += 1;
            }
        }
        self.joined += t.len() + usize::from(!self.lines.is_empty());
        self.text.push_str(t);
        self.lines.push((n, self.text.len()));
        self.alone.push_back(piece);
        if self.joined > MAX_INPUT_BYTES {
            self.long = true;
            self.lines = Vec::new();
            self.text = String::new();
            found.extend(self.alone.drain(..));
        } else if let Some(size) = self.plain_size
            && self.plain >= settles(size)
        {
            let ready = self.plain - self.settled;
            found.extend(self.alone.drain(..ready));
            self.settled = self.plain;
        }
    }

    /// Its lines as the whole-text reader holds them.
    fn refs(&self) -> Vec<(usize, &str)> {
        let mut start = 0;
        let mut refs = Vec::with_capacity(self.lines.len());
        for &(n, end) in &self.lines {
            refs.push((n, &self.text[start..end]));
            start = end;
        }
        refs
    }

    /// The block ends: its pieces not yet given out.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn end(&mut self, found: &mut Vec<Found>) {
        let block = std::mem::take(self);
        if block.long || block.plain == block.lines.len() {
            found.extend(block.alone);
            return;
        }
        let mut read = Vec::new();
        read_block(&block.refs(), &mut read);
        found.extend(read.into_iter().skip(block.settled).map(Found::Piece));
    }
}
