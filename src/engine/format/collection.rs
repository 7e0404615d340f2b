//! Texts of several puzzles: one per line, layouts between blank lines, JSON documents one per
//! line. The command line answers every piece; the page imports the first.
//!
//! A JSON document over several lines opens with a lone `{` line followed by a key or its closing
//! brace, as pretty-printers write it; it is one puzzle wherever it stands, also right after a
//! puzzle's line or a placeholder (except in a run of more than [`MAX_INPUT_BYTES`] without a
//! blank line, whose lines are each a puzzle, as a stream reads it). A lone `{` followed by
//! anything else (another document, a puzzle's line, the end of the text) is a line cut short,
//! answered on its own like any one-line document cut short (among lines that are no JSON, it
//! is one of its block's lines). In a text that starts with a
//! document, one over several lines that breaks off makes the whole text one error, named at
//! its first line and, inside it, where it breaks or, torn before the next document, at the end
//! of its last line; in other texts it is one invalid puzzle, up to its first line that
//! cannot go on with a document (a puzzle's line, another document), read as before.

use super::text::{is_separator, number_tokens};
use super::words::{line_of, words_line};
use super::{
    Format, JsonError, MAX_INPUT_BYTES, ParseError, Parsed, are_rows, collection_size,
    could_be_rows, guess_text_format, parse,
};
use crate::engine::grid::Size;
use serde::de::IgnoredAny;

/// One puzzle of a text: the line it starts on (1-based) and how it read.
#[derive(Clone, Debug)]
pub struct Piece {
    pub line: usize,
    pub parsed: Result<Parsed, ParseError>,
    /// The line, when it does not read and is words by [`super::is_words`] (a title or a note, not a
    /// puzzle), so that a reader of a text arriving piece by piece can pass it over by the
    /// same rule without the text.
    pub words: Option<String>,
}

impl Piece {
    /// The piece that starts on line `line`, `first` (that line as [`super::line_of`] holds
    /// it), and reads as `parsed`.
    pub(super) fn new(line: usize, first: &str, parsed: Result<Parsed, ParseError>) -> Piece {
        let words = match &parsed {
            Err(e) if words_line(first, e) => Some(first.to_string()),
            _ => None,
        };
        Piece {
            line,
            parsed,
            words,
        }
    }

    /// A piece that reads (no line of words).
    pub(super) fn read(line: usize, parsed: Parsed) -> Piece {
        Piece {
            line,
            parsed: Ok(parsed),
            words: None,
        }
    }

    /// A piece of one line, `held` as [`super::line_of`] holds it.
    pub(super) fn alone(line: usize, held: &str) -> Piece {
        Piece::new(line, held, parse(held))
    }
}

/// Splits a text into puzzles: one JSON document (or one per line); else the whole text when
/// its lines are the rows of one grid; else one puzzle per non-comment line, except that a
/// block of consecutive lines (between blank lines; comment lines are skipped) whose lines are
/// not puzzles by themselves but together are one, such as the `grid` layout, is one puzzle.
pub fn pieces(text: &str) -> Vec<Piece> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Past a byte-order mark and leading comment lines, as the parser reads it.
    let starts_json = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('{'));
    let content = || {
        text.lines()
            .map(|l| l.trim_start_matches('\u{feff}').trim())
            .enumerate()
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
    };
    if starts_json {
        let line = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0) + 1;
        let whole = parse(text);
        // One document per line (as `convert --to json` writes several puzzles). Lines
        // between them that are no JSON (an `invalid` placeholder, a document cut short) are
        // answered too, unless no line is a document by itself (a pretty-printed document
        // with an error is one error).
        let per_line = whole.is_err()
            && content().nth(1).is_some()
            && content().any(|(_, l)| l.starts_with('{') && l.ends_with('}') && parse(l).is_ok());
        // Documents of several lines each between blank lines (two pretty-printed ones, or
        // one before other puzzles) are read block by block as any text, when some block
        // reads and every document does (a block would read a broken one line by line); or
        // as documents one after another among other lines (see [`documents`]). A line that
        // opens a document without closing it is what tells them from one document per line,
        // so that a pretty-printed document among one-line ones is still one puzzle.
        let opens = content().any(|(_, l)| l.starts_with('{') && !l.ends_with('}'));
        // Each line as `line_of` holds it, found once: a text of many pieces that do not read
        // would otherwise be read from its start for each.
        let held: Vec<&str> = text
            .lines()
            .map(|l| l.trim_start_matches('\u{feff}').trim())
            .collect();
        let broken = |p: &Piece| match &p.parsed {
            Err(e) => json_torn(held.get(p.line - 1).copied().unwrap_or(""), e),
            Ok(_) => false,
        };
        let by_blocks = || {
            let blocks = blocks(text);
            (blocks.iter().any(|p| p.parsed.is_ok()) && !blocks.iter().any(broken))
                .then_some(blocks)
        };
        // Key lines of a document over several lines are no puzzles each, even beside
        // one-line documents: a text with a broken one is one error, named where it breaks.
        let fragments = content().any(|(_, l)| !l.starts_with('{') && l.contains("\":"));
        if whole.is_err() && opens {
            match documents(text) {
                Ok(Some(pieces)) => return pieces,
                Err(torn) if fragments || !per_line => return vec![torn],
                _ => {}
            }
            if let Some(pieces) = by_blocks() {
                return pieces;
            }
        }
        if per_line && !(opens && fragments) {
            return content().map(|(i, l)| Piece::alone(i + 1, l)).collect();
        }
        if whole.is_err()
            && !opens
            && let Some(pieces) = by_blocks().or_else(|| documents(text).ok().flatten())
        {
            return pieces;
        }
        return vec![Piece::new(line, line_of(text, line), whole)];
    }
    // Rows with blank lines between the bands are one grid, although each band is a block:
    // the whole text reads as one grid of one row per line, and each paragraph holds whole
    // bands (sixteen 4x4 puzzles one per paragraph stay sixteen). Comments between them,
    // though, separate puzzles (see below).
    let rows: Vec<&str> = content().map(|(_, l)| l).collect();
    let first = content().next().map_or(0, |(i, _)| i);
    let last = content().last().map_or(0, |(i, _)| i);
    let commented = text
        .lines()
        .enumerate()
        .any(|(i, l)| i > first && i < last && l.trim().starts_with('#'));
    // A grid has at most 49 rows (and separator lines between its bands): a long collection
    // is not read whole, which on megabytes of text would cost far more than splitting it.
    if !commented
        && rows.len() <= MAX_GRID_LINES
        && let Ok(p) = parse(text)
        && are_rows(p.grid.size(), &rows)
        && paragraphs(text)
            .iter()
            .all(|rows| rows % p.grid.size().box_size().max(1) == 0)
    {
        return vec![Piece::read(first + 1, p)];
    }
    let items = blocks(text);
    // Pieces of which none reads may still be one grid as a whole (a layout cut by comment
    // lines and blank lines), which is then the one puzzle.
    if items.len() > 1
        && items.iter().all(|p| p.parsed.is_err())
        && let Ok(p) = parse(text)
    {
        return vec![Piece::read(first + 1, p)];
    }
    items
}

/// Whether a piece that starts with line `held` and failed with `error` is part of a JSON
/// document that did not read as one (a syntax error, or a line of one read alone), rather than
/// a whole document with a mistake in its content (a clash, an unknown key), which is answered
/// as its own puzzle.
fn json_torn(held: &str, error: &ParseError) -> bool {
    let jsonish = held.starts_with(['{', '}', '[', ']']) || held.contains("\":");
    let content = match error {
        ParseError::Conflict(_) => true,
        ParseError::Json(issues) => issues
            .iter()
            .all(|i| !matches!(i.error, JsonError::Syntax { .. })),
        _ => false,
    };
    jsonish && !(held.starts_with('{') && content)
}

/// Documents one after another, over one line or several, not always with a blank line between
/// them (as `jq . a.json b.json` writes them), among comment lines and lines that are no JSON
/// (an `invalid` placeholder, puzzles' lines, a layout), read as any block of lines: one piece
/// per document, read on its own so that its errors name lines of the document. `Ok(None)`
/// unless the text holds two or more pieces, or if a line outside the documents holds a key
/// (a document that lost its opening brace); `Err` with the error of the first document over
/// several lines that breaks off, read from its first line on.
fn documents(text: &str) -> Result<Option<Vec<Piece>>, Piece> {
    let mut pieces = Vec::new();
    // Lines that are no JSON, read as any block of lines (a layout over several is one).
    let mut block: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    let mut skip_to = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let start = at;
        at += raw.len();
        if start < skip_to {
            continue;
        }
        let t = raw.trim_start_matches('\u{feff}').trim();
        if t.starts_with('#') {
            continue;
        }
        if !t.starts_with('{') {
            if t.contains("\":") {
                return Ok(None);
            }
            match t.is_empty() {
                true => read_block(&std::mem::take(&mut block), &mut pieces),
                false => block.push((i + 1, t)),
            }
            continue;
        }
        read_block(&std::mem::take(&mut block), &mut pieces);
        // The documents that open on this line: several may follow one another on a line
        // (`cat` of files that end without a line break), and text after the last is a
        // mistake of its line's.
        let first = start + raw.find('{').expect("the line opens a document");
        let (mut open, mut line, mut held, mut line_start) = (first, i + 1, t, start);
        loop {
            let mut stream =
                serde_json::Deserializer::from_str(&text[open..]).into_iter::<IgnoredAny>();
            let read = stream.next();
            if !matches!(read, Some(Ok(_))) {
                // A line cut short among one-line documents is a piece of its own, and so is
                // a lone brace that no line of a document follows; a document over several
                // lines (a lone brace, then its keys, as pretty-printers write it) that
                // breaks off makes the text one error, named in it.
                let lone = held == "{" && !continues(&text[at..]);
                if line == i + 1 && (open > first || held != "{" || lone) {
                    pieces.push(Piece::alone(line, held));
                    skip_to = at;
                    break;
                }
                let broke = match read {
                    Some(Err(e)) => e.line(),
                    _ => 1,
                };
                return match parse(torn(&text[open..], broke)) {
                    Err(e) => Err(Piece::new(line, held, Err(e))),
                    Ok(_) => Ok(None),
                };
            }
            let end = open + stream.byte_offset();
            let close = end + text[end..].find('\n').unwrap_or(text.len() - end);
            let rest = text[end..close].trim();
            if rest.is_empty() || rest.starts_with('{') {
                pieces.push(Piece::new(line, held, parse(&text[open..end])));
            }
            if rest.is_empty() {
                skip_to = end;
                break;
            }
            if !rest.starts_with('{') {
                // Text after a document: its line as a piece of its own when the document
                // is on one line, else the document's error.
                if text[open..end].contains('\n') {
                    return Err(Piece::new(line, held, parse(&text[open..close])));
                }
                pieces.push(Piece::alone(line, held));
                skip_to = close;
                break;
            }
            let next = end + text[end..].find('{').expect("the rest opens a document");
            let breaks = text[line_start..next].matches('\n').count();
            if breaks > 0 {
                line += breaks;
                line_start = text[..next].rfind('\n').map_or(0, |n| n + 1);
                held = text[line_start..close]
                    .trim_start_matches('\u{feff}')
                    .trim();
            }
            open = next;
        }
    }
    read_block(&block, &mut pieces);
    Ok((pieces.len() > 1).then_some(pieces))
}

/// Whether the first line of `rest` that is not blank goes on with a document opened by a lone
/// brace before it: a key or the closing brace, not another document or a puzzle's line.
fn continues(rest: &str) -> bool {
    rest.lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with(['"', '}']))
}

/// A document that breaks off on its line `broke` (counted from its opening brace's), up to
/// the first line from there on that cannot go on with it ([`goes_on`]): when the torn one lost its end, the break is where the next document or puzzle
/// begins, which stays a piece of its own, and the error should point into the torn one.
fn torn(doc: &str, broke: usize) -> &str {
    let mut at = 0;
    for (n, l) in doc.split_inclusive('\n').enumerate() {
        let t = l.trim_start_matches('\u{feff}').trim_start();
        if n > 0 && n + 1 >= broke && !goes_on(t.trim_end()) {
            return &doc[..at];
        }
        at += l.len();
    }
    doc
}

/// Whether a line can be one of a pretty-printed document's: a key, a closing bracket, an
/// array's opening or one of its numbers (the page's notes), not a puzzle's line or a title.
fn goes_on(t: &str) -> bool {
    let scalar = t.strip_suffix(',').unwrap_or(t);
    (t.starts_with('"') && t.contains(':'))
        || t.starts_with(['}', ']', '['])
        || ["true", "false", "null"].contains(&scalar)
        || {
            let digits = scalar.strip_prefix('-').unwrap_or(scalar);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        }
}

/// The pieces of a text's blocks of lines, each read by [`read_block`].
fn blocks(text: &str) -> Vec<Piece> {
    let mut items = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    // Whether a line of the block reads alone as a puzzle; each line is parsed once here.
    let mut any_alone = false;
    let lines = text.lines().map(Some).chain(std::iter::once(None));
    for (i, l) in lines.enumerate() {
        // Texts joined end to end may carry a byte-order mark in the middle.
        match l.map(|l| l.trim_start_matches('\u{feff}').trim()) {
            // A comment ends a block that reads as puzzles already (one per line, or one
            // layout), and is skipped inside a layout cut short by it. Only a block short
            // enough to be one grid is read whole, so this stays linear in the text.
            Some(t) if t.starts_with('#') => {
                if ends_at_comment(any_alone, &block) {
                    read_block(&std::mem::take(&mut block), &mut items);
                    any_alone = false;
                }
            }
            Some(t) if !t.is_empty() => {
                any_alone |= parse(t).is_ok();
                block.push((i + 1, t));
            }
            _ => {
                read_block(&std::mem::take(&mut block), &mut items);
                any_alone = false;
            }
        }
    }
    items
}

/// Whether a comment line ends `block`: when a line of it reads alone as a puzzle, or it reads
/// whole as one grid (a block too long to be one is not read whole, so reading stays linear).
pub(super) fn ends_at_comment(any_alone: bool, block: &[(usize, &str)]) -> bool {
    let whole = || {
        let lines: Vec<&str> = block.iter().map(|&(_, l)| l).collect();
        parse(&lines.join("\n")).is_ok()
    };
    any_alone || (block.len() <= MAX_GRID_LINES && whole())
}

/// The most lines a grid takes: 49 rows and a separator line between bands, with room to spare.
pub(super) const MAX_GRID_LINES: usize = 2 * 49;

/// The number of rows (lines that are not blank, comments or separators) of each paragraph
/// of a text.
fn paragraphs(text: &str) -> Vec<usize> {
    let mut counts = vec![0];
    for l in text
        .lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
    {
        if l.is_empty() {
            counts.push(0);
        } else if !l.starts_with('#') && !l.chars().all(super::text::is_separator) {
            *counts.last_mut().expect("never empty") += 1;
        }
    }
    counts.retain(|&n| n > 0);
    counts
}

/// One block of consecutive lines: one puzzle per line, unless the lines read together as one
/// grid where they do not all read alone (a layout such as `grid`, a wrapped line) or could be
/// its rows (see [`could_be_rows`]). Lines that look like a collection (see
/// [`collection_size`]) are one grid only as its rows (see [`are_rows`]). A
/// layout that has the cell count of a grid but a bad cell is one invalid puzzle with that
/// cell's error, not one error per line. The command line and the page's import both read text this way.
pub(super) fn read_block(block: &[(usize, &str)], items: &mut Vec<Piece>) {
    // A document over several lines (a lone brace, then a key line) is a piece of its own,
    // with the lines before and after it read as blocks (a puzzle's line right above it). A
    // block too long to read whole is one puzzle per line, as [`super::Stream`] reads it.
    let long = || block.iter().map(|&(_, l)| l.len() + 1).sum::<usize>() > MAX_INPUT_BYTES + 1;
    let opens = |k: usize| {
        block[k].1 == "{"
            && block
                .get(k + 1)
                .is_some_and(|&(_, l)| l.starts_with(['"', '}']))
    };
    let Some(first) = (0..block.len()).find(|&k| opens(k)).filter(|_| !long()) else {
        return read_lines(block, items);
    };
    read_lines(&block[..first], items);
    // The lines from the first document on, joined once, and where each starts.
    let mut text = String::new();
    let mut starts = Vec::with_capacity(block.len() - first);
    for &(_, l) in &block[first..] {
        starts.push(text.len());
        text.push_str(l);
        text.push('\n');
    }
    let mut k = first;
    while k < block.len() {
        if !opens(k) {
            let end = (k + 1..block.len())
                .find(|&j| opens(j))
                .unwrap_or(block.len());
            read_lines(&block[k..end], items);
            k = end;
            continue;
        }
        let from = starts[k - first];
        let mut stream =
            serde_json::Deserializer::from_str(&text[from..]).into_iter::<IgnoredAny>();
        // A document ends with its last line; one that breaks off, where the next begins.
        let end = match stream.next() {
            Some(Ok(_)) => {
                let end = from + stream.byte_offset();
                end + text[end..].find('\n').unwrap_or(text.len() - end)
            }
            Some(Err(e)) => from + torn(&text[from..], e.line()).len(),
            None => text.len(),
        };
        let (line, held) = block[k];
        items.push(Piece::new(line, held, parse(text[from..end].trim_end())));
        k += 1;
        while k < block.len() && starts[k - first] < end {
            k += 1;
        }
    }
}

/// [`read_block`] for lines that hold no document over several lines.
fn read_lines(block: &[(usize, &str)], items: &mut Vec<Piece>) {
    let singles: Vec<Piece> = block
        .iter()
        .map(|&(line, l)| Piece::alone(line, l))
        .collect();
    let all_alone = singles.iter().all(|item| item.parsed.is_ok());
    let none_alone = singles.iter().all(|item| item.parsed.is_err());
    let lines: Vec<&str> = block.iter().map(|&(_, l)| l).collect();
    let collection = collection_size(
        singles
            .iter()
            .filter_map(|item| item.parsed.as_ref().ok())
            .map(|p| p.grid.size()),
    );
    let rows = collection.is_some_and(|size| could_be_rows(size, &lines));
    // A line that fails alone for a digit too large for the puzzles around it is a row of the
    // larger grid; one that fails for a clash of its own is a bad puzzle among good ones.
    let larger = singles
        .iter()
        .any(|item| matches!(item.parsed, Err(ParseError::DigitOutOfRange { .. })));
    if block.len() > 1 && (!all_alone || rows) {
        let joined = lines.join("\n");
        // Lines of the block are counted in the text, which also holds comments and others.
        let parsed = parse(&joined).map_err(|e| match e {
            ParseError::LineLength {
                line,
                cells,
                expected,
            } => ParseError::LineLength {
                line: block.get(line.wrapping_sub(1)).map_or(line, |&(l, _)| l),
                cells,
                expected,
            },
            e => e,
        });
        if let Err(ParseError::LineLength { expected, .. }) = &parsed
            && let Some(pieces) = without_titles(block, *expected, guess_text_format(&joined))
        {
            items.extend(pieces);
            return;
        }
        let one_grid = |e: &ParseError| {
            use ParseError::*;
            match e {
                BadSymbol { .. } | DigitOutOfRange { .. } | Conflict(_) | LineLength { .. } => true,
                // Rows one short; lines of a whole puzzle's cells each are puzzles, not rows.
                RowCount { side, .. } => Size::from_cells(*side).is_none(),
                // A document over several lines: its lines are no puzzles each.
                Json(_) => joined.starts_with('{'),
                _ => false,
            }
        };
        // Lines that look like puzzles one per line are one grid only as its rows; a grid
        // of such rows that does not read is one invalid puzzle, like a layout is.
        let one = match &parsed {
            Ok(p) => collection.is_none() || are_rows(p.grid.size(), &lines),
            Err(e) => one_grid(e) && (none_alone || (rows && larger)),
        };
        if one {
            items.push(Piece::new(block[0].0, block[0].1, parsed));
            return;
        }
    }
    items.extend(singles);
}

/// A block of rows that agree on a grid's row length `side` but for some lines that do not
/// read alone either (a title such as `Grid 01` before each grid of a Project Euler file, a
/// note under a grid): those lines on their own, and the runs of rows between them read as
/// blocks; `None` unless some run then reads, or if three such lines come in a row.
fn without_titles(block: &[(usize, &str)], side: usize, format: Format) -> Option<Vec<Piece>> {
    let cells = |l: &str| match format {
        Format::Numeric => number_tokens(l).count(),
        _ => l.chars().filter(|&c| !is_separator(c)).count(),
    };
    // Without such a line the block would come back here unchanged; and more than two such
    // lines in a row are rather the rows of another grid run into this one.
    let off: Vec<bool> = block
        .iter()
        .map(|&(_, l)| !matches!(cells(l), 0) && cells(l) != side)
        .collect();
    if !off.contains(&true) || off.windows(3).any(|w| w.iter().all(|&o| o)) {
        return None;
    }
    let mut pieces = Vec::new();
    let mut run: Vec<(usize, &str)> = Vec::new();
    for &(line, l) in block {
        let n = cells(l);
        if n == side || n == 0 {
            run.push((line, l));
        } else {
            read_lines(&std::mem::take(&mut run), &mut pieces);
            pieces.push(Piece::alone(line, l));
        }
    }
    read_lines(&run, &mut pieces);
    pieces.iter().any(|p| p.parsed.is_ok()).then_some(pieces)
}
