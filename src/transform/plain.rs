//! Plain nodes: a node no rule rewrites outside the root (`;B[pd]BL[600]`,
//! most of a game), told from its properties without running the rules,
//! so that it passes them as it came ([`is_plain_node`], [`PlainBoard`]).

use super::node::BufNode;
use crate::event::Values;
use crate::props;
use crate::values;

/// A node no rule rewrites outside the root: at most one move (`B`/`W`,
/// two lower-case letters other than `tt`), no setup, none of the properties a
/// rule looks at (`S`, `KI`, `L`, `M`, `PL`, `TE`, `BM`, `DO`, `IT`, `VW`, `KO`, `ILLEGAL`, `DM GB GW UC`,
/// root properties, game information), at most one of the marks `CR MA SL
/// SQ TR` (rule 12 compares two), upper-case identifiers, one value each
/// except in markup lists. Most nodes of a game are such: `;B[pd]BL[600]`.
/// Its points lie on `board`.
pub fn is_plain_node(node: &BufNode, board: PlainBoard) -> bool {
    plain_move(
        node.props.iter().map(|p| (p.name.as_str(), p.values())),
        board,
    )
    .is_some()
}

/// Where the points of a plain node lie: its move on the first `cols`
/// columns and `rows` rows (lower-case letters, `a`–`z` at most), and, when
/// `lists`, its markup lists too (each value such a point, none twice).
/// Checking it is a byte comparison per point, without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainBoard {
    cols: u8,
    rows: u8,
    lists: bool,
}

impl Default for PlainBoard {
    fn default() -> Self {
        PlainBoard::ANY
    }
}

impl PlainBoard {
    /// Any two lower-case letters; markup lists unchecked.
    pub const ANY: PlainBoard = PlainBoard {
        cols: 26,
        rows: 26,
        lists: false,
    };

    /// A board of `cols` × `rows` (letters beyond `z` are never plain),
    /// markup lists checked too.
    pub fn new(cols: u8, rows: u8) -> Self {
        PlainBoard {
            cols: cols.min(26),
            rows: rows.min(26),
            lists: true,
        }
    }

    /// What both `self` and `other` ask for.
    pub(super) fn meet(self, other: PlainBoard) -> Self {
        PlainBoard {
            cols: self.cols.min(other.cols),
            rows: self.rows.min(other.rows),
            lists: self.lists || other.lists,
        }
    }

    /// Whether `v` is two lower-case letters on the board.
    #[inline]
    fn on(self, v: &[u8]) -> bool {
        matches!(v, [x, y] if x.wrapping_sub(b'a') < self.cols && y.wrapping_sub(b'a') < self.rows)
    }

    /// Whether every move of a run ([`Moves::sgf`]: `;B[pd]`, six bytes a
    /// move, lower-case letters) is on the board.
    #[inline]
    pub(super) fn run_on(self, sgf: &[u8]) -> bool {
        if self.cols >= 26 && self.rows >= 26 {
            return true;
        }
        let (cols, rows) = (b'a' + self.cols, b'a' + self.rows);
        sgf.chunks_exact(crate::event::MOVE_TEXT_LEN)
            .all(|m| m[3] < cols && m[4] < rows)
    }

    /// Whether the values of a markup list are plain: points on the board,
    /// none twice (lists of more than 8 values go to the rules).
    fn list_on(self, values: &Values<'_>) -> bool {
        if !self.lists {
            return true;
        }
        let mut seen = [[0u8; 2]; 8];
        if values.len() > seen.len() {
            return false;
        }
        for (k, v) in values.iter().enumerate() {
            let b = v.text().as_bytes();
            if !self.on(b) || seen[..k].iter().any(|s| s == b) {
                return false;
            }
            seen[k] = [b[0], b[1]];
        }
        true
    }
}

/// What an identifier means for [`is_plain_node`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlainRole {
    /// The node is not plain: a rule looks at this property, or the
    /// identifier is not upper-case.
    NotPlain,
    /// A move of this colour: plain when it is the node's only one, with
    /// one value of two lower-case letters on the [`PlainBoard`], not `tt`.
    Move(char),
    /// A markup list: plain with any number of values (when the
    /// [`PlainBoard`] checks lists, up to 8 points on it, none twice).
    List,
    /// A mark a point carries one of per node (`CR MA SL SQ TR`): a list,
    /// plain when it is the node's only mark.
    Mark,
    /// Any other property: plain with one value.
    Single,
    /// A property of this `FF[4]` value type (number, real, double, color,
    /// none): plain with one value valid for the type, which rule 11
    /// leaves alone ([`is_valid_as`]).
    Typed(&'static str),
}

fn plain_role_of(name: &str) -> PlainRole {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_uppercase()) {
        return PlainRole::NotPlain;
    }
    match name {
        "B" => PlainRole::Move('B'),
        "W" => PlainRole::Move('W'),
        "AB" | "AW" | "AE" | "S" | "KI" | "L" | "M" | "PL" | "TE" | "BM" | "DO" | "IT" | "VW"
        | "KO" | "SZ" | "GM" | "FF" | "CA" | "AP" | "ST" | "DM" | "GB" | "GW" | "UC"
        | "ILLEGAL" => PlainRole::NotPlain,
        "MA" | "TR" | "CR" | "SQ" | "SL" => PlainRole::Mark,
        "LB" | "AR" | "LN" | "DD" | "TB" | "TW" => PlainRole::List,
        _ => {
            let def = crate::props::lookup(name);
            if def.is_some_and(|d| d.scope == crate::props::Scope::GameInfo) {
                PlainRole::NotPlain
            } else if let Some(t) = def.and_then(simple_type) {
                PlainRole::Typed(t)
            } else {
                PlainRole::Single
            }
        }
    }
}

/// [`plain_role_of`], from a table for the one- and two-letter identifiers
/// nearly every node is made of (it is asked for every property of every
/// node). Each slot is filled the first time its identifier is asked for:
/// a process that converts one small record works out the dozen roles it
/// meets, not all 702 (start-up time).
fn plain_role(name: &str) -> PlainRole {
    use std::sync::OnceLock;
    static SHORT: [OnceLock<PlainRole>; crate::props::SHORT_KEYS] =
        [const { OnceLock::new() }; crate::props::SHORT_KEYS];
    match crate::props::short_key(name.as_bytes()).and_then(|k| SHORT.get(k)) {
        Some(slot) => *slot.get_or_init(|| plain_role_of(name)),
        None => plain_role_of(name),
    }
}

/// The colour of a plain node's move (`Some(None)` for a plain node
/// without one); `None` when the node is not plain ([`is_plain_node`]).
pub(super) fn plain_move<'a>(
    props: impl Iterator<Item = (&'a str, Values<'a>)>,
    board: PlainBoard,
) -> Option<Option<char>> {
    let mut colour = None;
    let mut marked = false;
    // A repeated identifier is for the rules (they merge it). A node of
    // more properties than `seen` holds goes to the rules too.
    let mut seen: [&str; 6] = [""; 6];
    for (k, (name, values)) in props.enumerate() {
        if k >= seen.len() || seen[..k].contains(&name) {
            return None;
        }
        seen[k] = name;
        match plain_role(name) {
            PlainRole::NotPlain => return None,
            PlainRole::Move(c) => {
                if colour.is_some() || values.len() != 1 {
                    return None;
                }
                if !values
                    .first()
                    .is_some_and(|v| board.on(v.text().as_bytes()) && v.text() != "tt")
                {
                    return None;
                }
                colour = Some(c);
            }
            PlainRole::List => {
                if !board.list_on(&values) {
                    return None;
                }
            }
            PlainRole::Mark => {
                if std::mem::replace(&mut marked, true) || !board.list_on(&values) {
                    return None;
                }
            }
            PlainRole::Single => {
                if values.len() != 1 {
                    return None;
                }
            }
            PlainRole::Typed(t) => {
                let valid = values.first().is_some_and(|v| is_valid_as(t, v.text()));
                if values.len() != 1 || !valid {
                    return None;
                }
            }
        }
    }
    Some(colour)
}

/// The `FF[4]` value types rule 11 checks by type alone (switch `types`):
/// its `type_family` has a family for each.
pub(super) const TYPES: &[&str] = &["number", "real", "double", "color", "none"];

/// The `FF[4]` value type of `def` when rule 11 checks it by type alone
/// (number, real, double, color, none, of a property `FF[4]` defines,
/// other than `KM`, `HA`, `SZ`).
pub(super) fn simple_type(def: &props::PropDef) -> Option<&'static str> {
    let by_name = matches!(def.id, "KM" | "HA" | "SZ");
    let t = def.value_type;
    (def.ff.contains('4') && !by_name && TYPES.contains(&t)).then_some(t)
}

/// Whether `value` is valid for `value_type` (one of [`simple_type`]'s),
/// so that rule 11 leaves it as it is: what the families' normalizers call
/// `Normalized::Valid`, checked without them.
pub(super) fn is_valid_as(value_type: &str, value: &str) -> bool {
    match value_type {
        "number" => values::is_number(value),
        "real" => values::is_real(value),
        "double" => matches!(value, "1" | "2"),
        "color" => matches!(value, "B" | "W"),
        "none" => value.is_empty(),
        _ => false,
    }
}
