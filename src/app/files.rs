//! Files and sharing: imports (pasted, from a file or a share link), saving, downloads, links.

use super::board::{Board, Mode, on_the_board};
use super::notes::Notes;
use crate::engine::Size;
use crate::engine::format::{self, Format, ParseError, Parsed};
use crate::engine::formulation::ModelFormat;
use crate::words::{
    Clipboard, ImportError, ImportSource, Imported, JobKind, Message, PlayMessage, Skipped, Unread,
};

/// The URL fragment prefix of a share link: `#p=<puzzle>`.
pub const SHARE_PREFIX: &str = "#p=";

/// Percent-encodes all but the characters JavaScript's `encodeURIComponent` keeps, so the
/// page's decoder reads the text back exactly.
pub fn encode_uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A file the page should offer for download; the view starts it and answers `Downloaded`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Download {
    pub name: String,
    pub mime: String,
    pub text: String,
}

/// What comes in from, or goes out to, files, links and the clipboard.
#[derive(Clone, Debug, PartialEq)]
pub enum FileAction {
    /// Save the board as a file: the givens as one line of text, or the whole board as JSON.
    Save(Format),
    /// Text pasted or read from a file; replaces the grid only if it parses.
    Import(String),
    /// A file's text, with its name, which the status then gives.
    ImportFile { name: String, text: String },
    /// The puzzle text of a share link the page was opened with.
    OpenLink(String),
    /// A file could not be read (or is too large to try); nothing changes but the status.
    ImportFailed(Unread),
    /// Make a share link to the givens on the page at this address (no fragment), or with
    /// `board` to the whole board: the player's digits and notes too.
    Share { page: String, board: bool },
    /// Open the share link offered in place of the game in progress.
    OpenOfferedLink,
    /// Keep the game in progress; the offered link goes.
    KeepGame,
    /// The pending share link was handed to the clipboard.
    Copied,
    /// The browser refused to put the share link on the clipboard.
    CopyRefused,
    /// The pending download was handed to the browser.
    Downloaded,
}

/// A share link that would replace a game in progress, and what the page says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct OfferedLink {
    pub text: String,
    pub about: PlayMessage,
}

/// Links, the clipboard, downloads, and an import waiting for a job to end.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Files {
    pub share_link: Option<String>,
    /// A share link to hand to the clipboard; the view does, then answers `Copied`.
    pub clipboard: Option<String>,
    /// An import that arrived while a job ran (a share link opened in this tab, say): it
    /// applies when the job ends rather than be lost.
    pub waiting_import: Option<FileAction>,
    pub download: Option<Download>,
    /// A share link's text that would replace a game in progress: it waits for the player's
    /// word ([`FileAction::OpenOfferedLink`] or [`FileAction::KeepGame`]).
    pub offered_link: Option<OfferedLink>,
}

impl Files {
    /// Applies one action; returns whether an import replaced the board.
    pub fn reduce(&mut self, action: FileAction, board: &mut Board, status: &mut Message) -> bool {
        match action {
            FileAction::Save(f) => {
                *status = match board.clashing_givens() {
                    Some(conflict) => Message::GivensClash { conflict },
                    None => self.save(f, board),
                }
            }
            FileAction::Share { page, board: whole } => {
                *status = match board.clashing_givens() {
                    Some(conflict) => Message::GivensClash { conflict },
                    None => self.share(&page, board, whole),
                }
            }
            FileAction::Import(text) => {
                return import(&text, (ImportSource::Text, None), board, status);
            }
            FileAction::ImportFile { name, text } => {
                return import(&text, (ImportSource::Text, Some(name)), board, status);
            }
            FileAction::OpenLink(text) => return self.open_link(text, board, status),
            FileAction::OpenOfferedLink => {
                let Some(offer) = self.offered_link.take() else {
                    return false;
                };
                return import(&offer.text, (ImportSource::Link, None), board, status);
            }
            FileAction::KeepGame => {
                if self.offered_link.take().is_some() {
                    *status = Message::Play(PlayMessage::LinkDeclined);
                }
            }
            FileAction::ImportFailed(reason) => {
                *status = Message::ImportFailed {
                    source: ImportSource::Text,
                    error: ImportError::Unread(reason),
                };
            }
            FileAction::Copied | FileAction::CopyRefused => {
                self.clipboard = None;
                // The outcome of copying, unless the status moved on meanwhile.
                let copy = match action {
                    FileAction::Copied => Clipboard::Copied,
                    _ => Clipboard::Refused,
                };
                match status {
                    Message::ShareLink { .. } => *status = Message::ShareLink { copy },
                    Message::Play(PlayMessage::SharedGame { copy: c }) => *c = copy,
                    _ => {}
                }
            }
            FileAction::Downloaded => self.download = None,
        }
        false
    }

    /// Holds an import back until the running job ends, in place of one already waiting.
    pub fn wait(&mut self, job: JobKind, import: FileAction) -> Message {
        Message::ImportWaits {
            job,
            instead: self.waiting_import.replace(import).is_some(),
        }
    }

    /// An exported model, offered for download.
    pub fn exported(&mut self, model: ModelFormat, text: String) -> Message {
        let lines = text.lines().count();
        self.download = Some(Download {
            name: model.file_name().to_string(),
            mime: "text/plain".to_string(),
            text,
        });
        Message::Exported { model, lines }
    }

    fn save(&mut self, f: Format, board: &Board) -> Message {
        // The text formats cannot mark a clue, so they carry the puzzle alone; JSON keeps the
        // clues and the rest of the board apart.
        let whole_board = f == Format::Json;
        let (grid, name, mime) = match whole_board {
            true => (board.grid.clone(), "sudoku.json", "application/json"),
            false => (board.grid.puzzle(), "sudoku.txt", "text/plain"),
        };
        let text = match whole_board {
            true => board_json(board),
            false => format::write(&grid, f).unwrap_or_else(|_| format::write_compact(&grid)),
        };
        self.download = Some(Download {
            name: name.to_string(),
            mime: mime.to_string(),
            text: format!("{}\n", text.trim_end()),
        });
        Message::Saved { whole_board, name }
    }

    fn share(&mut self, page: &str, board: &Board, whole: bool) -> Message {
        // The whole board goes as the JSON download has it, which the link's import reads
        // back digit for digit and note for note.
        let text = match whole {
            true => board_json(board),
            false => format::write_compact(&board.grid.puzzle()),
        };
        let link = format!("{page}{SHARE_PREFIX}{}", encode_uri_component(text.trim()));
        self.share_link = Some(link.clone());
        self.clipboard = Some(link);
        let copy = Clipboard::Pending;
        match whole {
            true => Message::Play(PlayMessage::SharedGame { copy }),
            false => Message::ShareLink { copy },
        }
    }

    /// A share link opened: it replaces an empty board or one that holds no work of the
    /// player's at once; a game in progress stays until the player says which to keep. A
    /// link that does not read changes nothing.
    fn open_link(&mut self, text: String, board: &mut Board, status: &mut Message) -> bool {
        let read_with_notes = read(&text).and_then(|reading| {
            let notes = json_notes(&text, &reading.parsed)?;
            Ok((reading.parsed, notes))
        });
        let (parsed, notes) = match read_with_notes {
            Ok(read) => read,
            Err(error) => {
                *status = Message::ImportFailed {
                    source: ImportSource::Link,
                    error,
                };
                return false;
            }
        };
        let same = parsed.grid == board.grid && notes == board.notes;
        if !in_progress(board) || same {
            self.offered_link = None;
            return import(&text, (ImportSource::Link, None), board, status);
        }
        let played = parsed.grid.entries().iter().filter(|e| e.digit().is_some());
        let played = played.count() - parsed.grid.given_count();
        let about = PlayMessage::LinkOffered {
            size: parsed.grid.size(),
            clues: parsed.grid.given_count(),
            played,
            notes: !notes.is_empty(),
        };
        *status = Message::Play(about.clone());
        self.offered_link = Some(OfferedLink { text, about });
        false
    }
}

/// The whole board as JSON: givens under `fixed`, other digits under `solved`, and the notes
/// as an extra field, which import reads back.
fn board_json(board: &Board) -> String {
    let grid = &board.grid;
    let text = format::write(grid, Format::Json).unwrap_or_else(|_| format::write_compact(grid));
    let text = match board.notes.to_json(grid) {
        Some(notes) => {
            let body = text.trim_end().strip_suffix('}').unwrap_or(&text);
            format!("{body},\"notes\":{notes}}}")
        }
        None => text,
    };
    format!("{}\n", text.trim_end())
}

/// Whether the board holds work the player would lose to a link: digits or notes of their
/// own, or givens being entered.
fn in_progress(board: &Board) -> bool {
    !board.played().is_empty()
        || !board.notes.is_empty()
        || (board.mode == Mode::Givens && board.grid.given_count() > 0)
}

/// The notes a JSON text carries for the board it parsed to.
fn json_notes(text: &str, parsed: &Parsed) -> Result<Notes, ImportError> {
    match parsed.format {
        Format::Json => {
            let size = parsed.grid.size();
            Notes::from_json(text, size).map_err(|error| ImportError::Notes { size, error })
        }
        _ => Ok(Notes::default()),
    }
}

/// Replaces the board with the puzzle in `text` if it parses, and says what came in (from
/// which file, when it came from one). Returns whether it did.
fn import(
    text: &str,
    (source, file): (ImportSource, Option<String>),
    board: &mut Board,
    status: &mut Message,
) -> bool {
    let read_with_notes = read(text).and_then(|reading| {
        let notes = json_notes(text, &reading.parsed)?;
        Ok((reading, notes))
    });
    let (
        Reading {
            parsed,
            puzzles,
            skipped,
            from_line,
        },
        notes,
    ) = match read_with_notes {
        Ok(read) => read,
        Err(error) => {
            *status = Message::ImportFailed { source, error };
            return false;
        }
    };
    let size = parsed.grid.size();
    let givens = parsed.puzzle.given_count();
    let empty = parsed.grid.entries().iter().all(|e| e.digit().is_none());
    match notes.is_empty() {
        true => board.push(parsed.grid),
        false => board.push_with(parsed.grid, notes, false),
    }
    // An empty board has no givens to play around: it is there to be filled with them.
    board.mode = if empty { Mode::Givens } else { Mode::Play };
    // Some 16x16 sources write 16 as 0; here 0 is a blank, which should not pass unsaid.
    let zeros = parsed.format == Format::Line
        && size.side() >= 10
        && text
            .lines()
            .any(|l| !l.trim_start().starts_with('#') && l.contains('0'));
    *status = Message::Imported(Box::new(Imported {
        source,
        file,
        size,
        givens,
        format: parsed.format,
        puzzles,
        from_line,
        empty,
        skipped,
        zeros,
        // A board saved in play may hold clashing digits; they are shaded.
        conflict: board.grid.conflicts().first().copied(),
    }));
    true
}

/// An imported text's first puzzle, how many puzzles the text holds, and the first line that
/// does not read, passed over (a title or a note among the puzzles).
struct Reading {
    parsed: Parsed,
    puzzles: usize,
    skipped: Option<Skipped>,
    /// The puzzle's first line, when lines before it were passed over.
    from_line: Option<usize>,
}

/// Lines passed over that are looked at for a puzzle with a mistake, past a title: each is
/// parsed again alone, so a long text of notes is not read through.
const SKIPPED_LOOKED_AT: usize = 64;

/// Line `line` of `text`, passed over for `error`: quoted (its start), and whether it reads
/// as words, a title or a note, rather than as a puzzle with a mistake in it.
fn skipped(text: &str, line: usize, error: ParseError) -> Skipped {
    let held = format::line_of(text, line);
    let words = format::is_words(text, line, &error);
    // At most 24 characters, ended by an ellipsis: three dots would read as three blanks.
    let text = match held.chars().count() > 24 {
        true => format!("{}\u{2026}", held.chars().take(24).collect::<String>()),
        false => held.to_string(),
    };
    Skipped {
        line,
        text,
        words,
        error,
    }
}

/// Whether the first pieces of a text none of which reads all read as words, by the rule
/// that tells a title from a puzzle with a mistake.
fn only_words(text: &str, pieces: &[format::Piece]) -> bool {
    pieces
        .iter()
        .take(SKIPPED_LOOKED_AT)
        .filter_map(|p| Some((p.line, p.parsed.as_ref().err()?.clone())))
        .all(|(line, error)| skipped(text, line, error).words)
}

fn read(text: &str) -> Result<Reading, ImportError> {
    // Read as text, a binary file (a picture, a zip) is a cell count no grid has; saying
    // what it is helps more than that count.
    if text.contains(['\0', '\u{fffd}']) {
        return Err(ImportError::Binary);
    }
    // Read as one grid, sixteen 9x9 lines would be a 36x36 board (with clashes, or worse,
    // without), so the text is split into its puzzles first, as the command line does (see
    // `format::pieces`), and its first puzzle is taken.
    let pieces = format::pieces(text);
    let mut readable = pieces
        .iter()
        .filter_map(|p| Some((p.line, p.parsed.as_ref().ok()?)));
    let mut bad = pieces
        .iter()
        .filter_map(|p| Some((p.line, p.parsed.as_ref().err()?)));
    let first_bad = bad.next().map(|(line, error)| (line, error.clone()));
    let (parsed, puzzles, skipped, from_line) = match (readable.next(), first_bad) {
        (Some((line, first)), first_bad) => {
            // A puzzle that does not read is said before a title: passing over it unsaid
            // would leave the player believing it came in.
            let skipped = first_bad
                .map(|(l, e)| skipped(text, l, e))
                .map(|s| match s.words {
                    true => bad
                        .take(SKIPPED_LOOKED_AT)
                        .map(|(l, e)| skipped(text, l, e.clone()))
                        .find(|s| !s.words)
                        .unwrap_or(s),
                    false => s,
                });
            let from_line = (pieces[0].line != line).then_some(line);
            (first.clone(), readable.count() + 1, skipped, from_line)
        }
        // Words and no puzzle (a note, a letter): a cell count would mislead.
        (None, Some((line, error))) if only_words(text, &pieces) => {
            return Err(ImportError::OnlyWords {
                text: skipped(text, line, error).text,
            });
        }
        // A title over a broken puzzle: the puzzle's line is the one to name.
        (None, Some(first)) if pieces.len() > 1 => {
            let (line, error) = std::iter::once((first.0, &first.1))
                .chain(bad)
                .take(SKIPPED_LOOKED_AT)
                .find(|&(l, e)| !skipped(text, l, e.clone()).words)
                .unwrap_or((first.0, &first.1));
            return Err(ImportError::NoLineReads {
                line,
                error: error.clone(),
            });
        }
        // One piece that does not read: the text as a whole says best what is wrong.
        (None, _) => (
            format::parse(text).map_err(ImportError::Parse)?,
            1,
            None,
            None,
        ),
    };
    let size = parsed.grid.size();
    if !on_the_board(size) {
        return Err(ImportError::NoCells {
            size,
            smallest: Size::all().find(|&s| on_the_board(s)).unwrap_or(Size::NINE),
            largest: Size::all().last().unwrap_or(Size::NINE),
        });
    }
    Ok(Reading {
        parsed,
        puzzles,
        skipped,
        from_line,
    })
}
