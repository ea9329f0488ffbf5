//! A stable diagnostic code and the severity its letter gives.
//!
//! A stable diagnostic code (`W012 unescaped-bracket`) and the severity
//! its letter gives.

use std::fmt;

/// How bad a diagnostic is, in increasing order: the severity rule of
/// `formats/validation.md`. A diagnostic is always shown with its code's
/// letter. The CLI shows warnings and errors; info too with `--verbose` or
/// `--diagnostics json`. A conversion or check with an error exits with
/// status 1, as does one with a warning under `--strict` (`migrate`'s
/// status counts failed files instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// An exact respelling that loses nothing and that `--keep-dialect`
    /// would not need, or a decision (an encoding), for the record.
    Info,
    /// The input departs from the standard (`FF[4]`, or the rules of the
    /// format read), or the output says something other than the input
    /// in a way a person should look at.
    Warning,
    /// Something of the input is missing from the output, or is there
    /// wrong or guessed.
    Error,
}

impl Severity {
    /// `info`, `warning` or `error`, as shown and in JSON diagnostics.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A stable diagnostic code: `W012 unescaped-bracket`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `W012`: the letter of its severity, then the number.
    pub id: &'static str,
    /// kebab-case name, stable too.
    pub name: &'static str,
}

impl Code {
    /// The code `id` (`W012`) named `name` (`unescaped-bracket`).
    pub const fn new(id: &'static str, name: &'static str) -> Self {
        Code { id, name }
    }

    /// The severity, from the id's letter (`E`, `W`, else info): the only
    /// one the code is ever reported with.
    pub fn severity(&self) -> Severity {
        match self.id.as_bytes().first() {
            Some(b'E') => Severity::Error,
            Some(b'W') => Severity::Warning,
            _ => Severity::Info,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.id, self.name)
    }
}
