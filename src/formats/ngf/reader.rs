//! NGF → events, record by record. A file is one game, and a file holding
//! several records one after another (`records`: a header after the moves)
//! is read as a collection (`W264`). The input is read line by line; each
//! record, as soon as the next one starts, is decoded in the character set
//! its own bytes imply, built into a [`Game`] (header lines by position →
//! root properties, `PM` lines → moves, GI comments → comments on their
//! moves), then replayed. Memory is bounded by the largest record.

use super::codes::*;
use super::records::Records;
use super::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{GameHeader, Pos, PropertyBuf};
use crate::formats::lines::{DecodeCodes, RecordStart};
use crate::game::{Game, NodeId};
use crate::options::ReadOptions;
use crate::sink::Sink;
use crate::stone::Point;
use crate::values::{self, format_tenths, parse_tenths, result_text, ResultText};
use std::io::Read;

/// Why an input is no NGF record.
const NOT_A_RECORD: &str = "not an NGF record: no `PM` move line, and no NGF header (a `GI` header, or a board size on line 2 and numbers on lines 6 to 8)";

/// Capacity the record buffer keeps between records.
const KEEP_CAPACITY: usize = 1 << 20;

/// One line of the file, without its line end, and where it starts.
type Line<'a> = (&'a str, Pos);

/// A GI comment: the move number it is for, its text, where it starts.
type Comment = (usize, String, Pos);

/// One record's bytes as text, in the character set chosen from the
/// options, the file's BOM and the record's bytes (NGF names none), and the
/// header of game `index` that records it.
fn decode_input(
    bytes: &[u8],
    at: RecordStart,
    index: usize,
    options: &ReadOptions,
    report: &mut Reporter,
) -> (String, GameHeader) {
    let codes = DecodeCodes {
        guessed: NGF_ENCODING_GUESSED,
        guessed_note: "NGF has no charset field; guessed ",
        undecodable: NGF_UNDECODABLE_BYTES,
    };
    let decoded = lines::decode(bytes, at, None, options, &codes, report);
    let mut header = GameHeader::new(index);
    header.encoding = decoded.encoding.name();
    header.encoding_source = decoded.source;
    header.confidence = decoded.confidence;
    (decoded.text, header)
}

/// The header fields, whichever variant they came from.
#[derive(Default)]
struct Fields<'a> {
    title: Option<&'a str>,
    size: Option<&'a str>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    place: Option<&'a str>,
    handicap: Option<&'a str>,
    line7: Option<&'a str>,
    komi: Option<&'a str>,
    date: Option<&'a str>,
    line10: Option<&'a str>,
    result: Option<&'a str>,
    count: Option<&'a str>,
    gi: bool,
    /// Where the fields that can be reported on are.
    pos: FieldPos,
}

/// Where the header fields that can be reported on are (`None`: the file
/// has no such line, or the variant no such field).
#[derive(Default)]
struct FieldPos {
    size: Option<Pos>,
    handicap: Option<Pos>,
    komi: Option<Pos>,
    date: Option<Pos>,
    result: Option<Pos>,
}

/// Reads an NGF file (one game, or several records one after another)
/// and sends its games as events.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut records = Records::new(input, options.max_value_size());
    let mut buf = Vec::new();
    let mut index = 0usize;
    // Positions count characters of the decoded text: how far the decoded
    // records ran ahead of their bytes.
    let mut shift = 0i64;
    loop {
        report.set_game(Some(index));
        let Some(at) = records.next(&mut buf)? else {
            break;
        };
        let (text, header) = decode_input(&buf, at, index, options, report);
        let start = Pos::new(at.offset.saturating_add_signed(shift), at.line, 1);
        shift += text.len() as i64 - buf.len() as i64;
        // The bytes are not needed once decoded: a record that grew the
        // buffer for a huge line gives it back before its game is built.
        if buf.capacity() > KEEP_CAPACITY {
            buf = Vec::new();
        }
        let Some(game) = build_game(text, start, header, options.ngf_rotate_180, report) else {
            report.set_game(None);
            return Err(Error::unreadable(NGF_NOT_A_RECORD, NOT_A_RECORD));
        };
        game.replay(sink, report)?;
        index += 1;
    }
    report.set_game(None);
    if index == 0 {
        return Err(Error::unreadable(NGF_NOT_A_RECORD, NOT_A_RECORD));
    }
    if index > 1 {
        report.report(
            NGF_SEVERAL_RECORDS,
            None,
            format!("the file holds {index} records (a header after the moves of another; NGF holds one): read as a collection of {index} games"),
        );
    }
    Ok(())
}

/// The game of `text`; `None` when it has neither header lines nor moves.
/// The text is dropped before the root's properties go into the game, so
/// that a huge header field is held at most twice (docs/benchmarks.md, "Memory").
fn build_game(
    text: String,
    start: Pos,
    header: GameHeader,
    rotate: bool,
    report: &mut Reporter,
) -> Option<Game> {
    let lines = numbered_lines(&text, start);
    // Both first lines: a standard title may start with "GI" too.
    let gi = lines.len() >= 2 && lines[..2].iter().all(|(l, _)| l.starts_with("GI"));
    let first_move = lines
        .iter()
        .position(|(l, _)| is_move_line(l))
        .unwrap_or(lines.len());
    let head: Vec<&str> = lines[..first_move]
        .iter()
        .map(|(l, _)| {
            if gi {
                l.strip_prefix("GI").unwrap_or(l)
            } else {
                l
            }
        })
        .collect();
    // No move: a record only if its header is one (a GI header, or the
    // standard one's numbers), else any text would be a game.
    if first_move == lines.len() && !gi && !numeric_header(&head) {
        return None;
    }
    let want = if gi { 11 } else { 12 };
    if head.len() < want {
        report.report(
            NGF_SHORT_HEADER,
            lines.first().map(|(_, p)| *p),
            format!(
                "{} header lines before the moves, {want} expected; read by position",
                head.len()
            ),
        );
    }
    let f = Fields::read(&head, &lines, gi);
    let (mut root, size) = header_props(&f, report);

    let mut game = Game::new(header);
    let (move_nodes, comments) =
        read_body(&lines[first_move..], gi, size, rotate, &mut game, report);
    attach_comments(&mut game, &mut root, comments, &move_nodes, gi, report);
    if let Some(n) = f.count.and_then(|c| c.parse::<usize>().ok()) {
        if n != move_nodes.len() {
            report.report(
                NGF_MOVE_COUNT,
                None,
                format!(
                    "the header announces {n} moves, the file has {}",
                    move_nodes.len()
                ),
            );
        }
    }
    drop(lines);
    drop(text);
    root.finish(&mut game);
    Some(game)
}

/// The lines of `text` (which starts at `start` in the file) with their
/// positions, line ends (and NULs) cut; trailing blank lines are not part
/// of anything.
fn numbered_lines(text: &str, start: Pos) -> Vec<Line<'_>> {
    let mut offset = start.offset;
    let mut lines: Vec<Line<'_>> = text
        .split('\n')
        .enumerate()
        .map(|(i, raw)| {
            let pos = Pos::new(offset, start.line + i as u32, 1);
            offset += raw.len() as u64 + 1;
            (raw.trim_end_matches(['\r', '\0']), pos)
        })
        .collect();
    let end = lines
        .iter()
        .rposition(|(l, _)| !l.trim().is_empty())
        .map_or(0, |i| i + 1);
    lines.truncate(end);
    lines
}

impl<'a> Fields<'a> {
    /// The fields of the header lines `head` (their `GI` cut) by position,
    /// in the order of the variant; `lines` are the lines of the file.
    /// They borrow the text (a huge name is not copied).
    fn read(head: &[&'a str], lines: &[Line<'_>], gi: bool) -> Fields<'a> {
        let at = |i: usize| head.get(i).map(|s| s.trim());
        // Player lines keep their leading blanks (an empty name).
        let player_at = |i: usize| head.get(i).map(|s| s.trim_end());
        let pos = FieldPos::of(lines, gi);
        if gi {
            Fields {
                title: at(0),
                white: player_at(1),
                black: player_at(2),
                date: at(5),
                size: at(6),
                handicap: at(7),
                line7: at(8),
                komi: at(9),
                count: at(10),
                gi: true,
                pos,
                ..Fields::default()
            }
        } else {
            Fields {
                title: at(0),
                size: at(1),
                white: player_at(2),
                black: player_at(3),
                place: at(4),
                handicap: at(5),
                line7: at(6),
                komi: at(7),
                date: at(8),
                line10: at(9),
                result: at(10),
                count: at(11),
                gi: false,
                pos,
            }
        }
    }
}

impl FieldPos {
    /// The positions of the fields in `lines`, for the variant.
    fn of(lines: &[Line<'_>], gi: bool) -> FieldPos {
        let (size_i, hand_i, komi_i, date_i, result_i) = if gi {
            (6, 7, 9, 5, usize::MAX)
        } else {
            (1, 5, 7, 8, 10)
        };
        let header_pos = |i: usize| lines.get(i).map(|(_, p)| *p);
        FieldPos {
            size: header_pos(size_i),
            handicap: header_pos(hand_i),
            komi: header_pos(komi_i),
            date: header_pos(date_i),
            result: header_pos(result_i),
        }
    }
}

/// The root properties as they are read: the SGF ones in order, then (put
/// together last) the handicap stones and the `XNGF` lines.
struct Root {
    props: Vec<PropertyBuf>,
    setup: Option<PropertyBuf>,
    private: PropertyBuf,
    /// `RE` was read from the header.
    result_set: bool,
}

impl Root {
    /// `GM[1]FF[4]`, nothing kept yet.
    fn new() -> Root {
        Root {
            props: vec![
                PropertyBuf::with_values("GM", &["1"]),
                PropertyBuf::with_values("FF", &["4"]),
            ],
            setup: None,
            private: PropertyBuf::new(PRIVATE_PROPERTY),
            result_set: false,
        }
    }

    /// Adds `id` with the trimmed value `v`, unless `v` is blank.
    fn push(&mut self, id: &str, v: &str) {
        if !v.trim().is_empty() {
            self.props.push(PropertyBuf::with_values(id, &[v.trim()]));
        }
    }

    /// Sets the root of `game`: the properties, the handicap stones, the
    /// `XNGF` lines, then what the root already holds (comments of moves
    /// the game does not have).
    fn finish(self, game: &mut Game) {
        let mut props = self.props;
        if let Some(ab) = self.setup {
            props.push(ab);
        }
        if !self.private.values().is_empty() {
            props.push(self.private);
        }
        let mut root = game.root_mut();
        for (i, p) in props.iter().enumerate() {
            root.insert(i, &p.as_property());
        }
    }
}

/// The root properties of the header fields, in order, and the board size.
fn header_props(f: &Fields, report: &mut Reporter) -> (Root, u32) {
    let mut root = Root::new();
    let size = board_size(f, report);
    root.push("SZ", &size.to_string());
    if let Some(t) = &f.title {
        root.push("GN", t);
    }
    players(f, &mut root);
    let handicap = handicap(f, report);
    if handicap == 1 {
        // An even game whose komi has no implied half point.
        root.private.push("HANDICAP=1");
    }
    komi(f, handicap, &mut root, report);
    if handicap >= 2 {
        root.push("HA", &handicap.to_string());
        match lines::tygem_handicap_stones(size, handicap) {
            Some(ab) => root.setup = Some(ab),
            None => report.report(
                NGF_BAD_HANDICAP,
                f.pos.handicap,
                format!("no Tygem layout for {handicap} stones on {size}×{size}; HA kept, no stones placed"),
            ),
        }
    }
    result(f, &mut root, report);
    date(f, &mut root, report);
    if let Some(pc) = &f.place {
        root.push("PC", pc);
    }
    if let Some(v) = &f.line7 {
        root.private.push(&format!("LINE7={v}"));
    }
    if let Some(v) = &f.line10 {
        root.private.push(&format!("LINE10={v}"));
    }
    if f.gi {
        root.private.push("VARIANT=GI");
    }
    (root, size)
}

/// The board size: 2 to 25, else 19.
fn board_size(f: &Fields, report: &mut Reporter) -> u32 {
    match f.size.map(|s| s.parse::<u32>()) {
        Some(Ok(s)) if (2..=25).contains(&s) => s,
        Some(_) => {
            report.report(
                NGF_BAD_HEADER_VALUE,
                f.pos.size,
                format!("board size `{}` unreadable; 19 used", f.size.unwrap_or("")),
            );
            19
        }
        None => 19,
    }
}

/// `PB`/`BR`, then `PW`/`WR`; a line whose rank is not written the SGF way
/// is kept in `XNGF`.
fn players(f: &Fields, root: &mut Root) {
    for (line, p, r, key) in [
        (&f.black, "PB", "BR", "BLACK"),
        (&f.white, "PW", "WR", "WHITE"),
    ] {
        let Some(line) = line.as_deref().filter(|l| !l.trim().is_empty()) else {
            continue;
        };
        let (name, rank) = split_player(line);
        root.push(p, name);
        if let Some(rk) = rank {
            let norm = normalize_rank(rk);
            if norm != rk {
                root.private.push(&format!("{key}={line}"));
            }
            root.push(r, &norm);
        }
    }
}

/// The handicap line (0 when it cannot be read).
fn handicap(f: &Fields, report: &mut Reporter) -> u32 {
    match f.handicap.map(|h| h.parse::<u32>()) {
        Some(Ok(h)) => h,
        Some(Err(_)) => {
            report.report(
                NGF_BAD_HEADER_VALUE,
                f.pos.handicap,
                "handicap unreadable; read as an even game",
            );
            0
        }
        None => 0,
    }
}

/// `KM`: the komi line, plus the half point even games imply.
fn komi(f: &Fields, handicap: u32, root: &mut Root, report: &mut Reporter) {
    match f
        .komi
        .map(|k| values::komi(k).certain(k).and_then(|k| parse_tenths(&k)))
    {
        Some(Some(k)) => {
            let implied = handicap == 0 && k % 10 == 0;
            let km = if implied { k + 5 } else { k };
            root.push("KM", &format_tenths(km));
        }
        Some(None) => report.report(
            NGF_BAD_HEADER_VALUE,
            f.pos.komi,
            format!("komi `{}` unreadable; no KM", f.komi.unwrap_or("")),
        ),
        None => {}
    }
}

/// The result a GI comment on the last move says, and the remark after it
/// (`黑中盘胜(现场消息)`): the comment keeps the whole text, so the remark
/// is not lost.
fn comment_result(text: &str) -> Option<(String, Option<&str>)> {
    match result_text(text) {
        ResultText::Result(re) => Some((re, None)),
        _ => values::result_before_remark(text).map(|(re, r)| (re, Some(r))),
    }
}

/// `RE` from the result line (the line is kept in `XNGF`).
fn result(f: &Fields, root: &mut Root, report: &mut Reporter) {
    if let Some(res) = f.result.filter(|r| !r.is_empty()) {
        match result_text(res) {
            ResultText::Result(re) => {
                root.push("RE", &re);
                root.result_set = true;
            }
            ResultText::Unfinished => {}
            ResultText::Unknown => report.report(
                NGF_UNKNOWN_RESULT,
                f.pos.result,
                format!("result `{res}` not understood; no RE (text kept in XNGF)"),
            ),
        }
        root.private.push(&format!("RESULT={res}"));
    }
}

/// `DT` from the date line (the line is kept in `XNGF`).
fn date(f: &Fields, root: &mut Root, report: &mut Reporter) {
    if let Some(d) = f.date.filter(|d| !d.is_empty()) {
        match values::date(d).written(d) {
            Some(dt) => {
                root.push("DT", &dt);
                root.private.push(&format!("DATE={d}"));
            }
            None => {
                report.report(
                    NGF_BAD_HEADER_VALUE,
                    f.pos.date,
                    format!("date `{d}` unreadable; no DT (kept in XNGF)"),
                );
                root.private.push(&format!("DATE={d}"));
            }
        }
    }
}

/// The lines after the header: moves, then the GI variant's comments.
/// Returns the move nodes in order and the comments.
fn read_body(
    lines: &[Line<'_>],
    gi: bool,
    size: u32,
    rotate: bool,
    game: &mut Game,
    report: &mut Reporter,
) -> (Vec<NodeId>, Vec<Comment>) {
    let mut moves = Moves {
        size,
        rotate,
        at: Game::ROOT,
        expected: 1,
        nodes: Vec::new(),
    };
    let mut comments = Comments::default();
    for (line, pos) in lines {
        let line = line.trim_end();
        if comments.continue_open(line) {
            continue;
        }
        if is_move_line(line) {
            moves.read(game, line, *pos, report);
        } else if let Some(rest) = line.strip_prefix("IDB[") {
            comments.start(rest, *pos);
        } else if line.trim().is_empty() || (gi && line.starts_with("GI")) {
        } else if line.starts_with("PM") {
            report.report(
                NGF_BAD_MOVE,
                Some(*pos),
                format!("unreadable move line `{line}`; dropped"),
            );
        } else {
            report.report(
                NGF_UNKNOWN_LINE,
                Some(*pos),
                format!("line `{line}` skipped"),
            );
        }
    }
    (moves.nodes, comments.finish())
}

/// `PM` lines read into moves, one after another.
struct Moves {
    size: u32,
    /// `--ngf-rotate-180`.
    rotate: bool,
    /// The last node added.
    at: NodeId,
    /// The counter the next line should have.
    expected: u32,
    /// The move nodes, in order.
    nodes: Vec<NodeId>,
}

impl Moves {
    /// Adds the move of a `PM` line (dropped when it is off the board); an
    /// out-of-sequence counter or unpaired coordinates are reported.
    fn read(&mut self, game: &mut Game, line: &str, pos: Pos, report: &mut Reporter) {
        let b = line.as_bytes();
        let counter = (b[2] - b'A') as u32 * 26 + (b[3] - b'A') as u32;
        let expected = self.expected;
        if counter != expected {
            report.report(
                NGF_MOVE_COUNTER,
                Some(pos),
                format!("move counter {counter}, {expected} expected; move kept in file order"),
            );
        }
        self.expected = counter + 1;
        let colour = if b[4] == b'B' { "B" } else { "W" };
        if b[5] != b[8] || b[6] != b[7] {
            report.report(
                NGF_MOVE_PATTERN,
                Some(pos),
                format!(
                    "`{line}` does not repeat its coordinates reversed; the first pair is used"
                ),
            );
        }
        match self.value(b) {
            Some(v) => {
                self.at = game.add_child(self.at);
                let mut node = game.node_mut(self.at);
                node.set_pos(pos);
                node.push_buf(&PropertyBuf::with_values(colour, &[v]).at(pos));
                self.nodes.push(self.at);
            }
            None => {
                let size = self.size;
                report.report(
                    NGF_BAD_MOVE,
                    Some(pos),
                    format!("`{line}` is off the {size}×{size} board; move dropped"),
                )
            }
        }
    }

    /// The SGF value of a move line's first coordinate pair: empty for a
    /// pass (`AA`), `None` off the board.
    fn value(&self, b: &[u8]) -> Option<String> {
        let size = self.size;
        if b[5] == b'A' && b[6] == b'A' {
            return Some(String::new());
        }
        let x = (b[5] as i64) - (b'B' as i64);
        let y = (b[6] as i64) - (b'B' as i64);
        if (0..size as i64).contains(&x) && (0..size as i64).contains(&y) {
            let (x, y) = (x as u32, y as u32);
            let (x, y) = if self.rotate {
                (size - 1 - x, size - 1 - y)
            } else {
                (x, y)
            };
            Point::at(x, y).map(|p| p.to_string())
        } else {
            None
        }
    }
}

/// The `IDB[n] text[EndTxt]` comments of the GI variant; a text may run
/// over several lines until its `[EndTxt]`.
#[derive(Default)]
struct Comments {
    done: Vec<Comment>,
    /// A comment whose `[EndTxt]` has not come yet.
    open: Option<Comment>,
}

impl Comments {
    /// Adds `line` to a comment still open; false when none is.
    fn continue_open(&mut self, line: &str) -> bool {
        let Some((n, mut text, start)) = self.open.take() else {
            return false;
        };
        text.push('\n');
        match line.find("[EndTxt]") {
            Some(i) => {
                text.push_str(&line[..i]);
                self.done.push((n, text, start));
            }
            None => {
                text.push_str(line);
                self.open = Some((n, text, start));
            }
        }
        true
    }

    /// Starts a comment from the rest of an `IDB[` line.
    fn start(&mut self, rest: &str, pos: Pos) {
        let (num, text) = rest.split_once(']').unwrap_or((rest, ""));
        let n = num.trim().parse::<usize>().unwrap_or(0);
        let text = text.trim_start();
        match text.find("[EndTxt]") {
            Some(i) => self.done.push((n, text[..i].to_string(), pos)),
            None => self.open = Some((n, text.to_string(), pos)),
        }
    }

    /// All comments, one never closed last.
    fn finish(mut self) -> Vec<Comment> {
        if let Some(c) = self.open.take() {
            self.done.push(c);
        }
        self.done
    }
}

/// Puts each comment on its move (on the root when the game has no such
/// move). In the GI variant, a result in the comment on the last move gives
/// `RE` when the header did not.
fn attach_comments(
    game: &mut Game,
    root: &mut Root,
    comments: Vec<Comment>,
    move_nodes: &[NodeId],
    gi: bool,
    report: &mut Reporter,
) {
    for (n, text, pos) in comments {
        let text = text.trim().to_string();
        let target = n.checked_sub(1).and_then(|i| move_nodes.get(i)).copied();
        let node = match target {
            Some(id) => id,
            None => {
                report.report(
                    NGF_COMMENT_TARGET,
                    Some(pos),
                    format!("comment for move {n}, which the game does not have; put on the root"),
                );
                Game::ROOT
            }
        };
        if gi && !root.result_set && target.is_some() && target == move_nodes.last().copied() {
            if let Some((re, remark)) = comment_result(&text) {
                report.report(
                    NGF_RESULT_FROM_COMMENT,
                    Some(pos),
                    match remark {
                        None => format!("result {re} read from the comment on the last move"),
                        Some(r) => format!(
                            "result {re} read from the comment on the last move; its remark `{r}` stays in the comment"
                        ),
                    },
                );
                root.push("RE", &re);
                root.result_set = true;
            }
        }
        game.node_mut(node).add("C", &text);
    }
}
