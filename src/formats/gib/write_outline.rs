//! The GIB writer: what GIB can say about a game, and what not.
//!
//! What GIB can say about a game, and what it cannot: the [`Outline`] of
//! the root's game information and the main line's moves, with the losses
//! listed.

use super::values::*;
use super::*;
use crate::formats::lines;
use crate::game::{Game, Node};
use crate::stone::{Colour, Point};
use crate::values::{self, format_tenths, parse_tenths, GameResult, WinBy};
use std::collections::BTreeMap;

/// An ordered `KEY`/value list: a sub-field list or the header itself.
pub(super) type List = Vec<(String, String)>;

/// What the writer could not carry, with how often.
pub(super) type Lost = BTreeMap<String, usize>;

// ---------------------------------------------------------------------------
// What the game says

/// What the writer learnt from the game, and what it had to drop.
pub(super) struct Outline {
    pub(super) size: u32,
    pub(super) white: (String, Option<String>),
    pub(super) black: (String, Option<String>),
    /// Komi ×10; `None` when the game has no KM (the fields stay empty).
    pub(super) komi10: Option<i64>,
    pub(super) handicap: u32,
    pub(super) result: (i64, i64, String),
    pub(super) date: Option<(u32, u32, u32)>,
    pub(super) time: Option<(u64, u64, u64)>,
    pub(super) place: Option<String>,
    pub(super) name: Option<String>,
    /// (colour, point) with `None` for a pass.
    pub(super) moves: Vec<(Colour, Option<(u32, u32)>)>,
    pub(super) private: Vec<(String, String)>,
    pub(super) lost: BTreeMap<String, usize>,
}

/// One more of `what` that the file cannot carry.
fn lose(lost: &mut Lost, what: &str) {
    *lost.entry(what.to_string()).or_default() += 1;
}

/// A root property's first value, trimmed; `None` when it is blank.
fn root_text<'a>(root: &Node<'a>, id: &str) -> Option<&'a str> {
    root.text(id).map(str::trim).filter(|v| !v.is_empty())
}

/// What the game says that GIB can hold, and the count of what it cannot.
pub(super) fn outline(game: &Game) -> Outline {
    let root = &game.root();
    let text = |id: &str| root_text(root, id);
    let mut lost = Lost::new();
    let size = board_size(root, &mut lost);
    let private: List = lines::private_entries(game, PRIVATE_PROPERTY)
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let komi10 = text("KM").map(|k| {
        values::komi(k)
            .certain(k)
            .and_then(|k| parse_tenths(&k))
            .unwrap_or_else(|| {
                lose(&mut lost, "KM (not a multiple of 0.1)");
                0
            })
    });
    let result = match text("RE") {
        Some(re) => result_code_for(re).unwrap_or_else(|| {
            lose(&mut lost, "RE (no GIB result code)");
            (255, 0, String::new())
        }),
        None => (255, 0, String::new()),
    };
    let date = date(root, &mut lost);
    let time = time_settings(root, &mut lost);
    // Handicap: HA with AB on the Tygem points, or AB alone on them.
    let ha = text("HA")
        .and_then(|h| values::handicap(h).certain(h)?.parse::<u32>().ok())
        .unwrap_or(0);
    let handicap = lines::tygem_handicap(game, size, ha).unwrap_or_else(|what| {
        lose(&mut lost, what);
        0
    });
    if let Some(what) = lines::handicap_added(ha, handicap) {
        lose(&mut lost, what);
    }
    root_losses(root, &mut lost);
    let moves = main_line_moves(game, size, handicap, &mut lost);

    let player = |p: &str, r: &str| {
        (
            text(p).unwrap_or("").to_string(),
            text(r).map(str::to_string),
        )
    };
    Outline {
        size,
        white: player("PW", "WR"),
        black: player("PB", "BR"),
        komi10,
        handicap,
        result,
        date,
        time,
        place: text("PC").map(str::to_string),
        name: text("GN").map(str::to_string),
        moves,
        private,
        lost,
    }
}

/// `SZ`: a square board of 2 to 52 lines, else 19.
fn board_size(root: &Node, lost: &mut Lost) -> u32 {
    let text = |id: &str| root_text(root, id);
    let size = text("SZ")
        .and_then(|s| s.split(':').next())
        .and_then(|s| s.trim().parse::<u32>().ok())
        .filter(|s| (2..=52).contains(s))
        .unwrap_or(19);
    if text("SZ").is_some_and(|s| s.contains(':')) {
        lose(lost, "SZ (rectangular board)");
    }
    size
}

/// `DT`: its first date (the others are lost).
pub(super) fn date(root: &Node, lost: &mut Lost) -> Option<(u32, u32, u32)> {
    root_text(root, "DT").and_then(|d| {
        let parsed = sgf_date(d);
        if parsed.is_none() {
            lose(lost, "DT (not a YYYY-MM-DD date)");
        } else if values::dates(d).is_some_and(|all| all.len() > 1) {
            lose(lost, "DT (its dates after the first: GIB holds one)");
        }
        parsed
    })
}

/// `TM` and `OT` → (main seconds, byo-yomi seconds, periods).
fn time_settings(root: &Node, lost: &mut Lost) -> Option<(u64, u64, u64)> {
    let main_time = root_text(root, "TM").and_then(|t| {
        let v = (values::time(t).certain(t))
            .and_then(|t| t.parse::<f64>().ok())
            .filter(|v| *v >= 0.0 && v.fract() == 0.0);
        if v.is_none() {
            lose(lost, "TM (not whole seconds)");
        }
        v.map(|v| v as u64)
    });
    let overtime = root_text(root, "OT").and_then(|ot| {
        let v = parse_byoyomi(ot);
        if v.is_none() {
            lose(lost, "OT (not `NxS byo-yomi`)");
        }
        v
    });
    match (main_time, overtime) {
        (None, None) => None,
        (m, o) => {
            let (periods, byo) = o.unwrap_or((0, 0));
            Some((m.unwrap_or(0), byo, periods))
        }
    }
}

/// Root properties GIB has no place for.
fn root_losses(root: &Node, lost: &mut Lost) {
    for id in ["AW", "AE"] {
        if root.get(id).is_some() {
            lose(lost, id);
        }
    }
    for p in root.props() {
        match p.name {
            "GM" | "FF" | "CA" | "ST" | "SZ" | "PB" | "PW" | "BR" | "WR" | "KM" | "RE" | "DT"
            | "TM" | "OT" | "PC" | "GN" | "HA" | "AB" | "AW" | "AE" | "B" | "W"
            | PRIVATE_PROPERTY => {}
            other => lose(lost, other),
        }
    }
}

/// The moves of the main line; what else its nodes hold, and the nodes off
/// it (variations), are lost.
fn main_line_moves(
    game: &Game,
    size: u32,
    handicap: u32,
    lost: &mut Lost,
) -> Vec<(Colour, Option<(u32, u32)>)> {
    let first_move = lines::first_move(game);
    let mut moves = Vec::new();
    let mut on_main = 0;
    let mut expected = if handicap >= 2 {
        Colour::White
    } else {
        Colour::Black
    };
    for (i, id) in game.main_line_iter().enumerate() {
        on_main += 1;
        let node = game.node(id);
        if i > 0 {
            for p in node.props() {
                match p.name {
                    "B" | "W" => {}
                    "AB" if i < first_move => {}
                    other => lose(lost, other),
                }
            }
        }
        if let Some((c, v)) = node.mv() {
            let colour = if c == 'B' {
                Colour::Black
            } else {
                Colour::White
            };
            let pass = v.is_empty() || (size <= 19 && v == "tt");
            if pass {
                if colour != expected {
                    lose(lost, "pass out of turn (GIB passes have no colour)");
                }
                moves.push((colour, None));
            } else if let Some(pt) = Point::parse_on(v, size, size) {
                moves.push((colour, Some((u32::from(pt.x), u32::from(pt.y)))));
            } else {
                lose(lost, "move off the board");
                continue;
            }
            expected = colour.opponent();
        }
    }
    let off_main = game.len().saturating_sub(on_main);
    if off_main > 0 {
        *lost.entry("variations (nodes)".into()).or_default() += off_main;
    }
    moves
}

/// `3x30 byo-yomi` (and `3x30`) → (periods, seconds).
fn parse_byoyomi(ot: &str) -> Option<(u64, u64)> {
    let head = ot.split_whitespace().next()?;
    let (p, s) = head.split_once(['x', 'X'])?;
    let p = p.parse().ok()?;
    let s = s.parse().ok()?;
    let rest = ot.get(head.len()..)?.trim().to_ascii_lowercase();
    (rest.is_empty() || rest.starts_with("byo")).then_some((p, s))
}

/// SGF `RE` → (GRLT, ZIPSU, English GAMERESULT text), read as every
/// result is ([`values::read_result`]).
fn result_code_for(re: &str) -> Option<(i64, i64, String)> {
    let (winner, by) = match values::read_result(re)? {
        GameResult::Draw => return Some((255, 0, "draw".into())),
        GameResult::Void | GameResult::Unknown => return None,
        GameResult::Win(winner, by) => (winner, by),
    };
    let black = winner == Colour::Black;
    let word = if black { "black" } else { "white" };
    let pick = |b: i64, w: i64| if black { b } else { w };
    match by {
        WinBy::Resignation => Some((pick(3, 4), 0, format!("{word} wins by resignation"))),
        WinBy::Time => Some((pick(7, 8), 0, format!("{word} wins by time"))),
        WinBy::Forfeit => Some((pick(5, 6), 0, format!("{word} wins by disconnection"))),
        WinBy::Unstated => Some((pick(0, 1), 0, format!("{word} win"))),
        WinBy::Points(n) => {
            let z = parse_tenths(&n).filter(|z| *z > 0)?;
            Some((pick(0, 1), z, format!("{word} {} win", format_tenths(z))))
        }
    }
}

// ---------------------------------------------------------------------------
// The text of the file

/// The value of `key` in the kept header entries.
pub(super) fn private_get<'a>(private: &'a [(String, String)], key: &str) -> Option<&'a str> {
    private
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byoyomi_and_results_for_the_writer() {
        assert_eq!(parse_byoyomi("3x30 byo-yomi"), Some((3, 30)));
        assert_eq!(parse_byoyomi("5/300 Canadian"), None);
        assert_eq!(
            result_code_for("W+59.5"),
            Some((1, 595, "white 59.5 win".into()))
        );
        assert_eq!(
            result_code_for("B+R"),
            Some((3, 0, "black wins by resignation".into()))
        );
        assert_eq!(result_code_for("Void"), None);
    }
}
