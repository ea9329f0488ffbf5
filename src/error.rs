//! Errors that stop a conversion. Problems a reader can repair or skip are
//! not errors but [diagnostics](crate::diag).

use crate::diag::Code;
use crate::event::Pos;
use std::fmt;
use std::io;

/// Why a conversion stopped before its end.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Reading the input or writing the output failed.
    Io(io::Error),
    /// The input cannot be converted at all (e.g. an encrypted UGF file, or
    /// not a record of the named format).
    Unreadable {
        /// Its diagnostic code, e.g. `E301` `ugf-not-ugf`.
        code: Code,
        /// What is wrong, for a person.
        message: String,
        /// Where in the input, when one place is to blame (a value past
        /// `--max-value-size`): the fields of a JSON diagnostic.
        at: Option<Pos>,
    },
    /// The target cannot represent the input at all (e.g. a writer that needs
    /// a game and got none).
    Unwritable {
        /// Its diagnostic code, e.g. `E442` `ugf-unwritable-size`.
        code: Code,
        /// What cannot be written, for a person.
        message: String,
    },
    /// Bad usage: unknown format or encoding name, conflicting options.
    Usage(String),
    /// An output file could not be made or written: said of the output
    /// (`x.sgf: directory does not exist`), never of a temporary file.
    Output {
        /// The output, as given.
        path: std::path::PathBuf,
        /// The kind of the underlying error.
        kind: io::ErrorKind,
        /// What went wrong, for a person (without the path).
        message: String,
    },
}

impl Error {
    /// [`Error::Unreadable`] with diagnostic code `code`.
    pub fn unreadable(code: Code, message: impl Into<String>) -> Self {
        Error::Unreadable {
            code,
            message: message.into(),
            at: None,
        }
    }

    /// [`Error::Unreadable`] with diagnostic code `code`, at `at`.
    pub fn unreadable_at(code: Code, at: Pos, message: impl Into<String>) -> Self {
        Error::Unreadable {
            code,
            message: message.into(),
            at: Some(at),
        }
    }

    /// [`Error::Unwritable`] with diagnostic code `code`.
    pub fn unwritable(code: Code, message: impl Into<String>) -> Self {
        Error::Unwritable {
            code,
            message: message.into(),
        }
    }

    /// True when the output side failed because the reader went away
    /// (`sgfconv … | head`): not worth an error message.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Error::Io(e) => e.kind() == io::ErrorKind::BrokenPipe,
            Error::Output { kind, .. } => *kind == io::ErrorKind::BrokenPipe,
            _ => false,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::Unreadable { code, message, .. } => write!(f, "[{}] {message}", code.id),
            Error::Unwritable { code, message } => write!(f, "[{}] {message}", code.id),
            Error::Usage(m) => write!(f, "{m}"),
            Error::Output { path, message, .. } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}
