//! What the batch's unit tests share: a [`Voice`] that keeps what it is
//! told.

use super::Voice;
use crate::diag::{Diagnostic, Reporter};
use crate::error::Error;

/// A voice that keeps the notes said and the records finished.
#[derive(Default)]
pub struct Heard(pub Vec<Diagnostic>, pub Vec<(String, Option<String>)>);

impl Voice for Heard {
    fn reporter(&mut self, name: &str) -> Reporter {
        Reporter::collecting(name)
    }

    fn flush(&mut self, _: &mut Reporter) {}

    fn finished(&mut self, name: &str, _: &mut Reporter, failed: Option<&Error>) {
        self.1
            .push((name.to_string(), failed.map(|e| e.to_string())));
    }

    fn say(&mut self, note: &Diagnostic) {
        self.0.push(note.clone());
    }
}
