//! The one reading of game-info values (`src/values/`): one table of
//! spellings run through every path that reads them.

mod spellings;
