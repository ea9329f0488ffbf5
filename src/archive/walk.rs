//! The walk over an archive, from a stream or from a file.
//!
//! The walk over an archive, from a stream or from a file: [`walk`] and
//! [`walk_file`] hand each member that is a game record to a callback
//! (`containers.rs` reads each kind of container).

use super::codes::ARCHIVE_TOO_LARGE;
use super::containers;
use super::kind::Kind;
use super::member::{Budget, Limits, OnMember, Walked};
use crate::diag::Reporter;
use crate::error::Error;
use std::io::Read;
use std::path::PathBuf;

/// Walks the archive `input` (of kind `kind`, named `name` in messages),
/// calling `each` with every member that is a game record. The archive's
/// own diagnostics (left-out members, name encodings, bombs, damage) go to
/// `report`.
pub fn walk(
    input: Box<dyn Read + '_>,
    kind: Kind,
    name: &str,
    limits: &Limits,
    report: &mut Reporter,
    each: &mut OnMember<'_>,
) -> Result<Walked, Error> {
    let input = containers::Source::Stream(input);
    walk_source(input, kind, name, limits, report, each)
}

/// [`walk`] of an archive in a file, read from its start: a zip or a 7z is
/// read in place, not first copied into a temporary file.
pub fn walk_file(
    file: std::fs::File,
    kind: Kind,
    name: &str,
    limits: &Limits,
    report: &mut Reporter,
    each: &mut OnMember<'_>,
) -> Result<Walked, Error> {
    let input = containers::Source::File(file);
    walk_source(input, kind, name, limits, report, each)
}

fn walk_source(
    input: containers::Source<'_>,
    kind: Kind,
    name: &str,
    limits: &Limits,
    report: &mut Reporter,
    each: &mut OnMember<'_>,
) -> Result<Walked, Error> {
    let budget = Budget {
        left: std::cell::Cell::new(limits.max_archive_size),
        spent: std::cell::Cell::new(false),
    };
    let mut w = containers::Walker {
        limits: *limits,
        walked: Walked::default(),
        left_out_names: Vec::new(),
        budget: &budget,
        each,
    };
    let root = PathBuf::new();
    let at = containers::Place {
        name,
        prefix: &root,
        level: 0,
    };
    let r = w.archive(input, kind, at, report);
    if budget.spent.get() {
        report.report(
            ARCHIVE_TOO_LARGE,
            None,
            format!(
                "{name}: more than {} bytes decompressed from the archive (--max-archive-size): the rest not read",
                limits.max_archive_size
            ),
        );
    }
    r?;
    w.report_left_out(name, report);
    Ok(w.walked)
}
