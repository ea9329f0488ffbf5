//! Rough scans of a whole game tree in the reader's look-ahead window, for
//! the game's encoding decision (`encoding.rs`): where the game ends, the
//! bytes of its values, the `CA[]` of its root node.
//!
//! They run before the game's encoding is known, so they read bytes, not
//! characters, and are approximate where a `]` or `\` trail byte of a
//! double-byte encoding is mistaken for syntax; the grammar proper
//! (`lex.rs`) then reads the game in its encoding. They never ask for
//! more input: what is not in the window is not looked at.

use super::lex::is_ws;

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
