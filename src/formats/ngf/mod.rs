//! WBaduk / Cyberoro / Yugen no Ma NGF: reader and writer.
//!
//! `formats/ngf.md` describes the format; this module implements exactly
//! that text. An NGF file holds one linear game: 12 header lines, then one
//! `PM` line per move. The "GI" variant prefixes its header lines with `GI`,
//! orders them differently and ends with `IDB[n] text[EndTxt]` comments.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{GameHeader, Pos, PropertyBuf};
use crate::formats::lines::{
    self, format_tenths, parse_point, parse_tenths, sgf_point, DecodeCodes, OneGameWriter,
};
pub use crate::formats::lines::{handicap_points, parse_date, parse_result_text, ResultText};
use crate::game::{Game, NodeId};
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use encoding_rs::{Encoding, UTF_8};
use std::collections::BTreeMap;
use std::io::{Read, Write};

// ---------------------------------------------------------------------------
// Diagnostics (NGF reader 250–299, NGF writer 420–439)

/// Neither an NGF header nor a single move line.
pub const E_NOT_NGF: Code = Code::new("E250", "ngf-not-a-record");
/// Fewer than the 12 header lines (11 in the GI variant) before the moves.
pub const W_SHORT_HEADER: Code = Code::new("W251", "ngf-short-header");
/// A header value (size, handicap, komi, date) that cannot be read.
pub const W_BAD_HEADER_VALUE: Code = Code::new("W252", "ngf-bad-header-value");
/// A `PM` line that cannot be read: the move is dropped.
pub const E_BAD_MOVE: Code = Code::new("E253", "ngf-bad-move");
/// The move counter of a `PM` line is out of sequence (the move is kept).
pub const W_MOVE_COUNTER: Code = Code::new("W254", "ngf-move-counter");
/// The coordinates of a `PM` line do not follow the `xyyx` pattern.
pub const W_MOVE_PATTERN: Code = Code::new("W255", "ngf-move-pattern");
/// Line 12 (move count) disagrees with the number of move lines.
pub const I_MOVE_COUNT: Code = Code::new("I256", "ngf-move-count");
/// The character set was guessed (the file is not UTF-8).
pub const I_ENCODING_GUESSED: Code = Code::new("I257", "ngf-encoding-guessed");
/// Bytes that are invalid in the chosen character set became U+FFFD.
pub const E_UNDECODABLE: Code = Code::new("E258", "ngf-undecodable-bytes");
/// The result line says nothing recognisable: no `RE` (text kept in `XNGF`).
pub const W_UNKNOWN_RESULT: Code = Code::new("W259", "ngf-unknown-result");
/// A line that is neither header, move nor comment: skipped.
pub const W_UNKNOWN_LINE: Code = Code::new("W260", "ngf-unknown-line");
/// GI variant: `RE` read from the comment on the last move.
pub const I_RESULT_FROM_COMMENT: Code = Code::new("I261", "ngf-result-from-comment");
/// A handicap the Tygem layout cannot place on this board.
pub const W_BAD_HANDICAP: Code = Code::new("W262", "ngf-bad-handicap");
/// An `IDB[n]` comment for a move the game does not have: put on the root.
pub const W_COMMENT_TARGET: Code = Code::new("W263", "ngf-comment-target");

/// What the NGF writer could not carry, listed once per game.
pub const W_CANNOT_CARRY: Code = Code::new("W420", "ngf-cannot-carry");
/// An NGF file holds one game: later games of the collection are not written.
pub const E_ONE_GAME_PER_FILE: Code = Code::new("E421", "ngf-one-game-per-file");

/// The private root property that keeps NGF lines with no SGF home.
pub const PRIVATE_PROPERTY: &str = "XNGF";

// ---------------------------------------------------------------------------
// Sniffing

fn is_move_line(l: &str) -> bool {
    let b = l.trim_end().as_bytes();
    b.len() >= 9
        && b.starts_with(b"PM")
        && b[2..9].iter().all(|c| c.is_ascii_uppercase())
        && matches!(b[4], b'B' | b'W')
}

/// An NGF file: a `GI` header, or a number on line 2 (board size) and on
/// lines 6–8 (handicap, 0, komi), or a `PM` move line near the start.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    let lines: Vec<&str> = text.lines().take(16).map(str::trim).collect();
    if lines.len() >= 2 && lines[0].starts_with("GI") && lines[1].starts_with("GI") {
        return true;
    }
    let num = |i: usize| lines.get(i).is_some_and(|l| l.parse::<f64>().is_ok());
    let size_ok = lines
        .get(1)
        .and_then(|l| l.parse::<u32>().ok())
        .is_some_and(|s| (2..=52).contains(&s));
    (size_ok && num(5) && num(6) && num(7)) || lines.iter().any(|l| is_move_line(l))
}

// ---------------------------------------------------------------------------
// Value mappings

/// Whether the last token of a player line is a rank: a number with a rank
/// letter or word (`9DP`, `10K*`, `7단P`, `3d`), or a word ending in a rank
/// word (`初段`, `五段`).
fn looks_like_rank(tok: &str) -> bool {
    let core = tok.trim_end_matches(['*', '?']);
    let norm = normalize_rank(core);
    let bare = core.strip_suffix('P').unwrap_or(core);
    let digits = norm.trim_end_matches(['k', 'd', 'p']);
    (digits.len() + 1 == norm.len()
        && digits.chars().all(|c| c.is_ascii_digit())
        && !digits.is_empty())
        || ["段", "단", "级", "級", "급"]
            .iter()
            .any(|w| bare.ends_with(w))
}

/// A player line `name   rank` → (name, raw rank token).
fn split_player(line: &str) -> (String, Option<String>) {
    let t = line.trim();
    // `          9DP`: a rank after the padding of an empty name.
    if line.starts_with(char::is_whitespace)
        && !t.contains(char::is_whitespace)
        && looks_like_rank(t)
    {
        return (String::new(), Some(t.to_string()));
    }
    match t.rsplit_once(char::is_whitespace) {
        Some((name, rank)) if looks_like_rank(rank) && !name.trim().is_empty() => {
            (name.trim().to_string(), Some(rank.to_string()))
        }
        _ => (t.to_string(), None),
    }
}

/// An NGF rank token → SGF form: `9DP` → `9p`, `7D*` → `7d`, `10K*` →
/// `10k`, `7단P` → `7p`, `5단*` → `5d`, `3급` → `3k`. The `*`/`?` status
/// marks are dropped (the raw line is kept in `XNGF`); other text is kept.
pub fn normalize_rank(tok: &str) -> String {
    lines::normalize_rank(tok.trim().trim_end_matches(['*', '?']), false)
}

/// SGF rank → NGF token: `9p` → `9DP`, `7d` → `7D`, `10k` → `10K`.
fn ngf_rank(rank: &str) -> String {
    let rank = normalize_rank(rank);
    let rank = rank.as_str();
    let digits: String = rank.chars().take_while(|c| c.is_ascii_digit()).collect();
    match (digits.is_empty(), rank.get(digits.len()..)) {
        (false, Some("k")) => format!("{digits}K"),
        (false, Some("d")) => format!("{digits}D"),
        (false, Some("p")) => format!("{digits}DP"),
        _ => rank.split_whitespace().collect::<Vec<_>>().join("_"),
    }
}

// ---------------------------------------------------------------------------
// Reading

fn decode_input(
    bytes: &[u8],
    options: &ReadOptions,
    report: &mut Reporter,
) -> (String, GameHeader) {
    let codes = DecodeCodes {
        guessed: I_ENCODING_GUESSED,
        guessed_note: "NGF has no charset field; guessed ",
        undecodable: E_UNDECODABLE,
    };
    let decoded = lines::decode(bytes, None, options, &codes, report);
    let mut header = GameHeader::new(0);
    header.encoding = decoded.encoding.name();
    header.encoding_source = decoded.source;
    header.confidence = decoded.confidence;
    (decoded.text, header)
}

/// The header fields, whichever variant they came from.
#[derive(Default)]
struct Fields {
    title: Option<String>,
    size: Option<String>,
    white: Option<String>,
    black: Option<String>,
    place: Option<String>,
    handicap: Option<String>,
    line7: Option<String>,
    komi: Option<String>,
    date: Option<String>,
    line10: Option<String>,
    result: Option<String>,
    count: Option<String>,
    gi: bool,
}

/// Reads one NGF file (one game) and sends it as events.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    report.set_game(Some(0));
    let (text, header) = decode_input(&bytes, options, report);
    let game = build_game(&text, header, options.ngf_rotate_180, report);
    let r = match game {
        Some(g) => g.replay(sink, report),
        None => Err(Error::unreadable(
            E_NOT_NGF.id,
            "not an NGF record: no header lines and no `PM` move lines",
        )),
    };
    report.set_game(None);
    r
}

fn build_game(text: &str, header: GameHeader, rotate: bool, report: &mut Reporter) -> Option<Game> {
    let mut offset = 0u64;
    let lines: Vec<(&str, Pos)> = text
        .split('\n')
        .enumerate()
        .map(|(i, raw)| {
            let pos = Pos::new(offset, i as u32 + 1, 1);
            offset += raw.len() as u64 + 1;
            (raw.trim_end_matches(['\r', '\0']), pos)
        })
        .collect();
    // Trailing blank lines are not part of anything.
    let end = lines
        .iter()
        .rposition(|(l, _)| !l.trim().is_empty())
        .map_or(0, |i| i + 1);
    let lines = &lines[..end];
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
    if head.is_empty() && first_move == lines.len() {
        return None;
    }
    let want = if gi { 11 } else { 12 };
    if head.len() < want {
        report.warn(
            W_SHORT_HEADER,
            lines.first().map(|(_, p)| *p),
            format!(
                "{} header lines before the moves, {want} expected; read by position",
                head.len()
            ),
        );
    }
    let at = |i: usize| head.get(i).map(|s| s.trim().to_string());
    // Player lines keep their leading blanks (an empty name).
    let player_at = |i: usize| head.get(i).map(|s| s.trim_end().to_string());
    let f = if gi {
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
        }
    };
    let header_pos = |i: usize| lines.get(i).map(|(_, p)| *p);
    let (size_i, hand_i, komi_i, date_i, result_i) = if gi {
        (6, 7, 9, 5, usize::MAX)
    } else {
        (1, 5, 7, 8, 10)
    };

    let mut game = Game::new(header);
    let mut props: Vec<PropertyBuf> = Vec::new();
    let mut private = PropertyBuf::new(PRIVATE_PROPERTY);
    let push = |props: &mut Vec<PropertyBuf>, id: &str, v: &str| {
        if !v.trim().is_empty() {
            props.push(PropertyBuf::with_values(id, &[v.trim()]));
        }
    };
    props.push(PropertyBuf::with_values("GM", &["1"]));
    props.push(PropertyBuf::with_values("FF", &["4"]));
    let size = match f.size.as_deref().map(|s| s.parse::<u32>()) {
        Some(Ok(s)) if (2..=25).contains(&s) => s,
        Some(_) => {
            report.warn(
                W_BAD_HEADER_VALUE,
                header_pos(size_i),
                format!(
                    "board size `{}` unreadable; 19 used",
                    f.size.as_deref().unwrap_or("")
                ),
            );
            19
        }
        None => 19,
    };
    push(&mut props, "SZ", &size.to_string());
    if let Some(t) = &f.title {
        push(&mut props, "GN", t);
    }
    for (line, p, r, key) in [
        (&f.black, "PB", "BR", "BLACK"),
        (&f.white, "PW", "WR", "WHITE"),
    ] {
        let Some(line) = line.as_deref().filter(|l| !l.trim().is_empty()) else {
            continue;
        };
        let (name, rank) = split_player(line);
        push(&mut props, p, &name);
        if let Some(rk) = rank {
            let norm = normalize_rank(&rk);
            if norm != rk {
                private.push(&format!("{key}={line}"));
            }
            push(&mut props, r, &norm);
        }
    }
    let handicap = match f.handicap.as_deref().map(|h| h.parse::<u32>()) {
        Some(Ok(h)) => h,
        Some(Err(_)) => {
            report.warn(
                W_BAD_HEADER_VALUE,
                header_pos(hand_i),
                "handicap unreadable; read as an even game",
            );
            0
        }
        None => 0,
    };
    if handicap == 1 {
        // An even game whose komi has no implied half point.
        private.push("HANDICAP=1");
    }
    match f.komi.as_deref().map(parse_tenths) {
        Some(Some(k)) => {
            let implied = handicap == 0 && k % 10 == 0;
            let km = if implied { k + 5 } else { k };
            push(&mut props, "KM", &format_tenths(km));
        }
        Some(None) => report.warn(
            W_BAD_HEADER_VALUE,
            header_pos(komi_i),
            format!(
                "komi `{}` unreadable; no KM",
                f.komi.as_deref().unwrap_or("")
            ),
        ),
        None => {}
    }
    let mut setup = None;
    if handicap >= 2 {
        push(&mut props, "HA", &handicap.to_string());
        match lines::tygem_handicap_stones(size, handicap) {
            Some(ab) => setup = Some(ab),
            None => report.warn(
                W_BAD_HANDICAP,
                header_pos(hand_i),
                format!("no Tygem layout for {handicap} stones on {size}×{size}; HA kept, no stones placed"),
            ),
        }
    }
    let mut result_set = false;
    if let Some(res) = f.result.as_deref().filter(|r| !r.is_empty()) {
        match parse_result_text(res) {
            ResultText::Result(re) => {
                push(&mut props, "RE", &re);
                result_set = true;
            }
            ResultText::Unfinished => {}
            ResultText::Unknown => report.warn(
                W_UNKNOWN_RESULT,
                header_pos(result_i),
                format!("result `{res}` not understood; no RE (text kept in XNGF)"),
            ),
        }
        private.push(&format!("RESULT={res}"));
    }
    if let Some(d) = f.date.as_deref().filter(|d| !d.is_empty()) {
        match parse_date(d) {
            Some(dt) => {
                push(&mut props, "DT", &dt);
                private.push(&format!("DATE={d}"));
            }
            None => {
                report.warn(
                    W_BAD_HEADER_VALUE,
                    header_pos(date_i),
                    format!("date `{d}` unreadable; no DT (kept in XNGF)"),
                );
                private.push(&format!("DATE={d}"));
            }
        }
    }
    if let Some(pc) = &f.place {
        push(&mut props, "PC", pc);
    }
    if let Some(v) = &f.line7 {
        private.push(&format!("LINE7={v}"));
    }
    if let Some(v) = &f.line10 {
        private.push(&format!("LINE10={v}"));
    }
    if f.gi {
        private.push("VARIANT=GI");
    }

    // Moves, then the GI variant's comments.
    let mut at: NodeId = Game::ROOT;
    let mut move_nodes: Vec<NodeId> = Vec::new();
    let mut expected = 1u32;
    let mut pending_comment: Option<(usize, String, Pos)> = None;
    let mut comments: Vec<(usize, String, Pos)> = Vec::new();
    for (line, pos) in &lines[first_move..] {
        let line = line.trim_end();
        if let Some((n, mut text, start)) = pending_comment.take() {
            match line.find("[EndTxt]") {
                Some(i) => {
                    text.push('\n');
                    text.push_str(&line[..i]);
                    comments.push((n, text, start));
                }
                None => {
                    text.push('\n');
                    text.push_str(line);
                    pending_comment = Some((n, text, start));
                }
            }
            continue;
        }
        if is_move_line(line) {
            let b = line.as_bytes();
            let counter = (b[2] - b'A') as u32 * 26 + (b[3] - b'A') as u32;
            if counter != expected {
                report.warn(
                    W_MOVE_COUNTER,
                    Some(*pos),
                    format!("move counter {counter}, {expected} expected; move kept in file order"),
                );
            }
            expected = counter + 1;
            let colour = if b[4] == b'B' { "B" } else { "W" };
            if b[5] != b[8] || b[6] != b[7] {
                report.warn(
                    W_MOVE_PATTERN,
                    Some(*pos),
                    format!(
                        "`{line}` does not repeat its coordinates reversed; the first pair is used"
                    ),
                );
            }
            let value = if b[5] == b'A' && b[6] == b'A' {
                Some(String::new())
            } else {
                let x = (b[5] as i64) - (b'B' as i64);
                let y = (b[6] as i64) - (b'B' as i64);
                if (0..size as i64).contains(&x) && (0..size as i64).contains(&y) {
                    let (x, y) = (x as u32, y as u32);
                    let (x, y) = if rotate {
                        (size - 1 - x, size - 1 - y)
                    } else {
                        (x, y)
                    };
                    sgf_point(x, y)
                } else {
                    None
                }
            };
            match value {
                Some(v) => {
                    at = game.add_child(at);
                    let node = game.node_mut(at);
                    node.pos = *pos;
                    node.props
                        .push(PropertyBuf::with_values(colour, &[v]).at(*pos));
                    move_nodes.push(at);
                }
                None => report.error(
                    E_BAD_MOVE,
                    Some(*pos),
                    format!("`{line}` is off the {size}×{size} board; move dropped"),
                ),
            }
        } else if let Some(rest) = line.strip_prefix("IDB[") {
            let (num, text) = rest.split_once(']').unwrap_or((rest, ""));
            let n = num.trim().parse::<usize>().unwrap_or(0);
            let text = text.trim_start();
            match text.find("[EndTxt]") {
                Some(i) => comments.push((n, text[..i].to_string(), *pos)),
                None => pending_comment = Some((n, text.to_string(), *pos)),
            }
        } else if line.trim().is_empty() || (f.gi && line.starts_with("GI")) {
        } else if line.starts_with("PM") {
            report.error(
                E_BAD_MOVE,
                Some(*pos),
                format!("unreadable move line `{line}`; dropped"),
            );
        } else {
            report.warn(W_UNKNOWN_LINE, Some(*pos), format!("line `{line}` skipped"));
        }
    }
    if let Some(c) = pending_comment {
        comments.push(c);
    }
    for (n, text, pos) in comments {
        let text = text.trim().to_string();
        let target = n.checked_sub(1).and_then(|i| move_nodes.get(i)).copied();
        let node = match target {
            Some(id) => id,
            None => {
                report.warn(
                    W_COMMENT_TARGET,
                    Some(pos),
                    format!("comment for move {n}, which the game does not have; put on the root"),
                );
                Game::ROOT
            }
        };
        if f.gi && !result_set && target.is_some() && target == move_nodes.last().copied() {
            if let ResultText::Result(re) = parse_result_text(&text) {
                report.info(
                    I_RESULT_FROM_COMMENT,
                    Some(pos),
                    format!("result {re} read from the comment on the last move"),
                );
                push(&mut props, "RE", &re);
                result_set = true;
            }
        }
        game.node_mut(node).add("C", &text);
    }
    if let Some(n) = f.count.as_deref().and_then(|c| c.parse::<usize>().ok()) {
        if n != move_nodes.len() {
            report.info(
                I_MOVE_COUNT,
                None,
                format!(
                    "the header announces {n} moves, the file has {}",
                    move_nodes.len()
                ),
            );
        }
    }
    if let Some(ab) = setup {
        props.push(ab);
    }
    if !private.values().is_empty() {
        props.push(private);
    }
    // Root comments (misplaced IDB) were added before the header properties.
    let extra = std::mem::take(&mut game.root_mut().props);
    props.extend(extra);
    game.root_mut().props = props;
    Some(game)
}

// ---------------------------------------------------------------------------
// Writing

/// A writer of NGF files (one game per file).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let to = options.to_encoding.unwrap_or(UTF_8);
    Ok(Box::new(OneGameWriter::new(
        output,
        Box::new(move |g, report| render_game(g, to, report)),
        "NGF",
        "an NGF file",
        E_ONE_GAME_PER_FILE,
    )))
}

/// The English result line for an SGF `RE`; `None` when NGF cannot say it.
fn result_line(re: Option<&str>) -> Option<String> {
    let Some(re) = re else {
        return Some("Progressing!".into());
    };
    let lower = re.trim().to_ascii_lowercase();
    if lower == "0" || lower == "draw" || lower == "jigo" {
        return Some("Draw!".into());
    }
    let (w, how) = re.trim().split_once('+')?;
    let who = match w {
        "B" | "b" => "Black",
        "W" | "w" => "White",
        _ => return None,
    };
    Some(match how.to_ascii_uppercase().as_str() {
        "R" | "RESIGN" => format!("{who} wins by resign!"),
        "T" | "TIME" => format!("{who} wins by time!"),
        "F" | "FORFEIT" => format!("{who} wins by forfeit!"),
        "" => format!("{who} wins!"),
        n => format!(
            "{who} wins by {}!",
            format_tenths(parse_tenths(n).filter(|v| *v > 0)?)
        ),
    })
}

fn private_get<'a>(game: &'a Game, key: &str) -> Option<&'a str> {
    lines::private_entries(game, PRIVATE_PROPERTY).find_map(|(k, v)| (k == key).then_some(v))
}

fn render_game(game: &Game, encoding: &'static Encoding, report: &mut Reporter) -> Vec<u8> {
    let root = game.root();
    let text = |id: &str| root.text(id).map(str::trim).filter(|v| !v.is_empty());
    let mut lost: BTreeMap<String, usize> = BTreeMap::new();
    let lose = |what: &str, lost: &mut BTreeMap<String, usize>| {
        *lost.entry(what.to_string()).or_default() += 1
    };
    let one_line = |s: &str| s.replace(['\r', '\n'], " ");

    let size = match text("SZ").map(|s| s.parse::<u32>()) {
        Some(Ok(s)) if (2..=25).contains(&s) => s,
        Some(_) => {
            lose("SZ (NGF boards are square, at most 25)", &mut lost);
            19
        }
        None => 19,
    };

    // Handicap and komi (line 6 and line 8).
    let ha = text("HA").and_then(|h| h.parse::<u32>().ok()).unwrap_or(0);
    let main = game.main_line();
    let first_move = lines::first_move(game);
    let handicap = lines::tygem_handicap(game, size, ha).unwrap_or_else(|what| {
        lose(what, &mut lost);
        0
    });
    let komi10 = match text("KM") {
        Some(k) => parse_tenths(k).unwrap_or_else(|| {
            lose("KM (not a multiple of 0.1)", &mut lost);
            0
        }),
        None => 0,
    };
    let (hand_line, komi_line) = if handicap >= 2 {
        if komi10 % 10 != 0 {
            lose("KM (a fraction in a handicap game)", &mut lost);
        }
        (handicap, komi10.div_euclid(10))
    } else if komi10.rem_euclid(10) == 5 {
        // The implied half point of even games.
        (0, (komi10 - 5).div_euclid(10))
    } else {
        if komi10 % 10 != 0 {
            lose("KM (only whole or half points)", &mut lost);
        }
        // Line 6 = 1: an even game whose komi has no half point.
        (1, komi10.div_euclid(10))
    };

    let player_line = |p: &str, r: &str, key: &str| -> String {
        let name = one_line(text(p).unwrap_or(""));
        let rank = text(r);
        if let Some(raw) = private_get(game, key) {
            let (n, rk) = split_player(raw);
            if n == name && rk.as_deref().map(normalize_rank).as_deref() == rank {
                return raw.to_string();
            }
        }
        match rank {
            Some(r) => {
                let r = ngf_rank(r);
                let width = 15usize
                    .saturating_sub(r.chars().count())
                    .max(name.chars().count() + 1);
                format!("{name:<width$}{r}")
            }
            None => name,
        }
    };
    let player = |p: &str, r: &str, key: &str, lost: &mut BTreeMap<String, usize>| -> String {
        let line = player_line(p, r, key);
        let (n, rk) = split_player(&line);
        let want = text(r).map(normalize_rank);
        if n != one_line(text(p).unwrap_or("")) || rk.as_deref().map(normalize_rank) != want {
            lost.entry(format!("{p}/{r} (name and rank not separable on one line)"))
                .or_insert(1);
        }
        line
    };
    let date = match text("DT").and_then(|d| parse_date(d.split(',').next().unwrap_or(""))) {
        Some(dt) => {
            match private_get(game, "DATE").filter(|raw| parse_date(raw).as_ref() == Some(&dt)) {
                Some(raw) => raw.to_string(),
                None => dt.replace('-', ""),
            }
        }
        None => {
            if text("DT").is_some() {
                lose("DT (not a YYYY-MM-DD date)", &mut lost);
            }
            String::new()
        }
    };
    let re = text("RE");
    let result = match private_get(game, "RESULT").filter(|raw| match parse_result_text(raw) {
        ResultText::Result(r) => Some(r.as_str()) == re,
        _ => re.is_none(),
    }) {
        Some(raw) => raw.to_string(),
        None => result_line(re).unwrap_or_else(|| {
            lose("RE (no NGF wording)", &mut lost);
            "Progressing!".into()
        }),
    };

    for p in &root.props {
        match p.name.as_str() {
            "GM" | "FF" | "CA" | "ST" | "SZ" | "PB" | "PW" | "BR" | "WR" | "KM" | "RE" | "DT"
            | "PC" | "GN" | "HA" | "AB" | "B" | "W" | PRIVATE_PROPERTY => {}
            other => lose(other, &mut lost),
        }
    }

    // Main line moves.
    let mut moves: Vec<String> = Vec::new();
    for (i, id) in main.iter().enumerate() {
        let node = game.node(*id);
        if i > 0 {
            for p in &node.props {
                let handicap_setup = p.name == "AB" && i < first_move;
                if !matches!(p.name.as_str(), "B" | "W") && !handicap_setup {
                    lose(&p.name, &mut lost);
                }
            }
        }
        let Some((c, v)) = node.mv() else { continue };
        let n = moves.len() + 1;
        if n >= 26 * 26 {
            lose("moves after the 675th", &mut lost);
            continue;
        }
        let counter: String = [
            (b'A' + (n / 26) as u8) as char,
            (b'A' + (n % 26) as u8) as char,
        ]
        .iter()
        .collect();
        let coords = if v.is_empty() || (size <= 19 && v == "tt") {
            "AAAA".to_string()
        } else if let Some((x, y)) = parse_point(v, size) {
            let (x, y) = ((b'B' + x as u8) as char, (b'B' + y as u8) as char);
            [x, y, y, x].iter().collect()
        } else {
            lose("move off the board", &mut lost);
            continue;
        };
        moves.push(format!("PM{counter}{c}{coords}"));
    }
    let off_main = game.nodes.len().saturating_sub(main.len());
    if off_main > 0 {
        *lost.entry("variations (nodes)".into()).or_default() += off_main;
    }

    let mut lines: Vec<String> = vec![
        one_line(text("GN").unwrap_or("")),
        size.to_string(),
        player("PW", "WR", "WHITE", &mut lost),
        player("PB", "BR", "BLACK", &mut lost),
        one_line(text("PC").unwrap_or("")),
        hand_line.to_string(),
        private_get(game, "LINE7").unwrap_or("0").to_string(),
        komi_line.to_string(),
        date,
        private_get(game, "LINE10").unwrap_or("0").to_string(),
        one_line(&result),
        moves.len().to_string(),
    ];
    lines.extend(moves);
    let mut body = lines.join("\r\n");
    body.push_str("\r\n");
    lines::encode_listing_losses(&body, encoding, lost, "NGF", W_CANNOT_CARRY, report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        assert_eq!(normalize_rank("9DP"), "9p");
        assert_eq!(normalize_rank("7D*"), "7d");
        assert_eq!(normalize_rank("10K*"), "10k");
        assert_eq!(normalize_rank("7단P"), "7p");
        assert_eq!(normalize_rank("5단*"), "5d");
        assert_eq!(normalize_rank("3급"), "3k");
        assert_eq!(normalize_rank("初段"), "初段");
        assert_eq!(normalize_rank("10 kyu"), "10k");
        for r in ["9p", "7d", "10k"] {
            assert_eq!(normalize_rank(&ngf_rank(r)), r);
        }
    }

    #[test]
    fn player_lines() {
        assert_eq!(
            split_player("LQC         9DP"),
            ("LQC".into(), Some("9DP".into()))
        );
        assert_eq!(
            split_player("Kobayashi.  9DP"),
            ("Kobayashi.".into(), Some("9DP".into()))
        );
        assert_eq!(
            split_player("홍성지      7단P"),
            ("홍성지".into(), Some("7단P".into()))
        );
        assert_eq!(
            split_player("朴承华 初段"),
            ("朴承华".into(), Some("初段".into()))
        );
        assert_eq!(
            split_player("user 1 1 10k"),
            ("user 1 1".into(), Some("10k".into()))
        );
        assert_eq!(split_player("Lee Sedol"), ("Lee Sedol".into(), None));
        assert_eq!(
            split_player("            9DP"),
            ("".into(), Some("9DP".into()))
        );
        assert_eq!(split_player("9DP"), ("9DP".into(), None));
    }

    #[test]
    fn results() {
        let r = |s: &str| match parse_result_text(s) {
            ResultText::Result(r) => r,
            other => format!("{other:?}"),
        };
        assert_eq!(r("Black wins by 0.5!"), "B+0.5");
        assert_eq!(r("White wins by  resign!"), "W+R");
        assert_eq!(r("White Win by Resign!"), "W+R");
        assert_eq!(
            r("Black wins by 16.5 points! >> White(66):Black(89)"),
            "B+16.5"
        );
        assert_eq!(r("Black wins by 34win >> White(58):Black(92)"), "B+34");
        assert_eq!(r("White loses on time"), "B+T");
        assert_eq!(r("250수 흑7집승"), "B+7");
        assert_eq!(r("흑 3집반승"), "B+3.5");
        assert_eq!(r("백 불계승"), "W+R");
        assert_eq!(r("黒中押し勝ち!"), "B+R");
        assert_eq!(r("白3目半勝ち"), "W+3.5");
        assert_eq!(r("白棋12子 >> 白方(94):黑方(82)"), "W+12");
        assert_eq!(r("黑中盘胜(现场消息)"), "B+R");
        assert_eq!(r("Progressing!"), "Unfinished");
        assert_eq!(r("Draw!"), "0");
        assert_eq!(r("백 반집승"), "W+0.5");
        assert_eq!(r("Black resigns!"), "W+R");
        for re in ["B+R", "W+T", "B+0.5", "W+12", "B+", "0", "W+F"] {
            assert_eq!(r(&result_line(Some(re)).unwrap()), re, "{re}");
        }
    }

    #[test]
    fn sniffs() {
        assert!(sniff(
            b"Rated game\n19\nA  1D\nB  2D\nx\n0\n0\n6\n20170316\n5\nres\n3\nPMABBREER\n"
        ));
        assert!(sniff(b"GI\xe9\x9f\xa9\nGIx\n"));
        assert!(!sniff(b"(;GM[1])"));
        assert!(!sniff(b"\\HS\r\n"));
    }
}
