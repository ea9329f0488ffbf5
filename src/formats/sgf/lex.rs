//! The SGF token grammar: nom streaming combinators over the byte window.
//!
//! Each parser takes the unread bytes and either recognises a token, or says
//! `Incomplete` when the window ends inside it (the reader then reads more
//! and parses the same token again). Values are scanned with memchr, and
//! written unescaped into a scratch buffer.

use nom::bytes::streaming::{take_while, take_while1};
use nom::{IResult, Parser};

#[inline]
pub fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// Whitespace (possibly none).
#[inline]
pub fn ws(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(is_ws).parse(i)
}

/// A property identifier: letters (FF[1]–FF[3] allow lower case).
#[inline]
pub fn ident(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while1(|c: u8| c.is_ascii_alphabetic()).parse(i)
}

/// Whether the `(` at `i[0]` starts a game tree: after blanks comes `;`,
/// `(`, or a property identifier followed by `[`. With the input cut short
/// (a window ending early), it says yes.
pub fn starts_game(i: &[u8], eof: bool) -> bool {
    let rest = i.get(1..).unwrap_or(&[]);
    let n = rest.iter().take_while(|c| is_ws(**c)).count();
    match rest.get(n) {
        Some(b';' | b'(') => true,
        Some(c) if c.is_ascii_alphabetic() => {
            !matches!(can_end_value(&rest[n..], eof), Some(false))
        }
        Some(_) => false,
        None => !eof,
    }
}

/// Outcome of scanning a value.
#[derive(Debug, PartialEq, Eq)]
pub enum Scan {
    /// The value ends after `len` bytes (counted from after `[`, the closing
    /// `]` included). `brackets`: how many unescaped `]` were kept as text.
    Done { len: usize, brackets: usize },
    /// The window ended inside the value.
    Incomplete,
    /// The input ended inside the value: all `len` bytes are the value.
    Unterminated { len: usize, brackets: usize },
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

/// Whether a `]` followed by `after` can end a value: what follows must be
/// able to continue SGF (another value, a node, a variation, a property
/// identifier followed by `[`), or the input ends. `None`: cannot tell yet.
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

/// Scans a value body (the bytes after `[`), writing it unescaped into
/// `out`. When `compose` is set, `split` receives the index in `out` of the
/// first unescaped `:`.
///
/// Escapes: `\` + a character is the character; `\` + a line break (LF, CR,
/// CRLF, LFCR) is a soft line break and disappears.
pub fn scan_value(
    i: &[u8],
    eof: bool,
    mode: Mode,
    compose: bool,
    out: &mut Vec<u8>,
    split: &mut Option<usize>,
) -> Scan {
    out.clear();
    *split = None;
    let mut brackets = 0;
    let mut at = 0;
    // ISO-2022-JP shift state (only used in that mode).
    let mut jis = false;
    loop {
        // Find the next byte that matters.
        let found = match mode {
            Mode::Bytes => {
                // Values are mostly short (moves, points): a plain loop
                // finds their end before memchr would have set up.
                let look = &i[at..(at + 8).min(i.len())];
                let colon = compose && split.is_none();
                if let Some(k) = look
                    .iter()
                    .position(|&c| c == b']' || c == b'\\' || (colon && c == b':'))
                {
                    Some(k)
                } else if look.len() < 8 {
                    None
                } else if colon {
                    memchr::memchr3(b']', b'\\', b':', &i[at + 8..]).map(|k| k + 8)
                } else {
                    memchr::memchr2(b']', b'\\', &i[at + 8..]).map(|k| k + 8)
                }
            }
            Mode::DoubleByte(is_lead) => {
                let mut k = at;
                let mut hit = None;
                while k < i.len() {
                    let c = i[k];
                    if is_lead(c) {
                        k += 2;
                        continue;
                    }
                    if c == b']' || c == b'\\' || (c == b':' && compose && split.is_none()) {
                        hit = Some(k - at);
                        break;
                    }
                    k += 1;
                }
                if hit.is_none() && k > i.len() && !eof {
                    // A lead byte is the last byte of the window.
                    return Scan::Incomplete;
                }
                hit
            }
            Mode::Iso2022Jp => {
                let mut k = at;
                let mut hit = None;
                while k < i.len() {
                    let c = i[k];
                    if c == 0x1B {
                        // ESC $ B / ESC $ @ enter two-byte text; ESC ( x leaves.
                        match (i.get(k + 1), i.get(k + 2)) {
                            (Some(b'$'), Some(b'B' | b'@')) => jis = true,
                            (Some(b'('), Some(_)) => jis = false,
                            (None, _) | (_, None) if !eof => return Scan::Incomplete,
                            _ => {}
                        }
                        k += 3;
                        continue;
                    }
                    if jis && c > 0x20 && c < 0x7F {
                        k += 2;
                        continue;
                    }
                    if c == b']' || c == b'\\' || (c == b':' && compose && split.is_none()) {
                        hit = Some(k - at);
                        break;
                    }
                    k += 1;
                }
                if hit.is_none() && k > i.len() && !eof {
                    return Scan::Incomplete;
                }
                hit
            }
        };
        let Some(rel) = found else {
            if eof {
                out.extend_from_slice(&i[at..]);
                return Scan::Unterminated {
                    len: i.len(),
                    brackets,
                };
            }
            return Scan::Incomplete;
        };
        let j = at + rel;
        out.extend_from_slice(&i[at..j]);
        match i[j] {
            b':' => {
                *split = Some(out.len());
                out.push(b':');
                at = j + 1;
            }
            b'\\' => {
                let Some(&next) = i.get(j + 1) else {
                    if eof {
                        return Scan::Unterminated {
                            len: i.len(),
                            brackets,
                        };
                    }
                    return Scan::Incomplete;
                };
                match next {
                    b'\n' | b'\r' => {
                        // Soft line break: LF, CR, CRLF or LFCR.
                        let pair = if next == b'\n' { b'\r' } else { b'\n' };
                        match i.get(j + 2) {
                            Some(&c) if c == pair => at = j + 3,
                            Some(_) => at = j + 2,
                            None if eof => at = j + 2,
                            None => return Scan::Incomplete,
                        }
                    }
                    _ => {
                        if let Mode::DoubleByte(is_lead) = mode {
                            if is_lead(next) {
                                // An escaped double-byte character.
                                let Some(&trail) = i.get(j + 2) else {
                                    if eof {
                                        out.push(next);
                                        return Scan::Unterminated {
                                            len: i.len(),
                                            brackets,
                                        };
                                    }
                                    return Scan::Incomplete;
                                };
                                out.push(next);
                                out.push(trail);
                                at = j + 3;
                                continue;
                            }
                        }
                        out.push(next);
                        at = j + 2;
                    }
                }
            }
            _ => {
                // ']'
                let ends = match can_end_value(&i[j + 1..], eof) {
                    Some(false) => structure_before_next_end(&i[j + 1..], eof),
                    other => other,
                };
                match ends {
                    Some(true) => {
                        return Scan::Done {
                            len: j + 1,
                            brackets,
                        }
                    }
                    Some(false) => {
                        brackets += 1;
                        out.push(b']');
                        at = j + 1;
                    }
                    None => return Scan::Incomplete,
                }
            }
        }
    }
}

/// Where the game tree that starts at `i[0]` (a `(`) ends, scanning bytes
/// (approximately, for encoding decisions): the index after its `)`, or
/// `i.len()`.
pub fn game_extent(i: &[u8]) -> usize {
    scan_game(i, None)
}

/// Appends the bytes of the values of the game tree that starts at `i[0]`
/// to `text`, each followed by a line break: the text an encoding decision
/// is about.
pub fn game_text(i: &[u8], text: &mut Vec<u8>) {
    scan_game(i, Some(text));
}

fn scan_game(i: &[u8], mut text: Option<&mut Vec<u8>>) -> usize {
    let mut depth = 0usize;
    let mut k = 0;
    while k < i.len() {
        // Most of a game is move nodes, `;B[pd]`: a letter and a value of
        // two bytes that neither end nor escape anything hold nothing that
        // matters to the structure.
        if text.is_none() {
            if let Some(&[b';', c, b'[', x, y, b']']) = i[k..].first_chunk::<6>() {
                if c.is_ascii_alphabetic()
                    && !matches!(x, b']' | b'\\')
                    && !matches!(y, b']' | b'\\')
                {
                    k += 6;
                    continue;
                }
            }
        }
        match i[k] {
            b'(' => depth += 1,
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return k + 1;
                }
            }
            b'[' => {
                k += 1;
                let Some(text) = text.as_deref_mut() else {
                    // Only the end matters.
                    match value_end(i, k) {
                        Some(end) => k = end + 1,
                        None => return i.len(),
                    }
                    continue;
                };
                while k < i.len() && i[k] != b']' {
                    if i[k] == b'\\' {
                        k += 1;
                    }
                    if k < i.len() {
                        text.push(i[k]);
                    }
                    k += 1;
                }
                text.push(b'\n');
            }
            _ => {}
        }
        k += 1;
    }
    i.len()
}

/// The index of the `]` that ends the value starting at `i[k]` (just after
/// its `[`), if it is in `i`.
#[inline]
fn value_end(i: &[u8], mut k: usize) -> Option<usize> {
    // Most values are a point or a number: a few bytes looked at one by
    // one find their end before memchr would have set up.
    let near = (k + 8).min(i.len());
    while k < near {
        match i[k] {
            b']' => return Some(k),
            b'\\' => k += 2,
            _ => k += 1,
        }
    }
    // Then from escape to escape.
    loop {
        match memchr::memchr2(b']', b'\\', i.get(k..)?) {
            Some(d) if i[k + d] == b'\\' => k += d + 2,
            Some(d) => return Some(k + d),
            None => return None,
        }
    }
}

/// The raw value of `CA[]` in the root node of the game tree starting at
/// `i[0]` (a `(`), if the root node is in `i`.
pub fn root_charset(i: &[u8]) -> Option<&[u8]> {
    let mut k = 1;
    let skip_ws = |k: &mut usize| {
        while *k < i.len() && is_ws(i[*k]) {
            *k += 1;
        }
    };
    skip_ws(&mut k);
    if i.get(k) == Some(&b';') {
        k += 1;
    }
    loop {
        skip_ws(&mut k);
        let start = k;
        while k < i.len() && i[k].is_ascii_alphabetic() {
            k += 1;
        }
        if k == start {
            return None; // ';', '(', ')' or junk: the root node is over
        }
        let is_ca = i[start..k]
            .iter()
            .filter(|c| c.is_ascii_uppercase())
            .eq(b"CA".iter());
        let mut first = true;
        loop {
            skip_ws(&mut k);
            if i.get(k) != Some(&b'[') {
                break;
            }
            k += 1;
            let vstart = k;
            k = value_end(i, k)?;
            if is_ca && first {
                return Some(&i[vstart..k]);
            }
            first = false;
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(s: &[u8], eof: bool) -> (Scan, Vec<u8>, Option<usize>) {
        let mut out = Vec::new();
        let mut split = None;
        let r = scan_value(s, eof, Mode::Bytes, true, &mut out, &mut split);
        (r, out, split)
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
        assert_eq!(
            scan(b"abc", true).0,
            Scan::Unterminated {
                len: 3,
                brackets: 0
            }
        );
        assert_eq!(
            scan(b"abc]", true).0,
            Scan::Done {
                len: 4,
                brackets: 0
            }
        );
    }

    #[test]
    fn double_byte_trail_bytes_are_text() {
        fn sjis_lead(b: u8) -> bool {
            (0x81..=0x9F).contains(&b) || (0xE0..=0xFC).contains(&b)
        }
        // 申眞ソ: ソ = 83 5C, directly before ']'.
        let v = b"\x90\x5c\x90\x5e\x83\x5c]\r\nBR[x]";
        let mut out = Vec::new();
        let mut split = None;
        let r = scan_value(
            v,
            false,
            Mode::DoubleByte(sjis_lead),
            false,
            &mut out,
            &mut split,
        );
        assert_eq!(
            r,
            Scan::Done {
                len: 7,
                brackets: 0
            }
        );
        assert_eq!(out, b"\x90\x5c\x90\x5e\x83\x5c");
    }

    #[test]
    fn root_charset_found_after_text_properties() {
        assert_eq!(
            root_charset(b"(;PB[x]\nCA[gb2312]SZ[19];B[aa])"),
            Some(&b"gb2312"[..])
        );
        assert_eq!(root_charset(b"(CA[UTF-8])"), Some(&b"UTF-8"[..]));
        assert_eq!(root_charset(b"(;PB[x];CA[x])"), None);
    }

    #[test]
    fn game_starts() {
        assert!(starts_game(b"(;FF[4])", true));
        assert!(starts_game(b"(\n PB[x])", true));
        assert!(starts_game(b"((;B[aa]))", true));
        assert!(!starts_game(b"(no subject)", true));
        assert!(!starts_game(b"(", true));
        assert!(!starts_game(b"( 1 )", true));
    }

    #[test]
    fn game_extent_skips_values() {
        let game = br"(;C[)(\]\\](;C[x\]]))(;B[aa])";
        assert_eq!(game_extent(game), 21);
        let mut t = Vec::new();
        game_text(game, &mut t);
        assert_eq!(t, b")(]\\\nx]\n");
        // Cut inside a value, or after an escape at the very end.
        assert_eq!(game_extent(b"(;C[ab"), 6);
        assert_eq!(game_extent(b"(;C[ab\\"), 7);
        assert_eq!(game_extent(b"(;C[a](;B[aa])"), 14);
        // Move-shaped nodes whose value ends, escapes or holds structure.
        assert_eq!(game_extent(br"(;B[\]];W[)(]);B[a\]])x)"), 14);
        assert_eq!(game_extent(br"(;B[]);W[pd])"), 6);
        assert_eq!(game_extent(br"(;([pd]))"), 9);
        assert_eq!(game_extent(br"(;B[pd];W[dd])(;B[aa])"), 14);
        // Every cut of a game agrees with a byte-by-byte reading.
        let game = br"(;GN[a(b)]C[x\]y];B[pd];W[\)];B[]])(;W[)d];B[pp])";
        for end in 0..=game.len() {
            let part = &game[..end];
            assert_eq!(game_extent(part), byte_by_byte_extent(part), "{end}");
        }
    }

    /// [`game_extent`] the slow and plain way.
    fn byte_by_byte_extent(i: &[u8]) -> usize {
        let (mut depth, mut in_value, mut k) = (0, false, 0);
        while k < i.len() {
            match (in_value, i[k]) {
                (true, b'\\') => k += 1,
                (true, b']') => in_value = false,
                (false, b'[') => in_value = true,
                (false, b'(') => depth += 1,
                (false, b')') => {
                    depth -= 1;
                    if depth == 0 {
                        return k + 1;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        i.len()
    }
}
