//! Conventions of Go records shared by the line-based formats (GIB, NGF):
//! SGF points, the Tygem handicap layout, ranks, results written in
//! Korean/Chinese/Japanese/English text, dates, komi in tenths, the
//! `KEY=value` private property, the character-set decision for a record
//! with no reliable declaration (each record of a file decided from its
//! own bytes: the readers stream record by record), and the writer of a
//! file that holds one game.
//!
//! This is not a format module: it knows Go-record facts, not any format's
//! syntax. Format modules never import each other; they may all use this.

use crate::charset;
use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{EncodingSource, Event, Pos, PropertyBuf};
use crate::game::{Game, GameBuilder};
use crate::options::ReadOptions;
use crate::sink::Sink;
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
    Error::unreadable(code, at.message(max))
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
// Numbers in tenths (komi, margins)

/// `65` → `6.5`, `70` → `7`, `-5` → `-0.5`: values stored ×10.
pub fn format_tenths(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    if a % 10 == 0 {
        format!("{sign}{}", a / 10)
    } else {
        format!("{sign}{}.{}", a / 10, a % 10)
    }
}

/// `6.5` → 65. `None` unless the value is a whole number of tenths.
pub fn parse_tenths(s: &str) -> Option<i64> {
    let s = s.trim();
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if (int.is_empty() && frac.is_empty())
        || !int.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > 1 {
        return None;
    }
    let i: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let f: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    let v = i.checked_mul(10)?.checked_add(f)?;
    Some(if neg { -v } else { v })
}

// ---------------------------------------------------------------------------
// Ranks and dates

/// A rank as Korean, Chinese, Japanese and Western clients write it (`2K`,
/// `4D`, `1급`, `3段`, `9P`, `9DP`, `7단P`) → the SGF form (`2k`, `4d`, `1k`,
/// `3d`, `9p`); anything else is kept as written (trimmed). `pro` turns a dan
/// rank into `p` (the source knows the player is a professional).
pub fn normalize_rank(text: &str, pro: bool) -> String {
    let t = text.trim();
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return t.to_string();
    }
    let n = digits.trim_start_matches('0');
    let n = if n.is_empty() { "0" } else { n };
    let rest = t.get(digits.len()..).unwrap_or("").trim().to_lowercase();
    let kind = match rest.as_str() {
        "k" | "kyu" | "급" | "级" | "級" => 'k',
        "d" | "dan" | "단" | "段" if pro => 'p',
        "d" | "dan" | "단" | "段" => 'd',
        "p" | "dp" | "pro" | "단p" | "段p" | "프로" => 'p',
        _ => return t.to_string(),
    };
    format!("{n}{kind}")
}

/// A date written as `2014:01:27:17:54`, `2015- 8-29-22-56-58`,
/// `2012年11月22日 下午 6:3`, `20170316 [09:37]`, `2009-03-25` or `2006-9-5`
/// → `YYYY-MM-DD`.
pub fn parse_date(s: &str) -> Option<String> {
    let runs: Vec<&str> = s
        .split(|c: char| !c.is_ascii_digit())
        .filter(|r| !r.is_empty())
        .collect();
    let first = runs.first()?;
    let (y, m, d) = if first.len() == 8 {
        (first.get(..4)?, first.get(4..6)?, first.get(6..8)?)
    } else if first.len() == 4 && runs.len() >= 3 {
        (*first, runs[1], runs[2])
    } else {
        return None;
    };
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    ((1..=12).contains(&m) && (1..=31).contains(&d) && y >= 1000)
        .then(|| format!("{y:04}-{m:02}-{d:02}"))
}

// ---------------------------------------------------------------------------
// Results written as text

/// What a localised result text says.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultText {
    /// An SGF `RE` value.
    Result(String),
    /// The game was not finished.
    Unfinished,
    /// Nothing recognisable.
    Unknown,
}

const BLACK_WORDS: &[&str] = &["black", "흑", "黑", "黒"];
const WHITE_WORDS: &[&str] = &["white", "백", "白"];
const LOSE_WORDS: &[&str] = &[
    "lose", "lost", "resigns", "resigned", "패", "負", "负", "敗",
];
const WIN_WORDS: &[&str] = &["win", "승", "胜", "勝"];
const HALF_POINT_WORDS: &[&str] = &["반집", "半目", "half"];
const RESIGN_WORDS: &[&str] = &["resign", "불계", "中盘", "中盤", "中押"];
const TIME_WORDS: &[&str] = &["time", "시간", "时间", "時間", "超时", "超時"];
const FORFEIT_WORDS: &[&str] = &[
    "disconnect",
    "forfeit",
    "기권",
    "弃权",
    "棄権",
    "反则",
    "反則",
];
const DRAW_WORDS: &[&str] = &["draw", "jigo", "무승부", "和棋", "和局", "持碁", "ジゴ"];
const UNFINISHED_WORDS: &[&str] = &["progress", "unfinished", "진행", "进行", "進行", "対局中"];

/// The earliest place in `t` where any of `words` stands.
fn find_any(t: &str, words: &[&str]) -> Option<usize> {
    words.iter().filter_map(|w| t.find(w)).min()
}

/// Reads a result written in English, Korean, Chinese or Japanese:
/// `white 59.5 win`, `Black wins by 0.5!`, `black wins by resignation`,
/// `흑 시간승`, `백 3집반승`, `250수 흑7집승`, `白7目半胜`, `黑中盘胜`,
/// `黒中押し勝ち`, `White loses on time`, `Progressing!`... Whatever follows
/// `>>` (the two scores some clients append) is not needed.
pub fn parse_result_text(text: &str) -> ResultText {
    let t = text.split(">>").next().unwrap_or("").trim().to_lowercase();
    if t.is_empty() {
        return ResultText::Unknown;
    }
    if find_any(&t, UNFINISHED_WORDS).is_some() {
        return ResultText::Unfinished;
    }
    if find_any(&t, DRAW_WORDS).is_some() {
        return ResultText::Result("0".into());
    }
    let (named_black, at) = match (find_any(&t, BLACK_WORDS), find_any(&t, WHITE_WORDS)) {
        (Some(b), Some(w)) => (b < w, b.min(w)),
        (Some(b), None) => (true, b),
        (None, Some(w)) => (false, w),
        (None, None) => return ResultText::Unknown,
    };
    let after = &t[at..];
    // "White loses on time", "Black resigned": the named colour lost.
    let lost = match (find_any(after, LOSE_WORDS), find_any(after, WIN_WORDS)) {
        (Some(l), Some(w)) => l < w,
        (l, _) => l.is_some(),
    };
    let black_wins = named_black != lost;
    let winner = if black_wins { 'B' } else { 'W' };
    let how = if find_any(after, RESIGN_WORDS).is_some() {
        "R".to_string()
    } else if find_any(after, TIME_WORDS).is_some() {
        "T".to_string()
    } else if find_any(after, FORFEIT_WORDS).is_some() {
        "F".to_string()
    } else {
        parse_margin(after)
            .or_else(|| find_any(after, HALF_POINT_WORDS).map(|_| 5))
            .map(format_tenths)
            .unwrap_or_default()
    };
    ResultText::Result(format!("{winner}+{how}"))
}

/// The first number of `s` ×10; `반`/`半` after its unit (`7집반`, `7目半`:
/// before the 승/胜 that follows) adds a half point.
fn parse_margin(s: &str) -> Option<i64> {
    let start = s.find(|c: char| c.is_ascii_digit())?;
    let rest = &s[start..];
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let mut v = parse_tenths(rest[..len].trim_end_matches('.'))?;
    let tail = &rest[len..];
    let half = tail.find(['반', '半']);
    let win = find_any(tail, &["승", "胜", "勝", "win"]);
    if v % 10 == 0 && half.is_some_and(|h| win.is_none_or(|w| h < w)) {
        v += 5;
    }
    Some(v)
}

// ---------------------------------------------------------------------------
// Points and handicap stones

/// Handicap stone points, Tygem layout (third stone top-left), as (x, y)
/// from the top left. `None` when the layout has no place for `n` stones.
pub fn handicap_points(size: u32, n: u32) -> Option<Vec<(u32, u32)>> {
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
    Some(pts)
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
    let mut setup: Vec<(u32, u32)> = game
        .main_line_iter()
        .take(first_move(game))
        .filter_map(|id| game.node(id).get("AB"))
        .flat_map(|p| {
            p.values()
                .iter()
                .filter_map(|v| parse_point(v.text(), size))
                .collect::<Vec<_>>()
        })
        .collect();
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

/// `AB` with the `n` handicap stones of the Tygem layout; `None` when the
/// layout has no place for them.
pub fn tygem_handicap_stones(size: u32, n: u32) -> Option<PropertyBuf> {
    let mut ab = PropertyBuf::new("AB");
    for (x, y) in handicap_points(size, n)? {
        if let Some(p) = sgf_point(x, y) {
            ab.push(&p);
        }
    }
    Some(ab)
}

/// The SGF point letter for a 0-based coordinate (`a`–`z`, then `A`–`Z`).
pub fn sgf_letter(i: u32) -> Option<char> {
    match i {
        0..=25 => char::from_u32('a' as u32 + i),
        26..=51 => char::from_u32('A' as u32 + i - 26),
        _ => None,
    }
}

/// (x, y) from the top left → SGF point (`pd`).
pub fn sgf_point(x: u32, y: u32) -> Option<String> {
    Some([sgf_letter(x)?, sgf_letter(y)?].iter().collect())
}

fn sgf_index(c: char) -> Option<u32> {
    match c {
        'a'..='z' => Some(c as u32 - 'a' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 26),
        _ => None,
    }
}

/// SGF point → (x, y); `None` for a pass or a point off a `size` board.
pub fn parse_point(p: &str, size: u32) -> Option<(u32, u32)> {
    let mut it = p.chars();
    let (x, y) = (sgf_index(it.next()?)?, sgf_index(it.next()?)?);
    (it.next().is_none() && x < size && y < size).then_some((x, y))
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
        report.info(
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
        report.error(
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
        report.warn(
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
            report.error(
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
    fn tenths_both_ways() {
        assert_eq!(format_tenths(65), "6.5");
        assert_eq!(format_tenths(-5), "-0.5");
        assert_eq!(parse_tenths("+6.50"), Some(65));
        assert_eq!(parse_tenths("6.25"), None);
        assert_eq!(parse_tenths("."), None);
    }

    #[test]
    fn ranks_in_every_script() {
        assert_eq!(normalize_rank(" 02K ", false), "2k");
        assert_eq!(normalize_rank("3段", true), "3p");
        assert_eq!(normalize_rank("9프로", false), "9p");
        assert_eq!(normalize_rank("Meijin", false), "Meijin");
    }

    #[test]
    fn margins_with_a_half_after_the_unit() {
        assert_eq!(parse_margin("백 3집반승"), Some(35));
        assert_eq!(parse_margin("7目半胜"), Some(75));
        assert_eq!(parse_margin("7승 반"), Some(70));
        assert_eq!(parse_margin("no number"), None);
    }

    #[test]
    fn points_round_trip() {
        assert_eq!(sgf_point(3, 15).as_deref(), Some("dp"));
        assert_eq!(parse_point("dp", 19), Some((3, 15)));
        assert_eq!(parse_point("tt", 19), None);
        assert_eq!(sgf_point(27, 0).as_deref(), Some("Ba"));
        assert_eq!(sgf_letter(52), None);
    }
}
