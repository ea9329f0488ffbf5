//! The JSON reader's serde seeds of a document and a game.
//!
//! The top of a JSON document or game line as serde reads it: the
//! collection's `format` and `version`, each game's fields ([`GameDoc`]), a
//! move-list object handed to [`MovesDoc`], what is not sgfconv JSON said
//! so ([`Ctx`] carries the reading's state through the seeds).

use super::codes::*;
use super::moves_doc::MovesDoc;
use super::nodes::NodesSeed;
use super::{FORMAT_NAME, MOVES_FORMAT_NAME, VERSION};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, GameHeader};
use crate::formats::structured::flat::FlatGame;
use crate::sink::Sink;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;

pub(super) struct Ctx<'a> {
    pub(super) sink: &'a mut dyn Sink,
    pub(super) report: &'a mut Reporter,
    pub(super) games: usize,
    /// The sink's error, carried out of serde.
    pub(super) error: Option<Error>,
    /// Lines of the input before what the streaming parser sees.
    pub(super) line_offset: u32,
    /// A game read is kept in `held` rather than replayed (its parser
    /// is still alive, see [`read_long_game`]).
    pub(super) hold: bool,
    pub(super) held: Option<FlatGame>,
    /// Games may have come before (a piece of an input).
    pub(super) continuing: bool,
    /// The reading ended at the end of JSON Lines, every line read.
    pub(super) clean: bool,
}

impl Ctx<'_> {
    pub(super) fn replay(&mut self, game: FlatGame) -> Result<(), Error> {
        if self.hold {
            match self.held.take() {
                None => {
                    self.held = Some(game);
                    return Ok(());
                }
                // A second game in the same value: both go on, in order.
                Some(first) => {
                    self.hold = false;
                    self.replay(first)?;
                }
            }
        }
        self.report.set_game(Some(self.games));
        self.games += 1;
        game.replay(self.sink, self.report)
    }

    pub(super) fn fail<E: de::Error>(&mut self, e: Error) -> E {
        self.error = Some(e);
        E::custom("output failed")
    }
}

/// What this reader reads, for the messages that refuse anything else.
const EXPECTED: &str = "expected sgfconv JSON (formats/json.md): a collection \
    {\"format\":\"sgfconv\",\"games\":[…]}, a game {\"nodes\":[…]}, a move list \
    {\"moves\":[…]}, or an array or JSON Lines stream of those";

/// Keys that mark another program's game JSON, which this reader does not
/// read: OGS game JSON (and its JGOF), and JGF (ngGo / Seki).
const FOREIGN: &[(&str, &str)] = &[
    ("game_id", "OGS game JSON"),
    ("gamedata", "OGS game JSON"),
    ("initial_state", "OGS game JSON"),
    ("initial_player", "OGS game JSON"),
    ("players", "OGS game JSON"),
    ("width", "OGS game JSON"),
    ("time_control", "OGS game JSON"),
    ("jgof", "OGS JGOF"),
    ("tree", "JGF (JSON Go Format)"),
    ("record", "JGF (JSON Go Format)"),
    ("board", "JGF (JSON Go Format)"),
];

/// Any top-level value: a collection document, one game, one move list, or
/// an array of games. Anything else is refused with what was expected
/// (`E354`): an object with none of the model's fields, an array with no
/// game in it (but the `games` array of a collection may be empty), and
/// another program's game JSON, named.
pub(super) struct TopSeed<'c, 'a> {
    ctx: &'c mut Ctx<'a>,
    /// The value is the `games` array of a collection document.
    games_array: bool,
}

impl<'c, 'a> TopSeed<'c, 'a> {
    pub(super) fn new(ctx: &'c mut Ctx<'a>) -> Self {
        TopSeed {
            ctx,
            games_array: false,
        }
    }
}

impl<'de> DeserializeSeed<'de> for TopSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TopSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an sgfconv collection, game or move list object")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let before = self.ctx.games;
        while seq.next_element_seed(TopSeed::new(self.ctx))?.is_some() {}
        if !self.games_array && self.ctx.games == before {
            return Err(de::Error::custom(format!(
                "an array with no game in it; {EXPECTED}"
            )));
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.ctx;
        let mut game = GameDoc::default();
        let mut moves = MovesDoc::default();
        let (mut is_game, mut is_moves, mut known) = (false, false, false);
        let mut others: Vec<String> = Vec::new();
        // Every field that holds no game, in order (for the message), and
        // whether one of them is the model's (`{"version": 1}` alone is
        // not sgfconv JSON).
        let (mut listed, mut envelope): (Vec<String>, bool) = (Vec::new(), false);
        while let Some(key) = map.next_key::<String>()? {
            if let Some((_, what)) = FOREIGN.iter().find(|(k, _)| *k == key) {
                return Err(de::Error::custom(format!(
                    "this is {what} (it has a {key:?} field), which sgfconv does not read yet; {EXPECTED}"
                )));
            }
            match key.as_str() {
                "games" => map.next_value_seed(TopSeed {
                    ctx: &mut *ctx,
                    games_array: true,
                })?,
                k if ENVELOPE.contains(&k) => {
                    envelope_field(ctx, k, &mut map)?;
                    listed.push(key);
                    envelope = true;
                    continue;
                }
                other => {
                    if game.field(other, &mut map)? {
                        is_game = true;
                    } else if moves
                        .field(other, &mut map)
                        .map_err(|e| in_moves(other, e))?
                    {
                        is_moves = true;
                    } else {
                        others.push(other.to_string());
                        listed.push(other.to_string());
                        map.next_value::<IgnoredAny>()?;
                        continue;
                    }
                }
            }
            known = true;
        }
        if !known {
            return Err(de::Error::custom(not_the_model(&listed, envelope)));
        }
        for other in others {
            ctx.report.report(
                JSON_UNKNOWN_FIELD,
                None,
                format!("field {other:?} is not part of sgfconv JSON: it and its value dropped"),
            );
        }
        let flat = if is_game {
            Some(game.into_flat(ctx.games, ctx.report))
        } else if is_moves {
            Some(moves.into_flat(ctx.games, ctx.report))
        } else {
            None
        };
        if let Some(flat) = flat {
            if let Err(e) = ctx.replay(flat) {
                return Err(ctx.fail(e));
            }
        }
        Ok(())
    }
}

/// The model's fields that hold no game: what it is (`format`,
/// `version`), and where a game came from (informational, in both
/// layouts).
const ENVELOPE: &[&str] = &["format", "version", "game", "file", "index", "truncated_at"];

/// Reads the value of the field `key`, one of [`ENVELOPE`].
fn envelope_field<'de, A: MapAccess<'de>>(
    ctx: &mut Ctx<'_>,
    key: &str,
    map: &mut A,
) -> Result<(), A::Error> {
    match key {
        "format" => check_format(ctx, &map.next_value::<String>()?),
        "version" => check_version(ctx, map.next_value()?),
        _ => {
            map.next_value::<IgnoredAny>()?;
        }
    }
    Ok(())
}

/// A move-list field that cannot be read: OGS game JSON has a `moves`
/// field too, of another shape; the message says it is not read.
fn in_moves<E: de::Error>(key: &str, e: E) -> E {
    if key != "moves" {
        return e;
    }
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    E::custom(format!(
        "{msg}: a move of sgfconv's move list is [\"B\", \"pd\"] (OGS game JSON, whose moves \
         are [x, y, ms], is not read yet); {EXPECTED}"
    ))
}

/// The message for an object with none of the model's fields that hold
/// a game (it has `keys`; `envelope` when some of them are the model's
/// own, such as `version`).
fn not_the_model(keys: &[String], envelope: bool) -> String {
    if keys.is_empty() {
        return format!("an empty object; {EXPECTED}");
    }
    let shown: Vec<String> = keys.iter().take(5).map(|k| format!("{k:?}")).collect();
    let more = if keys.len() > 5 { ", …" } else { "" };
    let none = if !envelope {
        "none of its fields"
    } else {
        "none of its fields that hold a game (games, nodes, moves)"
    };
    format!(
        "an object with {none} (it has {}{more}); {EXPECTED}",
        shown.join(", ")
    )
}

/// W358 for a `format` that is not ours.
fn check_format(ctx: &mut Ctx<'_>, f: &str) {
    if f != FORMAT_NAME && f != MOVES_FORMAT_NAME {
        ctx.report.report(
            JSON_UNKNOWN_VERSION,
            None,
            format!("format {f:?} is not {FORMAT_NAME:?}; read as version {VERSION}"),
        );
    }
}

/// W358 for a `version` that is not ours.
fn check_version(ctx: &mut Ctx<'_>, v: u64) {
    if v != VERSION {
        ctx.report.report(
            JSON_UNKNOWN_VERSION,
            None,
            format!("version {v} is not {VERSION}; read as version {VERSION}"),
        );
    }
}

#[derive(Default)]
struct GameDoc {
    encoding: Option<String>,
    encoding_source: Option<String>,
    confidence: Option<f32>,
    implicit_root: bool,
    meta: Vec<(String, String)>,
    /// The nodes, read straight into the compact form (a placeholder
    /// header until the game's fields are all read).
    nodes: Option<FlatGame>,
    tail: Option<String>,
}

/// An `encoding` name as a decoder name with a static lifetime.
fn encoding_name(label: Option<&str>, report: &mut Reporter) -> &'static str {
    match label {
        None => "UTF-8",
        Some(l) => match encoding_rs::Encoding::for_label(l.trim().as_bytes()) {
            Some(e) => e.name(),
            None => {
                report.report(
                    JSON_UNKNOWN_ENCODING,
                    None,
                    format!("encoding {l:?} is unknown; UTF-8 recorded instead"),
                );
                "UTF-8"
            }
        },
    }
}

impl GameDoc {
    /// Reads the value of `key` when it is a game field; `false` (and
    /// nothing read) for any other key.
    fn field<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match key {
            "encoding" => self.encoding = map.next_value()?,
            "encoding_source" => self.encoding_source = map.next_value()?,
            "confidence" => self.confidence = map.next_value()?,
            "implicit_root" => self.implicit_root = map.next_value()?,
            "meta" => self.meta = map.next_value()?,
            "nodes" => {
                // A repeated field replaces the first, as serde reads it.
                let g = self.nodes.insert(FlatGame::new(GameHeader::new(0)));
                map.next_value_seed(NodesSeed(g))?
            }
            "tail" => self.tail = map.next_value()?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn into_flat(self, index: usize, report: &mut Reporter) -> FlatGame {
        let mut header = GameHeader::new(index);
        header.encoding = encoding_name(self.encoding.as_deref(), report);
        header.encoding_source = self
            .encoding_source
            .as_deref()
            .and_then(EncodingSource::parse)
            .unwrap_or(EncodingSource::Intrinsic);
        header.confidence = self.confidence.unwrap_or(1.0);
        header.implicit_root = self.implicit_root;
        let mut g = self.nodes.unwrap_or_else(|| FlatGame::new(header.clone()));
        for (what, n) in std::mem::take(&mut g.unknown_fields) {
            let times = if n > 1 {
                format!(" (×{n})")
            } else {
                String::new()
            };
            report.report(
                JSON_UNKNOWN_FIELD,
                None,
                format!("{what}{times} is not part of sgfconv JSON: it and its value dropped"),
            );
        }
        g.header = header;
        g.meta = self.meta;
        g.tail = self.tail;
        g
    }
}
