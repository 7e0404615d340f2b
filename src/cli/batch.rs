//! The commands that answer each puzzle of their input: reading, then one line per puzzle.

use super::input;
use super::jobs::{self, Next};
use super::output::{Answers, Written};
use crate::batch::item;
pub use crate::batch::{Item, puzzles};
use crate::engine::format::{Found, Parsed, shown};
use std::path::Path;

/// The output line for one valid puzzle, and a remark for standard error.
pub struct Answer {
    pub line: Line,
    pub note: Option<String>,
}

/// An answer's text: a 9x9 solution's 81 symbols are kept as bytes and a fixed answer
/// ("multiple solutions") as it is, with no allocation.
pub enum Line {
    Text(String),
    Fixed(&'static str),
    Nine([u8; 81]),
}

impl Line {
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn bytes(&self) -> &[u8] {
        match self {
            Line::Text(t) => t.as_bytes(),
            Line::Fixed(t) => t.as_bytes(),
            Line::Nine(symbols) => symbols,
        }
    }
}

impl From<String> for Line {
    fn from(text: String) -> Line {
        Line::Text(text)
    }
}

impl From<&'static str> for Line {
    fn from(text: &'static str) -> Line {
        Line::Fixed(text)
    }
}

impl<T: Into<Line>> From<T> for Answer {
    fn from(line: T) -> Answer {
        Answer {
            line: line.into(),
            note: None,
        }
    }
}

/// A puzzle as `solve` takes it: a plain 9x9 line's cells go to the 9x9 solver as they are.
pub enum Puzzle {
    Nine([u8; 81]),
    Parsed(Parsed),
}

/// How a command's answers are laid out.
#[derive(Default)]
pub struct Layout {
    /// Each answer is a block followed by a blank line (the grid layout), so the output
    /// reads back; placeholders take a block's place.
    pub blocks: bool,
    /// The command writes one puzzle's answer (a model) and refuses several; a puzzle that
    /// fails writes nothing, so a file the output goes to never holds a placeholder for a model.
    pub single: bool,
    /// Every answer is a JSON line: a puzzle that does not read or fails is
    /// `{"status":"invalid","error":...}` (or `"error"`) in place of the word.
    pub json: bool,
}

/// The JSON line of an answer that is a status (`"no solution"`, `"invalid"`), with the reason
/// when there is one.
pub fn status_json(status: &str, error: Option<&str>) -> String {
    #[derive(serde::Serialize)]
    struct Status<'a> {
        status: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<&'a str>,
    }
    serde_json::to_string(&Status { status, error }).expect("plain data serializes")
}

/// Answers every puzzle read from `file` (standard input when `None`) with `answer`, on
/// `jobs` threads, in the order read, as the input arrives; returns the exit status.
pub fn run(
    file: Option<&Path>,
    layout: Layout,
    jobs: Option<u64>,
    answer: impl Fn(&Parsed) -> Result<Answer, String> + Sync,
) -> i32 {
    let take = |f: Found| item(f.into_piece());
    run_found(file, layout, jobs, take, |_| false, answer)
}

/// [`run`] for `solve`, which takes plain 9x9 lines as their cells; a short file of puzzles
/// up to 9x9 is answered on one thread.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn run_puzzles(
    file: Option<&Path>,
    layout: Layout,
    jobs: Option<u64>,
    answer: impl Fn(&Puzzle) -> Result<Answer, String> + Sync,
) -> i32 {
    let take = |found: Found| match found {
        Found::Nine { line, cells } => Item {
            line,
            read: Ok(Puzzle::Nine(cells)),
            words: None,
        },
        Found::Piece(p) => {
            let Item { line, read, words } = item(p);
            Item {
                line,
                read: read.map(Puzzle::Parsed),
                words,
            }
        }
    };
    let light = |item: &Item<Puzzle>| match &item.read {
        Ok(Puzzle::Nine(_)) | Err(_) => true,
        Ok(Puzzle::Parsed(p)) => p.puzzle.size().side() <= 9,
    };
    run_found(file, layout, jobs, take, light, answer)
}

/// [`run`] with the items `take` makes of what the reader finds; `light` items are answered
/// on one thread while they are few (see [`jobs::ordered_light`]).
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn run_found<T: Send + 'static>(
    file: Option<&Path>,
    layout: Layout,
    jobs: Option<u64>,
    take: fn(Found) -> Item<T>,
    light: fn(&Item<T>) -> bool,
    answer: impl Fn(&T) -> Result<Answer, String> + Sync,
) -> i32 {
    let mut source = match input::Source::open(file) {
        Ok(source) => source,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let empty = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let next = {
        let empty = empty.clone();
        move || {
            let read = read_batch(&mut source, take);
            if source.ended_empty() {
                empty.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            read
        }
    };
    let mut writer = Writer {
        out: Answers::new(),
        end: if layout.blocks { "\n" } else { "" },
        failed: false,
        any: false,
        words: WordsNotes::default(),
        ended: None,
    };
    let json = layout.json;
    let work = |item: &Item<T>, _: &_| match &item.words {
        Some(words) => (item.line, Said::Words(words.clone())),
        None => {
            let answered = item.read.as_ref().map(&answer);
            (item.line, Said::Answer(outcome(answered, json)))
        }
    };
    let failure = jobs::ordered_light(jobs, light, next, work, |a| writer.take(a));
    if let Some(status) = writer.ended {
        return status;
    }
    if writer.out.flush() == Written::Failed {
        return 1;
    }
    if let Some(e) = failure {
        eprintln!("error: {e}");
        return 2;
    }
    if let Some(summary) = writer.words.summary() {
        writer.out.remark(&summary);
    }
    if !writer.any {
        if empty.load(std::sync::atomic::Ordering::Relaxed) {
            eprintln!("error: no puzzle in the input: {} is empty", named(file));
            return 1;
        }
        eprintln!("error: {}", no_puzzle(writer.words.count > 0));
        return 1;
    }
    i32::from(writer.failed)
}

/// The input as messages name it.
fn named(file: Option<&Path>) -> String {
    file.map_or("standard input".into(), |p| p.display().to_string())
}

/// Why an input has nothing to answer: only blank and comment lines, and lines of words when
/// `words`.
fn no_puzzle(words: bool) -> &'static str {
    match words {
        true => "no puzzle in the input (only blank lines, # comments and lines of words)",
        false => "no puzzle in the input (only blank and # comment lines)",
    }
}

/// The notes on an input's lines of words (titles and notes, passed over with no answer line):
/// the first at once, so a long or endless run shows it as it happens, among the remarks on
/// the lines around it; then, at the end of an input with more, how many and which, so a
/// reader of standard error need not search a long batch for them.
#[derive(Default)]
struct WordsNotes {
    count: usize,
    /// The first lines' numbers: as many as the summary names, and one more, named rather
    /// than counted when it is the last.
    lines: Vec<usize>,
}

impl WordsNotes {
    /// How many line numbers the summary names before counting the rest.
    const NAMED: usize = 3;

    /// Counts line `line` of words; the note to write at once for the first.
    fn see(&mut self, line: usize, words: &str) -> Option<String> {
        self.count += 1;
        if self.lines.len() <= Self::NAMED {
            self.lines.push(line);
        }
        (self.count == 1).then(|| {
            format!(
                "line {line}: skipped \"{}\": a title or a note, not a puzzle (no answer line for \
                 it)",
                shown(words)
            )
        })
    }

    /// The note for the end of the input, when it had more than one line of words: `skipped
    /// 50 lines of words in all (titles or notes; no answer lines for them): lines 1, 11, 21
    /// and 47 more`.
    fn summary(&self) -> Option<String> {
        if self.count < 2 {
            return None;
        }
        let named: Vec<String> = self.lines.iter().map(usize::to_string).collect();
        let which = if self.count == named.len() {
            let (last, rest) = named.split_last().expect("two or more");
            format!("{} and {last}", rest.join(", "))
        } else {
            let more = self.count - Self::NAMED;
            format!("{} and {more} more", named[..Self::NAMED].join(", "))
        };
        Some(format!(
            "skipped {} lines of words in all (titles or notes; no answer lines for them): \
             lines {which}",
            self.count
        ))
    }
}

/// The next batch of what the reader finds, as items: a function out of line rather than a
/// closure, so that it goes with the rest of the batch path's code.
#[inline(never)]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn read_batch<T>(
    source: &mut input::Source,
    take: fn(Found) -> Item<T>,
) -> Result<Option<Vec<Item<T>>>, String> {
    let Some(found) = source.next()? else {
        return Ok(None);
    };
    // A loop rather than `collect`, whose code would lie apart.
    let mut items = Vec::with_capacity(found.len());
    for f in found {
        items.push(take(f));
    }
    Ok(Some(items))
}

/// One piece's answer as the work gives it: its line number, and what is said of it.
type Answered = (usize, Said);

/// What is said of one piece of the input.
enum Said {
    /// [`outcome`]'s line, remark and failure.
    Answer((Line, Option<String>, bool)),
    /// A line of words (a title or a note), passed over with no answer line.
    Words(String),
}

/// Writes the answers of [`run_found`] in order and keeps what the exit status needs.
struct Writer {
    out: Answers,
    /// What follows each answer before its line break.
    end: &'static str,
    failed: bool,
    any: bool,
    /// The lines of words passed over.
    words: WordsNotes,
    /// The exit status once writing has ended the run.
    ended: Option<i32>,
}

impl Writer {
    /// Writes one answer (its line number, line, remark and whether it failed), or flushes
    /// for `None`.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn take(&mut self, answered: Option<Answered>) -> Next {
        let (at, said) = match answered {
            Some(answered) => answered,
            None => {
                let flushed = self.out.flush();
                return self.after(flushed);
            }
        };
        let (line, remark, bad) = match said {
            Said::Answer(answer) => answer,
            Said::Words(words) => {
                if let Some(note) = self.words.see(at, &words) {
                    self.out.remark(&note);
                }
                return Next::Continue;
            }
        };
        self.any = true;
        self.failed |= bad;
        if let Some(remark) = remark {
            self.out.remark(&format!("line {at}: {remark}"));
        }
        let written = self.out.write(line.bytes(), self.end);
        self.after(written)
    }

    /// Whether to go on after a write or a flush, keeping the exit status when not.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn after(&mut self, written: Written) -> Next {
        match written {
            Written::Yes => Next::Continue,
            // The reader has what it wanted (`| head -1`): not a failure of this run.
            Written::ReaderGone => {
                self.ended = Some(i32::from(self.failed));
                Next::Stop
            }
            Written::Failed => {
                self.ended = Some(1);
                Next::Stop
            }
        }
    }
}

/// [`run`] for items that `split` finds in the text (puzzles, or states of other kinds).
pub fn run_items<T>(
    file: Option<&Path>,
    layout: Layout,
    split: impl Fn(&str) -> Vec<Item<T>>,
    answer: impl Fn(&T) -> Result<Answer, String>,
) -> i32 {
    let text = match input::read(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    if text.chars().all(|c| c == '\u{feff}') {
        eprintln!("error: no puzzle in the input: {} is empty", named(file));
        return 1;
    }
    let items = split(&text);
    let puzzles = items.iter().filter(|i| i.words.is_none()).count();
    if puzzles == 0 {
        eprintln!("error: {}", no_puzzle(!items.is_empty()));
        return 1;
    }
    if layout.single && puzzles > 1 {
        eprintln!("error: export writes the model of one puzzle; the input holds {puzzles}");
        return 1;
    }
    let end = if layout.blocks { "\n" } else { "" };
    let mut out = Answers::new();
    let mut failed = false;
    let mut notes = WordsNotes::default();
    for item in items {
        if let Some(words) = &item.words {
            if let Some(note) = notes.see(item.line, words) {
                out.remark(&note);
            }
            continue;
        }
        let (line, remark, bad) = outcome(item.read.as_ref().map(&answer), layout.json);
        failed |= bad;
        // Standard output stays aligned with the input so scripts can zip lines; a remark
        // goes to standard error after the answers before it.
        if let Some(remark) = remark {
            out.remark(&format!("line {}: {remark}", item.line));
        }
        if bad && layout.single {
            continue;
        }
        match out.write(line.bytes(), end) {
            Written::Yes => {}
            // The reader has what it wanted (`| head -1`): not a failure of this run.
            Written::ReaderGone => return i32::from(failed),
            Written::Failed => return 1,
        }
    }
    if let Some(summary) = notes.summary() {
        out.remark(&summary);
    }
    match out.flush() {
        Written::Failed => 1,
        _ => i32::from(failed),
    }
}

/// One puzzle's answer line, its remark, and whether it failed, from how it read and, when it
/// did, the command's answer: a puzzle that does not read is answered 'invalid', one the
/// command fails on 'error' (each as a JSON line for `json`).
// Out of line and the same for every command, so that the work around it (reading the item,
// the command's answer) stays small enough to go inline into the loops that call it, and with
// them into the batch path's section.
#[inline(never)]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn outcome(
    answered: Result<Result<Answer, String>, &String>,
    json: bool,
) -> (Line, Option<String>, bool) {
    let failed = |status: &'static str, e: String| match json {
        true => (status_json(status, Some(&e)).into(), Some(e), true),
        false => (status.into(), Some(e), true),
    };
    match answered {
        Err(e) => failed("invalid", e.clone()),
        Ok(Ok(Answer { line, note })) => (line, note, false),
        Ok(Err(e)) => failed("error", e),
    }
}

#[cfg(test)]
mod tests {
    use super::WordsNotes;

    fn summary(lines: &[usize]) -> Option<String> {
        let mut notes = WordsNotes::default();
        let firsts: Vec<bool> = lines
            .iter()
            .map(|&l| notes.see(l, "Grid").is_some())
            .collect();
        assert_eq!(firsts.iter().filter(|&&f| f).count(), 1.min(lines.len()));
        notes.summary()
    }

    #[test]
    fn the_summary_names_the_first_lines_and_counts_the_rest() {
        assert_eq!(summary(&[]), None);
        assert_eq!(summary(&[4]), None);
        // Lines 1, 11, 21, ... of words: the summary of the first `n`.
        let of = |n: usize| summary(&(0..n).map(|i| 1 + 10 * i).collect::<Vec<_>>());
        let said = |n: usize, which: &str| {
            Some(format!(
                "skipped {n} lines of words in all (titles or notes; no answer lines for \
                 them): lines {which}"
            ))
        };
        assert_eq!(of(2), said(2, "1 and 11"));
        assert_eq!(of(3), said(3, "1, 11 and 21"));
        assert_eq!(of(4), said(4, "1, 11, 21 and 31"));
        assert_eq!(of(5), said(5, "1, 11, 21 and 2 more"));
        assert_eq!(of(50), said(50, "1, 11, 21 and 47 more"));
    }
}
