//! One diagnostic, and its text and JSON forms.
//!
//! One diagnostic: where, which code, how bad, what happened; its text
//! form (plain or coloured with a [`Palette`]) and its JSON form.

use super::{escape_controls, is_unsafe_char, Code, Severity};
use crate::event::Pos;
use std::fmt;
use std::sync::Arc;

/// One problem found in an input.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The input's name, as given to the [`Reporter`](super::Reporter).
    pub file: Arc<str>,
    /// Where in the input, when the problem has a place.
    pub pos: Option<Pos>,
    /// 0-based game index in the collection, when known.
    pub game: Option<usize>,
    /// What kind of problem.
    pub code: Code,
    /// The code's severity (its letter's).
    pub severity: Severity,
    /// The identifier of the property the problem concerns (`DT`, `B`…),
    /// when it concerns one.
    pub property: Option<Box<str>>,
    /// What happened, for a person.
    pub message: String,
    /// Whether `check --fix` repairs it without loss, where the reporter
    /// was asked (`check`, [`Reporter::marking_fixable`](super::Reporter::marking_fixable));
    /// else `None`.
    pub fixable: Option<bool>,
}

impl Diagnostic {
    /// A diagnostic of `code` about input `file`, at its default severity,
    /// with no place, game or property (set the fields to give them).
    pub fn new(file: impl Into<Arc<str>>, code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            file: file.into(),
            pos: None,
            game: None,
            code,
            severity: code.severity(),
            property: None,
            message: message.into(),
            fixable: None,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escape_controls(&self.file);
        match self.pos {
            Some(p) => write!(f, "{file}:{}:{}: ", p.line, p.col)?,
            None => write!(f, "{file}: ")?,
        }
        write!(
            f,
            "{}[{} {}]{}: {}",
            self.severity.as_str(),
            self.code.id,
            self.code.name,
            self.fixable_mark(),
            escape_controls(&self.message)
        )
    }
}

/// How the text form of diagnostics is coloured: the escape sequences put
/// before the location, the severity and the code, and the one that ends
/// each. Empty strings (the default) colour nothing: the library has no
/// idea of terminals; the command fills a palette when stderr is one
/// (`--color`, `NO_COLOR`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// Before `file:line:col:`.
    pub location: String,
    /// Before `error`.
    pub error: String,
    /// Before `warning`.
    pub warning: String,
    /// Before `info`.
    pub info: String,
    /// Before `W012 unescaped-bracket`.
    pub code: String,
    /// After each coloured part.
    pub reset: String,
}

impl Diagnostic {
    /// The text form ([`fmt::Display`]) coloured with `p`: the same
    /// characters once the escape sequences are taken out.
    pub fn styled(&self, p: &Palette) -> String {
        let file = escape_controls(&self.file);
        let place = match self.pos {
            Some(pos) => format!("{file}:{}:{}:", pos.line, pos.col),
            None => format!("{file}:"),
        };
        let severity = match self.severity {
            Severity::Error => &p.error,
            Severity::Warning => &p.warning,
            Severity::Info => &p.info,
        };
        format!(
            "{}{place}{r} {severity}{}{r}[{}{} {}{r}]{}: {}",
            p.location,
            self.severity.as_str(),
            p.code,
            self.code.id,
            self.code.name,
            self.fixable_mark(),
            escape_controls(&self.message),
            r = p.reset
        )
    }

    /// ` (fixable)` after the code of a fixable diagnostic, as `check`
    /// marks them; else nothing.
    fn fixable_mark(&self) -> &'static str {
        match self.fixable {
            Some(true) => " (fixable)",
            _ => "",
        }
    }

    /// One JSON object (no trailing newline).
    pub fn to_json(&self) -> String {
        let pos = self.pos.unwrap_or_default();
        let mut json = serde_json::json!({
            "file": &*self.file,
            "line": self.pos.map(|_| pos.line),
            "column": self.pos.map(|_| pos.col),
            "offset": self.pos.map(|_| pos.offset),
            "game": self.game,
            "property": self.property.as_deref(),
            "code": self.code.id,
            "name": self.code.name,
            "severity": self.severity.as_str(),
            "message": self.message,
        });
        if let (Some(f), Some(o)) = (self.fixable, json.as_object_mut()) {
            o.insert("fixable".into(), f.into());
        }
        let json = json.to_string();
        // JSON escapes C0 itself; DEL, C1 and the bidirectional controls
        // are escaped too (the same strings, nothing raw).
        if !json.chars().any(is_unsafe_char) {
            return json;
        }
        json.chars().fold(String::new(), |mut out, c| {
            if is_unsafe_char(c) {
                out.push_str(&format!("\\u{:04x}", c as u32));
            } else {
                out.push(c);
            }
            out
        })
    }
}

/// Where a diagnostic applies: a place in the input, and the property it
/// concerns when it concerns one. `Some(pos)` and `None` convert into it, so
/// a place without a property reads as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct At<'a> {
    /// Where in the input.
    pub pos: Option<Pos>,
    /// The property's identifier.
    pub property: Option<&'a str>,
}

impl<'a> At<'a> {
    /// The property `id`, found at `pos`.
    pub fn property(id: &'a str, pos: Pos) -> At<'a> {
        At {
            pos: Some(pos),
            property: Some(id),
        }
    }
}

impl From<Option<Pos>> for At<'_> {
    fn from(pos: Option<Pos>) -> Self {
        At {
            pos,
            property: None,
        }
    }
}

impl From<Pos> for At<'_> {
    fn from(pos: Pos) -> Self {
        At {
            pos: Some(pos),
            property: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{escape_controls_in_lines, Reporter};

    const W_TEST: Code = Code::new("W999", "test-code");

    #[test]
    fn text_form_names_file_position_and_code() {
        let mut r = Reporter::collecting("in.sgf");
        r.report(W_TEST, Some(Pos::new(5, 12, 40)), "what happened");
        let d = &r.collected()[0];
        assert_eq!(
            d.to_string(),
            "in.sgf:12:40: warning[W999 test-code]: what happened"
        );
        assert_eq!(r.warnings(), 1);
    }

    #[test]
    fn the_styled_form_is_the_text_form_with_colours_around_its_parts() {
        let mut r = Reporter::collecting("in.sgf");
        r.report(W_TEST, Some(Pos::new(5, 12, 40)), "what \u{1b}happened");
        r.report(W_TEST, None, "no place");
        let plain = Palette::default();
        for d in r.collected() {
            assert_eq!(d.styled(&plain), d.to_string());
        }
        let p = Palette {
            location: "<l>".into(),
            error: "<e>".into(),
            warning: "<w>".into(),
            info: "<i>".into(),
            code: "<c>".into(),
            reset: "</>".into(),
        };
        assert_eq!(
            r.collected()[0].styled(&p),
            "<l>in.sgf:12:40:</> <w>warning</>[<c>W999 test-code</>]: what \\u{1b}happened"
        );
        assert_eq!(
            r.collected()[1].styled(&p),
            "<l>in.sgf:</> <w>warning</>[<c>W999 test-code</>]: no place"
        );
    }

    #[test]
    fn json_form_has_every_field() {
        let mut r = Reporter::collecting("a b.sgf");
        r.set_game(Some(2));
        r.report(W_TEST, Some(Pos::new(7, 1, 8)), "m\"q");
        let v: serde_json::Value = serde_json::from_str(&r.collected()[0].to_json()).unwrap();
        assert_eq!(v["offset"], 7);
        assert_eq!(v["column"], 8);
        assert_eq!(v["game"], 2);
        assert_eq!(v["code"], "W999");
        assert_eq!(v["name"], "test-code");
        assert_eq!(v["severity"], "warning");
        assert_eq!(v["message"], "m\"q");
        assert_eq!(v["property"], serde_json::Value::Null);
    }

    #[test]
    fn control_characters_are_escaped_in_text_and_json() {
        let mut r = Reporter::collecting("a\u{1b}]0;x\u{7}.sgf");
        r.report(W_TEST, None, "C[\u{1b}[2J\u{9b}\u{202e}é\tz]");
        let d = &r.collected()[0];
        let text = d.to_string();
        assert_eq!(
            text,
            "a\\u{1b}]0;x\\u{7}.sgf: warning[W999 test-code]: C[\\u{1b}[2J\\u{9b}\\u{202e}é\\u{9}z]"
        );
        let json = d.to_json();
        assert!(!json.chars().any(is_unsafe_char), "{json}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["message"], "C[\u{1b}[2J\u{9b}\u{202e}é\tz]");
        assert_eq!(escape_controls_in_lines("a\nb\r"), "a\nb\\u{d}");
    }

    #[test]
    fn a_diagnostic_can_name_its_property() {
        let mut r = Reporter::collecting("x.sgf");
        r.report(W_TEST, At::property("DT", Pos::new(3, 1, 4)), "m");
        let d = &r.collected()[0];
        assert_eq!(d.property.as_deref(), Some("DT"));
        assert_eq!(d.pos, Some(Pos::new(3, 1, 4)));
        let v: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
        assert_eq!(v["property"], "DT");
    }
}
