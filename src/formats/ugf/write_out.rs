//! What every part of the UGF writer writes through.
//!
//! What every part of the UGF writer writes through: [`Ctx`], the text
//! being made (CRLF lines), the grid points are written in, and the
//! [`Losses`] listed in one warning per game; comment lines escaped where a
//! reader would take them for syntax.

use super::*;
use crate::game::{Game, Node};
use crate::stone::Point;
use std::borrow::Cow;
use std::collections::BTreeSet;

/// What the writer could not carry, listed in one warning per game.
#[derive(Default)]
pub(super) struct Losses(pub(super) BTreeSet<String>);

impl Losses {
    pub(super) fn add(&mut self, what: impl Into<String>) {
        self.0.insert(what.into());
    }
}

/// Root properties that describe the SGF file, not the game: not listed
/// as losses.
pub(super) const FILE_PROPS: &[&str] = &["FF", "GM", "CA", "ST", "AP"];

/// What a node below the root can carry, on the main line and in a review tree.
pub(super) const NODE_PROPS: &[&str] = &[
    "B",
    "W",
    "C",
    "LB",
    PROP_SECONDS,
    PROP_PLAYER,
    "AB",
    "AW",
    "AE",
];

/// Lines of comment text that a reader would take for syntax get a
/// leading `'`.
fn escape_line<'a>(line: &'a str, review: bool, losses: &mut Losses) -> Cow<'a, str> {
    let t = line.trim();
    let directive = [".Text", ".EndText", ".Fig", ".EndFig", ".#", ".Comment"]
        .iter()
        .any(|d| {
            t.len() >= d.len()
                && t.is_char_boundary(d.len())
                && t[..d.len()].eq_ignore_ascii_case(d)
                && matches!(t.as_bytes().get(d.len()), None | Some(b','))
        });
    let section = t.starts_with('[')
        && t.ends_with(']')
        && t.len() > 2
        && t[1..t.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if directive || section || (review && t.starts_with(".Comment")) {
        losses.add("comment lines that look like UGF syntax (written with a leading ')");
        Cow::Owned(format!("'{line}"))
    } else {
        Cow::Borrowed(line)
    }
}

/// The lines of a comment, split at CRLF, CR or LF, borrowed from it (a
/// huge comment is not copied on its way out).
fn comment_split(c: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(c);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\r', '\n']) {
            Some(i) => {
                let skip = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

pub(super) struct Ctx<'g> {
    pub(super) game: &'g Game,
    pub(super) grid: Grid,
    pub(super) review: bool,
    pub(super) losses: Losses,
    pub(super) out: String,
}

impl Ctx<'_> {
    pub(super) fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push_str("\r\n");
    }

    /// The point of a move value: `None` for a pass (`""`, or `tt` on
    /// boards up to 19×19); off-board points are written as passes.
    pub(super) fn move_point(&mut self, v: &str) -> Option<Point> {
        if v.is_empty() || (v == "tt" && self.grid.size <= 19) {
            return None;
        }
        match parse_sgf_point(v) {
            Some(p) if p.x < self.grid.size && p.y < self.grid.size => Some(p),
            _ => {
                self.losses
                    .add(format!("move `{v}` off the board (written as a pass)"));
                None
            }
        }
    }

    pub(super) fn letters(&mut self, v: &str) -> String {
        match self.move_point(v) {
            Some(p) => self.grid.to_letters(p),
            None => self.grid.pass_letters().to_string(),
        }
    }

    pub(super) fn numeric(&mut self, v: &str) -> (u32, u32) {
        match self.move_point(v) {
            Some(p) => self.grid.to_numeric(p),
            None => (self.grid.size as u32 + 1, self.grid.size as u32 + 1),
        }
    }

    /// `.#,x,y,label` lines for a node's `LB`.
    pub(super) fn label_lines(&mut self, node: Node<'_>) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(lb) = node.get("LB") {
            for v in lb.values().iter() {
                let (pt, text) = v.parts();
                match parse_sgf_point(pt).filter(|p| p.x < self.grid.size && p.y < self.grid.size) {
                    Some(p) => {
                        let (x, y) = self.grid.to_numeric(p);
                        let text = text.unwrap_or("");
                        if text.contains(['\r', '\n']) {
                            self.losses.add("line breaks in labels");
                        }
                        out.push(format!(".#,{x},{y},{}", text.replace(['\r', '\n'], " ")));
                    }
                    None => self.losses.add("labels off the board"),
                }
            }
        }
        out
    }

    pub(super) fn comment_lines<'a>(&mut self, node: Node<'a>) -> Vec<Cow<'a, str>> {
        match node.text("C") {
            Some(c) if !c.is_empty() => {
                let review = self.review;
                comment_split(c)
                    .map(|l| escape_line(l, review, &mut self.losses))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Lists the properties of `node` outside `allowed` as losses.
    pub(super) fn check_props(&mut self, node: Node<'_>, allowed: &[&str], place: &str) {
        for p in node.props() {
            if !allowed.contains(&p.name) {
                self.losses.add(format!("{} ({place})", p.name));
            }
        }
    }

    pub(super) fn player_field(node: Node<'_>, colour: char) -> String {
        match node.text(PROP_PLAYER) {
            Some(p)
                if !p.starts_with(['B', 'W', 'b', 'w'])
                    || p.to_ascii_uppercase().starts_with(colour) =>
            {
                p.to_string()
            }
            _ => format!("{colour}1"),
        }
    }
}
