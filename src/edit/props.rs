//! `--no-comments`, `--strip`, `--keep`: properties dropped by identifier.
//!
//! Streaming, with what makes a record always kept. A list names identifiers (`PB,XGIB`) and groups: `private`, every
//! identifier `FF[4]` does not define (`formats/properties.tsv`: a
//! server's own, `XGIB`, an older version's under `--keep-dialect`,
//! `ILLEGAL`); `markup` (`AR CR DD LB LN MA SL SQ TR`); `timing` (`BL WL
//! OB OW`). The moves and the setup (`B W AB AW AE PL`) and the root's
//! `SZ FF CA GM` are never dropped ([`ALWAYS_KEPT`]).

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef};
use crate::options::EditOptions;
use crate::props::{lookup, Scope};
use crate::sink::{node_as_events, Sink};

/// What makes a record: kept whatever `--keep` or `--strip` say.
pub const ALWAYS_KEPT: [&str; 10] = ["B", "W", "AB", "AW", "AE", "PL", "SZ", "FF", "CA", "GM"];

/// The group names a list takes.
pub const GROUPS: [&str; 3] = ["private", "markup", "timing"];

/// Identifiers and groups named by `--strip` or `--keep`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Props {
    names: Vec<String>,
    groups: Vec<&'static str>,
}

impl Props {
    /// `words`: identifiers (upper-case letters) and group names. A word
    /// that is neither (an empty one too) is refused.
    pub fn of(words: &[String]) -> Result<Props, String> {
        let mut props = Props::default();
        for word in words.iter().map(|w| w.trim()) {
            if let Some(g) = GROUPS.iter().find(|&&g| g == word) {
                props.groups.push(g);
            } else if !word.is_empty() && word.bytes().all(|b| b.is_ascii_uppercase()) {
                props.names.push(word.to_string());
            } else {
                return Err(format!(
                    "'{word}' is no property identifier (upper-case letters: PB, XGIB) \
                     nor a group ({})",
                    GROUPS.join(", ")
                ));
            }
        }
        Ok(props)
    }

    /// The identifiers named that are always kept (`--strip` refuses them).
    fn always_kept(&self) -> Vec<&str> {
        let kept = |n: &&String| ALWAYS_KEPT.contains(&n.as_str());
        self.names.iter().filter(kept).map(String::as_str).collect()
    }

    /// Whether `id` is named, itself or by a group.
    pub fn contains(&self, id: &str) -> bool {
        self.names.iter().any(|n| n == id) || self.groups.iter().any(|g| in_group(g, id))
    }
}

/// Whether `id` belongs to group `group`.
fn in_group(group: &str, id: &str) -> bool {
    let def = lookup(id);
    match group {
        "private" => def.is_none_or(|d| !d.in_ff4()),
        "markup" => def.is_some_and(|d| d.scope == Scope::Markup && d.in_ff4()),
        "timing" => def.is_some_and(|d| d.scope == Scope::Timing && d.in_ff4()),
        _ => false,
    }
}

/// What the property edits drop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// `--no-comments`: `C`.
    pub no_comments: bool,
    /// `--strip`: these.
    pub strip: Option<Props>,
    /// `--keep`: all but these (and [`ALWAYS_KEPT`]).
    pub keep: Option<Props>,
}

impl Filter {
    /// The filter of `edits`; a word of a list that names nothing, or
    /// `--strip` naming what is always kept, is refused.
    pub fn of(edits: &EditOptions) -> Result<Filter, String> {
        let list = |what: &str, words: &Option<Vec<String>>| {
            let words = words.as_deref();
            let props = words.map(Props::of).transpose();
            props.map_err(|e| format!("{what}: {e}"))
        };
        let strip = list("--strip", &edits.strip)?;
        let kept = strip.as_ref().map(Props::always_kept).unwrap_or_default();
        if !kept.is_empty() {
            return Err(format!(
                "--strip: {} always kept: the moves, the setup and SZ FF CA GM make the record",
                kept.join(", ")
            ));
        }
        Ok(Filter {
            no_comments: edits.no_comments,
            strip,
            keep: list("--keep", &edits.keep)?,
        })
    }

    /// Whether the filter drops anything at all.
    pub fn is_none(&self) -> bool {
        !self.no_comments && self.strip.is_none() && self.keep.is_none()
    }

    /// Whether property `id` is dropped.
    pub fn drops(&self, id: &str) -> bool {
        if ALWAYS_KEPT.contains(&id) {
            return false;
        }
        (self.no_comments && id == "C")
            || self.strip.as_ref().is_some_and(|s| s.contains(id))
            || self.keep.as_ref().is_some_and(|k| !k.contains(id))
    }
}

/// The sink that drops the properties a [`Filter`] names.
pub struct Dropping<'a> {
    filter: Filter,
    next: Box<dyn Sink + 'a>,
}

impl<'a> Dropping<'a> {
    pub fn new(filter: Filter, next: Box<dyn Sink + 'a>) -> Self {
        Dropping { filter, next }
    }
}

impl Sink for Dropping<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::Property(p) if self.filter.drops(p.name) => Ok(()),
            _ => self.next.event(event, report),
        }
    }

    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        match node.iter().any(|p| self.filter.drops(p.name)) {
            true => node_as_events(self, node, report),
            false => self.next.node(node, report),
        }
    }

    /// Plain moves are `B` and `W`, always kept.
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.next.moves(moves, report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.next.finish(report)
    }
}
