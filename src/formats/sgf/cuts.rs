//! Where an SGF collection may be cut into game-parallel pieces: before a
//! `(` that starts a line and a game, after a `)` and white space. A byte
//! search, which text inside a value can fool: the reading of the piece
//! before a cut says whether it ended between games.

use crate::input::{Cuts, Cutter};

/// How `start` (the input's first bytes) is cut: not at all when the input
/// starts with a byte-order mark or is UTF-16/32 (its character set is
/// decided for the whole input, in one pass).
pub fn cuts(start: &[u8]) -> Option<Cuts> {
    if super::starts_with_bom(start) {
        return None;
    }
    Some(Cuts {
        head: 0,
        cutter: Box::new(SgfCuts),
    })
}

struct SgfCuts;

impl Cutter for SgfCuts {
    fn find_cut(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        find_cut(bytes, from)
    }

    fn count_games(&self, bytes: &[u8], _first: bool) -> usize {
        count_games(bytes)
    }

    fn guess_games(&self, bytes: &[u8], first: bool) -> Option<usize> {
        Some(guess_games(bytes, first))
    }
}

/// The first cut at or after `from`: the index of a `(` that starts a line
/// and a game, after a `)` and nothing but white space. A game starts with
/// `;` and its game information; a variation, which looks the same, with a
/// move (`;B[`, `;W[`).
fn find_cut(bytes: &[u8], from: usize) -> Option<usize> {
    let from = from.saturating_sub(1).min(bytes.len());
    for hit in memchr::memmem::find_iter(&bytes[from..], b"\n(") {
        let nl = from + hit;
        match cut_at(bytes, nl) {
            Some(true) => return Some(nl + 1),
            Some(false) => continue,
            None => return None,
        }
    }
    None
}

/// Whether the `\n(` at `nl` is a cut (the `(` starts a game, after a `)`
/// and nothing but white space); `None` when the bytes end before its
/// first node says.
fn cut_at(bytes: &[u8], nl: usize) -> Option<bool> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t' | b'\r' | b'\n');
    if bytes[..nl].iter().rev().find(|c| !blank(c)) != Some(&b')') {
        return Some(false);
    }
    let after = bytes.get(nl + 2..).unwrap_or_default();
    // The rest of this game is not read yet.
    let semi = after.iter().position(|c| !blank(c))?;
    if after[semi] != b';' {
        return Some(false);
    }
    let node = &after[semi + 1..];
    let node = &node[node.iter().take_while(|c| blank(c)).count()..];
    match node {
        [b'B' | b'W', b'[', ..] => Some(false),
        [] | [_] => None,
        _ => Some(true),
    }
}

/// The games in the piece `bytes` guessed from its cuts: the game it starts
/// with (a piece after the first starts at a cut; the first, if it holds a
/// `(` before its first cut) and one a cut in it. A search for `\n(`, far
/// cheaper than [`count_games`]'s pass over every byte; wrong for games
/// that do not start a line, or a value that holds a cut's look.
fn guess_games(bytes: &[u8], first: bool) -> usize {
    let mut cuts =
        memchr::memmem::find_iter(bytes, b"\n(").filter(|&nl| cut_at(bytes, nl) == Some(true));
    let Some(first_cut) = cuts.next() else {
        return usize::from(if first {
            bytes.contains(&b'(')
        } else {
            !bytes.is_empty()
        });
    };
    let lead = !first || bytes[..first_cut].contains(&b'(');
    1 + cuts.count() + usize::from(lead)
}

/// The games in `bytes` as one pass is likely to read them: the `(` at
/// depth 0, values (`[`…`]`, with `\` escapes) skipped. Only a guess
/// for numbering pieces ahead: what the reader counts is checked at the
/// merge.
fn count_games(bytes: &[u8]) -> usize {
    // One pass byte by byte: values are short, so a search call per token
    // costs more than it saves.
    let (mut depth, mut games) = (0usize, 0usize);
    let mut rest = bytes.iter();
    while let Some(&b) = rest.next() {
        match b {
            b'(' => {
                games += usize::from(depth == 0);
                depth += 1;
            }
            b')' => depth = depth.saturating_sub(1),
            b'[' => {
                while let Some(&c) = rest.next() {
                    if c == b']' {
                        break;
                    }
                    if c == b'\\' {
                        rest.next();
                    }
                }
            }
            _ => {}
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_are_between_games_before_game_information() {
        let b = b"(;GM[1];B[aa])\n(;B[cc])\n(;GM[1])\n";
        // `(;B[cc]` starts a variation's look, not a game's.
        assert_eq!(find_cut(b, 0), Some(24));
        // Text in a value can look like a cut: reading the pieces checks.
        assert_eq!(find_cut(b"(;C[)\n(;GM[1]", 0), Some(6));
        assert_eq!(
            find_cut(b"(;GM[1])\n(", 0),
            None,
            "the rest is not read yet"
        );
    }

    #[test]
    fn games_are_counted_outside_values() {
        assert_eq!(
            count_games(b"(;C[a(b\\]c)(]GM[1];B[aa](;W[bb]))\n(;GM[1])x"),
            2
        );
        assert_eq!(count_games(b"(;C[open"), 1);
    }

    #[test]
    fn games_are_guessed_from_the_cuts() {
        let b = b"(;GM[1];B[aa])\n(;B[cc])\n(;GM[1]C[x)\n(;GM[1]])\n(;GM[1])\n";
        // The second line has a variation's look: no cut. The comment's
        // line is taken for a game (the reading tells).
        assert_eq!(guess_games(b, true), 4);
        assert_eq!(guess_games(&b[24..], false), 3);
        assert_eq!(count_games(&b[24..]), 2);
        assert_eq!(guess_games(b"  text (;GM[1])", true), 1);
        assert_eq!(guess_games(b"text", true), 0);
        assert_eq!(guess_games(b"(;GM[1])", false), 1);
        assert_eq!(guess_games(b"", false), 0);
        // Games on one line: one guessed.
        assert_eq!(guess_games(b"(;GM[1])(;GM[1])\n", true), 1);
    }

    #[test]
    fn a_byte_order_mark_is_read_in_one_pass() {
        assert!(cuts(b"\xEF\xBB\xBF(;GM[1])").is_none());
        assert!(cuts(b"(;GM[1])").is_some());
    }
}
