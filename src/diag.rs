//! Diagnostics: every problem found in an input, with where, a stable code,
//! and a severity.
//!
//! Codes are stable: scripts match on them. Each module defines the codes of
//! its own layer as constants (`Code::new("E103", "undecodable-bytes")`, with
//! a `///` comment whose first sentence says what happened), in its own
//! number range:
//!
//! | range | layer |
//! |---|---|
//! | 001–099 | SGF syntax (reader) |
//! | 100–149 | character sets |
//! | 150–199 | dialect rewrites and server quirks |
//! | 200–249 | GIB |
//! | 250–299 | NGF |
//! | 300–349 | UGF |
//! | 350–399 | JSON, XML, CSV, Jago XML |
//! | 400–449 | what a writer could not carry |
//! | 450–499 | migrate |
//! | 500–549 | property values (dialect rule 11: game-info values, value types, points) |
//! | 550–579 | where properties stand (node placement) |
//! | 580–599 | the board (replayed moves and setup) |
//! | 600–649 | the command: usage, inputs and outputs as a whole |
//! | 650–699 | archives (zip, tar, 7z, LHA, compressed files) |
//! | 700–719 | diagrams: what is drawn (SVG, PNG) |
//! | 720–749 | Sensei's Library diagrams |
//! | 750–769 | the HTML replay |
//!
//! `formats/diagnostics.md` lists every code under these ranges; it is
//! generated from the source by `tests/it/properties/diagnostics_table.rs`, which also
//! fails on an id or a name defined twice and on a code outside the ranges.
//! The same scan (`build/diag_scan.rs`) compiles [`CATALOGUE`] in `build.rs`:
//! each code with its whole doc comment, what `sgfconv explain CODE` prints
//! (a paragraph starting `Example:` is its example, one starting
//! `What to do:` its advice).
//!
//! The letter tells the default severity: `I` info (a rewrite, for the
//! record), `W` warning (repaired or ambiguous, nothing lost), `E` error
//! (data could not be kept).

use crate::event::Pos;
use std::fmt;
use std::io::Write;
use std::sync::Arc;

/// How bad a diagnostic is, in increasing order. The CLI shows warnings and
/// errors; info too with `--verbose` or `--diagnostics json`. A conversion
/// or check with an error exits with status 1, as does one with a warning
/// under `--strict` (`migrate`'s status counts failed files instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// A rewrite, for the record: nothing was wrong or lost.
    Info,
    /// Repaired or ambiguous, nothing lost.
    Warning,
    /// Data could not be kept.
    Error,
}

impl Severity {
    /// `info`, `warning` or `error`, as shown and in JSON diagnostics.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A stable diagnostic code: `W012 unescaped-bracket`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `W012`: letter for the default severity, then the number.
    pub id: &'static str,
    /// kebab-case name, stable too.
    pub name: &'static str,
}

impl Code {
    /// The code `id` (`W012`) named `name` (`unescaped-bracket`).
    pub const fn new(id: &'static str, name: &'static str) -> Self {
        Code { id, name }
    }

    /// The default severity, from the id's letter (`E`, `W`, else info).
    pub fn severity(&self) -> Severity {
        match self.id.as_bytes().first() {
            Some(b'E') => Severity::Error,
            Some(b'W') => Severity::Warning,
            _ => Severity::Info,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.id, self.name)
    }
}

/// What a code means, from its definition: the entry `sgfconv explain`
/// prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The code and its name.
    pub code: Code,
    /// The module that defines (and reports) it: `formats::sgf::reader`.
    pub module: &'static str,
    /// Its source file: `src/formats/sgf/reader.rs`.
    pub file: &'static str,
    /// The layer its number belongs to (the table above): `SGF syntax (reader)`.
    pub layer: &'static str,
    /// What it means: the doc comment of its constant (paragraphs separated
    /// by a blank line; the first sentence is the summary).
    pub meaning: &'static str,
    /// An example, where the doc comment has one (`Example:` paragraph).
    pub example: Option<&'static str>,
    /// What to do about it, where the doc comment says (`What to do:`).
    pub advice: Option<&'static str>,
}

impl Entry {
    /// The first sentence of [`Entry::meaning`]: the summary of
    /// `formats/diagnostics.md` and of `sgfconv explain --list`.
    pub fn summary(&self) -> &'static str {
        let m = self.meaning;
        let mut in_code = false;
        for (i, c) in m.char_indices() {
            match c {
                '`' => in_code = !in_code,
                '.' if !in_code && m[i + 1..].chars().next().is_none_or(char::is_whitespace) => {
                    return &m[..=i];
                }
                _ => {}
            }
        }
        m.split("\n\n").next().unwrap_or(m)
    }
}

/// Every diagnostic code, sorted by number (then letter): compiled by
/// `build.rs` from the `Code::new` constants of the source and their doc
/// comments, the scan `formats/diagnostics.md` is generated from.
pub static CATALOGUE: &[Entry] = include!(concat!(env!("OUT_DIR"), "/diag_catalogue.rs"));

/// The entry of a code, by its id (`W012`, any case) or its name
/// (`unescaped-bracket`); [`find`] also takes the number alone.
pub fn explain(code: &str) -> Option<&'static Entry> {
    let q = code.trim();
    CATALOGUE
        .iter()
        .find(|e| e.code.id.eq_ignore_ascii_case(q))
        .or_else(|| {
            CATALOGUE
                .iter()
                .find(|e| e.code.name.eq_ignore_ascii_case(q))
        })
}

/// The entries `query` names: an id or a name as [`explain`] takes it, or a
/// number alone (`012`, `12`), which may be the number of two codes of
/// different letters (`E103`, `I103`). Empty when none.
pub fn find(query: &str) -> Vec<&'static Entry> {
    if let Some(e) = explain(query) {
        return vec![e];
    }
    let q = query.trim();
    match q.parse::<u32>() {
        Ok(n) if q.bytes().all(|b| b.is_ascii_digit()) => CATALOGUE
            .iter()
            .filter(|e| e.code.id[1..].parse::<u32>() == Ok(n))
            .collect(),
        _ => Vec::new(),
    }
}

/// One problem found in an input.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// The input's name, as given to the [`Reporter`].
    pub file: Arc<str>,
    /// Where in the input, when the problem has a place.
    pub pos: Option<Pos>,
    /// 0-based game index in the collection, when known.
    pub game: Option<usize>,
    /// What kind of problem.
    pub code: Code,
    /// The code's default severity, or another one it was reported with.
    pub severity: Severity,
    /// The identifier of the property the problem concerns (`DT`, `B`…),
    /// when it concerns one.
    pub property: Option<Box<str>>,
    /// What happened, for a person.
    pub message: String,
}

/// Whether `c` must not reach a terminal raw: a C0 control (tab and line
/// feed included), DEL, a C1 control, or a bidirectional override or
/// isolate (U+202A–U+202E, U+2066–U+2069), which can rewrite the terminal's
/// title, hide text or reorder a line.
pub fn is_unsafe_char(c: char) -> bool {
    matches!(c, '\0'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` as it may be shown on a terminal: each character of
/// [`is_unsafe_char`] written as its Rust escape, `\u{1b}` for ESC. The
/// diagnostics' text form and every message of the command go through it.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    escape_controls_but(text, None)
}

/// A value as a message shows it: line breaks as `⏎`, at most `max`
/// characters, then `…` (a value can be megabytes long: a message holds
/// a few dozen characters of it, never a copy).
pub fn excerpt(value: &str, max: usize) -> String {
    let mut s: String = value
        .chars()
        .take(max)
        .map(|c| if c == '\n' || c == '\r' { '⏎' } else { c })
        .collect();
    if value.chars().nth(max).is_some() {
        s.push('…');
    }
    s
}

/// [`escape_controls`], keeping line feeds (text of several lines).
pub fn escape_controls_in_lines(text: &str) -> std::borrow::Cow<'_, str> {
    escape_controls_but(text, Some('\n'))
}

fn escape_controls_but(text: &str, keep: Option<char>) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| is_unsafe_char(c) && Some(c) != keep;
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
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
            "{}[{} {}]: {}",
            self.severity.as_str(),
            self.code.id,
            self.code.name,
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
            "{}{place}{r} {severity}{}{r}[{}{} {}{r}]: {}",
            p.location,
            self.severity.as_str(),
            p.code,
            self.code.id,
            self.code.name,
            escape_controls(&self.message),
            r = p.reset
        )
    }

    /// One JSON object (no trailing newline).
    pub fn to_json(&self) -> String {
        let pos = self.pos.unwrap_or_default();
        let json = serde_json::json!({
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
        })
        .to_string();
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

/// Where diagnostics go as they are found.
pub enum Output {
    /// Kept in memory (tests, the library's default, `migrate` reports).
    Collect(Vec<Diagnostic>),
    /// Human-readable lines on a writer (stderr in the CLI).
    Text(Box<dyn Write + Send>),
    /// One JSON object per line.
    Json(Box<dyn Write + Send>),
    /// Counted, not shown.
    Discard,
}

/// A diagnostic's message: text, or a closure that builds it, which runs
/// only when the diagnostic is shown or kept (a damaged file can raise a
/// million diagnostics that are only counted).
pub trait Message {
    /// The text (built now, if it is a closure).
    fn into_message(self) -> String;
}

impl Message for String {
    fn into_message(self) -> String {
        self
    }
}

impl Message for &str {
    fn into_message(self) -> String {
        self.to_string()
    }
}

impl<F: FnOnce() -> String> Message for F {
    fn into_message(self) -> String {
        self()
    }
}

/// Receives diagnostics while a conversion streams: shows or keeps them, and
/// counts them by severity. One per input file.
pub struct Reporter {
    file: Arc<str>,
    game: Option<usize>,
    output: Output,
    show_info: bool,
    min_shown: Severity,
    counts: [usize; 3],
    /// Upper bound on diagnostics shown per code, so a damaged file of a
    /// million bad lines does not flood the terminal; the rest are counted.
    per_code_limit: usize,
    per_code: Vec<(&'static str, usize)>,
    suppressed: usize,
    /// Counts by code (and the distinct details of one code), shown or not:
    /// `check --summary` keeps these instead of the diagnostics.
    tally: Option<Box<Tally>>,
    /// The colours of the text form, when it goes to a terminal.
    palette: Option<Box<Palette>>,
}

/// How one code's messages are reduced to a detail worth counting
/// (`game 3: encoding UTF-8 (utf8, confidence 1.00)` → `UTF-8 (utf8, 1.00)`).
pub type Detail = fn(&str) -> String;

/// Every diagnostic counted by code, and the messages of one code counted
/// by their [`Detail`]: what a summary needs, in memory that grows with
/// the number of distinct codes and details, not of diagnostics.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// `(code, how many)`, in the order first seen.
    pub by_code: Vec<(Code, usize)>,
    detail_of: Option<(&'static str, Detail)>,
    /// `(detail, how many)` of the detailed code, in the order first seen.
    pub details: Vec<(String, usize)>,
}

impl Tally {
    /// A tally by code that also counts the distinct details of the
    /// messages of code `id`.
    pub fn with_detail(id: &'static str, detail: Detail) -> Self {
        Tally {
            detail_of: Some((id, detail)),
            ..Tally::default()
        }
    }

    /// Counts one of `code`, `n` times: whether its message is wanted for
    /// [`Tally::detail`].
    fn add(&mut self, code: Code, n: usize) -> bool {
        match self.by_code.iter_mut().find(|(c, _)| c.id == code.id) {
            Some((_, k)) => *k += n,
            None => self.by_code.push((code, n)),
        }
        self.detail_of.is_some_and(|(id, _)| id == code.id)
    }

    fn add_detail(&mut self, what: String, n: usize) {
        match self.details.iter_mut().find(|(w, _)| *w == what) {
            Some((_, k)) => *k += n,
            None => self.details.push((what, n)),
        }
    }

    /// Counts the message of a diagnostic of the detailed code.
    fn detail(&mut self, message: &str) {
        if let Some((_, f)) = self.detail_of {
            self.add_detail(f(message), 1);
        }
    }

    /// Adds another tally's counts (a piece read on another thread).
    fn merge(&mut self, other: Tally) {
        for (code, n) in other.by_code {
            self.add(code, n);
        }
        for (what, n) in other.details {
            self.add_detail(what, n);
        }
    }
}

impl Reporter {
    /// A reporter for the input named `file`, sending to `output`: warnings
    /// and errors shown, info counted only, no per-code limit.
    pub fn new(file: impl Into<Arc<str>>, output: Output) -> Self {
        Reporter {
            file: file.into(),
            game: None,
            output,
            show_info: false,
            min_shown: Severity::Warning,
            counts: [0; 3],
            per_code_limit: usize::MAX,
            per_code: Vec::new(),
            suppressed: 0,
            tally: None,
            palette: None,
        }
    }

    /// Colour the text form with `palette` (the command, on a terminal).
    pub fn with_palette(mut self, palette: Palette) -> Self {
        self.palette = Some(Box::new(palette));
        self
    }

    /// Also count every diagnostic by code in `tally` (see
    /// [`Reporter::tally`]).
    pub fn with_tally(mut self, tally: Tally) -> Self {
        self.tally = Some(Box::new(tally));
        self
    }

    /// The counts by code so far (with [`Reporter::with_tally`]).
    pub fn tally(&self) -> Option<&Tally> {
        self.tally.as_deref()
    }

    /// Takes the counts by code out, leaving an empty tally of the same kind.
    pub fn take_tally(&mut self) -> Option<Tally> {
        let t = self.tally.as_mut()?;
        let fresh = Tally {
            detail_of: t.detail_of,
            ..Tally::default()
        };
        Some(std::mem::replace(t, fresh))
    }

    /// A reporter that keeps every diagnostic, info included.
    pub fn collecting(file: impl Into<Arc<str>>) -> Self {
        let mut r = Reporter::new(file, Output::Collect(Vec::new()));
        r.show_info = true;
        r.min_shown = Severity::Info;
        r
    }

    /// Show (or keep) info-level diagnostics too.
    pub fn with_info(mut self, yes: bool) -> Self {
        self.show_info = yes;
        self.min_shown = if yes {
            Severity::Info
        } else {
            Severity::Warning
        };
        self
    }

    /// Show (or keep) errors only: `-q`, which hides warnings and info but
    /// never an error.
    pub fn errors_only(mut self) -> Self {
        self.show_info = false;
        self.min_shown = Severity::Error;
        self
    }

    /// Show at most `n` diagnostics of each code; count the rest.
    pub fn with_per_code_limit(mut self, n: usize) -> Self {
        self.per_code_limit = n;
        self
    }

    /// The input's name, as diagnostics show it.
    pub fn file(&self) -> &Arc<str> {
        &self.file
    }

    /// Renames the input for the diagnostics that follow.
    pub fn set_file(&mut self, file: impl Into<Arc<str>>) {
        self.file = file.into();
    }

    /// The game that following diagnostics belong to.
    pub fn set_game(&mut self, game: Option<usize>) {
        self.game = game;
    }

    /// Reports a problem with the code's default severity, at `pos` when
    /// it has a place.
    pub fn report<'a>(&mut self, code: Code, at: impl Into<At<'a>>, message: impl Message) {
        self.report_as(code, code.severity(), at, message)
    }

    /// Reports with a severity other than the code's default (e.g. a warning
    /// raised to an error because the repair lost data).
    pub fn report_as<'a>(
        &mut self,
        code: Code,
        severity: Severity,
        at: impl Into<At<'a>>,
        message: impl Message,
    ) {
        self.counts[severity as usize] += 1;
        if self.tally.as_mut().is_some_and(|t| t.add(code, 1)) {
            let message = message.into_message();
            if let Some(t) = &mut self.tally {
                t.detail(&message);
            }
            self.emit(code, severity, at.into(), message);
        } else {
            self.emit(code, severity, at.into(), message);
        }
    }

    /// Shows or keeps a counted diagnostic, if the filters let it through.
    fn emit(&mut self, code: Code, severity: Severity, at: At<'_>, message: impl Message) {
        if !self.keeps(severity) || !self.admit(code) {
            return;
        }
        let d = Diagnostic {
            file: self.file.clone(),
            pos: at.pos,
            game: self.game,
            code,
            severity,
            property: at.property.map(Box::from),
            message: message.into_message(),
        };
        self.output(d);
    }

    fn keeps(&self, severity: Severity) -> bool {
        !(severity < self.min_shown
            || (severity == Severity::Info && !self.show_info)
            || matches!(self.output, Output::Discard))
    }

    /// Counts a diagnostic that passed the severity filter against the
    /// per-code limit: whether it is within it (else it is suppressed).
    fn admit(&mut self, code: Code) -> bool {
        if self.per_code_limit == usize::MAX {
            return true;
        }
        let n = match self.per_code.iter_mut().find(|(id, _)| *id == code.id) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                self.per_code.push((code.id, 1));
                1
            }
        };
        if n > self.per_code_limit {
            self.suppressed += 1;
            return false;
        }
        true
    }

    /// Shows or keeps a diagnostic that passed the severity filter and the
    /// per-code limit.
    fn output(&mut self, d: Diagnostic) {
        match &mut self.output {
            Output::Collect(v) => v.push(d),
            // A diagnostic that cannot be written (closed stderr) is not
            // worth failing the conversion for.
            Output::Text(w) => {
                let _ = match &self.palette {
                    Some(p) => writeln!(w, "{}", d.styled(p)),
                    None => writeln!(w, "{d}"),
                };
            }
            Output::Json(w) => {
                let _ = writeln!(w, "{}", d.to_json());
            }
            Output::Discard => {}
        }
    }

    /// A reporter for a piece of this reporter's input read elsewhere (on
    /// another thread): it keeps what this one would show, and
    /// [`Reporter::absorb`] brings its diagnostics back, in order.
    pub fn for_piece(&self) -> Reporter {
        // Nothing is shown: nothing is kept (or built) in the piece either.
        let output = match self.output {
            Output::Discard => Output::Discard,
            _ => Output::Collect(Vec::new()),
        };
        let mut r = Reporter::new(self.file.clone(), output);
        r.show_info = self.show_info;
        r.min_shown = self.min_shown;
        // What is past the limit in the piece is past it here too.
        r.per_code_limit = self.per_code_limit;
        r.tally = self.tally.as_ref().map(|t| {
            Box::new(Tally {
                detail_of: t.detail_of,
                ..Tally::default()
            })
        });
        r
    }

    /// Takes in what a [`Reporter::for_piece`] reporter found, as if it had
    /// been reported here: counted, shown or kept within the limits. Game
    /// indexes in the piece count from `game_base`.
    pub fn absorb(&mut self, mut piece: Reporter, game_base: usize) {
        let mut kept = [0usize; 3];
        for mut d in piece.take_collected() {
            kept[d.severity as usize] += 1;
            d.game = d.game.map(|g| g + game_base);
            self.counts[d.severity as usize] += 1;
            if self.keeps(d.severity) && self.admit(d.code) {
                self.output(d);
            }
        }
        for (s, n) in piece.counts.iter().enumerate() {
            self.counts[s] += n.saturating_sub(kept[s]);
        }
        // Past the limit in the piece: the piece kept the first of each
        // code, which took this reporter to the limit as well.
        self.suppressed += piece.suppressed;
        if let (Some(mine), Some(theirs)) = (&mut self.tally, piece.tally.take()) {
            mine.merge(*theirs);
        }
    }

    /// Whether a diagnostic of this severity would be shown or kept (callers
    /// skip building messages nobody will see). With a tally, every one is
    /// wanted: it counts.
    pub fn wants(&self, severity: Severity) -> bool {
        self.tally.is_some()
            || (severity >= self.min_shown && (severity != Severity::Info || self.show_info))
    }

    /// Reports as [`Severity::Info`], whatever the code's letter.
    pub fn info<'a>(&mut self, code: Code, at: impl Into<At<'a>>, message: impl Message) {
        self.report_as(code, Severity::Info, at, message)
    }

    /// Reports as [`Severity::Warning`], whatever the code's letter.
    pub fn warn<'a>(&mut self, code: Code, at: impl Into<At<'a>>, message: impl Message) {
        self.report_as(code, Severity::Warning, at, message)
    }

    /// Reports as [`Severity::Error`], whatever the code's letter.
    pub fn error<'a>(&mut self, code: Code, at: impl Into<At<'a>>, message: impl Message) {
        self.report_as(code, Severity::Error, at, message)
    }

    /// Diagnostics reported with severity `s`, shown or not.
    pub fn count(&self, s: Severity) -> usize {
        self.counts[s as usize]
    }

    /// Errors reported, shown or not.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Warnings reported, shown or not.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// Diagnostics hidden by the per-code limit.
    pub fn suppressed(&self) -> usize {
        self.suppressed
    }

    /// The kept diagnostics (only with [`Output::Collect`]).
    pub fn collected(&self) -> &[Diagnostic] {
        match &self.output {
            Output::Collect(v) => v,
            _ => &[],
        }
    }

    /// Takes the kept diagnostics out, leaving none (only with
    /// [`Output::Collect`]).
    pub fn take_collected(&mut self) -> Vec<Diagnostic> {
        match &mut self.output {
            Output::Collect(v) => std::mem::take(v),
            _ => Vec::new(),
        }
    }

    /// Flushes a text or JSON output; write errors are ignored.
    pub fn flush(&mut self) {
        if let Output::Text(w) | Output::Json(w) = &mut self.output {
            let _ = w.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn info_is_counted_but_hidden_by_default() {
        let mut r = Reporter::new("x", Output::Collect(Vec::new()));
        r.info(W_TEST, None, "rewrite");
        assert_eq!(r.count(Severity::Info), 1);
        assert!(r.collected().is_empty());
    }

    #[test]
    fn per_code_limit_counts_the_rest() {
        let mut r = Reporter::collecting("x").with_per_code_limit(2);
        for _ in 0..5 {
            r.report(W_TEST, None, "again");
        }
        assert_eq!(r.collected().len(), 2);
        assert_eq!(r.suppressed(), 3);
        assert_eq!(r.warnings(), 5);
    }

    #[test]
    fn a_message_is_built_only_for_a_diagnostic_that_is_kept() {
        let mut built = 0;
        let mut r = Reporter::collecting("x").with_per_code_limit(2);
        for _ in 0..5 {
            r.report(W_TEST, None, || {
                built += 1;
                "again".to_string()
            });
        }
        let mut quiet = Reporter::new("x", Output::Discard);
        quiet.report(W_TEST, None, || {
            built += 100;
            String::new()
        });
        assert_eq!((built, r.collected().len(), r.warnings()), (2, 2, 5));
        assert_eq!(quiet.warnings(), 1);
    }

    /// Pieces read apart and absorbed in order show and suppress what one
    /// reporter would have.
    #[test]
    fn pieces_keep_the_per_code_limit_of_their_reporter() {
        let mut whole = Reporter::collecting("x").with_per_code_limit(3);
        let mut merged = Reporter::collecting("x").with_per_code_limit(3);
        for piece_size in [2, 1, 4, 0, 3] {
            let mut piece = merged.for_piece();
            for k in 0..piece_size {
                let m = format!("{piece_size}.{k}");
                whole.report(W_TEST, None, m.as_str());
                piece.report(W_TEST, None, m.as_str());
            }
            merged.absorb(piece, 0);
        }
        let messages = |r: &Reporter| {
            r.collected()
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(messages(&merged), messages(&whole));
        assert_eq!(merged.suppressed(), whole.suppressed());
        assert_eq!((merged.warnings(), whole.suppressed()), (10, 7));
        // A reporter that shows nothing suppresses nothing, pieces or not.
        let mut quiet = Reporter::new("x", Output::Discard).with_per_code_limit(3);
        for _ in 0..2 {
            let mut piece = quiet.for_piece();
            for _ in 0..5 {
                piece.report(W_TEST, None, "again");
            }
            quiet.absorb(piece, 0);
        }
        assert_eq!((quiet.warnings(), quiet.suppressed()), (10, 0));
    }

    #[test]
    fn nothing_is_suppressed_when_nothing_is_shown() {
        let mut r = Reporter::new("x", Output::Discard).with_per_code_limit(1);
        for _ in 0..3 {
            r.report(W_TEST, None, "again");
        }
        assert_eq!(r.suppressed(), 0);
        assert_eq!(r.warnings(), 3);
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
