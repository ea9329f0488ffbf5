//! What a batch says of its inputs and outputs as a whole, beside the
//! diagnostics of the records: the codes 601–649 (`E600 usage-error`,
//! where the command's arguments fail, is the command's own,
//! `src/cli/codes.rs`). The command says them on stderr
//! (`sgfconv: FILE: message`, or a JSON line); its `check` says some of
//! them too.

use crate::diag::{Code, Diagnostic};
use std::sync::Arc;

/// An input cannot be used: it does not exist, cannot be opened or read,
/// is a directory without `-r`, or its format cannot be told. It was not
/// converted.
///
/// Example: `sgfconv missing.sgf` → `missing.sgf: No such file or directory`.
///
/// What to do: check the path; name the format with `-f` when neither the
/// extension nor the content tells it.
pub const INPUT_UNUSABLE: Code = Code::new("E601", "input-unusable");

/// An output cannot be written: its directory does not exist, it may not
/// be written there, the disk is full, or it would replace an input. The
/// old output, if any, is as it was.
///
/// Example: `sgfconv a.sgf /nonexistent/x.sgf`.
///
/// What to do: fix the path or the permissions, free space, or choose
/// another output.
pub const OUTPUT_UNWRITABLE: Code = Code::new("E602", "output-unwritable");

/// A note about the run as a whole: files a directory walk left out,
/// diagnostics not shown, temporary files an interrupted run left behind.
///
/// Example: `archive/: 12 files with no record extension left out`.
///
/// What to do: nothing, unless the note says something unexpected.
pub const RUN_NOTE: Code = Code::new("I603", "run-note");

/// An input read as one format looks like another: the hint names it.
///
/// Example: `sgfconv -f gib game.json` → `looks like JSON: try -f json`.
///
/// What to do: name the right format with `-f`, or rename the file.
pub const LOOKS_LIKE_OTHER_FORMAT: Code = Code::new("W604", "looks-like-other-format");

/// An output is written in the format `-t` names, though its extension
/// names another (the file did not exist, or `--force` was given).
///
/// Example: `sgfconv -t json a.sgf b.sgf` → `b.sgf: written as json (-t),
/// though its name says sgf`.
///
/// What to do: rename the output to match its content.
pub const EXTENSION_MISMATCH: Code = Code::new("W605", "extension-mismatch");

/// Under `-d`, a record whose output another record of the run already
/// has (`x.gib` and `x.sgf` in one directory; two members of one name, as
/// a zip or a tar may hold) is written under a numbered name, `x (2).sgf`,
/// in the order of the inputs. Nothing is lost, but the output is not
/// where its name says (`--collisions refuse` refuses instead).
///
/// Example: `sgfconv x.gib x.sgf -d out` → `x.sgf: x.gib has the output
/// out/x.sgf: written to out/x (2).sgf`.
///
/// What to do: nothing, unless the two are one game kept twice; the note
/// names the record each output is of.
pub const OUTPUT_NUMBERED: Code = Code::new("W606", "output-numbered");

/// `message` with `code`, about `file` (`None`: about the run; the
/// diagnostic's file is then empty).
pub fn note(code: Code, file: Option<&str>, message: String) -> Diagnostic {
    Diagnostic {
        file: Arc::from(file.unwrap_or("")),
        pos: None,
        game: None,
        code,
        severity: code.severity(),
        property: None,
        message,
        fixable: None,
    }
}
