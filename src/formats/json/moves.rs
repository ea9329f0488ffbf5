//! The move-list projection (`--moves`), both ways: the main line and the
//! core game info of each game, for tools that want moves and not a tree.
//!
//! Writing needs the main line, so [`MovesWriter`] collects one game at a
//! time, projects it ([`move_list`]), writes it and lists in a warning what
//! the projection did not carry. Reading: the reader's top-level visitor
//! hands a move-list object's fields to a [`MovesDoc`], which makes a game
//! of a root with the info and setup and one node per move.

use super::writer::{json_opt_str, json_str, Frame};
use super::{W_BAD_MOVE, W_MOVES_LOSS};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, Property, PropertyBuf};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{FlatCollector, FlatGame, FlatNode};
use crate::sink::Sink;
use serde::de::MapAccess;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::io::Write;

// ---------------------------------------------------------------- writing

/// Writes each game's move list when the game is complete.
pub(super) struct MovesWriter<'w> {
    frame: Frame<'w>,
    collector: FlatCollector,
    games: usize,
}

impl<'w> MovesWriter<'w> {
    pub(super) fn new(frame: Frame<'w>) -> Self {
        MovesWriter {
            frame,
            collector: FlatCollector::new(),
            games: 0,
        }
    }
}

impl Sink for MovesWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if let Some(game) = self.collector.push(event, report) {
            self.frame.before_game(self.games)?;
            write_moves(&mut self.frame.out, &game, self.games, report)?;
            self.frame.after_game()?;
            self.games += 1;
        }
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        self.frame.finish()?;
        Ok(())
    }
}

/// Properties the move list carries from the root (or from setup nodes
/// before the first move); `FF`, `GM` and `CA` describe the file, not the
/// game, and are not reported as lost.
const MOVES_ROOT_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "RE", "DT", "EV", "PB", "BR", "PW", "WR", "AB", "AW", "AE", "PL", "FF",
    "GM", "CA",
];

/// The move-list projection of one game, as computed for `--moves`.
#[derive(Default, Debug, PartialEq)]
pub(crate) struct MoveList {
    pub size: (u32, u32),
    pub setup: [Vec<String>; 3],
    pub first_player: Option<&'static str>,
    pub moves: Vec<(&'static str, String)>,
    /// Ply at which a later setup node stopped the list.
    pub truncated_at: Option<usize>,
    /// What the projection does not carry, for the loss warning.
    pub not_carried: BTreeMap<String, usize>,
}

fn move_list(game: &FlatGame) -> MoveList {
    let mut ml = MoveList::default();
    let Some(root) = game.nodes().next() else {
        ml.size = (19, 19);
        return ml;
    };
    let first = |id: &str| root.props.text(id);
    ml.size = coords::board_size(first("SZ"));
    let line = game.main_line();
    let on_line: std::collections::HashSet<usize> = line.iter().copied().collect();
    let off_line = game.len() - line.len();
    if off_line > 0 {
        ml.not_carried.insert("variation nodes".into(), off_line);
    }
    let mut seen_move = false;
    for (i, node) in game.nodes().enumerate() {
        if !on_line.contains(&i) {
            continue;
        }
        let is_setup = node
            .props
            .iter()
            .any(|p| matches!(p.name, "AB" | "AW" | "AE"));
        let mut carried: &[&str] = if i == 0 || (!seen_move && is_setup) {
            MOVES_ROOT_PROPS
        } else {
            &["B", "W"]
        };
        if seen_move && is_setup && ml.truncated_at.is_none() {
            ml.truncated_at = Some(ml.moves.len());
        }
        if ml.truncated_at.is_some() {
            carried = &[];
        }
        for p in node.props.iter() {
            if !carried.contains(&p.name) {
                *ml.not_carried.entry(p.name.to_string()).or_default() += 1;
                continue;
            }
            ml.take(&p, &mut seen_move);
        }
    }
    if ml.first_player.is_none() {
        ml.first_player = ml.moves.first().map(|m| m.0);
    }
    ml
}

impl MoveList {
    /// Takes a property the list carries: setup, the first player, a move
    /// (which sets `seen_move`).
    fn take(&mut self, p: &Property<'_>, seen_move: &mut bool) {
        match p.name {
            "AB" | "AW" | "AE" => {
                let k = match p.name {
                    "AB" => 0,
                    "AW" => 1,
                    _ => 2,
                };
                for v in p.values().iter() {
                    self.setup[k].extend(coords::expand_points(v.text()));
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
                let colour = if p.name == "B" { "B" } else { "W" };
                let v = p.first_text().unwrap_or("");
                let point = if coords::is_pass(v, self.size) { "" } else { v };
                self.moves.push((colour, point.to_string()));
                *seen_move = true;
            }
            _ => {}
        }
    }
}

/// One game's move-list object, and the warning of what it does not carry.
fn write_moves(
    out: &mut impl Write,
    game: &FlatGame,
    index: usize,
    report: &mut Reporter,
) -> Result<(), Error> {
    let root = game.nodes().next();
    let text = |id: &str| root.and_then(|r| r.props.text(id));
    let ml = move_list(game);
    let (w, h) = ml.size;
    super::writer::write_origin(out, index, report.file(), game.header.index)?;
    write!(out, ",\"size\":[{w},{h}],\"komi\":")?;
    write_info(out, text)?;
    write_setup(out, &ml)?;
    write_move_lists(out, &ml)?;
    if let Some(t) = ml.truncated_at {
        write!(out, ",\"truncated_at\":{t}")?;
    }
    out.write_all(b"}")?;
    report_losses(&ml, index, report);
    Ok(())
}

/// The game info after `"komi":`: komi, handicap, the text fields and the
/// players.
fn write_info<'g>(
    out: &mut impl Write,
    text: impl Fn(&str) -> Option<&'g str>,
) -> std::io::Result<()> {
    match text("KM")
        .and_then(|k| k.trim().parse::<f64>().ok())
        .filter(|k| k.is_finite())
    {
        Some(k) => serde_json::to_writer(&mut *out, &k).map_err(std::io::Error::from)?,
        None => out.write_all(b"null")?,
    }
    out.write_all(b",\"handicap\":")?;
    match text("HA").and_then(|k| k.trim().parse::<u32>().ok()) {
        Some(k) => write!(out, "{k}")?,
        None => out.write_all(b"null")?,
    }
    for (key, id) in [
        ("rules", "RU"),
        ("result", "RE"),
        ("date", "DT"),
        ("event", "EV"),
    ] {
        write!(out, ",\"{key}\":")?;
        json_opt_str(out, text(id))?;
    }
    for (key, name, rank) in [("black", "PB", "BR"), ("white", "PW", "WR")] {
        write!(out, ",\"{key}\":{{\"name\":")?;
        json_opt_str(out, text(name))?;
        out.write_all(b",\"rank\":")?;
        json_opt_str(out, text(rank))?;
        out.write_all(b"}")?;
    }
    Ok(())
}

/// The setup stones and the first player.
fn write_setup(out: &mut impl Write, ml: &MoveList) -> std::io::Result<()> {
    out.write_all(b",\"setup\":{")?;
    for (k, key) in ["B", "W", "E"].iter().enumerate() {
        write!(out, "{}\"{key}\":[", if k > 0 { "," } else { "" })?;
        for (i, p) in ml.setup[k].iter().enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            json_str(out, p)?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"},\"first_player\":")?;
    json_opt_str(out, ml.first_player)
}

/// The moves twice: SGF points, then GTP vertices.
fn write_move_lists(out: &mut impl Write, ml: &MoveList) -> std::io::Result<()> {
    let h = ml.size.1;
    out.write_all(b",\"moves\":[")?;
    for (i, (c, p)) in ml.moves.iter().enumerate() {
        write!(out, "{}[\"{c}\",", if i > 0 { "," } else { "" })?;
        json_str(out, p)?;
        out.write_all(b"]")?;
    }
    out.write_all(b"],\"moves_gtp\":[")?;
    for (i, (c, p)) in ml.moves.iter().enumerate() {
        write!(out, "{}[\"{c}\",", if i > 0 { "," } else { "" })?;
        if p.is_empty() {
            out.write_all(b"\"pass\"")?;
        } else {
            let v = coords::sgf_to_xy(p).and_then(|(x, y)| coords::xy_to_gtp(x, y, h));
            json_opt_str(out, v.as_deref())?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"]")
}

/// W361: what the projection of game `index` did not carry, if anything.
fn report_losses(ml: &MoveList, index: usize, report: &mut Reporter) {
    if ml.not_carried.is_empty() && ml.truncated_at.is_none() {
        return;
    }
    let mut parts: Vec<String> = ml
        .not_carried
        .iter()
        .map(|(k, n)| format!("{k} ×{n}"))
        .collect();
    if let Some(t) = ml.truncated_at {
        parts.insert(0, format!("moves after setup at ply {t}"));
    }
    report.set_game(Some(index));
    report.warn(
        W_MOVES_LOSS,
        None,
        format!(
            "game {}: the move list keeps the main line and core game info; not carried: {}",
            index,
            parts.join(", ")
        ),
    );
}

// ---------------------------------------------------------------- reading

#[derive(Deserialize)]
#[serde(untagged)]
enum SizeDoc {
    Square(u32),
    Rect(u32, u32),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum KomiDoc {
    Number(f64),
    Text(String),
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PlayerDoc {
    name: Option<String>,
    rank: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SetupDoc {
    #[serde(rename = "B")]
    black: Vec<String>,
    #[serde(rename = "W")]
    white: Vec<String>,
    #[serde(rename = "E")]
    empty: Vec<String>,
}

/// A move-list object, field by field as the reader meets them.
#[derive(Default)]
pub(super) struct MovesDoc {
    size: Option<SizeDoc>,
    komi: Option<KomiDoc>,
    handicap: Option<u32>,
    rules: Option<String>,
    result: Option<String>,
    date: Option<String>,
    event: Option<String>,
    black: Option<PlayerDoc>,
    white: Option<PlayerDoc>,
    setup: Option<SetupDoc>,
    first_player: Option<String>,
    moves: Option<Vec<Vec<Option<String>>>>,
    moves_gtp: Option<Vec<Vec<Option<String>>>>,
}

impl MovesDoc {
    /// Reads the value of `key` when it is a move-list field; `false` (and
    /// nothing read) for any other key.
    pub(super) fn field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        match key {
            "size" => self.size = map.next_value()?,
            "komi" => self.komi = map.next_value()?,
            "handicap" => self.handicap = map.next_value()?,
            "rules" => self.rules = map.next_value()?,
            "result" => self.result = map.next_value()?,
            "date" => self.date = map.next_value()?,
            "event" => self.event = map.next_value()?,
            "black" => self.black = map.next_value()?,
            "white" => self.white = map.next_value()?,
            "setup" => self.setup = map.next_value()?,
            "first_player" => self.first_player = map.next_value()?,
            "moves" => self.moves = map.next_value()?,
            "moves_gtp" => self.moves_gtp = map.next_value()?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A game from the projection: a root with the game info and setup,
    /// then one node per move.
    pub(super) fn into_flat(mut self, index: usize, report: &mut Reporter) -> FlatGame {
        let mut g = FlatGame::new(GameHeader::new(index));
        let size = match self.size.take() {
            Some(SizeDoc::Square(n)) => (n, n),
            Some(SizeDoc::Rect(w, h)) => (w, h),
            None => (19, 19),
        };
        g.push_node(FlatNode {
            variation: true,
            ..FlatNode::default()
        });
        for p in self.root(size) {
            g.push_prop(&p.as_property());
        }
        let (list, gtp) = match (self.moves, self.moves_gtp) {
            (Some(m), _) => (m, false),
            (None, Some(m)) => (m, true),
            (None, None) => (Vec::new(), false),
        };
        for (ply, m) in list.into_iter().enumerate() {
            let Some(mv) = move_property(m, gtp, size, index, ply, report) else {
                continue;
            };
            let parent = g.len() - 1;
            g.push_node(FlatNode {
                parent: Some(parent),
                ..FlatNode::default()
            });
            g.push_prop(&mv.as_property());
        }
        g
    }

    /// The root: game info, setup and first player (taken out of `self`).
    fn root(&mut self, size: (u32, u32)) -> Vec<PropertyBuf> {
        let mut root = Vec::new();
        let mut add = |id: &str, v: Option<String>| {
            if let Some(v) = v {
                root.push(PropertyBuf::with_values(id, &[v]));
            }
        };
        add("GM", Some("1".into()));
        add(
            "SZ",
            Some(if size.0 == size.1 {
                size.0.to_string()
            } else {
                format!("{}:{}", size.0, size.1)
            }),
        );
        add(
            "KM",
            self.komi.take().map(|k| match k {
                KomiDoc::Number(n) => n.to_string(),
                KomiDoc::Text(t) => t,
            }),
        );
        add("HA", self.handicap.map(|h| h.to_string()));
        add("RU", self.rules.take());
        let (black, white) = (
            self.black.take().unwrap_or_default(),
            self.white.take().unwrap_or_default(),
        );
        add("PB", black.name);
        add("BR", black.rank);
        add("PW", white.name);
        add("WR", white.rank);
        add("RE", self.result.take());
        add("DT", self.date.take());
        add("EV", self.event.take());
        if let Some(s) = self.setup.take() {
            for (id, pts) in [("AB", s.black), ("AW", s.white), ("AE", s.empty)] {
                if !pts.is_empty() {
                    root.push(PropertyBuf::with_values(id, &pts));
                }
            }
        }
        if let Some(pl) = self.first_player.take().filter(|p| p == "B" || p == "W") {
            root.push(PropertyBuf::with_values("PL", &[pl]));
        }
        root
    }
}

/// The move property of move `ply` (`[colour, point]`, the point an SGF
/// point or with `gtp` a GTP vertex); `None`, with a warning, for a move
/// that is not one.
fn move_property(
    m: Vec<Option<String>>,
    gtp: bool,
    size: (u32, u32),
    index: usize,
    ply: usize,
    report: &mut Reporter,
) -> Option<PropertyBuf> {
    let (colour, point) = match m.as_slice() {
        [Some(c), p] if c == "B" || c == "W" => (c.clone(), p.clone()),
        _ => {
            report.warn(
                W_BAD_MOVE,
                None,
                format!(
                    "game {}: move {} is not [colour, point]; skipped",
                    index,
                    ply + 1
                ),
            );
            return None;
        }
    };
    let value = match (point, gtp) {
        (None, _) => String::new(),
        (Some(p), false) => p,
        (Some(p), true) if p.eq_ignore_ascii_case("pass") || p.is_empty() => String::new(),
        (Some(p), true) => {
            match coords::gtp_to_xy(&p, size.1).and_then(|(x, y)| coords::xy_to_sgf(x, y)) {
                Some(s) => s,
                None => {
                    report.warn(
                        W_BAD_MOVE,
                        None,
                        format!(
                            "game {}: move {} has vertex {p:?} off the board; skipped",
                            index,
                            ply + 1
                        ),
                    );
                    return None;
                }
            }
        }
    };
    Some(PropertyBuf::with_values(colour, &[value]))
}
