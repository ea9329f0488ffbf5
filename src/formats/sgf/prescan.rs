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
use crate::props::Scope;

/// Where the game tree that starts at `i[0]` (a `(`, or the `;` or first
/// property of the first node of a game that lost its `(`) ends, scanning bytes
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
    // A game that starts at its first node (or its first property) lost
    // its `(` (`W016`): it ends at the `)` that closes the level it is at.
    let mut depth = usize::from(i.first().is_some_and(|c| *c != b'('));
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
                    && closes(i, k + 5)
                {
                    k += 6;
                    continue;
                }
            }
        }
        match i[k] {
            // A game left open ends where the next game starts, as the
            // reader ends it (`tree.rs`, `game_starts_here`).
            b'(' if k > 0 && i[k - 1] == b'\n' && version_at(&i[k..]) => return k,
            b'(' => depth += 1,
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return k + 1;
                }
            }
            b'[' => {
                k += 1;
                let end = value_end(i, k);
                if let Some(text) = text.as_deref_mut() {
                    let value = &i[k..end.unwrap_or(i.len())];
                    let mut bytes = value.iter();
                    while let Some(&c) = bytes.next() {
                        // An escaped byte is text; the `\` is not.
                        let c = if c == b'\\' {
                            bytes.next().copied()
                        } else {
                            Some(c)
                        };
                        text.extend(c);
                    }
                    text.push(b'\n');
                }
                match end {
                    Some(end) => k = end + 1,
                    None => return i.len(),
                }
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    i.len()
}

/// The index of the `]` that ends the value starting at `i[k]` (just after
/// its `[`), if it is in `i`: the `]` the reader ends it at
/// (`lex::value_close`: an unescaped `]` that SGF cannot go on after is
/// text). [`plain_value_end`] takes the first `]` not escaped.
#[inline]
fn value_end(i: &[u8], k: usize) -> Option<usize> {
    value_end_by(i, k, closes)
}

/// The first `]` not escaped after `i[k]`: enough where only a root's
/// `CA[]` is looked for (the root's own values rarely hold a `]`), and
/// cheaper than the reader's decision at every `]`.
#[inline]
fn plain_value_end(i: &[u8], k: usize) -> Option<usize> {
    value_end_by(i, k, |_, _| true)
}

#[inline]
fn value_end_by(i: &[u8], mut k: usize, ends: impl Fn(&[u8], usize) -> bool) -> Option<usize> {
    // Most values are a point or a number: a few bytes looked at one by
    // one find their end before memchr would have set up.
    let near = (k + 8).min(i.len());
    while k < near {
        match i[k] {
            b']' if ends(i, k) => return Some(k),
            b'\\' => k += 2,
            _ => k += 1,
        }
    }
    // Then from escape to escape.
    loop {
        match memchr::memchr2(b']', b'\\', i.get(k..)?) {
            Some(d) if i[k + d] == b'\\' => k += d + 2,
            Some(d) if ends(i, k + d) => return Some(k + d),
            Some(d) => k += d + 1,
            None => return None,
        }
    }
}

/// Whether the `]` at `i[k]` ends its value, as the reader decides; where
/// the window ends before it can tell, it does.
#[inline]
fn closes(i: &[u8], k: usize) -> bool {
    !matches!(
        super::lex::value_close(&i[k..], false),
        Ok((_, super::lex::Close::Text))
    )
}

/// SGF nodes before the first game tree of an input: a file that lost its
/// opening `(` (`;AW[bb]C[Black to play.](;B[af])(;B[ah]))`). See
/// [`leading_nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leading {
    /// Index of the first node's `;`.
    pub start: usize,
    /// Nodes in the sequence from there.
    pub nodes: usize,
    /// Game trees after them (the ones seen).
    pub trees: usize,
    /// What the nodes are.
    pub verdict: Verdict,
}

/// Whether leading nodes are the root of the game trees after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Yes: the trees are their variations, closed by a stray `)` at this
    /// index (the lost `(`'s partner).
    Closed(usize),
    /// Yes: the trees run to the end of the input.
    ToEnd,
    /// Nothing says otherwise before the window ends.
    Unseen,
    /// No: a game tree whose first node has root or game information (a
    /// game, not a variation) starts at this index.
    GameAt(usize),
    /// No: text that is neither a node nor a game tree is at this index.
    TextAt(usize),
}

/// Looks for SGF nodes before the first game tree in `i`, the start of an
/// input (`complete`: all of it): a `;` followed by a property identifier
/// with a capital letter and `[`, met before any `(` that starts a game
/// tree (`lex::game_tree_start`). From there it reads a node sequence
/// (values as the grammar reads them, in an ASCII-compatible encoding),
/// then game trees at its level (skipped by [`game_extent`]), until a `)`
/// at that level, the end of the input, text, or a tree that is a game.
/// `None`: a game tree comes first, or no node in `i`.
pub fn leading_nodes(i: &[u8], complete: bool) -> Option<Leading> {
    let first = first_node(i, complete)?;
    // Properties right at the start, before that `;`, are a node that lost
    // its `;` too (`PB[Lee]KM[6.5];B[pd]`): the root.
    let bare = bare_node(i, first, complete);
    let start = bare.unwrap_or(first);
    let mut lead = Leading {
        start,
        nodes: usize::from(bare.is_some()),
        trees: 0,
        verdict: Verdict::Unseen,
    };
    let mut k = start;
    // The node sequence, then what follows it.
    lead.verdict = loop {
        k += i[k..].iter().take_while(|c| is_ws(**c)).count();
        match i.get(k) {
            None if complete => break Verdict::ToEnd,
            None => break Verdict::Unseen,
            Some(b';') => {
                lead.nodes += 1;
                k += 1;
            }
            Some(c) if c.is_ascii_alphabetic() => match property_end(i, k, complete) {
                Ok(e) => k = e,
                Err(v) => break v,
            },
            Some(b'(' | b')') => break trees(i, k, complete, &mut lead.trees),
            Some(_) => break Verdict::TextAt(k),
        }
    };
    Some(lead)
}

/// Where the properties that `i` starts with begin, when nothing but
/// properties (and white space) comes before the `;` at `first`: a node
/// that lost its `;` along with the game's `(`.
fn bare_node(i: &[u8], first: usize, complete: bool) -> Option<usize> {
    let start = i.iter().take_while(|c| is_ws(**c)).count();
    if start >= first || !node_start(&i[start..]) {
        return None;
    }
    let mut k = start;
    while k < first {
        k = property_end(i, k, complete).ok()?;
        k += i[k..].iter().take_while(|c| is_ws(**c)).count();
    }
    (k == first).then_some(start)
}

/// The index of the `;` that starts the first node of `i`, if it comes
/// before the first game tree.
fn first_node(i: &[u8], complete: bool) -> Option<usize> {
    let mut from = 0;
    while let Some(d) = memchr::memchr2(b';', b'(', &i[from..]) {
        let k = from + d;
        if i[k] == b'(' {
            if super::lex::game_tree_start(&i[k..], complete) {
                return None;
            }
        } else if node_start(&i[k + 1..]) {
            return Some(k);
        }
        from = k + 1;
    }
    None
}

/// Whether `i` (after a `;`) starts with a property: an identifier with a
/// capital letter, then `[` (white space may come between).
fn node_start(i: &[u8]) -> bool {
    let i = &i[i.iter().take_while(|c| is_ws(**c)).count()..];
    let letters = i.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let rest = &i[letters..];
    i[..letters].iter().any(|c| c.is_ascii_uppercase())
        && rest.get(rest.iter().take_while(|c| is_ws(**c)).count()) == Some(&b'[')
}

/// The index after the property (identifier and values) at `i[k]`, or
/// what ends the reading: an identifier without a value is text
/// (`TextAt`), a window that ends inside it is `Unseen` (`ToEnd` when the
/// input ends there).
fn property_end(i: &[u8], mut k: usize, complete: bool) -> Result<usize, Verdict> {
    let at = k;
    k += i[k..]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    let mut values = 0;
    let mut scratch = Vec::new();
    loop {
        let w = i[k..].iter().take_while(|c| is_ws(**c)).count();
        match i.get(k + w) {
            Some(b'[') => {}
            None if !complete => return Err(Verdict::Unseen),
            _ if values > 0 => return Ok(k),
            None => return Err(Verdict::ToEnd),
            Some(_) => return Err(Verdict::TextAt(at)),
        }
        let cx = super::lex::ValueCx {
            mode: super::lex::Mode::Bytes,
            compose: false,
            eof: complete,
        };
        let body = &i[k + w + 1..];
        match super::lex::prop_value(body, cx, &mut scratch) {
            Ok((after, _)) => k = i.len() - after.len(),
            Err(_) => return Err(Verdict::Unseen),
        }
        values += 1;
    }
}

/// What follows leading nodes from `i[k]` (a `(` or `)`): game trees at
/// their level, counted in `trees`, then the verdict.
fn trees(i: &[u8], mut k: usize, complete: bool, trees: &mut usize) -> Verdict {
    loop {
        k += i[k..].iter().take_while(|c| is_ws(**c)).count();
        match i.get(k) {
            None if complete => return Verdict::ToEnd,
            None => return Verdict::Unseen,
            Some(b')') => return Verdict::Closed(k),
            Some(b'(') if game_information_at(&i[k..]) => return Verdict::GameAt(k),
            Some(b'(') => {
                *trees += 1;
                k += game_extent(&i[k..]);
            }
            Some(_) => return Verdict::TextAt(k),
        }
    }
}

/// Whether the first node of the game tree at `i[0]` (a `(`) has a root
/// or game-information property (`GM`, `SZ`, `PB`, `DT`...): it starts a
/// game, which a variation does not.
fn game_information_at(i: &[u8]) -> bool {
    first_node_has(i, |_, s| matches!(s, Scope::Root | Scope::GameInfo))
}

/// Whether the first node of the game tree at `i[0]` (a `(`) says the
/// version or the character set of a game (`FF`, `CA`): it starts a game.
/// (A variation never does in what sgfconv writes: the placement rule
/// drops both outside the root, `W559`.)
pub fn version_at(i: &[u8]) -> bool {
    first_node_has(i, |id, _| matches!(id, "FF" | "CA"))
}

/// Whether the first node of the game tree at `i[0]` (a `(`) has a
/// property that `wanted` accepts, by identifier and scope
/// (approximately: the node must be in `i`).
fn first_node_has(i: &[u8], wanted: impl Fn(&str, Scope) -> bool) -> bool {
    let mut k = 1;
    let skip_ws = |k: &mut usize| *k += i[*k..].iter().take_while(|c| is_ws(**c)).count();
    skip_ws(&mut k);
    if i.get(k) == Some(&b';') {
        k += 1;
    }
    loop {
        skip_ws(&mut k);
        let start = k;
        k += i[k..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if k == start {
            return false;
        }
        let id: String = i[start..k]
            .iter()
            .filter(|c| c.is_ascii_uppercase())
            .map(|&c| char::from(c))
            .collect();
        if crate::props::lookup(&id).is_some_and(|d| wanted(&id, d.scope)) {
            return true;
        }
        loop {
            skip_ws(&mut k);
            if i.get(k) != Some(&b'[') {
                break;
            }
            match value_end(i, k + 1) {
                Some(end) => k = end + 1,
                None => return false,
            }
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
            k = plain_value_end(i, k)?;
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
        // A game left open ends where the reader ends it: at a `(` that
        // starts a line and a node with FF or CA.
        assert_eq!(game_extent(b"(;FF[4]\n((;B[aa])\n(;FF[4]C[x])"), 18);
        assert_eq!(game_extent(b"(;FF[4]\n((;B[aa])\n(;C[x]))"), 26);
        // An unescaped `]` that SGF cannot go on after is text, as the
        // reader reads it (`W012`).
        assert_eq!(game_extent(b"(;C[a]b(c)];B[aa])(;C[x])"), 18);
        assert_eq!(game_extent(b"(;B[aa]junk\n(])(;C[x])"), 15);
        // Every cut of a game agrees with a byte-by-byte reading.
        let game = br"(;GN[a(b)]C[x\]y];B[pd];W[\)];B[]])(;W[)d];B[pp])";
        for end in 0..=game.len() {
            let part = &game[..end];
            assert_eq!(game_extent(part), byte_by_byte_extent(part), "{end}");
        }
    }

    #[test]
    fn leading_nodes_and_what_follows_them() {
        let lead =
            |i: &[u8]| leading_nodes(i, true).map(|l| (l.start, l.nodes, l.trees, l.verdict));
        // The issue's example: a root, three trees, the stray ')'.
        let gofish = b" ;AW[bb][cb]\n AB[ba]\n C[Black to play.]\n (;B[af](;B[ce])(;B[ag]))\n (;B[ah])\n (;B[ae]))\n";
        let close = gofish.len() - 2;
        assert_eq!(lead(gofish), Some((1, 1, 3, Verdict::Closed(close))));
        assert_eq!(lead(b";B[aa];W[bb]"), Some((0, 2, 0, Verdict::ToEnd)));
        assert_eq!(lead(b";B[aa](;W[bb]"), Some((0, 1, 1, Verdict::ToEnd)));
        // Cut short: nothing says otherwise.
        assert_eq!(
            leading_nodes(b";B[aa](;W[bb])", false).map(|l| l.verdict),
            Some(Verdict::Unseen)
        );
        assert_eq!(
            leading_nodes(b";C[ab", false).map(|l| l.verdict),
            Some(Verdict::Unseen)
        );
        // A game after them, or text: not their variations.
        assert_eq!(
            lead(b";B[aa]\n(;W[bb])(;GM[1]B[cc])"),
            Some((0, 1, 1, Verdict::GameAt(15)))
        );
        assert_eq!(
            lead(b";B[aa] x (;W[bb])"),
            Some((0, 1, 0, Verdict::TextAt(7)))
        );
        assert_eq!(lead(b";B[aa]KO;W[bb]"), Some((0, 1, 0, Verdict::TextAt(6))));
        // Values as the grammar reads them: an unescaped ']' and a '('.
        assert_eq!(
            lead(b";C[see [1] here (a)];B[aa])"),
            Some((0, 2, 0, Verdict::Closed(26)))
        );
        // Prose before them; a ';' in prose is not a node.
        assert_eq!(
            lead(b"Problem:\n;AB[aa])"),
            Some((9, 1, 0, Verdict::Closed(16)))
        );
        assert_eq!(lead(b"a; b c\n(;B[aa])"), None);
        assert_eq!(lead(b"see (this)\n(;B[aa]);B[bb]"), None);
        assert_eq!(lead(b""), None);
    }

    #[test]
    fn a_game_without_its_open_paren_ends_at_its_level() {
        assert_eq!(game_extent(b";B[aa](;W[bb]))(;B[cc])"), 15);
        assert!(game_information_at(b"( ;FF[4]C[x]"));
        assert!(game_information_at(b"(;C[x]PlayerBlack[y]"));
        assert!(!game_information_at(b"(;B[aa]C[x];GM[1]"));
        assert!(!game_information_at(b"((;GM[1]"));
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
