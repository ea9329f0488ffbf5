//! SGF events → NGF. One game per file: the whole game is gathered
//! ([`OneGameWriter`]), its twelve header lines and one `PM` line per
//! main-line move written, and what NGF cannot carry listed once.

use super::codes::*;
use super::*;
use crate::diag::{excerpt, Reporter};
use crate::error::Error;
use crate::formats::lines::OneGameWriter;
use crate::game::{Game, Node};
use crate::options::WriteOptions;
use crate::sink::Sink;
use crate::stone::Point;
use crate::values::{
    self, format_tenths, parse_tenths, result_text, GameResult, ResultText, WinBy,
};
use encoding_rs::{Encoding, UTF_8};
use std::collections::BTreeMap;
use std::io::Write;

/// What the writer could not carry, with how often.
type Lost = BTreeMap<String, usize>;

/// A writer of NGF files (one game per file).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let to = options.to_encoding.unwrap_or(UTF_8);
    Ok(Box::new(OneGameWriter::new(
        output,
        Box::new(move |g, report| Ok(render_game(g, to, report))),
        "NGF",
        "an NGF file",
        NGF_ONE_GAME_PER_FILE,
    )))
}

/// The English result line for an SGF `RE` (read as every result is,
/// [`values::read_result`]); `None` when NGF cannot say it.
fn result_line(re: Option<&str>) -> Option<String> {
    let Some(re) = re else {
        return Some("Progressing!".into());
    };
    let (winner, by) = match values::read_result(re)? {
        GameResult::Draw => return Some("Draw!".into()),
        GameResult::Void | GameResult::Unknown => return None,
        GameResult::Win(winner, by) => (winner, by),
    };
    let who = match winner {
        crate::stone::Colour::Black => "Black",
        crate::stone::Colour::White => "White",
    };
    Some(match by {
        WinBy::Resignation => format!("{who} wins by resign!"),
        WinBy::Time => format!("{who} wins by time!"),
        WinBy::Forfeit => format!("{who} wins by forfeit!"),
        WinBy::Unstated => format!("{who} wins!"),
        WinBy::Points(n) => format!(
            "{who} wins by {}!",
            format_tenths(parse_tenths(&n).filter(|v| *v > 0)?)
        ),
    })
}

/// An entry of the game's `XNGF` property.
fn private_get<'a>(game: &'a Game, key: &str) -> Option<&'a str> {
    lines::private_entries(game, PRIVATE_PROPERTY).find_map(|(k, v)| (k == key).then_some(v))
}

/// One more of `what` that the file cannot carry.
fn lose(what: &str, lost: &mut Lost) {
    *lost.entry(what.to_string()).or_default() += 1
}

/// A root property's first value, trimmed; `None` when it is blank.
fn root_text<'a>(root: &Node<'a>, id: &str) -> Option<&'a str> {
    root.text(id).map(str::trim).filter(|v| !v.is_empty())
}

/// Appends `s` on one line to `out`: line breaks become spaces.
fn push_one_line(out: &mut String, s: &str) {
    for (i, piece) in s.split(['\r', '\n']).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(piece);
    }
}

/// Whether `a` is `s` on one line (see [`push_one_line`]), without making
/// that line.
fn is_one_line_of(a: &str, s: &str) -> bool {
    a.len() == s.len()
        && a.bytes()
            .zip(s.bytes())
            .all(|(x, y)| x == if matches!(y, b'\r' | b'\n') { b' ' } else { y })
}

/// Appends `line` and its CRLF to `out`.
fn push_line(out: &mut String, line: &str) {
    out.push_str(line);
    out.push_str("\r\n");
}

/// The NGF file for `game`, CRLF line ends, encoded in `encoding`. The
/// text is made in one string, each value copied once, and the game is
/// dropped before it is encoded: a huge player name is held twice at most
/// (in the game and the text, then in the text and the bytes).
fn render_game(game: Game, encoding: &'static Encoding, report: &mut Reporter) -> Vec<u8> {
    let mut lost = Lost::new();
    let body = render_text(&game, &mut lost);
    drop(game);
    lines::encode_listing_losses(&body, encoding, lost, "NGF", NGF_CANNOT_CARRY, report)
}

/// The NGF text of `game`, CRLF line ends.
fn render_text(game: &Game, lost: &mut Lost) -> String {
    let root = &game.root();
    let text = |id: &str| root_text(root, id);
    let size = board_size(root, lost);
    let (hand_line, komi_line) = handicap_and_komi(game, size, lost);
    let date = date_line(game, lost);
    let result = result_line_of(game, lost);
    root_losses(root, lost);
    let moves = move_lines(game, size, lost);

    let mut body = String::new();
    push_one_line(&mut body, text("GN").unwrap_or(""));
    push_line(&mut body, "");
    push_line(&mut body, &size.to_string());
    player(&mut body, game, ("PW", "WR", "WHITE"), lost);
    player(&mut body, game, ("PB", "BR", "BLACK"), lost);
    push_one_line(&mut body, text("PC").unwrap_or(""));
    push_line(&mut body, "");
    push_line(&mut body, &hand_line.to_string());
    push_line(&mut body, private_get(game, "LINE7").unwrap_or("0"));
    push_line(&mut body, &komi_line.to_string());
    push_line(&mut body, &date);
    push_line(&mut body, private_get(game, "LINE10").unwrap_or("0"));
    push_one_line(&mut body, &result);
    push_line(&mut body, "");
    push_line(&mut body, &moves.len().to_string());
    for m in &moves {
        push_line(&mut body, m);
    }
    body
}

/// `SZ`: a square board of 2 to 25 lines, else 19.
fn board_size(root: &Node, lost: &mut Lost) -> u32 {
    match root_text(root, "SZ").map(|s| s.parse::<u32>()) {
        Some(Ok(s)) if (2..=25).contains(&s) => s,
        Some(_) => {
            lose("SZ (NGF boards are square, at most 25)", lost);
            19
        }
        None => 19,
    }
}

/// Handicap and komi: lines 6 and 8.
fn handicap_and_komi(game: &Game, size: u32, lost: &mut Lost) -> (u32, i64) {
    let text = |id: &str| root_text(&game.root(), id);
    let ha = text("HA")
        .and_then(|h| values::handicap(h).certain(h)?.parse::<u32>().ok())
        .unwrap_or(0);
    let handicap = lines::tygem_handicap(game, size, ha).unwrap_or_else(|what| {
        lose(what, lost);
        0
    });
    if let Some(what) = lines::handicap_added(ha, handicap) {
        lose(what, lost);
    }
    let komi10 = match text("KM") {
        Some(k) => values::komi(k)
            .certain(k)
            .and_then(|k| parse_tenths(&k))
            .unwrap_or_else(|| {
                lose("KM (not a multiple of 0.1)", lost);
                0
            }),
        None => 0,
    };
    if handicap >= 2 {
        if komi10 % 10 != 0 {
            lose("KM (a fraction in a handicap game)", lost);
        }
        (handicap, komi10.div_euclid(10))
    } else if komi10.rem_euclid(10) == 5 {
        // The implied half point of even games.
        (0, (komi10 - 5).div_euclid(10))
    } else {
        if komi10 % 10 != 0 {
            lose("KM (only whole or half points)", lost);
        }
        // Line 6 = 1: an even game whose komi has no half point.
        (1, komi10.div_euclid(10))
    }
}

/// Appends the player line of `(p, r, key)` (name, rank, `XNGF` key) and
/// its CRLF: the original line kept in `XNGF` when it reads back as the
/// same name and rank, else one made to read back as them
/// ([`made_player_line`]).
fn player(out: &mut String, game: &Game, (p, r, key): (&str, &str, &str), lost: &mut Lost) {
    let text = |id: &str| root_text(&game.root(), id);
    let name = text(p).unwrap_or("");
    let rank = text(r);
    let raw = private_get(game, key)
        .filter(|raw| reads_back(raw, name, rank.map(normalize_rank).as_deref()));
    match raw {
        Some(raw) => out.push_str(raw),
        None => made_player_line(out, (p, name), (r, rank), lost),
    }
    out.push_str("\r\n");
}

/// Whether the player line `line` reads back as `name` (on one line) and
/// `rank` (in SGF form).
fn reads_back(line: &str, name: &str, rank: Option<&str>) -> bool {
    let (n, rk) = split_player(line);
    is_one_line_of(n, name) && rk.map(normalize_rank).as_deref() == rank
}

/// Appends a player line made from `name` and `rank` (their property
/// names beside them, for the warning) that NGF's reader splits back into
/// them: the name padded so that the NGF rank ends at column 15. A rank
/// NGF cannot write as a rank (`P2`) is left out; a name whose last word
/// the reader would take for a rank (`user 10k` with no rank) is written
/// with `_` for its spaces. Each is noted in `lost`.
fn made_player_line(
    out: &mut String,
    (p, name): (&str, &str),
    (r, rank): (&str, Option<&str>),
    lost: &mut Lost,
) {
    let token = rank.and_then(|rk| {
        let token = ngf_rank(rk);
        if token.is_none() {
            lose(
                &format!(
                    "{r} `{}` (not a rank NGF reads back; the name is written alone)",
                    excerpt(rk, 40)
                ),
                lost,
            );
        }
        token
    });
    let want = token.as_deref().map(normalize_rank);
    // Made in place (a huge name is not copied twice), checked there.
    let start = out.len();
    push_player(out, name, token.as_deref());
    if !reads_back(out.get(start..).unwrap_or_default(), name, want.as_deref()) {
        out.truncate(start);
        let joined = name.split_whitespace().collect::<Vec<_>>().join("_");
        lose(
            &format!(
                "{p} `{}` (written `{}`: NGF would read its last word as a rank)",
                excerpt(name, 40),
                excerpt(&joined, 40)
            ),
            lost,
        );
        push_player(out, &joined, token.as_deref());
    }
}

/// Appends `name` on one line, then, when there is one, the NGF `token`
/// after spaces that end it at column 15 (at least one space).
fn push_player(out: &mut String, name: &str, token: Option<&str>) {
    push_one_line(out, name);
    if let Some(t) = token {
        let chars = name.chars().count();
        let width = 15usize.saturating_sub(t.chars().count()).max(chars + 1);
        out.extend(std::iter::repeat_n(' ', width - chars));
        out.push_str(t);
    }
}

/// The date line: the original when it names the same day, else
/// `YYYYMMDD` (empty without a date).
fn date_line(game: &Game, lost: &mut Lost) -> String {
    let text = |id: &str| root_text(&game.root(), id);
    let dates = text("DT")
        .and_then(values::dates)
        .map_or(0, |all| all.len());
    if dates > 1 {
        lose("DT (its dates after the first: NGF holds one)", lost);
    }
    match text("DT").and_then(values::first_day) {
        Some(dt) => {
            match private_get(game, "DATE").filter(|raw| values::first_day(raw) == Some(dt)) {
                Some(raw) => raw.to_string(),
                None => values::write_dates(&[dt]).replace('-', ""),
            }
        }
        None => {
            if text("DT").is_some() {
                lose("DT (not a YYYY-MM-DD date)", lost);
            }
            String::new()
        }
    }
}

/// The result line: the original when it still says what `RE` says, else
/// the English wording (`Progressing!` without a result).
fn result_line_of(game: &Game, lost: &mut Lost) -> String {
    let re = root_text(&game.root(), "RE");
    match private_get(game, "RESULT").filter(|raw| match result_text(raw) {
        ResultText::Result(r) => Some(r.as_str()) == re,
        _ => re.is_none(),
    }) {
        Some(raw) => raw.to_string(),
        None => result_line(re).unwrap_or_else(|| {
            lose("RE (no NGF wording)", lost);
            "Progressing!".into()
        }),
    }
}

/// Root properties NGF has no place for.
fn root_losses(root: &Node, lost: &mut Lost) {
    for p in root.props() {
        match p.name {
            "GM" | "FF" | "CA" | "ST" | "SZ" | "PB" | "PW" | "BR" | "WR" | "KM" | "RE" | "DT"
            | "PC" | "GN" | "HA" | "AB" | "B" | "W" | PRIVATE_PROPERTY => {}
            other => lose(other, lost),
        }
    }
}

/// One `PM` line per main-line move; what else its nodes hold, moves the
/// counter cannot number, and the nodes off the main line are lost.
fn move_lines(game: &Game, size: u32, lost: &mut Lost) -> Vec<String> {
    let first_move = lines::first_move(game);
    let mut moves: Vec<String> = Vec::new();
    let mut on_main = 0;
    for (i, id) in game.main_line_iter().enumerate() {
        on_main += 1;
        let node = game.node(id);
        if i > 0 {
            for p in node.props() {
                let handicap_setup = p.name == "AB" && i < first_move;
                if !matches!(p.name, "B" | "W") && !handicap_setup {
                    lose(p.name, lost);
                }
            }
        }
        let Some((c, v)) = node.mv() else { continue };
        let n = moves.len() + 1;
        if n >= 26 * 26 {
            lose("moves after the 675th", lost);
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
        } else if let Some(p) = Point::parse_on(v, size, size) {
            let (x, y) = ((b'B' + p.x) as char, (b'B' + p.y) as char);
            [x, y, y, x].iter().collect()
        } else {
            lose("move off the board", lost);
            continue;
        };
        moves.push(format!("PM{counter}{c}{coords}"));
    }
    let off_main = game.len().saturating_sub(on_main);
    if off_main > 0 {
        *lost.entry("variations (nodes)".into()).or_default() += off_main;
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        let r = |s: &str| match result_text(s) {
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
        // Read as every result is (`values::result`): a colour and a
        // margin without a verb, or a remark after the result, say nothing
        // certain.
        assert_eq!(r("白棋12子 >> 白方(94):黑方(82)"), "Unknown");
        assert_eq!(r("黑中盘胜(现场消息)"), "Unknown");
        assert_eq!(r("Progressing!"), "Unfinished");
        assert_eq!(r("Draw!"), "0");
        assert_eq!(r("백 반집승"), "W+0.5");
        assert_eq!(r("Black resigns!"), "W+R");
        for re in ["B+R", "W+T", "B+0.5", "W+12", "B+", "0", "W+F"] {
            assert_eq!(r(&result_line(Some(re)).unwrap()), re, "{re}");
        }
    }
}
