//! How each game tree's character set is decided, before its first node,
//! from the reader's look-ahead window (`formats/sgf.md` §1.2): a BOM or
//! `--encoding` decides alone; else `CA[]`, checked against the game's
//! bytes, then UTF-8 validity (also with a little damage), statistical
//! detection, and the default. A game in a double-byte encoding is also
//! checked for byte-level escapes, which decide how its values are
//! scanned ([`Mode`]).
//!
//! Only the game's own bytes decide, never the games after it in the
//! window (`prescan.rs` finds where it ends).

use super::codes::{BYTE_LEVEL_ESCAPES, CHARSET_OVERRULED, UNKNOWN_CHARSET};
use super::input::Input;
use super::lex::Mode;
use super::prescan;
use crate::charset;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, Pos};
use crate::options::ReadOptions;
use encoding_rs::{Encoding, ISO_2022_JP, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

/// Below this, a statistical guess does not decide a game's encoding.
const MIN_CONFIDENCE: f32 = 0.5;

/// Bytes of a game's text given to statistical detection.
const DETECT_SAMPLE: usize = 16 * 1024;

/// Bytes of a game looked at to decide its encoding.
const WINDOW: usize = 64 * 1024;

/// How one game's bytes become text.
#[derive(Clone, Copy)]
pub struct Decoding {
    pub encoding: &'static Encoding,
    /// How the grammar groups a value's bytes into characters.
    pub mode: Mode,
}

impl Decoding {
    pub fn new(encoding: &'static Encoding) -> Self {
        let mode = if encoding == ISO_2022_JP {
            Mode::Iso2022Jp
        } else if charset::has_unsafe_trail_bytes(encoding) {
            let lead: fn(u8) -> bool = if encoding == encoding_rs::SHIFT_JIS {
                |b| (0x81..=0x9F).contains(&b) || (0xE0..=0xFC).contains(&b)
            } else {
                |b| (0x81..=0xFE).contains(&b)
            };
            Mode::DoubleByte(lead)
        } else {
            Mode::Bytes
        };
        Decoding { encoding, mode }
    }
}

/// A game's encoding decision.
#[derive(Clone, Copy)]
pub struct Choice {
    /// What decodes the game.
    pub encoding: &'static Encoding,
    /// The name reported.
    pub name: &'static str,
    /// Why.
    pub source: EncodingSource,
    pub confidence: f32,
}

impl Choice {
    fn new(encoding: &'static Encoding, source: EncodingSource, confidence: f32) -> Self {
        Choice {
            encoding,
            name: encoding.name(),
            source,
            confidence,
        }
    }
}

/// Where the decision is made: the reader's window at a game's `(`.
pub struct Context<'a, 'r> {
    pub inp: &'a mut Input<'r>,
    pub options: &'a ReadOptions,
    /// Set when the encoding of the whole input was decided before the
    /// grammar (a byte-order mark, `--encoding UTF-16LE`, or UTF-16/32
    /// known by its NUL bytes): its name, and what decided it.
    pub bom: Option<(&'static str, EncodingSource)>,
    /// Where the game starts, for diagnostics.
    pub start: Pos,
}

/// Decides the character set of the game tree starting at `cx.inp` (its
/// `(`), and how its values are scanned.
pub fn decide(cx: Context<'_, '_>, report: &mut Reporter) -> Result<(Choice, Decoding), Error> {
    let (choice, extent) = choose(&mut *cx.inp, cx.options, cx.bom, cx.start, report)?;
    let mut decoding = Decoding::new(choice.encoding);
    if let Mode::DoubleByte(is_lead) = decoding.mode {
        cx.inp.ensure(WINDOW)?;
        let avail = cx.inp.rest().len().min(WINDOW);
        let window = &cx.inp.rest()[..avail];
        let extent = match extent {
            Some(e) => e.min(avail),
            None => prescan::game_extent(window),
        };
        if written_with_byte_level_escapes(&window[..extent], is_lead) {
            report.report(
                BYTE_LEVEL_ESCAPES,
                Some(cx.start),
                || format!(
                    "{} text written with byte-level escapes (a '\\' before every ']' or '\\' trail byte): read that way",
                    choice.encoding.name()
                ),
            );
            decoding.mode = Mode::Bytes;
        }
    }
    Ok((choice, decoding))
}

/// The decision, in order: BOM, `--encoding`, then the game's bytes
/// ([`from_bytes`]). Also the game's extent in the window, when finding
/// it was needed (so it is not scanned twice).
fn choose(
    inp: &mut Input<'_>,
    options: &ReadOptions,
    bom: Option<(&'static str, EncodingSource)>,
    start: Pos,
    report: &mut Reporter,
) -> Result<(Choice, Option<usize>), Error> {
    if let Some((name, source)) = bom {
        // Transcoded to UTF-8 already when it was UTF-16/32.
        let mut c = Choice::new(UTF_8, source, 1.0);
        c.name = name;
        return Ok((c, None));
    }
    if let Some(e) = options.encoding {
        return Ok((Choice::new(e, EncodingSource::Forced, 1.0), None));
    }
    let (game, declared, extent) = game_bytes(inp)?;
    let choice = declared
        .filter(|l| !l.is_empty())
        .and_then(|label| from_declaration(&label, &game, start, report))
        .unwrap_or_else(|| from_bytes(&game, options));
    Ok((choice, extent))
}

/// A game in the window, and what its bytes are.
struct GameBytes<'a> {
    bytes: &'a [u8],
    /// The whole window is valid UTF-8.
    all_utf8: bool,
    /// The game is valid UTF-8 (a character cut by the window's end
    /// counts as valid).
    utf8: bool,
    /// Valid UTF-8 but for a few cut sequences (names truncated by a server
    /// mid-character): UTF-8, with the bad bytes reported.
    dirty_utf8: bool,
}

/// The game at the front of the window, its root's `CA[]` (trimmed), and
/// its extent when it had to be found.
fn game_bytes<'a>(
    inp: &'a mut Input<'_>,
) -> Result<(GameBytes<'a>, Option<String>, Option<usize>), Error> {
    inp.ensure(WINDOW)?;
    let avail = inp.rest().len().min(WINDOW);
    let all_utf8 = inp.valid_utf8_ahead(avail);
    let window = &inp.rest()[..avail];
    let declared =
        prescan::root_charset(window).map(|v| String::from_utf8_lossy(v).trim().to_string());
    // A game's bytes decide for it, never the games after it in the
    // window: its extent is needed unless the window is UTF-8 and the
    // game declares no other character set.
    let declares_other = declared
        .as_deref()
        .is_some_and(|l| !l.is_empty() && charset::lookup(l) != Some(UTF_8));
    let extent = if all_utf8 && !declares_other {
        None
    } else {
        Some(prescan::game_extent(window))
    };
    let len = extent.unwrap_or(avail);
    let utf8 = all_utf8 || inp.valid_utf8_ahead(len);
    let bytes = &inp.rest()[..len];
    let dirty_utf8 = !utf8 && mostly_utf8(bytes);
    let game = GameBytes {
        bytes,
        all_utf8,
        utf8,
        dirty_utf8,
    };
    Ok((game, declared, extent))
}

/// The decision when the game's root declares `CA[label]`: the declared
/// set when the bytes agree with it, else what they are (`W101`). `None`
/// when the label names no set this reader can use (`W102`): the bytes
/// decide.
fn from_declaration(
    label: &str,
    game: &GameBytes<'_>,
    start: Pos,
    report: &mut Reporter,
) -> Option<Choice> {
    match charset::lookup(label) {
        Some(enc) if enc == UTF_8 => Some(declared_utf8(label, game, start, report)),
        // Values in UTF-16 between ASCII syntax (SGFC's spec mode), or
        // ISO-2022-JP's 7-bit escapes: scanned byte-wise, each value
        // decoded on its own.
        Some(enc) if enc == UTF_16LE || enc == UTF_16BE => {
            Some(Choice::new(enc, EncodingSource::Declared, 0.8))
        }
        Some(enc) if enc == ISO_2022_JP && game.bytes.is_ascii() => {
            Some(Choice::new(enc, EncodingSource::Declared, 1.0))
        }
        Some(enc) if enc.is_ascii_compatible() => {
            Some(declared_ascii_compatible(enc, label, game, start, report))
        }
        _ => {
            report.report(
                UNKNOWN_CHARSET,
                Some(start),
                || format!("CA[{label}] names no character set this reader knows (or one that cannot be read byte-wise): detecting"),
            );
            None
        }
    }
}

/// `CA[UTF-8]`: believed unless the bytes are far from UTF-8 and
/// detection finds a set they decode in. A game that is UTF-8 but for
/// characters cut short at the end of their value (`PB[\xe5\x9b]`, a name
/// a server truncated) keeps its label, however few its other multi-byte
/// characters: a short run of bytes decodes in some single-byte set by
/// chance, and the label and every other byte say UTF-8.
fn declared_utf8(label: &str, game: &GameBytes<'_>, start: Pos, report: &mut Reporter) -> Choice {
    if game.utf8 {
        return Choice::new(UTF_8, EncodingSource::Declared, 1.0);
    }
    if game.dirty_utf8 || only_cut_characters(game.bytes) {
        return Choice::new(UTF_8, EncodingSource::Declared, 0.8);
    }
    overruled(UTF_8, label, game, start, report)
        .unwrap_or_else(|| Choice::new(UTF_8, EncodingSource::Declared, 0.5))
}

/// `CA[label]` naming an ASCII-compatible set other than UTF-8: believed
/// when the bytes decode cleanly in it, else UTF-8 when they are, else
/// what detection finds.
fn declared_ascii_compatible(
    enc: &'static Encoding,
    label: &str,
    game: &GameBytes<'_>,
    start: Pos,
    report: &mut Reporter,
) -> Choice {
    let they_are_utf8 = |report: &mut Reporter| {
        report.report(CHARSET_OVERRULED, Some(start), || {
            format!("CA[{label}] does not match the bytes: they are UTF-8")
        });
        Choice::new(UTF_8, EncodingSource::Utf8, 1.0)
    };
    let non_ascii = !game.bytes.is_ascii();
    if game.utf8 && non_ascii && enc == WINDOWS_1252 {
        return they_are_utf8(report);
    }
    if charset::decodes_cleanly(enc, game.bytes) {
        return Choice::new(enc, EncodingSource::Declared, 1.0);
    }
    if game.utf8 {
        return they_are_utf8(report);
    }
    overruled(enc, label, game, start, report)
        .unwrap_or_else(|| Choice::new(enc, EncodingSource::Declared, 0.5))
}

/// Detection overrules `CA[label]` (naming `enc`) when it finds another
/// character set the bytes decode cleanly in; the warning says so.
fn overruled(
    enc: &'static Encoding,
    label: &str,
    game: &GameBytes<'_>,
    start: Pos,
    report: &mut Reporter,
) -> Option<Choice> {
    let (g, c) = detect(game);
    if g == enc || !charset::decodes_cleanly(g, game.bytes) {
        return None;
    }
    report.report(CHARSET_OVERRULED, Some(start), || {
        format!(
            "CA[{label}] does not match the bytes: read as {} (detected)",
            g.name()
        )
    });
    Some(Choice::new(g, EncodingSource::Detected, c))
}

/// The decision from the bytes alone: UTF-8 (also a little damaged), what
/// detection finds when it is confident, else the user's default, else
/// FF[4]'s.
fn from_bytes(game: &GameBytes<'_>, options: &ReadOptions) -> Choice {
    if game.utf8 {
        return Choice::new(UTF_8, EncodingSource::Utf8, 1.0);
    }
    if game.dirty_utf8 {
        return Choice::new(UTF_8, EncodingSource::Utf8, 0.8);
    }
    let (g, c) = detect(game);
    if c >= MIN_CONFIDENCE {
        return Choice::new(g, EncodingSource::Detected, c);
    }
    let d = options.default_encoding.unwrap_or(WINDOWS_1252);
    let mut choice = Choice::new(d, EncodingSource::Default, 1.0);
    choice.name = charset::ca_name(d);
    choice
}

/// Statistical detection over the game's text: the set, and how sure.
///
/// The root's names and the first comments decide as well as a whole game
/// would, and detection scores every candidate encoding. (Only a game's
/// values are text: their bytes are gathered when detection runs, which is
/// rare.)
fn detect(game: &GameBytes<'_>) -> (&'static Encoding, f32) {
    let mut text = Vec::new();
    if !game.all_utf8 {
        prescan::game_text(game.bytes, &mut text);
    }
    let sample = if text.is_empty() { game.bytes } else { &text };
    let g = charset::detect(&sample[..sample.len().min(DETECT_SAMPLE)]);
    (g.encoding, g.confidence)
}

/// Lead bytes of multi-byte UTF-8 characters in `bytes`; ASCII stretches
/// are skipped a word at a time.
fn lead_bytes(bytes: &[u8]) -> usize {
    bytes
        .chunks(32)
        .filter(|c| !c.is_ascii())
        .map(|c| c.iter().filter(|&&b| b >= 0xC0).count())
        .sum()
}

/// Valid UTF-8 multi-byte characters are at least as many as broken
/// sequences (and there are a few): text that is UTF-8 with damage (Fox
/// writes '?' over bytes, servers cut names mid-character), not another
/// encoding, where valid UTF-8 sequences are rare by chance.
///
/// A character whose continuation bytes Fox replaced by `?` (`E3 3F B5`)
/// counts for UTF-8: no legacy double-byte encoding has `?` as a trail
/// byte, and the bytes around it are UTF-8's.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    let mut bad = 0usize;
    let mut multibyte = 0usize;
    loop {
        let (good, done) = match std::str::from_utf8(rest) {
            Ok(_) => (rest.len(), true),
            Err(e) => (e.valid_up_to(), false),
        };
        multibyte += lead_bytes(&rest[..good]);
        if done {
            break;
        }
        let at = &rest[good..];
        let damaged = question_marked_char(at);
        let skip = good
            + match damaged {
                Some(len) => {
                    multibyte += 1;
                    len
                }
                None => {
                    bad += 1;
                    std::str::from_utf8(at)
                        .err()
                        .and_then(|e| e.error_len())
                        .unwrap_or(at.len())
                        .max(1)
                }
            };
        rest = &rest[skip.min(rest.len())..];
        // Another encoding shows itself early: broken sequences pile up
        // with next to no valid ones. (A long damaged UTF-8 text, a Fox
        // commentary, goes on to the end.)
        if bad > 64 && bad > multibyte {
            return false;
        }
    }
    multibyte >= 3 && multibyte >= bad
}

/// Every broken UTF-8 sequence in `bytes` (and there is one) is a
/// character cut short at the end of its value: a lead byte and at least
/// one of its continuation bytes, then the value's `]`. That is what a
/// server writes when it truncates a UTF-8 name to a byte length; a legacy
/// double-byte text breaks UTF-8 inside its values too, and a lone Latin-1
/// letter (`PB[Jos\xe9]`) has no continuation byte.
fn only_cut_characters(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    let mut cut = 0usize;
    while let Err(e) = std::str::from_utf8(rest) {
        let at = &rest[e.valid_up_to()..];
        let Some(len) = e.error_len() else {
            return false;
        };
        let is_cut = matches!(at[0], 0xC2..=0xF4) && len >= 2 && at.get(len) == Some(&b']');
        if !is_cut {
            return false;
        }
        cut += 1;
        rest = &at[len..];
    }
    cut > 0
}

/// The length of a UTF-8 character at the start of `b` whose continuation
/// bytes were partly replaced by `?`, as Fox writes them: a lead byte, a
/// `?`, then `?` or continuation bytes up to the character's length.
fn question_marked_char(b: &[u8]) -> Option<usize> {
    let len = match b.first()? {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let tail = b.get(1..len)?;
    (tail[0] == b'?'
        && tail[1..]
            .iter()
            .all(|&c| c == b'?' || (0x80..=0xBF).contains(&c)))
    .then_some(len)
}

/// Whether a game in a double-byte encoding was written with byte-level
/// escapes (a `\` inserted before every `]` or `\` byte, trail bytes
/// included, as the FF[4] spec reads literally). Read character by
/// character, such a game shows `lead 5C 5C` (a trail-`\` character, then
/// the escape of the next one) and never a trail-`\` character followed by
/// anything else or a bare trail-`]` character, both of which a
/// character-level writer produces.
fn written_with_byte_level_escapes(game: &[u8], is_lead: fn(u8) -> bool) -> bool {
    let (mut byte_level, mut char_level) = (0usize, 0usize);
    let mut k = 0;
    while k + 1 < game.len() {
        let c = game[k];
        if !is_lead(c) {
            k += 1;
            continue;
        }
        match (game[k + 1], game.get(k + 2)) {
            (b'\\', Some(b'\\')) => {
                byte_level += 1;
                k += 3;
                continue;
            }
            // Ambiguous: a trail-'\\' character ending a value, or a
            // trail-']' character escaped at the byte level.
            (b'\\', Some(b']')) => {}
            (b'\\', _) | (b']', _) => char_level += 1,
            _ => {}
        }
        k += 2;
    }
    byte_level > 0 && char_level == 0
}

/// A `\` in a double-byte value before a byte that never needs escaping
/// (not `]`, `\`, `:`, a line break): the mark of a byte-level escaper.
pub fn suspicious_escapes(raw: &[u8], mode: Mode) -> bool {
    let Mode::DoubleByte(is_lead) = mode else {
        return false;
    };
    let mut k = 0;
    while k < raw.len() {
        let c = raw[k];
        if is_lead(c) {
            k += 2;
            continue;
        }
        if c == b'\\' {
            match raw.get(k + 1) {
                Some(b']' | b'\\' | b':' | b'\n' | b'\r') | None => {}
                Some(_) => return true,
            }
            k += 2;
            continue;
        }
        k += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fox_question_marks_are_utf8_damage() {
        // 三日月 with the middle byte of each character written as '?' by
        // Fox, then a clean name: UTF-8 with damage.
        let fox = b"PB[\xe4?\x89\xe6?\xa5\xe6?\x88]PW[\xe4\xbd\x99\xe7\x82\xb3]";
        assert_eq!(question_marked_char(b"\xe4?\x89rest"), Some(3));
        assert_eq!(question_marked_char(b"\xe4??"), Some(3));
        assert_eq!(question_marked_char(b"\xc3?"), Some(2));
        assert_eq!(question_marked_char(b"\xe4\x89?"), None);
        assert_eq!(question_marked_char(b"\xe4?A"), None);
        assert!(mostly_utf8(fox));
        // GBK never has '?' as a trail byte and is not taken for UTF-8.
        let (gbk, _, _) = encoding_rs::GBK.encode("黑方胜三目半，白方认输");
        assert!(!mostly_utf8(&gbk));
        // A lone Latin-1 byte among ASCII is not UTF-8 either.
        assert!(!mostly_utf8(b"PB[Jos\xe9]PW[Ren\xe9]"));
        // A long commentary with more than 64 broken sequences is still
        // UTF-8 when valid characters outnumber them; long GBK is not.
        let mut long = Vec::new();
        for _ in 0..100 {
            long.extend_from_slice("C[白棋这手".as_bytes());
            long.extend_from_slice(b"\xe6\x89]"); // cut: not '?'-damage
        }
        assert!(mostly_utf8(&long));
        let text = "黑方胜三目半，白方认输".repeat(40);
        let (gbk, _, _) = encoding_rs::GBK.encode(&text);
        assert!(!mostly_utf8(&gbk));
        assert_eq!(lead_bytes("a白b棋 ".repeat(20).as_bytes()), 40);
    }

    #[test]
    fn characters_cut_at_the_end_of_a_value_are_utf8() {
        assert!(only_cut_characters(b"PB[\xe5\x9b]PW[abc]"));
        assert!(only_cut_characters(
            b"PB[\xe7\x8e\x8b\xe5\x9b]PW[\xf0\x9f\x98]"
        ));
        // A lone Latin-1 letter, a sequence broken inside a value, valid
        // UTF-8, a sequence cut by the end of the bytes: not that.
        assert!(!only_cut_characters(b"PB[Jos\xe9]"));
        assert!(!only_cut_characters(b"PB[\xe5\x9bx]"));
        assert!(!only_cut_characters("PB[王]".as_bytes()));
        assert!(!only_cut_characters(b"PB[\xe5\x9b"));
        // GBK with a character of that shape in a comment.
        let (gbk, _, _) = encoding_rs::GBK.encode("C[黑方胜]PB[王]");
        assert!(!only_cut_characters(&gbk));
    }
}
