//! Dialect rule 11: game-info values in their `FF[4]` forms.
//! `DT` becomes an ISO date, `TM` seconds, `RE` an `FF[4]` result, `KM`,
//! `HA` and `SZ` plain numbers, and a line break in a simpletext value a
//! space, by the normalizers of [`crate::values`] (their rules:
//! `formats/validation.md`); the number, real, double, color and none
//! values of the other `FF[4]` properties (`MN`, `BL`, `BM`, `PL`, `KO`…)
//! are repaired where their intent is certain (switch `types`), and the
//! points of Go are checked against `SZ` ([`super::points`], switch
//! `points`). It runs last of the node rules, on what the
//! kifu, `FF[3]` and Fox rules have already made of these values.
//!
//! A value already in its `FF[4]` form is left alone; a rewrite is a
//! fixable warning (the value departed from `FF[4]`). Nothing is dropped
//! (the severity rule of `formats/validation.md`): a value whose `FF[4]`
//! form would leave part of it out is kept as it is (`W515`), except a
//! `TM` overtime, which goes to `OT`; a value that is ambiguous or cannot
//! be read is kept as it is, with a warning that says why.

use super::codes::{
    DATE_REWRITTEN, DATE_UNREADABLE, HANDICAP_REWRITTEN, HANDICAP_UNREADABLE, KOMI_REWRITTEN,
    KOMI_UNREADABLE, RESULT_REWRITTEN, RESULT_UNREADABLE, SIMPLETEXT_NEWLINE, SIZE_REWRITTEN,
    SIZE_UNREADABLE, TIME_REWRITTEN, TIME_UNREADABLE, TYPE_REWRITTEN, TYPE_UNREADABLE, VALUE_EMPTY,
    VALUE_NOT_REWRITTEN, VALUE_RESPELLED,
};
use super::node::BufNode;
use super::plain::PlainBoard;
use super::points::Points;
use super::rule::{Cx, NodeRule};
use crate::diag::{At, Code};
use crate::event::PropertyBuf;
use crate::options::ValueFlags;
use crate::props;
use crate::values::{self, Normalized, Problem, Reading, Rewrite};

/// How one kind of value is normalized and reported.
struct Family {
    normalize: fn(&str) -> Normalized,
    rewritten: Code,
    unreadable: Code,
}

impl Family {
    const fn new(normalize: fn(&str) -> Normalized, rewritten: Code, unreadable: Code) -> Self {
        Family {
            normalize,
            rewritten,
            unreadable,
        }
    }
}

static DATE: Family = Family::new(values::date, DATE_REWRITTEN, DATE_UNREADABLE);
static TIME: Family = Family::new(values::time, TIME_REWRITTEN, TIME_UNREADABLE);
static RESULT: Family = Family::new(values::result, RESULT_REWRITTEN, RESULT_UNREADABLE);
static KOMI: Family = Family::new(values::komi, KOMI_REWRITTEN, KOMI_UNREADABLE);
static HANDICAP: Family = Family::new(values::handicap, HANDICAP_REWRITTEN, HANDICAP_UNREADABLE);
static SIZE: Family = Family::new(values::size, SIZE_REWRITTEN, SIZE_UNREADABLE);
/// Simpletext folding never fails: both codes are the same.
static SIMPLETEXT: Family =
    Family::new(values::simple_text, SIMPLETEXT_NEWLINE, SIMPLETEXT_NEWLINE);

static NUMBER: Family = Family::new(values::number, TYPE_REWRITTEN, TYPE_UNREADABLE);
static REAL: Family = Family::new(values::real, TYPE_REWRITTEN, TYPE_UNREADABLE);
/// `BL`, `WL`: reals in seconds, read as `TM` is (`0:07:42`).
static TIME_LEFT: Family = Family::new(values::time_left, TYPE_REWRITTEN, TYPE_UNREADABLE);
static DOUBLE: Family = Family::new(double, TYPE_REWRITTEN, TYPE_UNREADABLE);
static COLOR: Family = Family::new(values::color, TYPE_REWRITTEN, TYPE_UNREADABLE);
static NONE: Family = Family::new(none, TYPE_REWRITTEN, TYPE_UNREADABLE);

/// A Double ([`values::double`]), and where its intent is certain even
/// so: empty is the normal value `1` (FF[1]: "the normal value for such
/// properties is one"), and a number out of range is the nearest of `1`
/// and `2` (`BM[3]` → `2`, `BM[0]` → `1`).
fn double(value: &str) -> Normalized {
    let nearest = |n: &str| {
        let one = n.starts_with('-') || n.trim_start_matches(['+', '0']).is_empty();
        Normalized::Rewritten(Rewrite::new(if one { "1" } else { "2" }, Reading::Nearest))
    };
    match values::double(value) {
        Normalized::Unparsed(Problem::Empty) => {
            Normalized::Rewritten(Rewrite::new("1", Reading::EmptyAsNormal))
        }
        Normalized::Unparsed(p) => match values::number(value) {
            Normalized::Valid => nearest(value),
            Normalized::Rewritten(r) => nearest(&r.value),
            _ => Normalized::Unparsed(p),
        },
        other => other,
    }
}

/// A None value: empty; anything else is left out (`KO[x]` → `KO[]`), as
/// the property says all it says by being there.
fn none(value: &str) -> Normalized {
    if value.is_empty() {
        Normalized::Valid
    } else {
        Normalized::Rewritten(Rewrite::new("", Reading::NoValue).dropping(value))
    }
}

/// The family of an `FF[4]` value type other than simpletext, if it has
/// one.
fn type_family(value_type: &str) -> Option<&'static Family> {
    Some(match value_type {
        "number" => &NUMBER,
        "real" => &REAL,
        "double" => &DOUBLE,
        "color" => &COLOR,
        "none" => &NONE,
        _ => return None,
    })
}

/// The rule: which families run.
pub struct Values {
    flags: ValueFlags,
    /// The point checks (switch `points`), with the board of the game.
    points: Points,
}

impl Values {
    pub fn new(flags: ValueFlags) -> Self {
        Values {
            flags,
            points: Points::default(),
        }
    }

    /// The family of property `id` (an `FF[4]` identifier), if it is on.
    fn family(&self, id: &str) -> Option<&'static Family> {
        let f = self.flags;
        let (on, family) = match id {
            "DT" => (f.dates, &DATE),
            "TM" => (f.times, &TIME),
            "RE" => (f.results, &RESULT),
            "KM" => (f.numbers, &KOMI),
            "HA" => (f.numbers, &HANDICAP),
            "SZ" => (f.numbers, &SIZE),
            // Moves and comments, most of what a game holds, are not
            // simpletext: no table look-up for them.
            "B" | "W" | "C" => return None,
            "BL" | "WL" => (f.types, &TIME_LEFT),
            _ => {
                let def = props::lookup(id)?;
                if def.value_type == "simpletext" {
                    (f.simpletext, &SIMPLETEXT)
                } else if !def.ff.contains('4') {
                    // Properties of older versions or dialects only: their
                    // rules, not FF[4]'s.
                    return None;
                } else {
                    (f.types, type_family(def.value_type)?)
                }
            }
        };
        on.then_some(family)
    }
}

impl NodeRule for Values {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        // `KO`, `IT`, `DO` (type none) belong with a move: in a node
        // without one (a root's `KO` is the kifu dialect's komi, which the
        // kifu rule could not read) the value is kept as it is.
        let has_move = node.props.iter().any(|p| p.name == "B" || p.name == "W");
        super::aside::report_found(&node, cx);
        if self.flags.times && cx.is_root {
            overtime_to_ot(&mut node, cx);
        }
        if self.flags.results {
            result_with_rest(&mut node, cx);
        }
        let mut aside = Vec::new();
        for p in &mut node.props {
            match self.family(&p.name) {
                Some(family) if has_move || !std::ptr::eq(family, &NONE) => {
                    let values = normalize(p, family, cx);
                    if !values.is_empty() {
                        aside.push((p.name.clone(), values));
                    }
                }
                _ => {}
            }
        }
        if !aside.is_empty() {
            node.props.retain(|p| !p.values().is_empty());
        }
        for (id, values) in aside {
            super::aside::set_aside(&mut node, &id, &values);
        }
        if self.flags.points {
            if cx.is_root {
                self.points.root(&node, cx);
            }
            self.points.node(&mut node, cx);
        }
        out.push(node);
    }

    fn plain_board(&self) -> PlainBoard {
        match self.flags.points {
            true => self.points.plain_board(),
            false => PlainBoard::ANY,
        }
    }
}

/// `TM[5:00:00(5x1:00)]`: the main time in `TM` (seconds) and the
/// overtime in `OT`, where `OT` is absent or already says the same; else
/// `TM` is left to [`normalize`], which keeps it as it is (`W515`), since
/// its seconds alone would leave the overtime out.
fn overtime_to_ot(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(i) = node.props.iter().position(|p| p.name == "TM") else {
        return;
    };
    let tm = &node.props[i];
    let [v] = tm.values().iter().collect::<Vec<_>>()[..] else {
        return;
    };
    let Normalized::Rewritten(r) = values::time(v.text()) else {
        return;
    };
    let Some(dropped) = &r.dropped else {
        return;
    };
    let ot = overtime_text(dropped);
    let same = |p: &PropertyBuf| p.name == "OT" && p.first_text().map(str::trim) == Some(ot);
    let ot_at = node.props.iter().position(|p| p.name == "OT");
    if ot.is_empty() || ot_at.is_some_and(|j| !same(&node.props[j])) {
        return;
    }
    let (old, pos) = (super::shown(v.text()), tm.pos);
    let tm = &mut node.props[i];
    tm.clear_values();
    tm.push(&r.value);
    if ot_at.is_none() {
        let p = PropertyBuf::with_values("OT", &[ot]).at(pos);
        node.props.insert(i + 1, p);
    }
    cx.report
        .report(TIME_REWRITTEN, At::property("TM", pos), || {
            let main = Rewrite::new(r.value.as_str(), r.reading);
            format!("TM[{old}]: {main}, the overtime in OT[{ot}]")
        });
}

/// The overtime part of a `TM` value as `OT` holds it: `(5x1:00)` →
/// `5x1:00`, `+ 30 seconds byoyomi` → `30 seconds byoyomi`.
fn overtime_text(dropped: &str) -> &str {
    let t = dropped.trim();
    let t = t.strip_prefix('+').unwrap_or(t).trim();
    match t.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        Some(inner) => inner.trim(),
        None => t,
    }
}

/// A result whose `FF[4]` form leaves part of it out (`RE[Black resigns.
/// W 133.5 B 81.0]`: the count when the game stopped; a move count; a
/// remark after `?`): `RE` takes the `FF[4]` form and the value as
/// written goes to the game comment `GC` (a line of its own after what
/// `GC` holds), where `FF[4]` keeps what says more about the game, so
/// that nothing is lost (`formats/validation.md`, "What RE cannot carry").
fn result_with_rest(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(re) = node.get("RE").filter(|p| p.values().len() == 1) else {
        return;
    };
    let (pos, written) = (re.pos, re.first_text().unwrap_or("").to_owned());
    let Normalized::Rewritten(r) = values::result(&written) else {
        return;
    };
    let Some(rest) = &r.dropped else {
        return;
    };
    let line = format!("Result as written: {written}");
    let gc = match node.text("GC") {
        Some(gc) if !gc.is_empty() => format!("{gc}\n{line}"),
        _ => line,
    };
    node.set("RE", &r.value, pos);
    node.set("GC", &gc, pos);
    let at = At::property("RE", pos);
    cx.report
        .report(RESULT_REWRITTEN, at, || {
            format!(
                "RE[{}]: written {} ({}); what it cannot carry ({rest}) kept with the value as written in GC",
                super::shown(&written),
                r.value,
                r.reading
            )
        });
}

/// Whether `v` is certainly a valid value of `family` without running its
/// normalizer: the common forms only (`DT[2016-03-09]` with a day that
/// every month has, `SZ[19]`, a plain `KM[6.5]` or `HA[2]`). Anything else
/// goes through the normalizer, which says the same of these.
fn surely_valid(family: &Family, v: &str) -> bool {
    let b = v.as_bytes();
    let digits = |r: &[u8]| !r.is_empty() && r.iter().all(u8::is_ascii_digit);
    let number = |r: &[u8]| digits(r) && r.len() <= 3 && (r[0] != b'0' || r.len() == 1);
    if std::ptr::eq(family, &DATE) {
        let two = |i: usize| (b[i] - b'0') * 10 + (b[i + 1] - b'0');
        b.len() == 10
            && digits(&b[..4])
            && b[4] == b'-'
            && digits(&b[5..7])
            && b[7] == b'-'
            && digits(&b[8..])
            && (1..=12).contains(&two(5))
            && (1..=28).contains(&two(8))
    } else if std::ptr::eq(family, &SIZE) {
        matches!(v, "19" | "13" | "9")
    } else if std::ptr::eq(family, &HANDICAP) {
        matches!(v, "0" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9")
    } else if std::ptr::eq(family, &KOMI) {
        let body = b.strip_prefix(b"-").unwrap_or(b);
        match body.iter().position(|&c| c == b'.') {
            None => number(body),
            Some(i) => number(&body[..i]) && body.len() - i == 2 && digits(&body[i + 1..]),
        }
    } else {
        false
    }
}

/// Whether an ambiguous or unreadable value of `family` is illegal FF[4]
/// (a number, real, double or color that is none): it is set aside
/// ([`super::aside`]). Dates, times and results are text: any value is
/// legal there, and is kept.
fn sets_aside(family: &Family) -> bool {
    ![&DATE, &TIME, &RESULT, &SIMPLETEXT]
        .iter()
        .any(|f| std::ptr::eq(family, *f))
}

/// Normalizes every value of `p`, replacing the rewritten ones and
/// reporting each outcome that is not [`Normalized::Valid`]. Returns the
/// values taken out of `p` to be set aside ([`sets_aside`]).
fn normalize(p: &mut PropertyBuf, family: &Family, cx: &mut Cx<'_>) -> Vec<String> {
    if std::ptr::eq(family, &SIMPLETEXT) {
        simple_text(p, cx);
        return Vec::new();
    }
    // Most values are already in their FF[4] form: a cheap look first, the
    // normalizer (and its allocations) only for the others.
    if p.values().iter().all(|v| surely_valid(family, v.text())) {
        return Vec::new();
    }
    let outcomes: Vec<Normalized> = p
        .values()
        .iter()
        .map(|v| (family.normalize)(v.text()))
        .collect();
    if outcomes.iter().all(|o| *o == Normalized::Valid) {
        return Vec::new();
    }
    let mut aside = Vec::new();
    let moved = |o: &Normalized| sets_aside(family) && illegal(o);
    if outcomes.iter().all(kept) && !outcomes.iter().any(moved) {
        // Kept as they are (ambiguous, unreadable, or a rewrite that would
        // leave a part out): reported, not copied.
        for (v, outcome) in p.values().iter().zip(&outcomes) {
            if let Some(code) = kept_code(family, outcome) {
                let at = At::property(&p.name, p.pos);
                cx.report
                    .report(code, at, || kept_message(&p.name, v.text(), outcome));
            }
        }
        return aside;
    }
    let old = p.clone();
    p.clear_values();
    for (v, outcome) in old.values().iter().zip(&outcomes) {
        let at = At::property(&old.name, old.pos);
        match kept_code(family, outcome) {
            None if *outcome == Normalized::Valid => {
                p.push_value(v);
            }
            None => {
                if let Normalized::Rewritten(r) = outcome {
                    push(p, &r.value);
                }
                let code = match outcome {
                    Normalized::Rewritten(r) if only_padding(v.text(), &r.value) => VALUE_RESPELLED,
                    Normalized::Rewritten(_)
                        if std::ptr::eq(family, &DATE) && padded_date(v.text()) =>
                    {
                        VALUE_RESPELLED
                    }
                    _ => family.rewritten,
                };
                cx.report.report(code, at, || {
                    format!("{}[{}]: {outcome}", old.name, super::shown(v.text()))
                });
            }
            Some(_) if moved(outcome) => {
                aside.push(v.text().to_string());
                cx.report.report(family.unreadable, at, || {
                    let why = match outcome {
                        Normalized::Unparsed(problem) => problem.to_string(),
                        other => other.to_string(),
                    };
                    format!(
                        "{}[{}]: {why}: not a value FF[4] allows, moved to {}",
                        old.name,
                        super::shown(v.text()),
                        super::aside::shown(&old.name, v.text())
                    )
                });
            }
            Some(code) => {
                p.push_value(v);
                cx.report
                    .report(code, at, || kept_message(&old.name, v.text(), outcome));
            }
        }
    }
    aside
}

/// Whether a value is one `FF[4]` does not allow, which a family that
/// [`sets_aside`] moves to `ILLEGAL`: ambiguous, unreadable or empty (a
/// strict reader refuses `PL[]` as it refuses `PL[red]`; an empty text
/// value, `TM[]`, is kept: `I517`).
fn illegal(outcome: &Normalized) -> bool {
    matches!(outcome, Normalized::Ambiguous(_) | Normalized::Unparsed(_))
}

/// Whether a value stays as it is: valid, or a rewrite this rule does not
/// make (see [`kept_code`]).
fn kept(outcome: &Normalized) -> bool {
    match outcome {
        Normalized::Rewritten(r) => r.dropped.is_some(),
        _ => true,
    }
}

/// The code of a value kept as it is, if it is not valid: a value that
/// cannot be read, or one whose `FF[4]` form would leave part of it out
/// (nothing is dropped: the severity rule of `formats/validation.md`).
fn kept_code(family: &Family, outcome: &Normalized) -> Option<Code> {
    match outcome {
        Normalized::Valid => None,
        Normalized::Rewritten(r) if r.dropped.is_none() => None,
        Normalized::Rewritten(_) => Some(VALUE_NOT_REWRITTEN),
        Normalized::Unparsed(Problem::Empty) => Some(VALUE_EMPTY),
        Normalized::Ambiguous(_) | Normalized::Unparsed(_) => Some(family.unreadable),
    }
}

/// Whether the date `old` is valid `FF[4]` once each month and day of one
/// digit gets its zero (`2000-9-14,2000-9-21`, whose `FF[4]` form the
/// normalizer writes with a shortcut, `2000-09-14,21`).
fn padded_date(old: &str) -> bool {
    let b = old.trim().as_bytes();
    let mut padded = String::with_capacity(b.len() + 4);
    for (i, &c) in b.iter().enumerate() {
        let single = c.is_ascii_digit()
            && i > 0
            && b[i - 1] == b'-'
            && !b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if single {
            padded.push('0');
        }
        padded.push(c as char);
    }
    values::date(&padded) == Normalized::Valid
}

/// Whether `new` is `old` with only zero padding, letter case or white
/// space around it changed (`2000-7-20` → `2000-07-20`): the same value to
/// every reader, an exact respelling (`I516`).
fn only_padding(old: &str, new: &str) -> bool {
    fn unpadded(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut in_digits = false;
        let mut chars = s.trim().chars().peekable();
        while let Some(c) = chars.next() {
            let leading_zero =
                c == '0' && !in_digits && chars.peek().is_some_and(|n| n.is_ascii_digit());
            in_digits = c.is_ascii_digit() && !leading_zero;
            if !leading_zero {
                out.push(c.to_ascii_lowercase());
            }
        }
        out
    }
    unpadded(old) == unpadded(new)
}

/// The message of a value kept as it is: what it reads as, and that it was
/// kept.
fn kept_message(name: &str, value: &str, outcome: &Normalized) -> String {
    let shown = super::shown(value);
    match outcome {
        Normalized::Rewritten(r) => format!(
            "{name}[{shown}]: its FF[4] form {name}[{}] would leave out `{}`: kept as it is",
            super::shown(&r.value),
            super::shown(r.dropped.as_deref().unwrap_or_default())
        ),
        _ => format!("{name}[{shown}]: {outcome}"),
    }
}

/// [`normalize`] for simpletext: each line break or other white space a
/// space, in the property's own text ([`values::simple_text_in_place`]),
/// so that a huge value with a line break costs no copy. The
/// same values and reports as the normalizer, [`values::simple_text`].
fn simple_text(p: &mut PropertyBuf, cx: &mut Cx<'_>) {
    let white = |v: &str| v.bytes().any(values::is_white);
    if !p.values().iter().any(|v| white(v.text())) {
        return;
    }
    // How the reports show the values before: what they keep of them.
    let before: Vec<Option<String>> = (p.values().iter())
        .map(|v| white(v.text()).then(|| super::shown(v.text())))
        .collect();
    p.rewrite_in_place(values::simple_text_in_place);
    for (v, before) in p.values().iter().zip(before) {
        let Some(before) = before else {
            continue;
        };
        let at = At::property(&p.name, p.pos);
        cx.report.report(SIMPLETEXT.rewritten, at, || {
            let outcome = Normalized::Rewritten(Rewrite::new(v.text(), Reading::Spelling));
            format!("{}[{before}]: {outcome}", p.name)
        });
    }
}

/// Appends a rewritten value: `19:13` (a size) as a compose value, as the
/// SGF reader reads it.
fn push(p: &mut PropertyBuf, value: &str) {
    match value.split_once(':') {
        Some((a, b)) if p.name == "SZ" => p.push_compose(a, b),
        _ => p.push(value),
    };
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;
    use crate::diag::Severity;

    /// The plain-node test (`plain::simple_type`) knows the types this rule
    /// checks by type alone: the types that have a family here.
    #[test]
    fn the_types_checked_by_type_are_those_with_a_family() {
        let all = [
            "number",
            "real",
            "double",
            "color",
            "none",
            "simpletext",
            "text",
            "point",
        ];
        for t in all {
            let listed = super::super::plain::TYPES.contains(&t);
            assert_eq!(type_family(t).is_some(), listed, "{t}");
        }
    }
    use crate::game::Game;

    #[test]
    fn the_quick_look_agrees_with_the_normalizers() {
        let cases: &[(&Family, &str)] = &[
            (&DATE, "2016-03-09"),
            (&DATE, "1999-12-28"),
            (&DATE, "2001-02-01"),
            (&SIZE, "19"),
            (&SIZE, "13"),
            (&SIZE, "9"),
            (&HANDICAP, "0"),
            (&HANDICAP, "2"),
            (&HANDICAP, "9"),
            (&KOMI, "6.5"),
            (&KOMI, "7.5"),
            (&KOMI, "0"),
            (&KOMI, "-0.5"),
            (&KOMI, "375"),
        ];
        for (family, v) in cases {
            assert!(surely_valid(family, v), "{v} is a common valid form");
            assert_eq!((family.normalize)(v), Normalized::Valid, "{v}");
        }
        for (family, v) in [
            (&DATE, "2016-02-30"),
            (&DATE, "2016-3-9"),
            (&SIZE, "19x19"),
            (&KOMI, "6,5"),
            (&KOMI, "6.50"),
            (&HANDICAP, "2 stones"),
        ] {
            assert!(!surely_valid(family, v), "{v} goes to the normalizer");
        }
    }

    /// One root node with these properties, run through the rule with
    /// `flags`: the SGF out and the codes with their severities.
    fn root(props: &[(&str, &str)], flags: ValueFlags) -> (String, Vec<(String, Severity)>) {
        let mut g = Game::default();
        for (id, v) in props {
            g.root_mut().push_buf(&PropertyBuf::with_values(*id, &[*v]));
        }
        let (log, r) = run(&g, |s| Box::new(NodeAdapter::new(Values::new(flags), s)));
        let diags = r
            .collected()
            .iter()
            .map(|d| (d.code.id.to_string(), d.severity))
            .collect();
        (sgf(&log), diags)
    }

    #[test]
    fn the_example_of_the_issue() {
        let (out, diags) = root(
            &[
                ("GM", "1"),
                ("SZ", "19"),
                ("PB", "Lee\nSedol"),
                ("KM", "6,5"),
                ("DT", "August 1, 2001"),
                ("TM", "1 hour"),
                ("RE", "Black resigns"),
                ("HA", "2 stones"),
            ],
            ValueFlags::all(),
        );
        assert_eq!(
            out,
            "(;GM[1]SZ[19]PB[Lee Sedol]KM[6.5]DT[2001-08-01]TM[3600]RE[W+R]HA[2])"
        );
        let ids: Vec<&str> = diags.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(ids, ["W512", "W506", "W500", "W502", "W504", "W508"]);
        assert!(diags.iter().all(|(_, s)| *s == Severity::Warning));
    }

    #[test]
    fn valid_values_are_left_alone() {
        let props = [
            ("DT", "1996-05-06,07"),
            ("TM", "3600"),
            ("RE", "B+Resign"),
            ("KM", "7.50"),
            ("HA", "3"),
            ("SZ", "19"),
            ("PB", "Lee Sedol"),
            ("C", "two\nlines"),
        ];
        let (out, diags) = root(&props, ValueFlags::all());
        assert_eq!(
            out,
            "(;DT[1996-05-06,07]TM[3600]RE[B+Resign]KM[7.50]HA[3]SZ[19]PB[Lee Sedol]C[two\nlines])"
        );
        assert!(diags.is_empty());
    }

    #[test]
    fn a_value_whose_ff4_form_leaves_a_part_out_is_kept() {
        // A result: its FF[4] form, the value as written kept in GC.
        let (out, diags) = root(&[("RE", "B+R after 211 moves")], ValueFlags::all());
        assert_eq!(out, "(;RE[B+R]GC[Result as written: B+R after 211 moves])");
        assert_eq!(diags, [("W504".to_string(), Severity::Warning)]);
        // A date with a time of day: kept as it is.
        let (out, diags) = root(&[("DT", "2004-10-27 16:01:54")], ValueFlags::all());
        assert_eq!(out, "(;DT[2004-10-27 16:01:54])");
        assert_eq!(diags, [("W515".to_string(), Severity::Warning)]);
    }

    #[test]
    fn ambiguous_and_unreadable_values_are_kept_or_set_aside_with_a_warning() {
        let (out, diags) = root(
            &[
                ("DT", "03/04/2005"),
                ("RE", "nonsense words"),
                ("SZ", "huge"),
            ],
            ValueFlags::all(),
        );
        // Text (a date, a result) is kept; a size that is none is set
        // aside, where strict readers pass over it.
        assert_eq!(out, "(;DT[03/04/2005]RE[nonsense words]ILLEGAL[SZ:huge])");
        let ids: Vec<&str> = diags.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(ids, ["W501", "W505", "W511"]);
    }

    #[test]
    fn zero_padding_and_empty_values_are_info() {
        let props = [("DT", "2000-7-20"), ("TM", ""), ("RE", "b+r")];
        let (out, diags) = root(&props, ValueFlags::all());
        assert_eq!(out, "(;DT[2000-07-20]TM[]RE[B+R])");
        let ids: Vec<&str> = diags.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(ids, ["I516", "I517", "I516"]);
        assert!(only_padding(" 2000-7-5", "2000-07-05"));
        assert!(!only_padding("6,5", "6.5"));
        assert!(!only_padding("2000-7-20", "2000-07-21"));
        assert!(!only_padding("10", "1"));
        assert!(padded_date("2000-9-14,2000-9-21"));
        assert!(!padded_date("14.9.2000"));
    }

    #[test]
    fn an_overtime_goes_to_ot() {
        let (out, diags) = root(&[("TM", "5:00:00(5x1:00)")], ValueFlags::all());
        assert_eq!(out, "(;TM[18000]OT[5x1:00])");
        assert_eq!(diags, [("W502".to_string(), Severity::Warning)]);
        let same = [
            ("TM", "1 hour + 30 seconds byoyomi"),
            ("OT", "30 seconds byoyomi"),
        ];
        let (out, _) = root(&same, ValueFlags::all());
        assert_eq!(out, "(;TM[3600]OT[30 seconds byoyomi])");
    }

    #[test]
    fn an_overtime_beside_another_ot_keeps_the_time() {
        let props = [("TM", "5:00:00(5x1:00)"), ("OT", "3x30 byo-yomi")];
        let (out, diags) = root(&props, ValueFlags::all());
        assert_eq!(out, "(;TM[5:00:00(5x1:00)]OT[3x30 byo-yomi])");
        assert_eq!(diags, [("W515".to_string(), Severity::Warning)]);
    }

    #[test]
    fn a_size_rewrite_is_a_compose_value() {
        let (out, _) = root(&[("SZ", "19 by 13")], ValueFlags::all());
        assert_eq!(out, "(;SZ[19:13])");
    }

    #[test]
    fn each_family_can_be_switched_off() {
        let props = [
            ("DT", "2001/8/1"),
            ("TM", "1 hour"),
            ("RE", "b+r"),
            ("KM", "6,5"),
            ("PB", "a\nb"),
        ];
        let (out, diags) = root(&props, ValueFlags::none());
        assert_eq!(out, "(;DT[2001/8/1]TM[1 hour]RE[b+r]KM[6,5]PB[a\nb])");
        assert!(diags.is_empty());
        let flags = ValueFlags {
            dates: false,
            ..ValueFlags::all()
        };
        let (out, _) = root(&props, flags);
        assert_eq!(out, "(;DT[2001/8/1]TM[3600]RE[B+R]KM[6.5]PB[a b])");
    }

    #[test]
    fn rewritten_values_are_valid_the_second_time() {
        let props = [
            ("DT", "August 1, 2001"),
            ("RE", "Black resigns"),
            ("SZ", "19x13"),
        ];
        let (once, _) = root(&props, ValueFlags::all());
        assert_eq!(once, "(;DT[2001-08-01]RE[W+R]SZ[19:13])");
        let again = [("DT", "2001-08-01"), ("RE", "W+R"), ("SZ", "19:13")];
        let (_, diags) = root(&again, ValueFlags::all());
        assert!(diags.is_empty());
    }

    #[test]
    fn the_other_value_types_are_repaired_where_certain() {
        let props = [
            ("TE", ""),
            ("BM", "3"),
            ("GB", "0"),
            ("DM", "-4"),
            ("PL", "black"),
            ("MN", " 12"),
            ("BL", "60,5"),
            ("V", ".5"),
            ("B", "pd"),
            ("KO", "x"),
        ];
        let (out, diags) = root(&props, ValueFlags::all());
        assert_eq!(
            out,
            "(;TE[1]BM[2]GB[1]DM[1]PL[B]MN[12]BL[60.5]V[0.5]B[pd]KO[x])"
        );
        let ids: Vec<&str> = diags.iter().map(|(c, _)| c.as_str()).collect();
        let mut want = ["W513"; 9];
        // `MN[ 12]`: only the white space around it.
        want[5] = "I516";
        want[8] = "W515";
        assert_eq!(ids, want);
    }

    #[test]
    fn valid_values_of_the_other_types_are_left_alone() {
        let props = [
            ("TE", "2"),
            ("BM", "1"),
            ("PL", "W"),
            ("MN", "+7"),
            ("OB", "3"),
            ("WL", "12.50"),
            ("V", "-3"),
            ("IT", ""),
            ("DO", ""),
        ];
        let (out, diags) = root(&props, ValueFlags::all());
        assert_eq!(out, "(;TE[2]BM[1]PL[W]MN[+7]OB[3]WL[12.50]V[-3]IT[]DO[])");
        assert!(diags.is_empty());
    }

    #[test]
    fn other_unreadable_values_are_set_aside_with_a_warning() {
        let props = [("TE", "x"), ("PL", "red"), ("MN", "1.5"), ("BL", "1,500")];
        let (out, diags) = root(&props, ValueFlags::all());
        assert_eq!(out, "(;ILLEGAL[TE:x][PL:red][MN:1.5][BL:1,500])");
        assert!(diags
            .iter()
            .all(|(c, s)| c == "W514" && *s == Severity::Warning));
        assert_eq!(diags.len(), 4);
    }

    #[test]
    fn the_types_switch_leaves_the_other_types_alone() {
        let flags = ValueFlags {
            types: false,
            ..ValueFlags::all()
        };
        let props = [("BM", "3"), ("B", "pd"), ("KO", "x"), ("KM", "6,5")];
        let (out, _) = root(&props, flags);
        assert_eq!(out, "(;BM[3]B[pd]KO[x]KM[6.5])");
    }

    #[test]
    fn properties_of_older_versions_only_are_not_typed_by_ff4() {
        // CH (double) and LT (none) are FF[1]–FF[3] only.
        let (out, diags) = root(&[("CH", "3"), ("LT", "x")], ValueFlags::all());
        assert_eq!(out, "(;CH[3]LT[x])");
        assert!(diags.is_empty());
    }
}
