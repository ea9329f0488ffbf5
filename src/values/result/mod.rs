//! `RE`, the result: every spelling of it read ([`result`]), and what it
//! says as a value ([`read_result`], [`result_text`]) for the readers and
//! writers of formats that hold results in words or codes.
//!
//! `FF[4]` (`RE`): `0` or `Draw` for a draw (jigo), `B+` or `W+` followed by
//! nothing, a score (a real), `R`/`Resign`, `T`/`Time` or `F`/`Forfeit`;
//! `Void` for no result or suspended play; `?` for an unknown result.
//! "Applications must not write 'Black resigns'." People did, in many
//! languages: this reads English, Japanese, Korean and Chinese results
//! (`Black resigns` → `W+R`, `黒中押し勝ち` → `B+R`, `백 3.5집승` → `W+3.5`,
//! `白胜3又1/4子` → `W+6.5`) and spelling variants (`b+r`, `W+resign`),
//! and writes the short `FF[4]` form. A move count (`207수`, `257手完`) is
//! left out and named. What it cannot read keeps its original text.

//!
//! The words are in one table ([`words`]); [`read`] reads them.

mod read;
mod said;
mod words;

pub use read::result;
pub use said::{read_result, result_before_remark, result_text, GameResult, ResultText, WinBy};
