//! Reading the puzzles' text from a file or standard input.

use std::io::Read;
use std::path::Path;

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
