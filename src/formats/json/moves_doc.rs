//! A move-list object read back as a game.
//!
//! A move-list object read back as a game ([`MovesDoc`]): the reader's
//! top-level visitor hands it the object's fields; it makes a root with the
//! game info and setup, and one node per move.

use super::codes::*;
use crate::diag::Reporter;
use crate::event::{GameHeader, PropertyBuf};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{FlatGame, FlatNode};
use serde::de::MapAccess;
use serde::Deserialize;

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
            report.report(
                JSON_BAD_MOVE,
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
                    report.report(
                        JSON_BAD_MOVE,
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
