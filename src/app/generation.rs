//! Generating puzzles: the seed field, the symmetry, and what a generation puts on the board.

use super::board::{Board, Mode};
use crate::engine::Grid;
use crate::engine::generate::Symmetry;
use crate::engine::logic::{Level, Rating};
use crate::words::{Message, PlayMessage};

/// The generator's settings.
#[derive(Clone, Debug, PartialEq)]
pub enum GenerationAction {
    SetSeed(u64),
    /// The seed field holds this text, which is not a seed (empty while being typed); the
    /// seed stays as it was and Generate is held back.
    InvalidSeed(String),
    /// Generate was pressed while the seed field holds no seed: the status says what it needs.
    GenerateWithoutSeed,
    SetSymmetry(Symmetry),
    /// A level for the next puzzle (solvable without guessing), or `None` for a minimal one.
    SetDifficulty(Option<Level>),
}

/// The seed and symmetry the next generation uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    pub seed: u64,
    /// What the seed field shows while it is not a seed: Generate waits for a fix rather
    /// than use a seed the field does not show.
    pub seed_draft: Option<String>,
    pub symmetry: Symmetry,
    /// The level the next puzzle is made for; `None`: minimal.
    pub difficulty: Option<Level>,
}

impl Default for Generation {
    fn default() -> Self {
        Generation {
            seed: 1,
            seed_draft: None,
            symmetry: Symmetry::None,
            difficulty: None,
        }
    }
}

impl Generation {
    pub fn reduce(&mut self, action: GenerationAction, status: &mut Message) {
        match action {
            GenerationAction::SetSeed(seed) => {
                self.seed = seed;
                // The complaint about the field's old text no longer applies.
                if self.seed_draft.take().is_some() && status.is_error() {
                    *status = Message::SeedSet { seed };
                }
            }
            GenerationAction::InvalidSeed(text) => {
                // An empty field is a seed being typed, not a mistake yet.
                let shown: String = text.trim().chars().take(40).collect();
                if !shown.is_empty() {
                    *status = Message::NotASeed { text: shown };
                } else if self.seed_draft.is_some() && status.is_error() {
                    // The complaint quotes text that is gone.
                    *status = Message::TypeASeed;
                }
                self.seed_draft = Some(text);
            }
            GenerationAction::GenerateWithoutSeed => {
                let shown: String = self
                    .seed_draft
                    .as_deref()
                    .unwrap_or("")
                    .trim()
                    .chars()
                    .take(40)
                    .collect();
                *status = match shown.is_empty() {
                    true => Message::TypeASeed,
                    false => Message::NotASeed { text: shown },
                };
            }
            GenerationAction::SetSymmetry(s) => self.symmetry = s,
            GenerationAction::SetDifficulty(l) => self.difficulty = l,
        }
    }

    /// Puts a generated puzzle on the board to play, and moves the seed field on so that
    /// Generate makes another. `symmetry` and `asked` (the difficulty) are what the job was
    /// asked for.
    pub fn generated(
        &mut self,
        puzzle: Grid,
        (seed, millis, rating): (u64, f64, Option<Rating>),
        (symmetry, asked): (Symmetry, Option<Level>),
        board: &mut Board,
    ) -> Message {
        let (size, clues) = (puzzle.size(), puzzle.given_count());
        board.push(puzzle);
        board.mode = Mode::Play;
        self.seed = seed.wrapping_add(1);
        self.seed_draft = None;
        if let Some(rating) = rating {
            let missed = asked.filter(|&level| rating.level != Some(level));
            return Message::Play(PlayMessage::Generated {
                rating,
                missed,
                size,
                clues,
                seed,
                millis,
                next_seed: self.seed,
            });
        }
        Message::Generated {
            size,
            clues,
            seed,
            symmetry,
            millis,
            next_seed: self.seed,
        }
    }
}

/// Stop and keep: a generation's puzzle so far (one solution, not minimal yet) goes on the
/// board to play.
pub fn keep(puzzle: Grid, board: &mut Board) -> Message {
    let clues = puzzle.given_count();
    // Checking each clue of a 36x36 puzzle takes tens of minutes.
    let suggest_check = puzzle.size().box_size() < 6;
    board.push(puzzle);
    board.mode = Mode::Play;
    Message::KeptPartial {
        clues,
        suggest_check,
    }
}
