//! The one reading of game-info values (`src/values/`): one table of
//! spellings run through every path that reads them, and the values read
//! right case by case through the binary.

mod read_right;
mod spellings;
