//! Output names from game info under `-d DIR --name TEMPLATE` (the
//! template language of `migrate`, [`crate::output::template`]): a
//! record's first game's root properties are read ahead, through the
//! dialect rules as the conversion reads them, and the bytes that took are
//! given back to the record's reader, so the record is read once from its
//! source (a member of an archive, stdin) and nothing but what the read
//! ahead took is held.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::input::open::Record;
use crate::options::Options;
use crate::output::template::{self, NameFields};
use crate::pipeline::{self, Start};
use crate::sink::Sink;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The name (relative, without extension) `template` gives `record`,
/// whose output would be `rel` below the directory: in `rel`'s directory,
/// from its first game's root (`{PB}`…), `{stem}` being `rel`'s name
/// without its extension (the name `-d` gives without a template) and
/// `{n}` 1 (one output per record).
pub(super) fn name_of(
    template: &str,
    record: &mut Record<'_>,
    rel: &Path,
    options: &Options,
) -> PathBuf {
    let props = first_root(record, options);
    let stem = rel.file_stem().unwrap_or_default().to_string_lossy();
    let fields = NameFields {
        props: &props,
        stem: &stem,
        game: 1,
        games: 1,
    };
    let base = template::render(template, &fields);
    match rel.parent() {
        Some(dir) => dir.join(base),
        None => base,
    }
}

/// The root properties (identifier, first value) of `record`'s first
/// game, read ahead; the record's reader then gives every byte from the
/// first again. What the read ahead finds wrong is not said: the
/// conversion says it.
fn first_root(record: &mut Record<'_>, options: &Options) -> Vec<(String, String)> {
    let inner = std::mem::replace(&mut record.reader, Box::new(io::empty()));
    let mut tee = Tee {
        inner,
        seen: Vec::new(),
    };
    let mut root = Root::default();
    let mut report = Reporter::collecting(record.name.as_str());
    let read = &options.read;
    // Stopped by `root` once the root is read: that error is no failure.
    let _ = pipeline::run(
        &mut tee,
        Start::whole(record.format),
        read,
        Some(&read.dialect),
        &mut root,
        &mut report,
    );
    let Tee { inner, seen } = tee;
    record.reader = Box::new(io::Cursor::new(seen).chain(inner));
    root.props
}

/// A reader that keeps what it reads.
struct Tee<'a> {
    inner: Box<dyn Read + 'a>,
    seen: Vec<u8>,
}

impl Read for Tee<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.seen
            .extend_from_slice(buf.get(..n).unwrap_or_default());
        Ok(n)
    }
}

/// Where the read ahead is.
#[derive(Default, PartialEq)]
enum Step {
    #[default]
    BeforeRoot,
    InRoot,
}

/// The sink of the read ahead: the first game's root properties, then an
/// error that stops the reading.
#[derive(Default)]
struct Root {
    props: Vec<(String, String)>,
    step: Step,
}

impl Sink for Root {
    fn event(&mut self, event: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
        let in_root = self.step == Step::InRoot;
        match event {
            Event::Node(_) if !in_root => self.step = Step::InRoot,
            Event::Property(p) if in_root && !self.props.iter().any(|(k, _)| k == p.name) => {
                let v = p.first_text().unwrap_or("");
                self.props.push((p.name.to_string(), v.to_string()));
            }
            Event::Node(_) | Event::VariationStart(_) | Event::GameEnd(_) if in_root => {
                return Err(Error::Io(io::Error::other("the root is read")));
            }
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Format;

    fn record(text: &'static str, format: Format) -> Record<'static> {
        Record {
            name: "g.sgf".into(),
            format,
            head: text.as_bytes().to_vec(),
            reader: Box::new(text.as_bytes()),
        }
    }

    #[test]
    fn the_first_root_names_the_record_which_is_then_read_whole() {
        let text = "(;FF[4]GM[1]SZ[19]PB[Lee Sedol]PW[Alpha/Go]DT[2016-03-13];B[pd];W[dp])\
                    (;FF[4]PB[Other])";
        let mut r = record(text, Format::Sgf);
        let o = Options::default();
        let name = name_of("{DT} {PB} vs {PW}", &mut r, Path::new("a/x.gib"), &o);
        assert_eq!(name, Path::new("a/2016-03-13 Lee Sedol vs Alpha_Go"));
        let mut again = String::new();
        r.reader.read_to_string(&mut again).unwrap();
        assert_eq!(again, text, "every byte given back");
        // Absent properties are empty; a name that comes out empty is the
        // stem.
        let mut r = record("(;FF[4]GM[1])", Format::Sgf);
        assert_eq!(
            name_of("{EV}", &mut r, Path::new("x.gib"), &o),
            Path::new("x")
        );
        // No game at all: the stem, and the bytes still there.
        let mut r = record("not a record", Format::Sgf);
        let name = name_of("{stem}-{n} {PB}", &mut r, Path::new("d/x.sgf"), &o);
        assert_eq!(name, Path::new("d/x-1"));
        let mut again = String::new();
        r.reader.read_to_string(&mut again).unwrap();
        assert_eq!(again, "not a record");
    }

    #[test]
    fn dialect_rules_apply_before_the_name_is_made() {
        // A date respelled as the conversion writes it.
        let mut r = record("(;FF[3]GM[1]PB[Kim]DT[2001-8-1];B[aa])", Format::Sgf);
        let o = Options::default();
        let name = name_of("{DT} {PB}", &mut r, Path::new("x.sgf"), &o);
        assert_eq!(name, Path::new("2001-08-01 Kim"));
    }
}
