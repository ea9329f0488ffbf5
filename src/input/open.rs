//! Opening an input: a file, stdin or an archive's member becomes a name
//! for messages, a format and a reader that starts at its first byte.
//!
//! The first [`SNIFF_BYTES`] are read once ([`sniff_head`]) and given back
//! in front of the rest. They say whether the input is an archive (by its
//! bytes, never its name: [`Opened::Archive`], whose record members are
//! then opened one by one, [`Archive::records`], and named
//! `archive.zip:Go/x.sgf`); else the record's format is `-f`'s, else the
//! one its name says ([`Format::from_path`], the registry's one extension
//! rule; `.xml` is sgfconv's XML or Jago's, which the content tells), else
//! the one its content says ([`Format::sniff`]).
//!
//! A walk deciding what to take from a directory tree (`migrate`) asks
//! less of a file of no known name: [`sniff_record`] takes only what surely
//! is a game record.
//!
//! This module sits above the formats and the archives it names (the
//! rest of [`crate::input`] sits below the readers); see
//! `docs/architecture.md`, "Module graph".

use super::{read_head, sniff_head, SNIFF_BYTES};
#[cfg(feature = "archives")]
use crate::archive::{self, Limits, Member, Walked};
#[cfg(feature = "archives")]
use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::Format;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Mutex;

/// A record, opened: how messages name it, its format, its first bytes
/// (for a hint when it fails as that format) and a reader that starts with
/// them.
pub struct Record<'a> {
    /// `game.sgf`, `<stdin>`, `archive.zip:Go/x.sgf`.
    pub name: String,
    /// The format it is read as.
    pub format: Format,
    /// Its first [`SNIFF_BYTES`] (fewer when it is shorter).
    pub head: Vec<u8>,
    /// The whole record, from its first byte.
    pub reader: Box<dyn Read + 'a>,
}

/// An input, opened: a record, or an archive of records.
pub enum Opened<'a> {
    /// A record.
    Record(Record<'a>),
    /// An archive (its first bytes say so).
    #[cfg(feature = "archives")]
    Archive(Archive<'a>),
}

/// An archive, opened: its name, its kind and its bytes from the first.
#[cfg(feature = "archives")]
pub struct Archive<'a> {
    /// How messages name it.
    pub name: String,
    /// What its first bytes say it is.
    pub kind: archive::Kind,
    /// The whole archive, from its first byte.
    pub reader: Box<dyn Read + 'a>,
}

/// What to do with each record of an archive: the record, and its path
/// inside the archive, made safe to place under a directory.
#[cfg(feature = "archives")]
pub type OnRecord<'f> = dyn FnMut(Record<'_>, &Path) -> Result<(), Error> + 'f;

#[cfg(feature = "archives")]
impl Archive<'_> {
    /// Walks the members that are records ([`archive::walk`]), each opened
    /// as [`member`] opens it (`forced` format, else its name, else its
    /// content) and handed to `each`; the archive's own diagnostics go to
    /// `report`.
    pub fn records(
        self,
        forced: Option<Format>,
        limits: &Limits,
        report: &mut Reporter,
        each: &mut OnRecord<'_>,
    ) -> Result<Walked, Error> {
        archive::walk(
            self.reader,
            self.kind,
            &self.name,
            limits,
            report,
            &mut |m: Member<'_>, _: &mut Reporter| {
                let path = m.path.clone();
                each(member(m, forced)?, &path)
            },
        )
    }
}

/// The first bytes of stdin, read once to tell what it holds and given
/// back in front of the rest when it is read (stdin is one for the whole
/// process, and can be looked at only once).
static STDIN_HEAD: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// Stdin, with the bytes [`is_archive`] took from it first.
fn stdin() -> Box<dyn Read> {
    let held = STDIN_HEAD.lock().map(|mut h| h.take()).unwrap_or(None);
    match held {
        Some(head) => Box::new(io::Cursor::new(head).chain(io::stdin())),
        None => Box::new(io::stdin()),
    }
}

/// The name messages give the input at `path` (`<stdin>` for `None`).
pub fn name_of(path: Option<&Path>) -> String {
    match path {
        Some(p) => p.display().to_string(),
        None => "<stdin>".into(),
    }
}

/// An input that cannot be used, said of it in words: `x.sgf: No such
/// file or directory (os error 2)`.
fn unusable(kind: io::ErrorKind, message: String) -> Error {
    Error::Io(io::Error::new(kind, message))
}

/// The raw bytes of the file at `path` (stdin for `None`).
fn raw(path: Option<&Path>) -> Result<Box<dyn Read>, Error> {
    let Some(p) = path else {
        return Ok(stdin());
    };
    let f = File::open(p).map_err(|e| unusable(e.kind(), format!("{}: {e}", p.display())))?;
    if f.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(unusable(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: is a directory (-r reads the records under it)",
                p.display()
            ),
        ));
    }
    Ok(Box::new(f))
}

/// An input before its format is told: its name, its first bytes, and
/// all of it again.
struct Headed {
    name: String,
    head: Vec<u8>,
    reader: Box<dyn Read>,
}

/// The first [`SNIFF_BYTES`] of the input at `path`, and all of it again.
fn head_of(path: Option<&Path>) -> Result<Headed, Error> {
    let name = name_of(path);
    let (head, reader) =
        sniff_head(raw(path)?).map_err(|e| unusable(e.kind(), format!("{name}: {e}")))?;
    Ok(Headed { name, head, reader })
}

/// Opens the input at `path` (stdin for `None`): the archive it is, or the
/// record in the format `forced` names, else its name, else its content.
pub fn open(path: Option<&Path>, forced: Option<Format>) -> Result<Opened<'static>, Error> {
    let Headed { name, head, reader } = head_of(path)?;
    opened(name, path, head, reader, forced)
}

/// Opens `input`, named `name` in messages (an extension in the name says
/// a format as a path's does), as [`open`] opens a file: the archive it is,
/// or the record in the format `forced` names, else its name, else its
/// content. For bytes held in memory (the Python package's `read`).
pub fn open_stream<'a>(
    name: &str,
    input: Box<dyn Read + 'a>,
    forced: Option<Format>,
) -> Result<Opened<'a>, Error> {
    let (head, reader) =
        sniff_head(input).map_err(|e| unusable(e.kind(), format!("{name}: {e}")))?;
    opened(name.to_owned(), Some(Path::new(name)), head, reader, forced)
}

/// An input whose first bytes are `head`, opened as [`open`] says.
fn opened<'a>(
    name: String,
    path: Option<&Path>,
    head: Vec<u8>,
    reader: Box<dyn Read + 'a>,
    forced: Option<Format>,
) -> Result<Opened<'a>, Error> {
    #[cfg(feature = "archives")]
    if let Some(kind) = archive::detect(&head) {
        return Ok(Opened::Archive(Archive { name, kind, reader }));
    }
    let format = format_of(&name, path, &head, forced)?;
    Ok(Opened::Record(Record {
        name,
        format,
        head,
        reader,
    }))
}

/// Opens the input at `path` as one record, whatever its first bytes (an
/// archive is read as a record of the format named too: [`open`] tells
/// archives).
pub fn record(path: Option<&Path>, forced: Option<Format>) -> Result<Record<'static>, Error> {
    let Headed { name, head, reader } = head_of(path)?;
    let format = format_of(&name, path, &head, forced)?;
    Ok(Record {
        name,
        format,
        head,
        reader,
    })
}

/// Whether the input at `path` is an archive (its first bytes say so);
/// `false` when it cannot be read (opening it says why). Stdin's first
/// bytes are kept for when it is read.
pub fn is_archive(path: Option<&Path>) -> bool {
    #[cfg(feature = "archives")]
    {
        let head = match path {
            Some(p) => {
                let mut head = Vec::new();
                let read = File::open(p)
                    .and_then(|mut f| read_head(&mut f, &mut head, archive::DETECT_BYTES));
                match read {
                    Ok((n, _)) => {
                        head.truncate(n);
                        head
                    }
                    Err(_) => return false,
                }
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
    #[cfg(not(feature = "archives"))]
    {
        let _ = (path, read_head);
        false
    }
}

/// An archive's member, opened as a record: `forced`, else the format its
/// name or content says as [`open`] tells it, else what the archive's walk
/// found.
#[cfg(feature = "archives")]
pub fn member(m: Member<'_>, forced: Option<Format>) -> Result<Record<'_>, Error> {
    let (head, reader) = sniff_head(Box::new(m.reader))?;
    let format = format_of(&m.display, Some(&m.path), &head, forced)
        .unwrap_or(m.format.unwrap_or(Format::Sgf));
    Ok(Record {
        name: m.display,
        format,
        head,
        reader,
    })
}

/// The format of a record named `name` (at `path`, whose name may say it)
/// whose first bytes are `head`: `forced`, else its name (`.xml` is ours or
/// Jago's: the content tells), else its content.
pub fn format_of(
    name: &str,
    path: Option<&Path>,
    head: &[u8],
    forced: Option<Format>,
) -> Result<Format, Error> {
    let by_name = path
        .and_then(Format::from_path)
        .filter(|f| *f != Format::Xml);
    forced
        .or(by_name)
        .or_else(|| Format::sniff(head))
        .or_else(|| path.and_then(Format::from_path))
        .ok_or_else(|| {
            unusable(
                io::ErrorKind::InvalidData,
                format!("{name}: cannot tell the format from the content; name it with -f"),
            )
        })
}

/// What the first bytes of a file say it is, for a walk that takes only
/// what surely is a game record ([`sniff_record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniffed {
    /// A record of this format ([`Format::sniff_record`]).
    Record(Format),
    /// An archive sgfconv reads.
    Archive,
    /// Neither.
    Nothing,
}

/// Reads the first [`SNIFF_BYTES`] of `input` and says what they are: an
/// archive, surely a record, or neither.
pub fn sniff_record(input: &mut dyn Read) -> io::Result<Sniffed> {
    let mut head = Vec::new();
    let (n, _) = read_head(input, &mut head, SNIFF_BYTES)?;
    let head = head.get(..n).unwrap_or_default();
    #[cfg(feature = "archives")]
    if archive::detect(head).is_some() {
        return Ok(Sniffed::Archive);
    }
    Ok(match Format::sniff_record(head) {
        Some(f) => Sniffed::Record(f),
        None => Sniffed::Nothing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_told_by_force_then_name_then_content() {
        let head = b"(;GM[1]PB[x])";
        let f = |path: Option<&str>, forced| format_of("n", path.map(Path::new), head, forced);
        assert_eq!(f(Some("a.gib"), None).unwrap(), Format::Gib);
        assert_eq!(f(Some("a.gib"), Some(Format::Ngf)).unwrap(), Format::Ngf);
        assert_eq!(f(Some("a.txt"), None).unwrap(), Format::Sgf);
        assert_eq!(f(None, None).unwrap(), Format::Sgf);
        // `.xml` is ours or Jago's: the content decides, else the name.
        assert_eq!(f(Some("a.xml"), None).unwrap(), Format::Sgf);
        let none = format_of("n", Some(Path::new("a.xml")), b"", None).unwrap();
        assert_eq!(none, Format::Xml);
        let e = format_of("n", Some(Path::new("a.dat")), b"", None).unwrap_err();
        assert!(e.to_string().contains("n: cannot tell the format"), "{e}");
    }

    #[test]
    fn a_file_is_opened_with_its_head_given_back() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("g.sgf");
        std::fs::write(&p, "(;GM[1];B[pd])").unwrap();
        let Ok(Opened::Record(mut r)) = open(Some(&p), None) else {
            panic!("not a record");
        };
        assert_eq!(r.format, Format::Sgf);
        assert_eq!(r.name, p.display().to_string());
        let mut all = String::new();
        r.reader.read_to_string(&mut all).unwrap();
        assert_eq!(all, "(;GM[1];B[pd])");
        assert!(!is_archive(Some(&p)));
        let missing = record(Some(&d.path().join("no.sgf")), None).err().unwrap();
        assert!(missing.to_string().contains("no.sgf: "), "{missing}");
        let dir = record(Some(d.path()), None).err().unwrap();
        assert!(dir.to_string().contains("is a directory (-r"), "{dir}");
    }

    #[test]
    fn a_walk_takes_only_what_surely_is_a_record() {
        let sniffed = |b: &[u8]| sniff_record(&mut &b[..]).unwrap();
        assert_eq!(sniffed(b"(;GM[1])"), Sniffed::Record(Format::Sgf));
        assert_eq!(sniffed(b"a note (see below)"), Sniffed::Nothing);
        assert_eq!(sniffed(b"{\"PB\": 1}"), Sniffed::Nothing);
        #[cfg(feature = "archives")]
        assert_eq!(sniffed(b"PK\x03\x04rest"), Sniffed::Archive);
    }
}
