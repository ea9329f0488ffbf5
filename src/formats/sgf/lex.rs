//! The SGF token grammar: nom streaming parsers over the reader's byte
//! window, one small function per rule.
//!
//! FF[4]'s grammar (`sgf.html`; the same in the spec texts'
//! `charsets-and-escapes-notes.txt`, and FF[1]'s in `ff1-kierulf.txt`):
//!
//! ```text
//! Collection = GameTree { GameTree }
//! GameTree   = "(" Sequence { GameTree } ")"
//! Sequence   = Node { Node }
//! Node       = ";" { Property }
//! Property   = PropIdent PropValue { PropValue }
//! PropIdent  = UcLetter { UcLetter }
//! PropValue  = "[" CValueType "]"
//! CValueType = (ValueType | Compose)
//! Compose    = ValueType ":" ValueType
//! ```
//!
//! `Collection`, `GameTree` and `Sequence` nest without bound, so they are
//! no parsers here: the reader (`reader.rs`) follows them with an explicit
//! stack of open game trees, never recursion, and takes one token at a
//! time from this module. Which token comes next is decided by one byte
//! ([`peek_token`]); then [`game_tree_open`], [`game_tree_close`],
//! [`node`], [`prop_ident`] and [`prop_value_open`] read it, and
//! [`prop_value`] reads a value's body with its [`escape`]s,
//! [`soft_line_break`]s, [`compose_split`] and closing [`value_close`].
//! White space ([`ws`]) may stand between any two tokens.
//!
//! Every parser takes the unread bytes of the window and returns the bytes
//! after its token, or `Err::Incomplete` when the window ends inside it:
//! the reader then reads more and parses the same token again. A parser
//! whose token may run to the end of the input takes `eof` (the window
//! holds all that is left), and then reads the window's end as the end of
//! the input.
//!
//! The grammar is the one real files need, which is more forgiving than
//! FF[4]'s: identifiers may have lower-case letters (FF[1]–FF[3]), a `]`
//! that cannot end a value is text ([`value_close`]), and a value is
//! scanned as characters of its game's encoding ([`Mode`]), so a `]` or
//! `\` trail byte of Shift_JIS, Big5 or GBK is text. Scanning a value's
//! text is a custom combinator built on memchr ([`text_run`]).
//!
//! The reader's fast paths are specialisations of these rules, for the
//! shapes that make up most of every record: [`plain_move`] and
//! [`short_node`] (a `Node` of one short property), [`short_value`] (a
//! `PropValue` with nothing to unescape).

use crate::event::{PlainMove, MOVE_TEXT_LEN};
use nom::bytes::streaming::{take_while, take_while1};
use nom::character::streaming::char;
use nom::{Err, IResult, Needed, Parser};

/// White space: space, tab, LF, CR, VT, FF.
#[inline]
pub fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// White space between tokens (possibly none): "Whitespace is ignored
/// everywhere, except inside a Value" (`sgf-draft-standard-2016.txt`,
/// Parsing). `Incomplete` when the window is all white space.
#[inline]
pub fn ws(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(is_ws).parse(i)
}

/// The token a byte starts (outside values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// `(`: [`game_tree_open`].
    GameTreeOpen,
    /// `)`: [`game_tree_close`].
    GameTreeClose,
    /// `;`: [`node`].
    Node,
    /// A letter: [`prop_ident`].
    PropIdent,
    /// `[`: [`prop_value_open`] (here only when no identifier is before it).
    PropValue,
    /// Anything else: not SGF.
    Stray,
}

/// Which token starts the window, without reading it: the tokens of SGF
/// differ in their first byte. `Incomplete` on an empty window.
#[inline]
pub fn peek_token(i: &[u8]) -> IResult<&[u8], Token> {
    let token = match i.first() {
        None => return Err(Err::Incomplete(Needed::new(1))),
        Some(b'(') => Token::GameTreeOpen,
        Some(b')') => Token::GameTreeClose,
        Some(b';') => Token::Node,
        Some(b'[') => Token::PropValue,
        Some(c) if c.is_ascii_alphabetic() => Token::PropIdent,
        Some(_) => Token::Stray,
    };
    Ok((i, token))
}

/// `GameTree = "(" Sequence { GameTree } ")"`: the `(` that opens a game
/// tree (at the top level a game, inside one a variation).
#[inline]
pub fn game_tree_open(i: &[u8]) -> IResult<&[u8], char> {
    char('(')(i)
}

/// `GameTree = "(" Sequence { GameTree } ")"`: the `)` that closes it.
#[inline]
pub fn game_tree_close(i: &[u8]) -> IResult<&[u8], char> {
    char(')')(i)
}

/// `Node = ";" { Property }`: the `;` that starts a node.
#[inline]
pub fn node(i: &[u8]) -> IResult<&[u8], char> {
    char(';')(i)
}

/// `PropIdent = UcLetter { UcLetter }`, where FF[1]–FF[3] also allow
/// lower-case letters (`AddBlack`; their capitals are the FF[4] name).
#[inline]
pub fn prop_ident(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while1(|c: u8| c.is_ascii_alphabetic()).parse(i)
}

/// `PropValue = "[" CValueType "]"`: the `[` that opens a value.
#[inline]
pub fn prop_value_open(i: &[u8]) -> IResult<&[u8], char> {
    char('[')(i)
}

/// Whether the `(` at `i[0]` starts a game tree: after white space comes
/// `;` (`Sequence`), `(` (`GameTree`), or a property identifier followed
/// by `[` (a root node without its `;`). Text before a game (a mail
/// header, `Subject: game (see below)`) is not SGF. With the window cut
/// short before it can tell (`eof` not set), it says yes.
pub fn game_tree_start(i: &[u8], eof: bool) -> bool {
    let rest = i.get(1..).unwrap_or(&[]);
    let n = rest.iter().take_while(|c| is_ws(**c)).count();
    match rest.get(n) {
        Some(b';' | b'(') => true,
        Some(c) if c.is_ascii_alphabetic() => {
            // An identifier that the input ends after (`(Nonsense`) has no
            // value: no property, no game.
            let ident = &rest[n..];
            let letters = ident.iter().take_while(|c| c.is_ascii_alphabetic()).count();
            let w = ident[letters..].iter().take_while(|c| is_ws(**c)).count();
            let ends = eof && letters + w == ident.len();
            !ends && !matches!(can_end_value(ident, eof), Some(false))
        }
        Some(_) => false,
        None => !eof,
    }
}

/// How bytes of a value are grouped into characters.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// ASCII-safe encodings (UTF-8, EUC-*, Latin-*): every `]` and `\` byte
    /// is syntax.
    Bytes,
    /// Double-byte encodings where `]`/`\` can be a trail byte (Shift_JIS,
    /// Big5, GBK): the byte after a lead byte is text.
    DoubleByte(fn(u8) -> bool),
    /// ISO-2022-JP: after `ESC $ B` (or `ESC $ @`) bytes go in pairs that are
    /// text, until `ESC ( B` / `ESC ( J`. A value starts in ASCII.
    Iso2022Jp,
}

/// How one value is read: see [`prop_value`].
#[derive(Clone, Copy, Debug)]
pub struct ValueCx {
    pub mode: Mode,
    /// The property's type may be compose: its first unescaped `:` splits.
    pub compose: bool,
    /// The window holds the rest of the input.
    pub eof: bool,
}

/// A value read by [`prop_value`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Value {
    /// Index in the unescaped value of the `:` that splits a compose value.
    pub split: Option<usize>,
    /// Unescaped `]` kept as text ([`value_close`]).
    pub brackets: usize,
    /// The input ended inside the value (then it holds all of the rest).
    pub unterminated: bool,
}

/// `PropValue = "[" CValueType "]"` after its `[`: the body, written
/// unescaped into `out`, and its closing `]` (consumed). Text runs
/// ([`text_run`]) alternate with the bytes that matter: a `:`
/// ([`compose_split`]), a `\` ([`escape`]) and a `]` ([`value_close`]).
///
/// At the end of the input (`eof`) a value without its `]` is all that is
/// left, and [`Value::unterminated`] says so. It never fails otherwise.
pub fn prop_value<'a>(i: &'a [u8], cx: ValueCx, out: &mut Vec<u8>) -> IResult<&'a [u8], Value> {
    out.clear();
    let mut value = Value::default();
    // ISO-2022-JP shift state (only used in that mode).
    let mut shifted = false;
    let mut rest = i;
    loop {
        let colon = cx.compose && value.split.is_none();
        let (at, run) = text_run(rest, cx, colon, &mut shifted)?;
        out.extend_from_slice(run);
        rest = match at.first() {
            None => {
                // Only at the end of the input.
                value.unterminated = true;
                return Ok((at, value));
            }
            Some(b':') => {
                let (after, _) = compose_split(at)?;
                value.split = Some(out.len());
                out.push(b':');
                after
            }
            Some(b'\\') => escape(at, cx, out)?.0,
            Some(_) => match value_close(at, cx.eof)? {
                (after, Close::End) => return Ok((after, value)),
                (after, Close::Text) => {
                    value.brackets += 1;
                    out.push(b']');
                    after
                }
            },
        };
    }
}

/// Text of a value up to the next byte that matters to the grammar: a `]`,
/// a `\`, or (with `colon`) a `:`. Returns the rest from that byte on, and
/// the text before it. At the end of the input, all of it is text.
///
/// Bytes are grouped into characters by `cx.mode`, so a trail byte of a
/// double-byte character never matters.
#[inline]
pub fn text_run<'a>(
    i: &'a [u8],
    cx: ValueCx,
    colon: bool,
    shifted: &mut bool,
) -> IResult<&'a [u8], &'a [u8]> {
    let found = match cx.mode {
        Mode::Bytes => byte_text(i, colon),
        Mode::DoubleByte(is_lead) => {
            double_byte_text(i, is_lead, colon, cx.eof).map_err(Err::Incomplete)?
        }
        Mode::Iso2022Jp => iso_2022_jp_text(i, colon, shifted, cx.eof).map_err(Err::Incomplete)?,
    };
    match found {
        Some(k) => Ok((&i[k..], &i[..k])),
        None if cx.eof => Ok((&i[i.len()..], i)),
        None => Err(Err::Incomplete(Needed::Unknown)),
    }
}

/// Whether `c` ends a text run: see [`text_run`].
#[inline]
fn matters(c: u8, colon: bool) -> bool {
    c == b']' || c == b'\\' || (colon && c == b':')
}

/// [`text_run`] where every byte is a character: the index of the first
/// byte that matters, if any.
#[inline]
fn byte_text(i: &[u8], colon: bool) -> Option<usize> {
    // Values are mostly short (moves, points): a plain loop finds their end
    // before memchr would have set up.
    let look = &i[..i.len().min(8)];
    if let Some(k) = look.iter().position(|&c| matters(c, colon)) {
        Some(k)
    } else if look.len() < 8 {
        None
    } else if colon {
        memchr::memchr3(b']', b'\\', b':', &i[8..]).map(|k| k + 8)
    } else {
        memchr::memchr2(b']', b'\\', &i[8..]).map(|k| k + 8)
    }
}

/// [`text_run`] in a double-byte encoding: the byte after a lead byte is
/// text. `Needed` when a lead byte ends the window.
#[inline]
fn double_byte_text(
    i: &[u8],
    is_lead: fn(u8) -> bool,
    colon: bool,
    eof: bool,
) -> Result<Option<usize>, Needed> {
    let mut k = 0;
    while k < i.len() {
        let c = i[k];
        if is_lead(c) {
            k += 2;
            continue;
        }
        if matters(c, colon) {
            return Ok(Some(k));
        }
        k += 1;
    }
    if k > i.len() && !eof {
        // A lead byte is the last byte of the window.
        return Err(Needed::new(1));
    }
    Ok(None)
}

/// [`text_run`] in ISO-2022-JP: `ESC $ B` / `ESC $ @` shift to two-byte
/// text (`shifted`), `ESC ( x` back. `Needed` when an escape sequence is
/// cut by the window's end.
#[inline]
fn iso_2022_jp_text(
    i: &[u8],
    colon: bool,
    shifted: &mut bool,
    eof: bool,
) -> Result<Option<usize>, Needed> {
    let mut k = 0;
    while k < i.len() {
        let c = i[k];
        if c == 0x1B {
            match (i.get(k + 1), i.get(k + 2)) {
                (Some(b'$'), Some(b'B' | b'@')) => *shifted = true,
                (Some(b'('), Some(_)) => *shifted = false,
                (None, _) | (_, None) if !eof => return Err(Needed::Unknown),
                _ => {}
            }
            k += 3;
            continue;
        }
        if *shifted && c > 0x20 && c < 0x7F {
            k += 2;
            continue;
        }
        if matters(c, colon) {
            return Ok(Some(k));
        }
        k += 1;
    }
    if k > i.len() && !eof {
        return Err(Needed::Unknown);
    }
    Ok(None)
}

/// `Compose = ValueType ":" ValueType`: the `:` that splits a compose
/// value (the first unescaped one; `LB[pd:x\:y:z]` is `pd` and `x:y:z`).
#[inline]
pub fn compose_split(i: &[u8]) -> IResult<&[u8], char> {
    char(':')(i)
}

/// An escape at `i[0]` (a `\`), its character written to `out`. FF[4]
/// Text: "Any char following "\" is inserted verbatim" (in every value
/// type: "A symbol is escaped by preceding it by a non-escaped "\"",
/// `sgf-draft-standard-2016.txt`, Parsing); a line break after it is
/// a [`soft_line_break`]. In a double-byte encoding the escaped character
/// may be two bytes.
#[inline]
pub fn escape<'a>(i: &'a [u8], cx: ValueCx, out: &mut Vec<u8>) -> IResult<&'a [u8], ()> {
    let Some(&next) = i.get(1) else {
        return input_end(i, cx.eof);
    };
    if next == b'\n' || next == b'\r' {
        return soft_line_break(i, cx.eof);
    }
    if let Mode::DoubleByte(is_lead) = cx.mode {
        if is_lead(next) {
            // An escaped double-byte character.
            let Some(&trail) = i.get(2) else {
                if cx.eof {
                    out.push(next);
                }
                return input_end(i, cx.eof);
            };
            out.extend_from_slice(&[next, trail]);
            return Ok((&i[3..], ()));
        }
    }
    out.push(next);
    Ok((&i[2..], ()))
}

/// FF[4] Text: "Soft line break: linebreaks preceded by a "\" (soft
/// linebreaks are converted to "", i.e. they are removed)"; "an escaped
/// newline is ignored" in every value (`sgf-draft-standard-2016.txt`,
/// Parsing). `i[0]` is the `\`; a line break is LF, CR, CR LF or LF CR.
#[inline]
pub fn soft_line_break(i: &[u8], eof: bool) -> IResult<&[u8], ()> {
    let pair = if i[1] == b'\n' { b'\r' } else { b'\n' };
    match i.get(2) {
        Some(&c) if c == pair => Ok((&i[3..], ())),
        Some(_) => Ok((&i[2..], ())),
        None if eof => Ok((&i[2..], ())),
        None => Err(Err::Incomplete(Needed::new(1))),
    }
}

/// A token cut by the end of the window: at the end of the input it is all
/// that is left (and is consumed), else `Incomplete`.
#[inline]
fn input_end(i: &[u8], eof: bool) -> IResult<&[u8], ()> {
    if eof {
        Ok((&i[i.len()..], ()))
    } else {
        Err(Err::Incomplete(Needed::Unknown))
    }
}

/// What a `]` in a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Close {
    /// It ends the value.
    End,
    /// It is text (written unescaped).
    Text,
}

/// `PropValue = "[" CValueType "]"`: the `]` at `i[0]`, and whether it
/// closes the value. It does when SGF can go on after it
/// ([`can_end_value`]), or, when it cannot, when SGF structure comes before
/// the next `]` that could end the value ([`structure_before_next_end`]):
/// what follows it is then stray text. Otherwise it is text.
#[inline]
pub fn value_close(i: &[u8], eof: bool) -> IResult<&[u8], Close> {
    let after = &i[1..];
    let ends = match can_end_value(after, eof) {
        Some(false) => structure_before_next_end(after, eof),
        other => other,
    };
    match ends {
        Some(true) => Ok((after, Close::End)),
        Some(false) => Ok((after, Close::Text)),
        None => Err(Err::Incomplete(Needed::Unknown)),
    }
}

/// Whether a `]` followed by `after` can end a value: what follows must be
/// able to continue SGF (another `PropValue`, a `Node`, a `GameTree` opened
/// or closed, a `PropIdent` followed by `[`), or the input ends. `None`:
/// cannot tell yet (the window ends first).
///
/// An identifier needs an upper-case letter: FF[1]–FF[3] long names
/// (`AddBlack`) have them, while words in a comment (`see [1] and [2]`)
/// usually do not.
#[inline]
pub fn can_end_value(after: &[u8], eof: bool) -> Option<bool> {
    // The usual cases, without the general look-ahead: `];`, `])`, `](`,
    // `][`, `]PB[`, `]\n;`.
    match after {
        [b';' | b'(' | b')' | b'[', ..] => return Some(true),
        [a, b'[', ..] if a.is_ascii_uppercase() => return Some(true),
        [a, b, b'[', ..] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => return Some(true),
        [b'\n', b';' | b'(' | b')', ..] => return Some(true),
        _ => {}
    }
    can_end_value_slow(after, eof)
}

/// [`can_end_value`] past white space and long identifiers.
fn can_end_value_slow(after: &[u8], eof: bool) -> Option<bool> {
    const LOOKAHEAD: usize = 256;
    let n = after.iter().take_while(|c| is_ws(**c)).count();
    if n >= LOOKAHEAD {
        return Some(true);
    }
    let Some(&c) = after.get(n) else {
        return if eof { Some(true) } else { None };
    };
    match c {
        b';' | b'(' | b')' | b'[' => Some(true),
        c if c.is_ascii_alphabetic() => {
            let rest = &after[n..];
            let letters = rest.iter().take_while(|c| c.is_ascii_alphabetic()).count();
            let upper = rest[..letters].iter().any(|c| c.is_ascii_uppercase());
            let rest = &rest[letters..];
            let w = rest.iter().take_while(|c| is_ws(**c)).count();
            if letters + w + n >= LOOKAHEAD {
                return Some(true);
            }
            match rest.get(w) {
                Some(b'[') => Some(upper),
                Some(_) => Some(false),
                None if eof => Some(true),
                None => None,
            }
        }
        _ => Some(false),
    }
}

/// For a `]` that [`can_end_value`] says cannot end the value: whether SGF
/// structure (`;` or `(` starting a node with a property) comes before the
/// next `]` that could end it. Then the `]` did end the value and what
/// follows it is stray text; otherwise it is a literal `]`. `None`: cannot
/// tell yet.
pub fn structure_before_next_end(after: &[u8], eof: bool) -> Option<bool> {
    let mut k = 0;
    while k < after.len() {
        match after[k] {
            b'\\' => k += 2,
            b']' => match can_end_value(&after[k + 1..], eof) {
                Some(true) => return Some(false),
                Some(false) => k += 1,
                None => return None,
            },
            b';' | b'(' => {
                let rest = &after[k + 1..];
                let w = rest.iter().take_while(|c| is_ws(**c)).count();
                let rest = &rest[w..];
                if rest.first() == Some(&b';') {
                    return Some(true);
                }
                let letters = rest.iter().take_while(|c| c.is_ascii_uppercase()).count();
                if letters > 0 && letters <= 2 && rest.get(letters) == Some(&b'[') {
                    return Some(true);
                }
                if letters == rest.len() && !eof {
                    return None;
                }
                k += 1;
            }
            _ => k += 1,
        }
    }
    if eof {
        Some(false)
    } else {
        None
    }
}

/// [`prop_value`] specialised to the usual value: at most `max` bytes,
/// nothing escaped, no compose `:`, and ended by its first `]` (by
/// [`can_end_value`]'s quick cases or its look-ahead). The length of its
/// text (the `]` is at that index), or `None` for any other value (which
/// [`prop_value`] then reads).
#[inline]
pub fn short_value(i: &[u8], max: usize, compose: bool, eof: bool) -> Option<usize> {
    let near = &i[..i.len().min(max)];
    let end = near.iter().position(|&c| matters(c, compose))?;
    (near[end] == b']' && can_end_value(&i[end + 1..], eof) == Some(true)).then_some(end)
}

/// `Node = ";" { Property }` specialised to a plain move (see
/// [`PlainMove`]) that is the whole node: `;B[pd]` followed by `;`, `(` or
/// `)`, perhaps after a line break. The move, and the bytes up to what
/// follows. The reader gathers runs of them in a tight loop.
#[inline]
pub fn plain_move(i: &[u8]) -> Option<(PlainMove, usize)> {
    let &[b';', c, b'[', x, y, b']', n1, n2, n3] = i.first_chunk::<9>()? else {
        return None;
    };
    let step = match (n1, n2, n3) {
        (b';' | b'(' | b')', _, _) => MOVE_TEXT_LEN,
        (b'\n', b';' | b'(' | b')', _) => MOVE_TEXT_LEN + 1,
        (b'\r', b'\n', b';' | b'(' | b')') => MOVE_TEXT_LEN + 2,
        _ => return None,
    };
    PlainMove::new([b';', c, b'[', x, y, b']']).map(|m| (m, step))
}

/// A node [`short_node`] recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortNode {
    /// The identifier: one or two capitals, the second 0 when there is one.
    pub ident: [u8; 2],
    /// The point (two lower-case letters), or `None` for an empty value.
    pub point: Option<[u8; 2]>,
    /// Bytes of the node, and of the line break after it if any.
    pub len: usize,
    /// A line break (LF or CR LF) ends the node's bytes.
    pub newline: bool,
}

impl ShortNode {
    /// The identifier's letters.
    #[inline]
    pub fn ident(&self) -> &[u8] {
        let n = if self.ident[1] == 0 { 1 } else { 2 };
        &self.ident[..n]
    }
}

/// `Node = ";" { Property }` specialised to the nodes that make up most of
/// a record: one property with a one- or two-capital identifier and one
/// value, a point or empty (`;B[pd]`, `;W[]`, `;TR[dd]`), followed by `;`,
/// `(` or `)` (perhaps after one line break) so the node is complete.
#[inline]
pub fn short_node(i: &[u8]) -> Option<ShortNode> {
    if i.first() != Some(&b';') {
        return None;
    }
    let (ident, open) = match (i.get(1), i.get(2)) {
        (Some(&a), Some(b'[')) if a.is_ascii_uppercase() => ([a, 0], 2),
        (Some(&a), Some(&b)) if a.is_ascii_uppercase() && b.is_ascii_uppercase() => ([a, b], 3),
        _ => return None,
    };
    if i.get(open) != Some(&b'[') {
        return None;
    }
    let v = open + 1;
    let (point, close) = match (i.get(v), i.get(v + 1), i.get(v + 2)) {
        (Some(b']'), _, _) => (None, v),
        (Some(&x), Some(&y), Some(b']')) if x.is_ascii_lowercase() && y.is_ascii_lowercase() => {
            (Some([x, y]), v + 2)
        }
        _ => return None,
    };
    // What follows: ';', '(' or ')', perhaps after one line break.
    let mut len = close + 1;
    let newline = match i.get(len) {
        Some(b'\n') => {
            len += 1;
            true
        }
        Some(b'\r') if i.get(len + 1) == Some(&b'\n') => {
            len += 2;
            true
        }
        _ => false,
    };
    if !matches!(i.get(len), Some(b';' | b'(' | b')')) {
        return None;
    }
    Some(ShortNode {
        ident,
        point,
        len,
        newline,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`prop_value`] said, in short.
    #[derive(Debug, PartialEq, Eq)]
    enum Scan {
        /// The value ends after `len` bytes (its `]` included).
        Done {
            len: usize,
            brackets: usize,
        },
        Incomplete,
        /// The input ended inside the value.
        Unterminated {
            len: usize,
            brackets: usize,
        },
    }

    fn scan_mode(s: &[u8], eof: bool, mode: Mode, compose: bool) -> (Scan, Vec<u8>, Option<usize>) {
        let mut out = Vec::new();
        let cx = ValueCx { mode, compose, eof };
        match prop_value(s, cx, &mut out) {
            Ok((rest, v)) => {
                let len = s.len() - rest.len();
                let scan = if v.unterminated {
                    Scan::Unterminated {
                        len,
                        brackets: v.brackets,
                    }
                } else {
                    Scan::Done {
                        len,
                        brackets: v.brackets,
                    }
                };
                (scan, out, v.split)
            }
            Err(Err::Incomplete(_)) => (Scan::Incomplete, out, None),
            Err(e) => panic!("{e:?}"),
        }
    }

    fn scan(s: &[u8], eof: bool) -> (Scan, Vec<u8>, Option<usize>) {
        scan_mode(s, eof, Mode::Bytes, true)
    }

    #[test]
    fn tokens() {
        assert_eq!(peek_token(b"(;"), Ok((&b"(;"[..], Token::GameTreeOpen)));
        assert_eq!(peek_token(b"x"), Ok((&b"x"[..], Token::PropIdent)));
        assert_eq!(peek_token(b"!"), Ok((&b"!"[..], Token::Stray)));
        assert!(matches!(peek_token(b""), Err(Err::Incomplete(_))));
        assert_eq!(node(b";B"), Ok((&b"B"[..], ';')));
        assert_eq!(game_tree_close(b")"), Ok((&b""[..], ')')));
        assert!(matches!(game_tree_open(b""), Err(Err::Incomplete(_))));
        assert_eq!(prop_ident(b"AddBlack["), Ok((&b"["[..], &b"AddBlack"[..])));
        assert!(matches!(prop_ident(b"PB"), Err(Err::Incomplete(_))));
        assert_eq!(ws(b" \n\tB"), Ok((&b"B"[..], &b" \n\t"[..])));
    }

    #[test]
    fn plain_and_escaped_values() {
        assert_eq!(
            scan(b"pd];", false).0,
            Scan::Done {
                len: 3,
                brackets: 0
            }
        );
        let (r, out, _) = scan(b"a\\]b\\\\c];", false);
        assert_eq!(
            r,
            Scan::Done {
                len: 8,
                brackets: 0
            }
        );
        assert_eq!(out, b"a]b\\c");
    }

    #[test]
    fn soft_line_breaks_disappear() {
        for brk in [&b"\n"[..], b"\r", b"\r\n", b"\n\r"] {
            let mut v = b"ab\\".to_vec();
            v.extend_from_slice(brk);
            v.extend_from_slice(b"cd])");
            let (r, out, _) = scan(&v, false);
            assert!(matches!(r, Scan::Done { .. }), "{brk:?}");
            assert_eq!(out, b"abcd", "{brk:?}");
        }
    }

    #[test]
    fn compose_split_is_the_first_unescaped_colon() {
        let (_, out, split) = scan(b"a\\:b:c:d])", false);
        assert_eq!(out, b"a:b:c:d");
        assert_eq!(split, Some(3));
        let (_, out, split) = scan_mode(b"a:b])", false, Mode::Bytes, false);
        assert_eq!(out, b"a:b");
        assert_eq!(split, None);
    }

    #[test]
    fn unescaped_bracket_kept_when_it_cannot_end() {
        let (r, out, _) = scan(b"see [a] here];B[aa]", false);
        assert_eq!(
            r,
            Scan::Done {
                len: 13,
                brackets: 1
            }
        );
        assert_eq!(out, b"see [a] here");
        // Followed by an identifier and '[': ends.
        let (r, _, _) = scan(b"x]\n  PB [y]", false);
        assert_eq!(
            r,
            Scan::Done {
                len: 2,
                brackets: 0
            }
        );
    }

    #[test]
    fn words_before_a_bracket_are_not_identifiers() {
        let (r, out, _) = scan(b"see [1] and [2]\n;W[aa]", false);
        assert_eq!(
            r,
            Scan::Done {
                len: 15,
                brackets: 1
            }
        );
        assert_eq!(out, b"see [1] and [2");
    }

    #[test]
    fn junk_after_a_value_does_not_swallow_the_next_node() {
        let (r, out, _) = scan(b"pd]  !! stray ;W[dp];B[aa]", false);
        assert_eq!(
            r,
            Scan::Done {
                len: 3,
                brackets: 0
            }
        );
        assert_eq!(out, b"pd");
        let (r, _, _) = scan(b"c] KO ;W[dd]", true);
        assert_eq!(
            r,
            Scan::Done {
                len: 2,
                brackets: 0
            }
        );
    }

    #[test]
    fn incomplete_and_unterminated() {
        assert_eq!(scan(b"abc", false).0, Scan::Incomplete);
        assert_eq!(scan(b"abc]", false).0, Scan::Incomplete);
        assert_eq!(scan(b"abc\\", false).0, Scan::Incomplete);
        assert_eq!(scan(b"abc\\\n", false).0, Scan::Incomplete);
        assert_eq!(
            scan(b"abc", true).0,
            Scan::Unterminated {
                len: 3,
                brackets: 0
            }
        );
        assert_eq!(
            scan(b"abc\\", true),
            (
                Scan::Unterminated {
                    len: 4,
                    brackets: 0
                },
                b"abc".to_vec(),
                None
            )
        );
        assert_eq!(
            scan(b"abc]", true).0,
            Scan::Done {
                len: 4,
                brackets: 0
            }
        );
    }

    fn sjis_lead(b: u8) -> bool {
        (0x81..=0x9F).contains(&b) || (0xE0..=0xFC).contains(&b)
    }

    #[test]
    fn double_byte_trail_bytes_are_text() {
        // 申眞ソ: ソ = 83 5C, directly before ']'.
        let v = b"\x90\x5c\x90\x5e\x83\x5c]\r\nBR[x]";
        let (r, out, _) = scan_mode(v, false, Mode::DoubleByte(sjis_lead), false);
        assert_eq!(
            r,
            Scan::Done {
                len: 7,
                brackets: 0
            }
        );
        assert_eq!(out, b"\x90\x5c\x90\x5e\x83\x5c");
        // A lead byte at the window's end waits for its trail byte; an
        // escaped double-byte character is both bytes.
        let mode = Mode::DoubleByte(sjis_lead);
        assert_eq!(scan_mode(b"ab\x83", false, mode, false).0, Scan::Incomplete);
        let (r, out, _) = scan_mode(b"\\\x83\x5c]", true, mode, false);
        assert_eq!(
            r,
            Scan::Done {
                len: 4,
                brackets: 0
            }
        );
        assert_eq!(out, b"\x83\x5c");
    }

    #[test]
    fn iso_2022_jp_pairs_are_text() {
        // ESC $ B, a pair whose second byte is ']', ESC ( B, then the end.
        let v = b"\x1b$B\x30]\x1b(B]";
        let (r, out, _) = scan_mode(v, true, Mode::Iso2022Jp, false);
        assert_eq!(
            r,
            Scan::Done {
                len: v.len(),
                brackets: 0
            }
        );
        assert_eq!(out, &v[..v.len() - 1]);
        assert_eq!(
            scan_mode(b"\x1b$", false, Mode::Iso2022Jp, false).0,
            Scan::Incomplete
        );
    }

    #[test]
    fn game_starts() {
        assert!(game_tree_start(b"(;FF[4])", true));
        assert!(game_tree_start(b"(\n PB[x])", true));
        assert!(game_tree_start(b"((;B[aa]))", true));
        assert!(!game_tree_start(b"(no subject)", true));
        assert!(!game_tree_start(b"(", true));
        assert!(!game_tree_start(b"( 1 )", true));
        assert!(!game_tree_start(b"(Nonsense", true));
        assert!(!game_tree_start(b"(Nonsense \n", true));
        assert!(game_tree_start(b"(Nonsense", false));
        assert!(game_tree_start(b"(GN[x]", true));
    }

    #[test]
    fn fast_path_shapes() {
        assert_eq!(short_value(b"pd];", 128, false, false), Some(2));
        assert_eq!(short_value(b"p\\d];", 128, false, false), None);
        assert_eq!(short_value(b"a:b];", 128, true, false), None);
        assert_eq!(short_value(b"a:b];", 128, false, false), Some(3));
        assert_eq!(short_value(b"ab", 128, false, false), None);
        let (m, step) = plain_move(b";B[pd]\r\n;W").unwrap();
        assert_eq!((m.text(), step), (b";B[pd]", 8));
        assert!(plain_move(b";B[tt];W[aa]").is_none());
        let n = short_node(b";TR[dd]\n)").unwrap();
        assert_eq!(
            (n.ident(), n.point, n.len, n.newline),
            (&b"TR"[..], Some(*b"dd"), 8, true)
        );
        let n = short_node(b";W[](").unwrap();
        assert_eq!(
            (n.ident(), n.point, n.len, n.newline),
            (&b"W"[..], None, 4, false)
        );
        assert!(short_node(b";W[pd]C[x]").is_none());
        assert!(short_node(b";Wx[pd];").is_none());
    }
}
