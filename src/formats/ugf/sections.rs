//! The syntax of a UGF record: sections, directives, data lines.
//!
//! The syntax of a UGF record above its encoding: the record split into
//! sections (`[Header]`, `[Data]`, `[Figure]`…), the directives of the
//! `[Figure]` and review sections (`.Text`, `.Fig`, `.#` labels), `[Data]`
//! move lines, and text blocks joined as they are read.

use super::codes::*;
use super::decode::{Line, Lines};
use super::*;
use crate::diag::Reporter;
use crate::event::Pos;
use crate::stone::{Colour, Point};

/// One section: a name and a run of the record's lines.
pub(super) struct Section<'a> {
    pub(super) name: String,
    pub(super) pos: Pos,
    pub(super) store: &'a Lines,
    /// Its lines: `from..to` of `store`.
    pub(super) from: usize,
    pub(super) to: usize,
}

impl<'a> Section<'a> {
    /// Its lines, in order.
    pub(super) fn lines(&self) -> impl Iterator<Item = Line<'a>> + 'a {
        let store = self.store;
        (self.from..self.to).map(move |i| store.get(i))
    }
}

/// Sections whose header is always recognised, even inside a text block.
const KNOWN_SECTIONS: &[&str] = &[
    "Header",
    "Remote",
    "Files",
    "Data",
    "Figure",
    "Comment",
    "MessageLine",
    "ReviewNode",
    "ReviewComment",
    "End",
];

fn section_name(text: &str) -> Option<&str> {
    let t = text.trim();
    let inner = t.strip_prefix('[')?.strip_suffix(']')?;
    (!inner.is_empty()
        && inner
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    .then_some(inner)
}

/// Splits lines into sections. Lines before the first section are kept as
/// a section named `#`. Inside a `.Text` block of `[Figure]` and inside
/// `[ReviewComment]`, only known section names start a section (a comment
/// line may well look like `[Note]`).
pub(super) fn split_sections(lines: &Lines) -> Vec<Section<'_>> {
    let mut out: Vec<Section> = Vec::new();
    let mut in_text = false;
    for i in 0..lines.len() {
        let line = lines.get(i);
        let current = out.last().map(|s| s.name.as_str()).unwrap_or("#");
        if let Some(name) = section_name(line.text) {
            let known = KNOWN_SECTIONS.iter().find(|k| k.eq_ignore_ascii_case(name));
            let free_text = in_text || current.eq_ignore_ascii_case("ReviewComment");
            if known.is_some() || !free_text {
                out.push(Section {
                    name: known.map_or(name.to_string(), |k| k.to_string()),
                    pos: line.pos,
                    store: lines,
                    from: i + 1,
                    to: i + 1,
                });
                in_text = false;
                continue;
            }
        }
        if current == "Figure" {
            let t = line.text.trim_start();
            if directive(t, ".Text") {
                in_text = true;
            } else if directive(t, ".EndText") {
                in_text = false;
            }
        }
        match out.last_mut() {
            Some(s) => s.to = i + 1,
            None => {
                if !line.text.trim().is_empty() {
                    out.push(Section {
                        name: "#".into(),
                        pos: line.pos,
                        store: lines,
                        from: i,
                        to: i + 1,
                    });
                }
            }
        }
    }
    out
}

/// Whether `t` is the directive `name` (`.Text`, `.Text,12`, `.EndText`).
pub(super) fn directive(t: &str, name: &str) -> bool {
    let t = t.trim_end();
    t.len() >= name.len()
        && t.is_char_boundary(name.len())
        && t[..name.len()].eq_ignore_ascii_case(name)
        && matches!(t.as_bytes().get(name.len()), None | Some(b','))
}

pub(super) fn fields(t: &str) -> Vec<&str> {
    t.split(',').map(|s| s.trim()).collect()
}

/// A move or setup line of `[Data]` or of a `.Fig`.
pub(super) struct DataLine {
    pub(super) spot: Spot,
    pub(super) colour: Option<Colour>,
    /// The colour field when it is not plain `B1`/`W1` (`B2`, `MK`).
    pub(super) player: Option<String>,
    pub(super) number: u32,
    /// The time field when it is not `0`.
    pub(super) time: Option<String>,
    pub(super) pos: Pos,
}

pub(super) fn parse_data_line(line: &Line, grid: Grid) -> Result<DataLine, String> {
    let f: Vec<&str> = line.text.splitn(4, ',').collect();
    if f.len() < 3 {
        return Err("expected `point,colour,number,time`".into());
    }
    let spot = grid
        .letters(f[0])
        .ok_or_else(|| format!("`{}` is not a point", f[0].trim()))?;
    let cp = f[1].trim();
    let colour = match cp.as_bytes().first().map(|b| b.to_ascii_uppercase()) {
        Some(b'B') => Some(Colour::Black),
        Some(b'W') => Some(Colour::White),
        _ => None,
    };
    let player =
        (!(cp.eq_ignore_ascii_case("B1") || cp.eq_ignore_ascii_case("W1"))).then(|| cp.to_string());
    let number: u32 = f[2]
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a move number", f[2].trim()))?;
    let time = f
        .get(3)
        .map(|s| s.trim())
        .filter(|s| !s.is_empty() && *s != "0")
        .map(str::to_string);
    Ok(DataLine {
        spot,
        colour,
        player,
        number,
        time,
        pos: line.pos,
    })
}

/// Lines of text joined by `\n` as they come: a huge comment line is
/// copied once out of the record, not once as a line and again joined.
/// (A decoded line holds no line break: records are split at LF and CR.)
#[derive(Default)]
pub(super) struct JoinedLines {
    pub(super) text: String,
    /// At least one line was pushed (the first may be empty).
    pub(super) any: bool,
}

impl JoinedLines {
    pub(super) fn push(&mut self, line: &str) {
        if self.any {
            self.text.push('\n');
        }
        self.text.push_str(line);
        self.any = true;
    }

    /// Appends `other`'s lines after these.
    pub(super) fn extend(&mut self, other: JoinedLines) {
        if !other.any {
            return;
        }
        if !self.any {
            *self = other;
            return;
        }
        self.push(&other.text);
    }

    pub(super) fn is_empty(&self) -> bool {
        !self.any
    }

    /// Drops the lines at the end that are blank (whitespace only).
    pub(super) fn trim_blank_tail(&mut self) {
        while self.any {
            let start = self.text.rfind('\n').map_or(0, |i| i + 1);
            if !self.text[start..].trim().is_empty() {
                break;
            }
            if start == 0 {
                self.text.clear();
                self.any = false;
            } else {
                self.text.truncate(start - 1);
            }
        }
    }
}

/// Text and labels of a `.Text` block or a review comment.
#[derive(Default)]
pub(super) struct TextBlock {
    pub(super) lines: JoinedLines,
    pub(super) labels: Vec<(Point, String)>,
}

impl TextBlock {
    pub(super) fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.labels.is_empty()
    }
}

pub(super) fn label(
    grid: Grid,
    t: &str,
    pos: Pos,
    report: &mut Reporter,
) -> Option<(Point, String)> {
    let f: Vec<&str> = t.splitn(4, ',').collect();
    let num = |i: usize| f.get(i).and_then(|s| s.trim().parse::<i64>().ok());
    match (num(1), num(2)) {
        (Some(x), Some(y)) => match grid.numeric(x, y) {
            Spot::At(p) => Some((p, f.get(3).unwrap_or(&"").to_string())),
            Spot::Pass => {
                report.report(
                    UGF_LABEL_OFF_BOARD,
                    Some(pos),
                    format!("label at {x},{y} is off the board: dropped"),
                );
                None
            }
        },
        _ => {
            report.report(
                UGF_BAD_LINE,
                Some(pos),
                format!("label line `{t}` not understood: dropped"),
            );
            None
        }
    }
}
