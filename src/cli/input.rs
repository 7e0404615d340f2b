//! Reading the puzzles' text from a file or standard input.

use crate::engine::format::{Found, MAX_INPUT_BYTES, Stream, thousands};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The input as text. Bytes that are not UTF-8 (a Latin-1 file, say) read as U+FFFD, so the
/// puzzles around them are still answered; where the first one is goes to standard error.
pub fn read(file: Option<&Path>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match file {
        None => std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?,
        Some(p) => std::fs::File::open(p)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read {}: {e}", p.display()))?,
    };
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        let source = file.map_or("standard input".into(), |p| p.display().to_string());
        return Err(format!("{source} is UTF-16 text; save it as UTF-8"));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            eprintln!(
                "line {line}: byte {} of the input is not UTF-8 text; bytes like it read as \
                 '\u{fffd}'",
                at + 1
            );
            Ok(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

/// Bytes read at a time at most.
const CHUNK: usize = 1 << 16;

/// Bytes of one line past which reading stops: a puzzle's text is at most
/// [`MAX_INPUT_BYTES`], and its byte-order mark may come before it.
const LONGEST_LINE: usize = MAX_INPUT_BYTES + 3;

/// The puzzles of a file or standard input as they arrive, read a piece at a time so that an
/// endless input is answered as it comes, in bounded memory, with the answers of reading it
/// whole (see [`Stream`]).
pub struct Source {
    reader: BufReader<Box<dyn Read + Send>>,
    /// The file read, `None` for standard input; named only in messages, so formatted only
    /// for one.
    file: Option<PathBuf>,
    stream: Option<Stream>,
    /// Bytes read after the last line break.
    rest: Vec<u8>,
    /// Bytes and line breaks before `rest`, to name where bytes that are not UTF-8 are.
    offset: usize,
    breaks: usize,
    told_utf8: bool,
    /// Whether the text so far is nothing but byte-order marks: such an input is empty.
    marks_only: bool,
}

impl Source {
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn open(file: Option<&Path>) -> Result<Source, String> {
        let reader: Box<dyn Read + Send> = match file {
            None => Box::new(std::io::stdin()),
            Some(p) => Box::new(
                std::fs::File::open(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?,
            ),
        };
        Ok(Source {
            reader: BufReader::with_capacity(CHUNK, reader),
            file: file.map(Path::to_path_buf),
            stream: Some(Stream::new()),
            rest: Vec::new(),
            offset: 0,
            breaks: 0,
            told_utf8: false,
            marks_only: true,
        })
    }

    /// The next pieces read, at least one unless the input has ended (`None` after the last).
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn next(&mut self) -> Result<Option<Vec<Found>>, String> {
        let mut out = Vec::new();
        while out.is_empty() {
            if self.stream.is_none() {
                return Ok(None);
            }
            // What one read gives: a pipe's input is answered as it comes.
            let before = self.rest.len();
            let n = match self.reader.fill_buf() {
                Ok(read) => {
                    self.rest.extend_from_slice(read);
                    read.len()
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.cannot(&e)),
            };
            self.reader.consume(n);
            let opened = self.offset == 0 && (self.rest.len() >= 2 || n == 0);
            if opened
                && (self.rest.starts_with(&[0xFF, 0xFE]) || self.rest.starts_with(&[0xFE, 0xFF]))
            {
                return Err(format!("{} is UTF-16 text; save it as UTF-8", self.name()));
            }
            if n == 0 {
                let text = self.text(self.rest.len());
                let mut stream = self.stream.take().expect("not ended");
                stream.feed_found(&text, &mut out);
                stream.finish_found(&mut out);
            } else if let Some(end) = self.last_break(before)
                && !(self.offset == 0 && self.rest.len() < 2)
            {
                let text = self.text(end + 1);
                let stream = self.stream.as_mut().expect("not ended");
                stream.feed_found(&text, &mut out);
            } else if self.rest.len() > LONGEST_LINE {
                // No line this long reads (nor does a whole text), and an endless input
                // without line breaks (`/dev/zero`) would otherwise be read for ever.
                return Err(format!(
                    "line {}: more than {} bytes without a line break; a puzzle is at most {} \
                     bytes, after a byte-order mark of 3",
                    self.breaks + 1,
                    thousands(LONGEST_LINE as u64),
                    thousands(MAX_INPUT_BYTES as u64)
                ));
            }
        }
        Ok(Some(out))
    }

    /// Where the last line break in `rest` is, looking only at the bytes from `before` on
    /// (those before it were looked at when they came, bar one held back at the start).
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn last_break(&self, before: usize) -> Option<usize> {
        let from = before.saturating_sub(1);
        let found = self.rest[from..].iter().rposition(|&b| b == b'\n')?;
        Some(from + found)
    }

    fn cannot(&self, e: &std::io::Error) -> String {
        format!("cannot read {}: {e}", self.name())
    }

    /// Whether the input has ended without a byte, but for byte-order marks.
    pub fn ended_empty(&self) -> bool {
        self.stream.is_none() && self.marks_only && self.rest.is_empty()
    }

    fn name(&self) -> String {
        self.file
            .as_ref()
            .map_or("standard input".into(), |p| p.display().to_string())
    }

    /// The first `len` bytes of `rest` as text (each ends at a line break, or the input does,
    /// so no character is cut), saying where the first bytes that are not UTF-8 are.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn text(&mut self, len: usize) -> String {
        // The bytes after `len` (part of a line) are copied, not the text taken.
        let after = self.rest.split_off(len);
        let bytes = std::mem::replace(&mut self.rest, after);
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                if !self.told_utf8 {
                    self.told_utf8 = true;
                    let line =
                        self.breaks + bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                    eprintln!(
                        "line {line}: byte {} of the input is not UTF-8 text; bytes like it read \
                         as '\u{fffd}'",
                        self.offset + at + 1
                    );
                }
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        self.offset += len;
        self.marks_only &= text.chars().all(|c| c == '\u{feff}');
        self.breaks += text.bytes().filter(|&b| b == b'\n').count();
        text
    }
}
