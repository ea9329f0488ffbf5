//! Conventions of the line-based formats (GIB, NGF, UGF): the Tygem
//! handicap layout, the `KEY=value` private property, the character-set
//! decision for a record with no reliable declaration (each record of a
//! file decided from its own bytes: the readers stream record by record),
//! reading a record's lines, and the writer of a file that holds one game.
//!
//! This is not a format module: it knows these formats' shared habits, not
//! any format's syntax. Format modules never import each other; they may
//! all use this. What a game-info value says (a date, a result, a rank, a
//! komi) is read by [`crate::values`], as every format reads it.

use crate::charset;
use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{EncodingSource, Event, Pos, PropertyBuf};
use crate::game::{Game, GameBuilder};
use crate::options::ReadOptions;
use crate::sink::Sink;
use crate::stone::Point;
use encoding_rs::{Encoding, UTF_8};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;
use std::rc::Rc;

/// The whole of a line-based input, refused with `code` past the first
/// line longer than `--max-value-size` ([`crate::input::read_lines_to_end`]).
/// Only UGF in UTF-16 or UTF-32 (a byte-order mark) is still read whole.
pub fn read_all(
    input: &mut dyn std::io::Read,
    options: &crate::options::ReadOptions,
    code: crate::diag::Code,
) -> Result<Vec<u8>, crate::error::Error> {
    let mut bytes = Vec::new();
    let max = options.max_value_size();
    if let Err(at) = crate::input::read_lines_to_end(input, &mut bytes, max)? {
        return Err(line_too_long(code, at, max));
    }
    Ok(bytes)
}

/// [`crate::input::release`], where the line-based readers have always
/// found it.
pub use crate::input::release;

/// The error of a line longer than `--max-value-size` (`max`), under the
/// reader's own `code`.
pub fn line_too_long(code: Code, at: crate::input::LineTooLong, max: usize) -> Error {
    let pos = crate::event::Pos::new(at.offset, at.line, 1);
    Error::unreadable_at(code, pos, at.message(max))
}

/// Where the bytes of one record stand in its file, for the decision of
/// its character set and the positions of what is reported in it.
#[derive(Clone, Copy, Debug)]
pub struct RecordStart {
    /// The file starts with a UTF-8 byte-order mark (not in the record's
    /// bytes): every record of the file is UTF-8.
    pub bom: bool,
    /// The byte offset of the record's first byte, after the BOM.
    pub offset: u64,
    /// The 1-based line of its first byte.
    pub line: u32,
}

/// A UTF-8 byte-order mark at the start of `line` (the file's first) is
/// cut: whether there was one.
pub fn strip_bom(line: &mut Vec<u8>) -> bool {
    let bom = line.starts_with(b"\xEF\xBB\xBF");
    if bom {
        line.drain(..3);
    }
    bom
}

// ---------------------------------------------------------------------------
// Points and handicap stones

/// Handicap stone points, Tygem layout (third stone top-left). `None` when
/// the layout has no place for `n` stones.
pub fn handicap_points(size: u32, n: u32) -> Option<Vec<Point>> {
    if n < 2 || size < 7 || n > if size % 2 == 1 { 9 } else { 4 } {
        return None;
    }
    let d = if size < 13 { 2 } else { 3 };
    let (lo, hi, mid) = (d, size - 1 - d, size / 2);
    let mut pts = vec![(hi, lo), (lo, hi)];
    if n >= 3 {
        pts.push((lo, lo));
    }
    if n >= 4 {
        pts.push((hi, hi));
    }
    if n >= 6 {
        pts.extend([(lo, mid), (hi, mid)]);
    }
    if n >= 8 {
        pts.extend([(mid, lo), (mid, hi)]);
    }
    if n % 2 == 1 && n >= 5 {
        pts.push((mid, mid));
    }
    pts.into_iter().map(|(x, y)| Point::at(x, y)).collect()
}

/// Where the main line's first move stands (its length when it has none):
/// the nodes before it are the setup of the game.
pub fn first_move(game: &Game) -> usize {
    let mut n = 0;
    for id in game.main_line_iter() {
        if game.node(id).mv().is_some() {
            break;
        }
        n += 1;
    }
    n
}

/// The handicap a file with the Tygem layout can say for `game`: `HA` (`ha`)
/// with `AB` on the Tygem points, or `AB` alone on them. The stones may be
/// in the root or in setup nodes before the first move (Fox puts them in
/// the second node). `Err(what)`: no handicap can be said, and `what` is
/// the loss to list.
pub fn tygem_handicap(game: &Game, size: u32, ha: u32) -> Result<u32, &'static str> {
    // A value that is not one point (a rectangle `cc:dd`, a point off
    // the board) is on no layout: `None` among the points.
    let setup: Option<Vec<Point>> = game
        .main_line_iter()
        .take(first_move(game))
        .filter_map(|id| game.node(id).get("AB"))
        .flat_map(|p| {
            p.values()
                .iter()
                .map(|v| Point::parse_on(v.text(), size, size))
                .collect::<Vec<_>>()
        })
        .collect();
    let Some(mut setup) = setup else {
        return Err("AB (stones not on the Tygem handicap points)");
    };
    setup.sort_unstable();
    if setup.is_empty() {
        return if ha >= 2 {
            Err("HA (no handicap stones placed)")
        } else {
            Ok(0)
        };
    }
    let n = if ha >= 2 { ha } else { setup.len() as u32 };
    let on_layout = handicap_points(size, n).is_some_and(|mut v| {
        v.sort_unstable();
        v == setup
    });
    if on_layout {
        Ok(n)
    } else {
        Err("AB (stones not on the Tygem handicap points)")
    }
}

/// What a file says that the game did not, when [`tygem_handicap`] made
/// a handicap of `AB` stones alone (no `HA`, `ha` < 2): the loss to list,
/// since the file reads back with `HA`.
pub fn handicap_added(ha: u32, handicap: u32) -> Option<&'static str> {
    (ha < 2 && handicap >= 2).then_some(
        "AB as setup (no HA: stones on the handicap points are written as a handicap, \
         read back with HA)",
    )
}

/// `AB` with the `n` handicap stones of the Tygem layout; `None` when the
/// layout has no place for them.
pub fn tygem_handicap_stones(size: u32, n: u32) -> Option<PropertyBuf> {
    let mut ab = PropertyBuf::new("AB");
    for p in handicap_points(size, n)? {
        ab.push(&p.to_string());
    }
    Some(ab)
}

// ---------------------------------------------------------------------------
// The private property

/// The `KEY=value` entries of the root's private property `property` (the
/// source header kept by a reader, so its writer can give it back).
pub fn private_entries<'a>(
    game: &'a Game,
    property: &str,
) -> impl Iterator<Item = (&'a str, &'a str)> {
    game.root()
        .get(property)
        .into_iter()
        .flat_map(|p| p.values().iter())
        .filter_map(|v| v.text().split_once('='))
}

// ---------------------------------------------------------------------------
// Character set

/// Text decoded from the bytes of a record, and how its character set
/// was decided.
pub struct Decoded {
    pub text: String,
    pub encoding: &'static Encoding,
    pub source: EncodingSource,
    pub confidence: f32,
}

/// How a format reports the decision of [`decode`].
pub struct DecodeCodes {
    /// Info: the character set was guessed from the bytes.
    pub guessed: Code,
    /// What the guess message says before the encoding's name.
    pub guessed_note: &'static str,
    /// Error: bytes invalid in the chosen character set became U+FFFD.
    pub undecodable: Code,
}

/// Decodes the bytes of one record (a file reads as one, or holds several
/// one after another), which stand at `at` in the file: forced encoding,
/// the file's BOM, valid UTF-8, then `declared` (a hint the format found
/// in the record, used only when it decodes cleanly), then the default
/// encoding, then a guess from the record's bytes.
pub fn decode(
    bytes: &[u8],
    at: RecordStart,
    declared: Option<&'static Encoding>,
    options: &ReadOptions,
    codes: &DecodeCodes,
    report: &mut Reporter,
) -> Decoded {
    let bom = at.bom;
    let (encoding, source, confidence) = if let Some(enc) = options.encoding {
        (enc, EncodingSource::Forced, 1.0)
    } else if bom {
        (UTF_8, EncodingSource::Bom, 1.0)
    } else if std::str::from_utf8(bytes).is_ok() {
        (UTF_8, EncodingSource::Utf8, 1.0)
    } else if let Some(enc) = declared.filter(|e| charset::decodes_cleanly(e, bytes)) {
        (enc, EncodingSource::Declared, 1.0)
    } else if let Some(enc) = options.default_encoding {
        (enc, EncodingSource::Default, 1.0)
    } else {
        let high: Vec<u8> = bytes.iter().copied().filter(|b| *b >= 0x80).collect();
        let guess = charset::detect(&high);
        report.report(
            codes.guessed,
            None,
            format!(
                "{}{} (confidence {:.1})",
                codes.guessed_note,
                guess.encoding.name(),
                guess.confidence
            ),
        );
        (guess.encoding, EncodingSource::Detected, guess.confidence)
    };
    let (text, bad) = charset::decode(encoding, bytes);
    if let Some(first) = bad.first() {
        let lines = bytes
            .get(..*first)
            .map_or(0, |b| b.iter().filter(|c| **c == b'\n').count());
        let line = at.line.saturating_add(lines as u32);
        report.report(
            codes.undecodable,
            Some(Pos::new(at.offset + *first as u64, line, 1)),
            format!(
                "{} byte sequence(s) invalid in {} became U+FFFD",
                bad.len(),
                encoding.name()
            ),
        );
    }
    Decoded {
        text,
        encoding,
        source,
        confidence,
    }
}

// ---------------------------------------------------------------------------
// A file that holds one game

/// `text` encoded in `encoding` (characters it lacks become `?` and join
/// `lost`); then the writer's one warning (`cannot_carry`) lists all that
/// `format` could not carry, `what ×n` for repeats.
pub fn encode_listing_losses(
    text: &str,
    encoding: &'static Encoding,
    mut lost: BTreeMap<String, usize>,
    format: &str,
    cannot_carry: Code,
    report: &mut Reporter,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut unencodable = charset::encode_into(encoding, text, &mut out);
    if !unencodable.is_empty() {
        unencodable.sort_unstable();
        unencodable.dedup();
        let list: String = unencodable.iter().take(20).collect();
        lost.insert(
            format!(
                "characters not in {} (written as `?`): {list}",
                encoding.name()
            ),
            1,
        );
    }
    if !lost.is_empty() {
        let what: Vec<String> = lost
            .iter()
            .map(|(k, n)| {
                if *n > 1 {
                    format!("{k} ×{n}")
                } else {
                    k.clone()
                }
            })
            .collect();
        report.report(
            cannot_carry,
            None,
            format!("{format} cannot carry, dropped: {}", what.join("; ")),
        );
    }
    out
}

type OnGame = Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>;

/// Renders one whole game as the bytes of a file.
///
/// The game is given, not lent: a renderer drops it once it has taken what
/// it writes, so that the game and the file's text are not both held.
/// A game the format cannot hold at all is refused before anything is
/// written.
pub type Render<'w> = Box<dyn FnMut(Game, &mut Reporter) -> Result<Vec<u8>, Error> + 'w>;

/// Collects each game (the header needs the whole game) and writes the
/// first one with `render`; the others are reported once, at the end.
pub struct OneGameWriter<'w> {
    out: Box<dyn Write + 'w>,
    render: Render<'w>,
    /// `GIB`: the format's name in messages.
    format: &'static str,
    /// `a GIB file`: the name with its article.
    a_file: &'static str,
    /// Error: more games than one, or none.
    one_game: Code,
    builder: GameBuilder<OnGame>,
    done: Rc<RefCell<Vec<Game>>>,
    written: usize,
    skipped: usize,
}

impl<'w> OneGameWriter<'w> {
    pub fn new(
        out: Box<dyn Write + 'w>,
        render: Render<'w>,
        format: &'static str,
        a_file: &'static str,
        one_game: Code,
    ) -> Self {
        let done: Rc<RefCell<Vec<Game>>> = Rc::default();
        let sink = done.clone();
        let on_game: OnGame = Box::new(move |g, _| {
            sink.borrow_mut().push(g);
            Ok(())
        });
        OneGameWriter {
            out,
            render,
            format,
            a_file,
            one_game,
            builder: GameBuilder::new(on_game),
            done,
            written: 0,
            skipped: 0,
        }
    }
}

impl Sink for OneGameWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)?;
        if matches!(event, Event::GameEnd(_)) {
            let games: Vec<Game> = self.done.borrow_mut().drain(..).collect();
            for g in games {
                if self.written == 0 {
                    let bytes = (self.render)(g, report)?;
                    self.out.write_all(&bytes)?;
                    self.written += 1;
                } else {
                    self.skipped += 1;
                }
            }
        }
        Ok(())
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if self.skipped > 0 {
            report.report(
                self.one_game,
                None,
                format!(
                    "{} holds one game: the first was written, {} more were not",
                    self.a_file, self.skipped
                ),
            );
        }
        if self.written == 0 {
            return Err(Error::unwritable(
                self.one_game,
                format!("no game to write as {}", self.format),
            ));
        }
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tygem_handicap_layout() {
        let pts = |n| {
            handicap_points(19, n)
                .unwrap()
                .iter()
                .map(Point::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(pts(2), "pd dp");
        assert_eq!(pts(3), "pd dp dd");
        assert_eq!(pts(4), "pd dp dd pp");
        assert_eq!(pts(5), "pd dp dd pp jj");
        assert_eq!(pts(6), "pd dp dd pp dj pj");
        assert_eq!(pts(7), "pd dp dd pp dj pj jj");
        assert_eq!(pts(8), "pd dp dd pp dj pj jd jp");
        assert_eq!(pts(9), "pd dp dd pp dj pj jd jp jj");
        assert_eq!(handicap_points(19, 10), None);
        assert_eq!(handicap_points(18, 5), None);
        assert_eq!(
            handicap_points(9, 2),
            Some(vec![Point::new(6, 2), Point::new(2, 6)])
        );
    }
}
