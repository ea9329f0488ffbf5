//! Rule 11, switch `points`: point, move and point-list values of Go
//! (`GM[1]`) checked against the board of the root's `SZ`, by the checks of
//! [`crate::validate::points`] (their rules: `formats/validation.md`,
//! "Points"). Run by [`super::values::Values`] on each node it sees; plain
//! move nodes on the board never come to it ([`PlainBoard`]).
//!
//! A point off the board is kept, with a warning (`FF[4]`: an illegal move is
//! still executed). A human-readable coordinate (`B[R16]`), a word for a
//! pass (`B[Pass]`) and a rectangle whose corners are out of order
//! (`AB[cc:aa]`) are written in their SGF form, with a fixable warning
//! (the input departs from `FF[4]`). A value that is not
//! a point is kept in a move or setup property (`B`, `W`, `AB`, `AW`, `AE`:
//! the game's data) and removed from markup (`MA`, `LB`, `TB`…), with a
//! warning that says which. A point listed twice in one property is
//! removed once (a fixable warning: the list means the same set of points;
//! an error when the repeat carried a different label, which is lost).

use super::codes::{
    LABEL_REPEAT_DROPPED, NOT_GO, POINT_COORDINATE, POINT_OFF_BOARD, POINT_REMOVED, POINT_REPEATED,
    POINT_UNREADABLE, RECTANGLE_REORDERED,
};
use super::node::BufNode;
use super::plain::PlainBoard;
use super::rule::Cx;
use crate::diag::At;
use crate::event::{PropertyBuf, Value};
use crate::stone::Point;
use crate::validate::points::{self, Checked, Seen, Size};

/// What a property's values are, for the checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `B`, `W`: a move.
    Move,
    /// `AB`, `AW`, `AE`: a list of points (setup: the game's data).
    Setup,
    /// `MA`, `TR`, `CR`, `SQ`, `SL` (list), `DD`, `VW`, `TB`, `TW` (elist).
    Markup { elist: bool },
    /// `LB`: point:simpletext.
    Label,
    /// `AR`, `LN`: point:point.
    Pair,
}

/// The kind of property `id`, if it holds points; matched on bytes (it is
/// asked for every property of every node the rule sees).
fn kind(id: &str) -> Option<Kind> {
    Some(match id.as_bytes() {
        b"B" | b"W" => Kind::Move,
        b"AB" | b"AW" | b"AE" => Kind::Setup,
        b"MA" | b"TR" | b"CR" | b"SQ" | b"SL" => Kind::Markup { elist: false },
        b"DD" | b"VW" | b"TB" | b"TW" => Kind::Markup { elist: true },
        b"LB" => Kind::Label,
        b"AR" | b"LN" => Kind::Pair,
        _ => return None,
    })
}

/// The points of one game: the board, once the root is seen.
#[derive(Default)]
pub struct Points {
    /// The board of this game; `None` when it is not Go or its `SZ` is not
    /// a board size (nothing is checked).
    size: Option<Size>,
}

impl Points {
    /// Reads the board from the root (its `GM` and `SZ`, as rule 11 left
    /// them); a game that is not Go is reported ([`NOT_GO`]).
    pub fn root(&mut self, root: &BufNode, cx: &mut Cx<'_>) {
        let go = root.text("GM").is_none_or(|gm| gm.trim() == "1");
        if let (false, Some(gm)) = (go, root.get("GM")) {
            let value = gm.first_text().unwrap_or("");
            cx.report.report(NOT_GO, At::property("GM", gm.pos), || {
                format!("GM[{value}]: not Go (GM[1]): its points are not checked against the board")
            });
        }
        self.size = match root.text("SZ") {
            _ if !go => None,
            Some(sz) => Size::of_sz(sz),
            None => Some(Size::DEFAULT),
        };
    }

    /// Where plain points must lie in this game.
    pub fn plain_board(&self) -> PlainBoard {
        match self.size {
            Some(s) => PlainBoard::new(s.cols, s.rows),
            None => PlainBoard::ANY,
        }
    }

    /// Checks (and repairs) every point value of `node`.
    pub fn node(&self, node: &mut BufNode, cx: &mut Cx<'_>) {
        let Some(size) = self.size else { return };
        let mut removed = false;
        let mut aside = Vec::new();
        for p in &mut node.props {
            let Some(kind) = kind(&p.name) else { continue };
            if !one_point_on(p, kind, size) && needs_work(p, kind, size) {
                let values = check(p, kind, size, cx);
                if !values.is_empty() {
                    aside.push((p.name.clone(), values));
                }
                removed |= p.values().is_empty();
            }
        }
        if removed {
            node.props.retain(|p| !p.values().is_empty());
        }
        for (id, values) in aside {
            super::aside::set_aside(node, &id, &values);
        }
    }
}

/// What one value of `kind` is, and the points it covers (for repeats).
fn outcome(v: Value<'_>, kind: Kind, size: Size, alone: bool) -> Checked {
    match kind {
        Kind::Move => points::move_value(v.text(), size),
        Kind::Setup => points::list_value(v.text(), size, false),
        Kind::Markup { elist } => points::list_value(v.text(), size, elist && alone),
        Kind::Label => match parts(v) {
            (at, Some(_)) => points::point(at, size),
            (_, None) => Checked::NotAPoint(points::Why::NotTwoLetters),
        },
        Kind::Pair => match parts(v) {
            (a, Some(b)) => match (points::point(a, size), points::point(b, size)) {
                (Checked::Valid, Checked::Valid) => Checked::Valid,
                (bad @ Checked::NotAPoint(_), _) | (_, bad @ Checked::NotAPoint(_)) => bad,
                (off @ Checked::OffBoard(_), _) | (_, off @ Checked::OffBoard(_)) => off,
                // A coordinate in an arrow or line: too rare to rewrite.
                _ => Checked::NotAPoint(points::Why::NotTwoLetters),
            },
            (_, None) => Checked::NotAPoint(points::Why::NotTwoLetters),
        },
    }
}

/// The key a value is a repeat by: the points it covers, for a point list;
/// the point, for a label; the whole value, for an arrow or a line.
fn repeat_key(text: &str, kind: Kind) -> Option<(Point, Point)> {
    match kind {
        Kind::Move | Kind::Pair => None,
        Kind::Setup | Kind::Markup { .. } => points::covered(text),
        Kind::Label => text.split_once(':').and_then(|(at, _)| points::covered(at)),
    }
}

/// Whether `p` is one point on the board, the common case (every move of a
/// node the rules see): two bytes compared.
#[inline]
fn one_point_on(p: &PropertyBuf, kind: Kind, size: Size) -> bool {
    let values = p.values();
    let (cols, rows) = (size.cols.min(26), size.rows.min(26));
    values.len() == 1
        && !matches!(kind, Kind::Label | Kind::Pair)
        && values.first().is_some_and(|v| {
            matches!(v.text().as_bytes(), [x, y]
                if x.wrapping_sub(b'a') < cols && y.wrapping_sub(b'a') < rows)
        })
}

/// Whether `p` has a value to report or change: the cheap look, which
/// allocates nothing.
fn needs_work(p: &PropertyBuf, kind: Kind, size: Size) -> bool {
    let values = p.values();
    let alone = values.len() == 1;
    // Only a rectangle can hold another value's points: a list without one
    // (nearly all) is not compared value by value.
    let rectangles = values.iter().any(|v| v.text().contains(':'));
    if rectangles && (0..values.len()).any(|k| covered_later(p, k, kind, size).is_some()) {
        return true;
    }
    let mut seen = Seen::default();
    for (k, v) in values.iter().enumerate() {
        if outcome(v, kind, size, alone) != Checked::Valid {
            return true;
        }
        if kind == Kind::Pair {
            if values.iter().take(k).any(|w| w.text() == v.text()) {
                return true;
            }
        } else if let Some((lo, hi)) = repeat_key(v.text(), kind) {
            if !alone && seen.covers(lo, hi) {
                return true;
            }
            seen.add(lo, hi);
        }
    }
    false
}

/// Rewrites the values of `p` and reports each outcome that is not valid.
/// What becomes of a value that is no point of the board: set aside
/// ([`super::aside`]), removed (an empty one, which says nothing), or
/// replaced by its part on the board (a rectangle that reaches off it).
enum Illegal {
    Aside,
    Removed,
    Clipped(String),
}

fn illegal(text: &str, outcome: &Checked, kind: Kind, size: Size) -> Option<Illegal> {
    match outcome {
        Checked::OffBoard(_) => Some(match clipped(text, kind, size) {
            Some(part) => Illegal::Clipped(part),
            None => Illegal::Aside,
        }),
        Checked::NotAPoint(_) if matches!(kind, Kind::Move | Kind::Setup) => {
            Some(match text.trim().is_empty() {
                true => Illegal::Removed,
                false => Illegal::Aside,
            })
        }
        _ => None,
    }
}

/// The part on the board of a rectangle of a point list that reaches off
/// it (`ff:zz` on 19×19: `ff:ss`), if it has one.
fn clipped(text: &str, kind: Kind, size: Size) -> Option<String> {
    if !matches!(kind, Kind::Setup | Kind::Markup { .. }) || !text.contains(':') {
        return None;
    }
    let (lo, hi) = points::covered(text)?;
    if !size.contains(lo) {
        return None;
    }
    let hi = Point::new(hi.x.min(size.cols - 1), hi.y.min(size.rows - 1));
    Some(match lo == hi {
        true => lo.to_string(),
        false => format!("{lo}:{hi}"),
    })
}

/// A value that is no point of the board ([`illegal`]) set aside into
/// `aside` or removed, with its warning (`None`: done with), or replaced by
/// its part on the board. Returns the outcome to go on with, and whether
/// it was reported here.
#[allow(clippy::too_many_arguments)]
fn settle(
    text: &str,
    outcome: Checked,
    kind: Kind,
    size: Size,
    name: &str,
    at: At<'_>,
    cx: &mut Cx<'_>,
    aside: &mut Vec<String>,
) -> Option<(Checked, bool)> {
    let shown = super::shown(text);
    match illegal(text, &outcome, kind, size) {
        None => Some((outcome, false)),
        Some(Illegal::Aside) => {
            let code = match outcome {
                Checked::OffBoard(_) => POINT_OFF_BOARD,
                _ => POINT_UNREADABLE,
            };
            cx.report.report(code, at, || {
                let to = super::aside::shown(name, text);
                format!("{name}[{shown}]: {outcome}: moved to {to}")
            });
            aside.push(text.to_string());
            None
        }
        Some(Illegal::Removed) => {
            cx.report.report(POINT_UNREADABLE, at, || {
                format!("{name}[{shown}]: {outcome}: removed (it says nothing)")
            });
            None
        }
        Some(Illegal::Clipped(part)) => {
            cx.report.report(POINT_OFF_BOARD, at, || {
                format!("{name}[{shown}]: {outcome}: its part on the board kept, {part}")
            });
            Some((Checked::Rewritten(part, points::How::OnePoint), true))
        }
    }
}

/// Checks and repairs the values of `p`; returns the values taken out of
/// it to be set aside.
fn check(p: &mut PropertyBuf, kind: Kind, size: Size, cx: &mut Cx<'_>) -> Vec<String> {
    let old = p.clone();
    p.clear_values();
    let alone = old.values().len() == 1;
    let mut seen = Seen::default();
    let at = At::property(&old.name, old.pos);
    let name = &old.name;
    let mut aside = Vec::new();
    let rectangles = old.values().iter().any(|v| v.text().contains(':'));
    for (k, v) in old.values().iter().enumerate() {
        let shown = super::shown(v.text());
        let later = rectangles
            .then(|| covered_later(&old, k, kind, size))
            .flatten();
        if let Some(later) = later {
            cx.report.report(POINT_REPEATED, at, || {
                let later = super::shown(&later);
                format!("{name}[{shown}]: its point is listed again after it ({name}[{later}]): removed")
            });
            continue;
        }
        let Some((outcome, reported)) = settle(
            v.text(),
            outcome(v, kind, size, alone),
            kind,
            size,
            name,
            at,
            cx,
            &mut aside,
        ) else {
            continue;
        };
        let (code, what) = match &outcome {
            Checked::Valid => (None, ""),
            Checked::OffBoard(_) => (Some(POINT_OFF_BOARD), ": kept"),
            Checked::Rewritten(_, how) => {
                let code = match how {
                    points::How::Coordinate | points::How::PassWord => POINT_COORDINATE,
                    points::How::Reordered | points::How::OnePoint => RECTANGLE_REORDERED,
                };
                (Some(code), "")
            }
            Checked::NotAPoint(_) => match kind {
                Kind::Move | Kind::Setup => (Some(POINT_UNREADABLE), ": kept"),
                _ => (Some(POINT_REMOVED), ": removed"),
            },
        };
        if let Some(code) = code.filter(|_| !reported) {
            cx.report
                .report(code, at, || format!("{name}[{shown}]: {outcome}{what}"));
        }
        if code == Some(POINT_REMOVED) {
            continue;
        }
        let text = match &outcome {
            Checked::Rewritten(new, _) if kind == Kind::Label => relabel(new, v),
            Checked::Rewritten(new, _) => new.clone(),
            _ => v.text().to_string(),
        };
        if let Some(first) = repeated(&text, kind, k, &old, &mut seen, alone) {
            // A label repeated with another text loses that text.
            let differs = kind == Kind::Label && first != text;
            let code = match differs {
                true => LABEL_REPEAT_DROPPED,
                false => POINT_REPEATED,
            };
            cx.report.report(code, at, || {
                let first = super::shown(&first);
                if first == text {
                    format!("{name}[{shown}]: listed before: the repeat removed")
                } else {
                    format!(
                        "{name}[{shown}]: its point is listed before ({name}[{first}]): removed"
                    )
                }
            });
            continue;
        }
        match &outcome {
            Checked::Rewritten(..) => push(p, &text, kind),
            _ => {
                p.push_value(v);
            }
        }
    }
    aside
}

/// A later value of a point list whose rectangle holds the points of
/// value `k` and more (`AB[dd][aa:ee]`): `k` repeats them (a later value of
/// the same points is the repeat, removed by [`repeated`]).
fn covered_later(p: &PropertyBuf, k: usize, kind: Kind, size: Size) -> Option<String> {
    if !matches!(kind, Kind::Setup | Kind::Markup { .. }) {
        return None;
    }
    let values = p.values();
    let (lo, hi) = points::covered(values.get(k)?.text())?;
    values.iter().skip(k + 1).find_map(|w| {
        let (a, b) = points::covered(w.text())?;
        let holds = a.x <= lo.x && a.y <= lo.y && hi.x <= b.x && hi.y <= b.y;
        let on = size.contains(b);
        (holds && on && (a, b) != (lo, hi)).then(|| w.text().to_string())
    })
}

/// The two parts of a compose value; a `:` in a value read as plain (by a
/// reader that does not split) separates them too.
fn parts(v: Value<'_>) -> (&str, Option<&str>) {
    match v.parts() {
        (a, None) => match a.split_once(':') {
            Some((a, b)) => (a, Some(b)),
            None => (a, None),
        },
        split => split,
    }
}

/// A rewritten point in its value: the label of an `LB` kept after it.
fn relabel(point: &str, v: Value<'_>) -> String {
    match parts(v) {
        (_, Some(label)) => format!("{point}:{label}"),
        (_, None) => point.to_string(),
    }
}

/// Appends a rewritten value: a label as a compose value, as the SGF reader
/// reads it (a point list's rectangle is plain text: the reader does not
/// split it).
fn push(p: &mut PropertyBuf, text: &str, kind: Kind) {
    match text.split_once(':') {
        Some((a, b)) if kind == Kind::Label => p.push_compose(a, b),
        _ => p.push(text),
    };
}

/// The earlier value `text` (the `k`-th of `old`, as it will be written)
/// repeats, if any; otherwise records its points in `seen`.
fn repeated(
    text: &str,
    kind: Kind,
    k: usize,
    old: &PropertyBuf,
    seen: &mut Seen,
    alone: bool,
) -> Option<String> {
    if alone {
        return None;
    }
    if kind == Kind::Pair {
        let before = old.values().iter().take(k).find(|w| w.text() == text)?;
        return Some(before.text().to_string());
    }
    let (lo, hi) = repeat_key(text, kind)?;
    if !seen.covers(lo, hi) {
        seen.add(lo, hi);
        return None;
    }
    // The first earlier value with a point in common, for the message.
    let first = old.values().iter().take(k).find(|w| {
        repeat_key(w.text(), kind)
            .is_some_and(|(a, b)| a.x <= hi.x && lo.x <= b.x && a.y <= hi.y && lo.y <= b.y)
    });
    Some(first.map_or_else(|| text.to_string(), |w| w.text().to_string()))
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::super::values::Values;
    use crate::options::ValueFlags;

    /// `desc` (see [`line`]) through rule 11 with only `points` on: the SGF
    /// out and the diagnostics as `code severity message`.
    fn points(desc: &str) -> (String, Vec<String>) {
        let flags = ValueFlags {
            points: true,
            ..ValueFlags::none()
        };
        let (log, r) = run(&line(desc), |s| {
            Box::new(NodeAdapter::new(Values::new(flags), s))
        });
        let diags = r
            .collected()
            .iter()
            .map(|d| format!("{} {} {}", d.code.id, d.severity.as_str(), d.message))
            .collect();
        (sgf(&log), diags)
    }

    #[test]
    fn moves_off_the_board_are_set_aside_with_a_warning() {
        let (out, diags) = points("SZ=19;B=pd;W=zz;B=tt;W=");
        assert_eq!(out, "(;SZ[19];B[pd];ILLEGAL[W:zz];B[tt];W[])");
        assert_eq!(
            diags,
            ["W520 warning W[zz]: off the 19×19 board: moved to ILLEGAL[W:zz]"]
        );
        let (out, diags) = points("SZ=9;B=kk;W=ii");
        assert_eq!(out, "(;SZ[9];ILLEGAL[B:kk];W[ii])");
        assert_eq!(
            diags,
            ["W520 warning B[kk]: off the 9×9 board: moved to ILLEGAL[B:kk]"]
        );
        // No SZ: 19×19; tt a point on a larger board.
        let (_, diags) = points(";B=ta");
        assert_eq!(diags.len(), 1);
        let (_, diags) = points("SZ=21;B=tt;W=uu;B=vv");
        assert_eq!(
            diags,
            ["W520 warning B[vv]: off the 21×21 board: moved to ILLEGAL[B:vv]"]
        );
        let (_, diags) = points("SZ=19:13;B=sm;W=an");
        assert_eq!(
            diags,
            ["W520 warning W[an]: off the 19×13 board: moved to ILLEGAL[W:an]"]
        );
    }

    #[test]
    fn human_readable_moves_become_points() {
        let (out, diags) = points("SZ=19;B=R16;W=Pass;B=q4;W=PASS");
        assert_eq!(out, "(;SZ[19];B[qd];W[];B[pp];W[])");
        assert_eq!(
            diags,
            [
                "W521 warning B[R16]: written qd (read as a human-readable coordinate)",
                "W521 warning W[Pass]: written empty (a word for a pass)",
                "W521 warning B[q4]: written pp (read as a human-readable coordinate)",
                "W521 warning W[PASS]: written empty (a word for a pass)",
            ]
        );
        let (out, diags) = points("SZ=19;B=T20;W=p;B=I5");
        assert_eq!(out, "(;SZ[19];ILLEGAL[B:T20];ILLEGAL[W:p];ILLEGAL[B:I5])");
        assert_eq!(
            diags,
            [
                "W523 warning B[T20]: a coordinate off the 19×19 board: moved to ILLEGAL[B:T20]",
                "W523 warning W[p]: not a point (two letters): moved to ILLEGAL[W:p]",
                "W523 warning B[I5]: not a point (two letters): moved to ILLEGAL[B:I5]",
            ]
        );
    }

    #[test]
    fn other_games_and_unknown_sizes_are_not_checked() {
        let (out, diags) = points("GM=2;B=zz;W=R16");
        assert_eq!(out, "(;GM[2];B[zz];W[R16])");
        // Said once, at the root: not Go, so not checked.
        assert_eq!(
            diags,
            ["W528 warning GM[2]: not Go (GM[1]): its points are not checked against the board"]
        );
        let (_, diags) = points("SZ=huge;B=zz");
        assert!(diags.is_empty());
    }

    #[test]
    fn setup_and_markup_lists() {
        let (out, diags) =
            points("SZ=9 AB=cc:aa|dd|dd|bb AW=p_d|jj|hh:kk AE=ee:ee| MA=p|aa TR=aa|aa");
        assert_eq!(
            out,
            "(;SZ[9]AB[aa:cc][dd]AW[hh:ii]AE[ee]MA[aa]TR[aa]ILLEGAL[AW:p d][AW:jj])"
        );
        assert_eq!(
            diags,
            [
                "W522 warning AB[cc:aa]: written aa:cc (the corners in order, upper left then lower right)",
                "W525 warning AB[dd]: listed before: the repeat removed",
                "W525 warning AB[bb]: its point is listed before (AB[cc:aa]): removed",
                "W523 warning AW[p d]: not a point (two letters): moved to ILLEGAL[AW:p d]",
                "W520 warning AW[jj]: off the 9×9 board: moved to ILLEGAL[AW:jj]",
                "W520 warning AW[hh:kk]: off the 9×9 board: its part on the board kept, hh:ii",
                "W522 warning AE[ee:ee]: written ee (a rectangle of one point is the point)",
                "W523 warning AE[]: empty, not a point: removed (it says nothing)",
                "W524 warning MA[p]: not a point (two letters): removed",
                "W525 warning TR[aa]: listed before: the repeat removed",
            ]
        );
    }

    #[test]
    fn a_markup_property_left_empty_is_removed() {
        let (out, diags) = points("SZ=19;B=pd MA=x CR=dd");
        assert_eq!(out, "(;SZ[19];B[pd]CR[dd])");
        assert_eq!(diags.len(), 1);
        let (out, diags) = points("SZ=19;VW= TB=");
        assert_eq!(out, "(;SZ[19];VW[]TB[])");
        assert!(diags.is_empty());
    }

    #[test]
    fn labels_arrows_and_lines() {
        let (out, diags) = points("SZ=19;LB=dd:A|R16:B|dd:C|x AR=aa:bb|aa:bb|aa:zz LN=aa:p");
        assert_eq!(out, "(;SZ[19];LB[dd:A][qd:B]AR[aa:bb]ILLEGAL[AR:aa:zz])");
        assert_eq!(
            diags,
            [
                "W521 warning LB[R16:B]: written qd (read as a human-readable coordinate)",
                "E526 error LB[dd:C]: its point is listed before (LB[dd:A]): removed",
                "W524 warning LB[x]: not a point (two letters): removed",
                "W525 warning AR[aa:bb]: listed before: the repeat removed",
                "W520 warning AR[aa:zz]: off the 19×19 board: moved to ILLEGAL[AR:aa:zz]",
                "W524 warning LN[aa:p]: not a point (two letters): removed",
            ]
        );
    }

    #[test]
    fn valid_points_are_left_alone() {
        let (out, diags) =
            points("SZ=19 AB=aa:ss|tt;B=pd LB=dd:x|ee:x MA=aa|bb TB=aa:cc|dd AR=aa:bb|bb:aa");
        assert!(out.contains("LB[dd:x][ee:x]MA[aa][bb]TB[aa:cc][dd]AR[aa:bb][bb:aa]"));
        // tt is off 19×19 in a list (a pass only as a move).
        assert_eq!(
            diags,
            ["W520 warning AB[tt]: off the 19×19 board: moved to ILLEGAL[AB:tt]"]
        );
    }

    /// A point listed before a rectangle that holds it is the repeat too.
    #[test]
    fn a_point_before_a_rectangle_that_holds_it_is_a_repeat() {
        let (out, diags) = points("SZ=19 AB=dd|aa:ee|ff MA=bb:cc|aa:dd|bb:cc");
        assert_eq!(out, "(;SZ[19]AB[aa:ee][ff]MA[aa:dd])");
        assert_eq!(
            diags,
            [
                "W525 warning AB[dd]: its point is listed again after it (AB[aa:ee]): removed",
                "W525 warning MA[bb:cc]: its point is listed again after it (MA[aa:dd]): removed",
                "W525 warning MA[bb:cc]: listed before: the repeat removed",
            ]
        );
    }
}
