//! The UGF reader's `[Header]` section and kept sections.
//!
//! The `[Header]` section read into the game's root: refuses an encrypted
//! file, sets the grid (`CoordinateType`, `Size`), maps the known fields
//! (`header.rs`) and keeps what the writer would not give back as it was in
//! `XUGFH`; and the sections with no SGF home, kept in `XUGFS`.

use super::build::Builder;
use super::codes::*;
use super::sections::Section;
use super::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Pos, PropertyBuf, Value};

/// A `[Header]` line: key and value (both trimmed), and where it is.
type HeaderEntry = (String, String, Pos);

/// The `Key=value` lines of a `[Header]` section; a line without `=` is
/// reported and dropped.
fn header_entries(s: &Section, report: &mut Reporter) -> Vec<HeaderEntry> {
    let mut entries = Vec::new();
    for line in s.lines() {
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        match t.split_once('=') {
            Some((k, v)) => entries.push((k.trim().to_string(), v.trim().to_string(), line.pos)),
            None => report.report(
                UGF_BAD_LINE,
                Some(line.pos),
                format!("header line without `=`: `{}` dropped", header::excerpt(t)),
            ),
        }
    }
    entries
}

/// Refuses a file whose `Crypt` field names a cipher: nothing of it can be
/// read.
fn refuse_encrypted(entries: &[HeaderEntry]) -> Result<(), Error> {
    for (k, v, pos) in entries {
        if k.eq_ignore_ascii_case("Crypt") {
            // `n,PLAIN_UGF_FILE,…` is plain; without a second field, only
            // a key of 0 (or none) is.
            let mut f = v.split(',').map(str::trim);
            let key = f.next().unwrap_or("");
            let plain = match f.next() {
                Some(kind) if !kind.is_empty() => kind.eq_ignore_ascii_case("PLAIN_UGF_FILE"),
                _ => key.is_empty() || key == "0",
            };
            if !plain {
                return Err(Error::unreadable(
                    UGF_ENCRYPTED,
                    format!(
                        "{}:{}: encrypted UGF file (Crypt={}): the cipher is unknown, nothing can be read",
                        pos.line,
                        pos.col,
                        header::excerpt(v)
                    ),
                ));
            }
        }
    }
    Ok(())
}

impl Builder {
    /// Reads one `[Header]` section: refuses an encrypted file, sets the
    /// grid, and turns the fields into root properties (what the writer
    /// would not give back as it was is kept in `XUGFH` too).
    pub(super) fn header(&mut self, s: &Section, report: &mut Reporter) -> Result<(), Error> {
        let entries = header_entries(s, report);
        // Refuse encrypted files before anything is emitted.
        refuse_encrypted(&entries)?;
        self.grid_fields(&entries, report);
        let mut kept = PropertyBuf::new(PROP_HEADER);
        for (k, v, pos) in &entries {
            let key = header::canonical(k);
            // Fields about the file itself (version, charset, cipher,
            // orientation, move count) are rewritten by any writer.
            if key.is_some_and(|k| header::PLUMBING.contains(&k)) {
                continue;
            }
            let keep = match key {
                Some(key) => self.header_field(key, v, *pos, report),
                None => {
                    report.report(
                        UGF_HEADER_KEPT,
                        Some(*pos),
                        format!(
                            "unknown header field {}: kept in {PROP_HEADER}",
                            header::excerpt(k)
                        ),
                    );
                    true
                }
            };
            if keep {
                kept.push_compose(key.unwrap_or(k.as_str()), v);
            }
        }
        if !kept.values().is_empty() {
            // A second [Header] section adds to the first's: one property,
            // as SGF reads a repeated one.
            let mut root = self.game.root_mut();
            for v in kept.values().iter() {
                root.add_value(PROP_HEADER, v);
            }
        }
        Ok(())
    }

    /// `CoordinateType` and `Size`: how `[Data]` points are read.
    fn grid_fields(&mut self, entries: &[HeaderEntry], report: &mut Reporter) {
        for (k, v, pos) in entries {
            match header::canonical(k) {
                Some("CoordinateType") => match v.to_ascii_uppercase().as_str() {
                    "IGS" => self.grid.igs = true,
                    "JPN" | "" => self.grid.igs = false,
                    _ => report.report(
                        UGF_UNKNOWN_COORDINATE_TYPE,
                        Some(*pos),
                        format!(
                            "unknown CoordinateType={}: rows read from the top (JPN)",
                            header::excerpt(v)
                        ),
                    ),
                },
                Some("Size") => match v.parse::<u8>() {
                    Ok(n) if (2..=25).contains(&n) => self.grid.size = n,
                    _ => report.report(
                        UGF_HEADER_VALUE,
                        Some(*pos),
                        format!(
                            "Size={} is not a board size from 2 to 25: 19 is used",
                            header::excerpt(v)
                        ),
                    ),
                },
                _ => {}
            }
        }
    }

    /// Sets the root properties of the known field `key`; whether its value
    /// must be kept verbatim too (not understood, or not what the writer
    /// would write back).
    fn header_field(&mut self, key: &str, v: &str, pos: Pos, report: &mut Reporter) -> bool {
        match header::to_props(key, v) {
            Ok(props) => {
                for (p, val) in &props {
                    self.game.root_mut().set(p, val);
                }
                // Kept when the writer would not write it back as is.
                let root = self.game.root();
                header::from_root(key, &|n: &str| root.text(n).map(str::to_string)) != *v
            }
            Err(why) => {
                report.report(
                    UGF_HEADER_VALUE,
                    Some(pos),
                    format!(
                        "{key}={}: {why}; kept verbatim in {PROP_HEADER}",
                        header::excerpt(v)
                    ),
                );
                true
            }
        }
    }

    /// A section with no SGF home: `Meta` events and `XUGFS[Name:lines]`.
    pub(super) fn keep_section(&mut self, s: &Section, report: &mut Reporter) {
        let mut lines: Vec<&str> = s.lines().map(|l| l.text).collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        let text = lines.join("\n");
        if s.name == "Files" {
            for l in &lines {
                if let Some((label, hex)) = l.split_once('=') {
                    self.game.meta.push((
                        format!("ugf:Files/{}", label.trim()),
                        hex.trim().to_string(),
                    ));
                }
            }
        } else {
            self.game
                .meta
                .push((format!("ugf:{}", s.name), text.clone()));
        }
        report.report(
            UGF_SECTION_KEPT,
            Some(s.pos),
            format!("[{}] has no SGF form: kept in {PROP_SECTION}", s.name),
        );
        let joined = format!("{}:{text}", s.name);
        let value = Value::compose(&joined, s.name.len());
        self.game.root_mut().add_value(PROP_SECTION, value);
    }
}
