//! Opening an input: the record it is, in the format `-f`, its name or its
//! content says, or the archive it is (told by its first bytes, not its
//! name), whose record members are then opened one by one
//! ([`each_record`]) and named `archive.zip:Go/x.sgf` in every message.

use crate::cli_inputs::Input;
use crate::cli_say::{self, W_OTHER_FORMAT};
use crate::{reporter, ReadArgs};
use sgfconv::archive::{self, Limits, Member};
use sgfconv::diag::Reporter;
use sgfconv::formats::Format;
use sgfconv::input::sniff_head;
use sgfconv::Error;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// An opened record: its display name, its format, its first bytes (for a
/// hint when it fails as that format) and a reader that starts with them.
pub struct Opened<'a> {
    pub name: String,
    pub format: Format,
    pub head: Vec<u8>,
    pub reader: Box<dyn Read + 'a>,
}

/// The first bytes of stdin, read once to tell what it holds and given
/// back in front of the rest when it is read.
static STDIN_HEAD: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// Stdin, with the bytes [`peek`] took from it first.
fn stdin() -> Box<dyn Read> {
    let held = STDIN_HEAD.lock().map(|mut h| h.take()).unwrap_or(None);
    match held {
        Some(head) => Box::new(io::Cursor::new(head).chain(io::stdin())),
        None => Box::new(io::stdin()),
    }
}

/// The raw bytes of `input`.
fn raw(input: &Input) -> Result<Box<dyn Read>, String> {
    match &input.path {
        None => Ok(stdin()),
        Some(p) => {
            let f = File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            if f.metadata().map(|m| m.is_dir()).unwrap_or(false) {
                return Err(format!(
                    "{}: is a directory (-r reads the records under it)",
                    p.display()
                ));
            }
            Ok(Box::new(f))
        }
    }
}

/// Whether `input` is an archive (its first bytes say so). Stdin's first
/// bytes are kept for when it is read.
pub fn is_archive(input: &Input) -> bool {
    let head = match &input.path {
        Some(p) => {
            let mut head = Vec::with_capacity(archive::DETECT_BYTES);
            let read = File::open(p)
                .and_then(|f| f.take(archive::DETECT_BYTES as u64).read_to_end(&mut head));
            if read.is_err() {
                return false;
            }
            head
        }
        None => {
            let Ok((head, _)) = sniff_head(stdin()) else {
                return false;
            };
            if let Ok(mut held) = STDIN_HEAD.lock() {
                *held = Some(head.clone());
            }
            head
        }
    };
    archive::detect(&head).is_some()
}

/// Opens `input` as one record (an archive is read as a record of the
/// format named too: use [`each_record`] for archives).
pub fn open_input(input: &Input, forced: Option<Format>) -> Result<Opened<'static>, String> {
    let name = input.name();
    let (head, reader) = sniff_head(raw(input)?).map_err(|e| format!("{name}: {e}"))?;
    let format = format_of(&name, input.path.as_deref(), &head, forced)?;
    Ok(Opened {
        name,
        format,
        head,
        reader,
    })
}

/// The format of a record: `-f`, else its name (`.xml` is ours or Jago's:
/// the content tells), else its content.
fn format_of(
    name: &str,
    path: Option<&Path>,
    head: &[u8],
    forced: Option<Format>,
) -> Result<Format, String> {
    let by_name = path
        .and_then(Format::from_path)
        .filter(|f| *f != Format::Xml);
    forced
        .or(by_name)
        .or_else(|| Format::sniff(head))
        .or_else(|| path.and_then(Format::from_path))
        .ok_or_else(|| format!("{name}: cannot tell the format from the content; name it with -f"))
}

/// The archive limits of the options.
pub fn limits(read: &ReadArgs) -> Limits {
    Limits {
        max_member_size: read
            .max_member_size
            .map_or(archive::DEFAULT_MAX_MEMBER_SIZE, |n| n as u64),
        depth: read.archive_depth,
    }
}

/// What to do with one record: its opened form and where its output goes
/// under `-d` (relative).
pub type OnRecord<'f> = dyn FnMut(Opened<'_>, &Path) -> Result<(), Error> + 'f;

/// Calls `each` with every record `input` holds: itself, or each record
/// member of the archive it is (the archive's own diagnostics said on the
/// way; their errors are counted in the result). An error opening the
/// input is returned as a message.
pub fn each_record(
    input: &Input,
    forced: Option<Format>,
    read: &ReadArgs,
    each: &mut OnRecord<'_>,
) -> Result<Result<usize, Error>, String> {
    let name = input.name();
    let (head, reader) = sniff_head(raw(input)?).map_err(|e| format!("{name}: {e}"))?;
    let Some(kind) = archive::detect(&head) else {
        let format = format_of(&name, input.path.as_deref(), &head, forced)?;
        let opened = Opened {
            name,
            format,
            head,
            reader,
        };
        return Ok(each(opened, &input.rel).map(|_| 0));
    };
    let dir = archive_dir(&input.rel);
    let mut report = reporter(&name, read);
    let r = archive::walk(
        reader,
        kind,
        &name,
        &limits(read),
        &mut report,
        &mut |m: Member<'_>, _: &mut Reporter| member(m, forced, &dir, each),
    );
    report.flush();
    crate::note_suppressed(&report);
    Ok(r.map(|_| report.errors()))
}

/// One record member of an archive, to `each`.
fn member(
    m: Member<'_>,
    forced: Option<Format>,
    dir: &Path,
    each: &mut OnRecord<'_>,
) -> Result<(), Error> {
    let (head, reader) = sniff_head(Box::new(m.reader))?;
    let format = format_of(&m.display, Some(&m.path), &head, forced)
        .unwrap_or(m.format.unwrap_or(Format::Sgf));
    let opened = Opened {
        name: m.display,
        format,
        head,
        reader,
    };
    each(opened, &dir.join(&m.path))
}

/// Where the members of the archive at `rel` go under `-d`: a directory
/// named after it, without its archive extensions (`KGS-2017.tar.gz` →
/// `KGS-2017`).
fn archive_dir(rel: &Path) -> PathBuf {
    archive::names::dir_name(rel)
}

/// After an input failed as its format: the format its first bytes look
/// like, when that is another one (`looks like JSON: try -f json`).
pub fn hint_other_format(opened_name: &str, format: Format, head: &[u8]) {
    if let Some(f) = Format::sniff(head).filter(|f| *f != format) {
        cli_say::say(
            W_OTHER_FORMAT,
            Some(opened_name),
            &format!(
                "read as {}, but looks like {}: try -f {}",
                format.name(),
                f.name().to_uppercase(),
                f.name()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archives_make_a_directory_named_after_them() {
        assert_eq!(
            archive_dir(Path::new("a/KGS-2017.tar.gz")),
            PathBuf::from("a/KGS-2017")
        );
        assert_eq!(archive_dir(Path::new("Pro.7z")), PathBuf::from("Pro"));
        assert_eq!(archive_dir(Path::new("x.tgz")), PathBuf::from("x"));
        assert_eq!(archive_dir(Path::new("game.ugz")), PathBuf::from("game"));
        assert_eq!(archive_dir(Path::new("odd")), PathBuf::from("odd"));
    }
}
