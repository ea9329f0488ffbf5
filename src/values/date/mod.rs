//! `DT`, the dates a game was played: every spelling of them read
//! ([`date`]), and the dates a value says ([`dates`], [`first_day`]) for
//! the readers and writers of other formats, which need them as numbers.
//!
//! A valid `FF[4]` value stays as it is ([`ff4`]: the grammar, its
//! shortcuts, the calendar); every other is read by [`read`] (from the
//! words of [`words`]: month names, CJK units, times of day, weekdays).

mod calendar;
mod ff4;
mod read;
mod words;

pub use calendar::Date;
pub use ff4::write_ff4 as write_dates;
pub use read::{date, dates, first_day};
