//! The move list of one game as `--moves` writes it.
//!
//! The move list of one game as `--moves` writes it ([`MoveList`]): the
//! main line's moves (GTP points, several to a line), its setup stones, the
//! root properties it carries and what it did not carry.

use super::out::{push_str, push_uint};
use crate::event::{Moves, NodeRef, PlainMove, Property, MOVE_TEXT_LEN};
use crate::formats::structured::coords;

/// Properties the move list carries from the root (or from setup nodes
/// before the first move); `FF`, `GM` and `CA` describe the file, not the
/// game, and are not reported as lost.
#[cfg_attr(not(test), allow(dead_code))]
const MOVES_ROOT_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "RE", "DT", "EV", "PB", "BR", "PW", "WR", "AB", "AW", "AE", "PL", "FF",
    "GM", "CA",
];

/// `name` is one of [`MOVES_ROOT_PROPS`] (a match, not a search: this
/// runs for every property of the root).
pub(super) fn is_root_prop(name: &str) -> bool {
    matches!(
        name,
        "SZ" | "KM"
            | "HA"
            | "RU"
            | "RE"
            | "DT"
            | "EV"
            | "PB"
            | "BR"
            | "PW"
            | "WR"
            | "AB"
            | "AW"
            | "AE"
            | "PL"
            | "FF"
            | "GM"
            | "CA"
    )
}

/// The move-list projection of one game as it is built, main-line node by
/// node, its lists already in JSON; reused from game to game.
#[derive(Default, Debug)]
pub(super) struct MoveList {
    /// Nodes of the game, and those on the main line.
    pub(super) nodes: usize,
    pub(super) line: usize,
    pub(super) size: (u32, u32),
    /// The items of the `B`, `W` and `E` setup arrays.
    pub(super) setup: [Vec<u8>; 3],
    pub(super) first_player: Option<&'static str>,
    pub(super) first_move: Option<&'static str>,
    /// The items of `moves` and `moves_gtp`, each with a comma before it.
    pub(super) moves: Vec<u8>,
    pub(super) gtp: Vec<u8>,
    /// Each point's GTP item for boards of the game's height.
    gtp_points: GtpPoints,
    /// Where a run's items are put together.
    scratch: Scratch,
    pub(super) n_moves: usize,
    pub(super) seen_move: bool,
    /// Ply at which a later setup node stopped the list.
    pub(super) truncated_at: Option<usize>,
    /// What the projection does not carry, for the loss warning: names
    /// seen in earlier games stay, with a count of 0.
    pub(super) not_carried: Vec<(String, usize)>,
}

impl MoveList {
    pub(super) fn reset(&mut self) {
        self.nodes = 0;
        self.line = 0;
        self.size = (19, 19);
        for s in &mut self.setup {
            s.clear();
        }
        self.first_player = None;
        self.first_move = None;
        self.moves.clear();
        self.gtp.clear();
        self.n_moves = 0;
        self.seen_move = false;
        self.truncated_at = None;
        if self.not_carried.len() > 64 {
            self.not_carried.clear();
        }
        for (_, n) in &mut self.not_carried {
            *n = 0;
        }
    }

    /// One node of the main line, `i` its index in the game.
    pub(super) fn take_node(&mut self, i: usize, node: &NodeRef<'_>) {
        let is_setup = node.iter().any(|p| matches!(p.name, "AB" | "AW" | "AE"));
        // Which properties the list carries here: the root's, the moves',
        // or (after a setup stopped the list) none.
        let mut carried: fn(&str) -> bool = if i == 0 || (!self.seen_move && is_setup) {
            is_root_prop
        } else {
            |name| matches!(name, "B" | "W")
        };
        if self.seen_move && is_setup && self.truncated_at.is_none() {
            self.truncated_at = Some(self.n_moves);
        }
        if self.truncated_at.is_some() {
            carried = |_| false;
        }
        for p in node.iter() {
            let kept = carried(p.name);
            if kept {
                self.take(&p);
            } else {
                self.lose(p.name, 1);
            }
        }
    }

    /// A plain move node of the main line (not the first node): a move,
    /// or (after a setup stopped the list) its `B` or `W` lost.
    #[inline]
    pub(super) fn take_plain(&mut self, mv: PlainMove) {
        let [_, colour, _, x, y, _] = *mv.text();
        if self.truncated_at.is_some() {
            return self.lose(if colour == b'B' { "B" } else { "W" }, 1);
        }
        self.push_plain_move(colour, x, y);
    }

    /// Plain moves of the main line (not the game's first node), as
    /// [`MoveList::take_plain`] takes each: the lists grown once, the
    /// items written in place.
    pub(super) fn take_plain_run(&mut self, run: &Moves<'_>) {
        if self.truncated_at.is_some() {
            return run.plain().for_each(|mv| self.take_plain(mv));
        }
        let Some(first) = run.plain().next() else {
            return;
        };
        let n = run.sgf().len() / MOVE_TEXT_LEN;
        let items = self.gtp_points.for_height(self.size.1);
        for block in run.sgf().as_bytes().chunks(BLOCK * MOVE_TEXT_LEN) {
            let (m, g) = block_items(block, items, &mut self.scratch);
            self.moves
                .extend_from_slice(self.scratch.moves.get(..m).unwrap_or_default());
            self.gtp
                .extend_from_slice(self.scratch.gtp.get(..g).unwrap_or_default());
        }
        self.moved(first.text()[1]);
        self.n_moves += n - 1;
    }

    pub(super) fn lose(&mut self, name: &str, n: usize) {
        match self.not_carried.iter_mut().find(|(k, _)| k == name) {
            Some((_, count)) => *count += n,
            None => self.not_carried.push((name.to_string(), n)),
        }
    }

    /// Takes a property the list carries: setup, the first player, a move.
    pub(super) fn take(&mut self, p: &Property<'_>) {
        match p.name {
            "AB" | "AW" | "AE" => {
                let list = &mut self.setup[match p.name {
                    "AB" => 0,
                    "AW" => 1,
                    _ => 2,
                }];
                for v in p.values().iter() {
                    for point in coords::expand_points(v.text()) {
                        if !list.is_empty() {
                            list.push(b',');
                        }
                        push_str(list, &point);
                    }
                }
            }
            "PL" if self.first_player.is_none() => {
                self.first_player = match p.first_text().map(str::trim) {
                    Some("B" | "b" | "1") => Some("B"),
                    Some("W" | "w" | "2") => Some("W"),
                    _ => None,
                };
            }
            "B" | "W" => {
                let colour = if p.name == "B" { b'B' } else { b'W' };
                let v = p.first_text().unwrap_or("");
                let point = if coords::is_pass(v, self.size) { "" } else { v };
                self.push_move(colour, point);
            }
            _ => {}
        }
    }

    /// A move (`point` empty for a pass) onto both lists.
    pub(super) fn push_move(&mut self, colour: u8, point: &str) {
        self.next_item();
        self.moves
            .extend_from_slice(&[b'[', b'"', colour, b'"', b',']);
        push_str(&mut self.moves, point);
        self.moves.push(b']');
        self.gtp
            .extend_from_slice(&[b'[', b'"', colour, b'"', b',']);
        if point.is_empty() {
            self.gtp.extend_from_slice(b"\"pass\"");
        } else {
            push_gtp(&mut self.gtp, point, self.size.1);
        }
        self.gtp.push(b']');
        self.moved(colour);
    }

    /// A move of two point letters `a`..`z` (no pass), onto both lists.
    #[inline]
    pub(super) fn push_plain_move(&mut self, colour: u8, x: u8, y: u8) {
        // Whole fixed-size items (copied without a call), the GTP one
        // cut to its length after.
        self.moves
            .extend_from_slice(&[b',', b'[', b'"', colour, b'"', b',', b'"', x, y, b'"', b']']);
        let (v, len) = gtp_end(x, y, self.size.1);
        let end = self.gtp.len() + 6 + usize::from(len);
        self.gtp.extend_from_slice(&[
            b',', b'[', b'"', colour, b'"', b',', v[0], v[1], v[2], v[3], v[4], v[5],
        ]);
        self.gtp.truncate(end);
        self.moved(colour);
    }

    /// The comma before a move's items: every item has one, and the
    /// lists are written without the first.
    #[inline]
    pub(super) fn next_item(&mut self) {
        self.moves.push(b',');
        self.gtp.push(b',');
    }

    #[inline]
    pub(super) fn moved(&mut self, colour: u8) {
        self.n_moves += 1;
        if self.first_move.is_none() {
            self.first_move = Some(if colour == b'B' { "B" } else { "W" });
        }
        self.seen_move = true;
    }
}

/// Each move's GTP item for each point `a`..`z` × `a`..`z`, the colour
/// left out: `,["` + `",` + the vertex and `]` (`"Q16"]`, `null]` off the
/// GTP board), with its length in the last byte, for boards of `height`
/// rows; made again when the height changes.
#[derive(Debug, Default)]
struct GtpPoints {
    height: u32,
    /// Each as [`GtpPoints::pack`] packs it.
    items: Vec<u128>,
}

impl GtpPoints {
    /// The table for boards of `height` rows, by `x · 26 + y` (letters
    /// from `a`).
    fn for_height(&mut self, height: u32) -> &[u128] {
        if self.items.is_empty() || self.height != height {
            self.height = height;
            self.items = (0..26 * 26)
                .map(|i| gtp_end(b'a' + (i / 26) as u8, b'a' + (i % 26) as u8, height))
                .map(GtpPoints::pack)
                .collect();
        }
        &self.items
    }

    /// An item (no colour) from the end [`gtp_end`] gives: the bytes
    /// first (the first in the lowest byte), its length in the last.
    fn pack((end, len): ([u8; 6], u8)) -> u128 {
        let mut item = *b",[\"\0\",\0\0\0\0\0\0\0\0\0\0";
        item[6..12].copy_from_slice(&end);
        item[15] = 6 + len;
        u128::from_le_bytes(item)
    }

    /// The item at `x`, `y` (letters) on such a board, `colour` in it.
    #[cfg(test)]
    fn get(&mut self, colour: u8, x: u8, y: u8, height: u32) -> Vec<u8> {
        let i = usize::from(x.wrapping_sub(b'a')) * 26 + usize::from(y.wrapping_sub(b'a'));
        let item = self.for_height(height).get(i).copied().unwrap_or(0);
        let bytes = (item | u128::from(colour) << 24).to_le_bytes();
        bytes[..usize::from(bytes[15])].to_vec()
    }
}

/// Plain moves whose items [`block_items`] puts together at a time.
const BLOCK: usize = 128;

/// Bytes of each [`Scratch`] buffer that hold items, a power of two (a
/// block's items fit: at most 12 bytes a move).
const SCRATCH: usize = 2048;

/// Where [`block_items`] puts a block's items together before they are
/// copied onto the lists: buffers of a fixed length, made once, so that
/// each item is one wide store at an index the compiler knows is inside
/// (onto the lists themselves, each item would check their capacity and
/// move their length).
#[derive(Debug)]
struct Scratch {
    moves: Box<[u8; SCRATCH + 16]>,
    gtp: Box<[u8; SCRATCH + 16]>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            moves: Box::new([0; SCRATCH + 16]),
            gtp: Box::new([0; SCRATCH + 16]),
        }
    }
}

/// The `moves` and `moves_gtp` items of the plain moves `sgf` (six bytes
/// each, the first [`BLOCK`] of them) into `scratch`, the GTP items from
/// `items` ([`GtpPoints`]): the number of bytes of each written. Each
/// item is put together in a register and written at once (byte after
/// byte, the many narrow stores held up the loop), all 16 bytes, the next
/// one over its tail.
#[inline]
fn block_items(sgf: &[u8], items: &[u128], scratch: &mut Scratch) -> (usize, usize) {
    const ITEM: u128 = u128::from_le_bytes(*b",[\"\0\",\"\0\0\"]\0\0\0\0\0");
    // Off the table (not a plain move's point): `null`, never written.
    const NULL: u128 = u128::from_le_bytes(*b",[\"\0\",null]\0\0\0\0\x0b");
    let (moves, gtp) = (&mut *scratch.moves, &mut *scratch.gtp);
    let (mut m, mut g) = (0, 0);
    for c in sgf.chunks_exact(MOVE_TEXT_LEN).take(BLOCK) {
        let (colour, x, y) = (u128::from(c[1]) << 24, c[3], c[4]);
        let i = usize::from(x.wrapping_sub(b'a')) * 26 + usize::from(y.wrapping_sub(b'a'));
        let item = ITEM | colour | u128::from(x) << 56 | u128::from(y) << 64;
        // The masks change nothing (a block's items fit) but let the
        // compiler see that every store is inside.
        let at = m & (SCRATCH - 1);
        if let Some(to) = moves.get_mut(at..at + 16) {
            to.copy_from_slice(&item.to_le_bytes());
        }
        m += 11;
        let item = items.get(i).copied().unwrap_or(NULL) | colour;
        let at = g & (SCRATCH - 1);
        if let Some(to) = gtp.get_mut(at..at + 16) {
            to.copy_from_slice(&item.to_le_bytes());
        }
        g += (item >> 120) as usize & 15;
    }
    (m.min(SCRATCH), g.min(SCRATCH))
}

/// The end of a move's GTP item at the point of letters `x`, `y`: the
/// vertex and `]`, and its length.
fn gtp_end(x: u8, y: u8, height: u32) -> ([u8; 6], u8) {
    let row = height.wrapping_sub(u32::from(y.wrapping_sub(b'a')));
    match coords::GTP_COLUMNS.get(usize::from(x.wrapping_sub(b'a'))) {
        Some(&col) if (1..=99).contains(&row) && row <= height => {
            let (tens, ones) = (b'0' + (row / 10) as u8, b'0' + (row % 10) as u8);
            match row >= 10 {
                true => ([b'"', col, tens, ones, b'"', b']'], 6),
                false => ([b'"', col, ones, b'"', b']', 0], 5),
            }
        }
        _ => (*b"null]\0", 5),
    }
}

/// An SGF point as a GTP vertex string (`"Q16"`), or `null` off the GTP
/// board.
fn push_gtp(out: &mut Vec<u8>, point: &str, height: u32) {
    let vertex = coords::sgf_to_xy(point).and_then(|(x, y)| {
        let col = *coords::GTP_COLUMNS.get(x as usize)?;
        // Lazily: `height - y` would underflow off the board.
        (y < height).then(|| (col, height - y))
    });
    match vertex {
        Some((col, row)) => {
            out.push(b'"');
            out.push(col);
            push_uint(out, row.into());
            out.push(b'"');
        }
        None => out.extend_from_slice(b"null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_items_from_the_table_are_those_of_the_point() {
        let mut points = GtpPoints::default();
        for height in [19, 9, 13, 19, 25, 26, 1] {
            for x in b'a'..=b'z' {
                for y in b'a'..=b'z' {
                    let item = points.get(b'W', x, y, height);
                    let mut want = b",[\"W\",".to_vec();
                    push_gtp(&mut want, std::str::from_utf8(&[x, y]).unwrap(), height);
                    want.push(b']');
                    assert_eq!(item, want, "{x} {y} {height}");
                }
            }
        }
    }

    /// A run of every point in both colours (several blocks), taken at
    /// once, gives the lists move after move gives.
    #[test]
    fn a_run_is_taken_as_its_moves_one_by_one() {
        let mut buf = crate::event::MovesBuf::default();
        for x in b'a'..=b'z' {
            for y in b'a'..=b'z' {
                for colour in [b'B', b'W'] {
                    let pos = crate::event::Pos::default();
                    assert!(
                        buf.push([b';', colour, b'[', x, y, b']'], pos) || (x, y) == (b't', b't')
                    );
                }
            }
        }
        let run = buf.as_moves();
        assert!(run.len() > 3 * BLOCK);
        for height in [19, 9, 26, 1] {
            let (mut at_once, mut one_by_one) = (MoveList::default(), MoveList::default());
            for ml in [&mut at_once, &mut one_by_one] {
                ml.reset();
                ml.size = (height, height);
            }
            at_once.take_plain_run(&run);
            for mv in run.plain() {
                let [_, colour, _, x, y, _] = *mv.text();
                one_by_one.push_move(colour, std::str::from_utf8(&[x, y]).unwrap());
            }
            assert_eq!(at_once.moves, one_by_one.moves, "{height}");
            assert_eq!(at_once.gtp, one_by_one.gtp, "{height}");
            assert_eq!(at_once.n_moves, run.len());
        }
    }

    #[test]
    fn the_root_properties_carried_are_the_listed_ones() {
        for p in MOVES_ROOT_PROPS {
            assert!(is_root_prop(p), "{p}");
        }
        for p in ["B", "W", "C", "GN", "sz", "S", "", "SZZ"] {
            assert!(!is_root_prop(p), "{p}");
        }
    }
}
