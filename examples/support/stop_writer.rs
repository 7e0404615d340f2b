//! A way to stop a varisat call from another thread, for the examples that cap one
//! (`#[path]`-included).

use sudoku_lab::engine::search::Cancel;

/// A proof target that discards the proof and fails once the flag is raised: varisat 0.2 cannot
/// be interrupted otherwise.
pub struct StopWriter(pub Cancel);

impl std::io::Write for StopWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.0.is_cancelled() {
            Err(std::io::Error::other("over the cap"))
        } else {
            Ok(buf.len())
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
