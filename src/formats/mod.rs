//! The registry of formats: how to recognise, read and write each one.
//!
//! Each format lives in its own module, with its reader and its writer, and
//! meets the others only in the [event model](crate::event). Its document in
//! `formats/<name>.md` says what the format is; the module implements that.

use crate::diag::Reporter;
use crate::error::Error;
use crate::options::{Options, ReadOption, ReadOptions, WriteOption, WriteOptions};
use crate::sink::Sink;
use std::io::{Read, Write};
use std::path::Path;

pub mod csv;
pub(crate) mod diagram;
pub mod gib;
pub mod html;
pub mod jago;
pub mod json;
pub(crate) mod lines;
pub mod ngf;
pub mod png;
pub mod sgf;
pub mod sl;
pub(crate) mod structured;
pub mod svg;
pub mod ugf;
pub mod xml;

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Smart Game Format, `FF[1]`–`FF[4]`, every dialect and character set.
    Sgf,
    /// Tygem / Tom / eWeiqi `.gib`.
    Gib,
    /// PandaNet (IGS) `.ugf` / `.ugi`.
    Ugf,
    /// WBaduk / Cyberoro `.ngf`.
    Ngf,
    /// sgfconv's lossless JSON model (or a move list with `--moves`).
    Json,
    /// sgfconv's lossless XML model.
    Xml,
    /// Jago / GoGui XML (`go.dtd`).
    Jago,
    /// A move list, one row per move.
    Csv,
    /// A picture of the board as SVG (a position or book figures).
    Svg,
    /// The SVG picture rasterised to PNG.
    Png,
    /// A self-contained HTML page that replays the games.
    Html,
    /// Sensei's Library ASCII diagrams.
    Sl,
}

/// What the registry knows about a format.
pub struct FormatInfo {
    /// The format described.
    pub format: Format,
    /// The name used with `-f`/`-t`.
    pub name: &'static str,
    /// File extensions, lower case, without the dot.
    pub extensions: &'static [&'static str],
    /// One line for `sgfconv formats`.
    pub description: &'static str,
    /// What a conversion *to* this format keeps; `formats` prints it.
    pub carries: &'static str,
    /// Writing to it can lose data (and says so in a warning).
    pub lossy: bool,
    /// One output file of it holds several games (a collection); the
    /// others hold one game per file.
    pub collection: bool,
    /// sgfconv reads it (the pictures are written only).
    pub reads: bool,
    /// Pictures: a game may give several (`--figures`), each its own file
    /// under `-d`.
    pub pictures: bool,
    /// The reader options its reader takes; any other is refused.
    pub read_options: &'static [ReadOption],
    /// The writer options its writer takes; any other is refused.
    pub write_options: &'static [WriteOption],
}

/// What the readers of text formats with no declaration of their own take.
/// What the picture writers take.
const DIAGRAM: &[WriteOption] = &[
    WriteOption::Game,
    WriteOption::At,
    WriteOption::Figures,
    WriteOption::Every,
    WriteOption::Numbering,
    WriteOption::Crop,
    WriteOption::NoCoords,
    WriteOption::Coords,
    WriteOption::Size,
];

const CHARSETS: &[ReadOption] = &[
    ReadOption::Encoding,
    ReadOption::DefaultEncoding,
    ReadOption::MaxValueSize,
];

/// Every format, in the order `sgfconv formats` lists them.
pub const FORMATS: &[FormatInfo] = &[
    FormatInfo {
        format: Format::Sgf,
        name: "sgf",
        extensions: &["sgf", "sgfs", "sgc", "kifu"],
        description: "Smart Game Format, FF[1]-FF[4], every dialect and character set",
        carries: "everything: all games, variations, properties (known, unknown, private)",
        lossy: false,
        collection: true,
        reads: true,
        pictures: false,
        read_options: CHARSETS,
        write_options: &[WriteOption::ToEncoding],
    },
    FormatInfo {
        format: Format::Gib,
        name: "gib",
        extensions: &["gib"],
        description: "Tygem / Tom / eWeiqi game record",
        carries: "main line, players, ranks, komi, result, date, handicap, time settings",
        lossy: true,
        collection: false,
        reads: true,
        pictures: false,
        read_options: CHARSETS,
        write_options: &[WriteOption::ToEncoding],
    },
    FormatInfo {
        format: Format::Ugf,
        name: "ugf",
        extensions: &["ugf", "ugi"],
        description: "PandaNet (IGS) UGF/UGI, with figures and review trees",
        carries: "main line, game info, comments and labels (figures), variations (figures or review tree)",
        lossy: true,
        collection: false,
        reads: true,
        pictures: false,
        read_options: CHARSETS,
        write_options: &[WriteOption::ToEncoding, WriteOption::UgfReview],
    },
    FormatInfo {
        format: Format::Ngf,
        name: "ngf",
        extensions: &["ngf"],
        description: "WBaduk / Cyberoro / Yugen no Ma game record",
        carries: "main line, players, ranks, komi, result, date, handicap",
        lossy: true,
        collection: false,
        reads: true,
        pictures: false,
        read_options: &[
            ReadOption::Encoding,
            ReadOption::DefaultEncoding,
            ReadOption::NgfRotate180,
            ReadOption::MaxValueSize,
        ],
        write_options: &[WriteOption::ToEncoding],
    },
    FormatInfo {
        format: Format::Json,
        name: "json",
        extensions: &["json", "jsonl", "ndjson"],
        description: "sgfconv's lossless JSON model (formats/json.md), or a move list with --moves",
        carries: "everything (lossless); --moves: main line and core game info",
        lossy: false,
        collection: true,
        reads: true,
        pictures: false,
        read_options: &[ReadOption::MaxValueSize],
        write_options: &[WriteOption::JsonLines, WriteOption::Moves],
    },
    FormatInfo {
        format: Format::Xml,
        name: "xml",
        extensions: &["xml"],
        description: "sgfconv's lossless XML model (formats/xml.md)",
        carries: "everything (lossless)",
        lossy: false,
        collection: true,
        reads: true,
        pictures: false,
        read_options: &[ReadOption::MaxValueSize],
        write_options: &[],
    },
    FormatInfo {
        format: Format::Jago,
        name: "jago",
        extensions: &[],
        description: "Jago / GoGui XML (go.dtd)",
        carries: "game tree, game info, comments, markup; other properties as <SGF>",
        lossy: true,
        collection: false,
        reads: true,
        pictures: false,
        read_options: &[ReadOption::MaxValueSize],
        write_options: &[],
    },
    FormatInfo {
        format: Format::Csv,
        name: "csv",
        extensions: &["csv"],
        description: "move list, one row per move (formats/csv.md)",
        carries: "main line moves (all nodes with --all-variations), time left, comments",
        lossy: true,
        collection: true,
        reads: true,
        pictures: false,
        read_options: &[ReadOption::MaxValueSize],
        write_options: &[
            WriteOption::AllVariations,
            WriteOption::Coords,
            WriteOption::GamesCsv,
            WriteOption::CsvSafe,
        ],
    },
    FormatInfo {
        format: Format::Svg,
        name: "svg",
        extensions: &["svg"],
        description: "a picture of the board (formats/diagrams.md): a position, or book figures",
        carries: "one position or figure per picture: stones, move numbers, markup, labels",
        lossy: true,
        collection: false,
        reads: false,
        pictures: true,
        read_options: &[],
        write_options: DIAGRAM,
    },
    FormatInfo {
        format: Format::Png,
        name: "png",
        extensions: &["png"],
        description: "the SVG picture rasterised (formats/diagrams.md)",
        carries: "one position or figure per picture: stones, move numbers, markup, labels",
        lossy: true,
        collection: false,
        reads: false,
        pictures: true,
        read_options: &[],
        write_options: DIAGRAM,
    },
    FormatInfo {
        format: Format::Html,
        name: "html",
        extensions: &["html", "htm"],
        description: "a self-contained page that replays the games offline (formats/html.md)",
        carries: "game tree, comments, game info, markup",
        lossy: true,
        collection: true,
        reads: false,
        pictures: false,
        read_options: &[],
        write_options: &[WriteOption::NoCoords, WriteOption::Coords],
    },
    FormatInfo {
        format: Format::Sl,
        name: "sl",
        extensions: &["sl"],
        description: "Sensei's Library ASCII diagrams (formats/sl.md)",
        carries: "positions and up to 10 numbered moves per diagram, marks, labels",
        lossy: true,
        collection: true,
        reads: true,
        pictures: false,
        read_options: &[ReadOption::MaxValueSize],
        write_options: &[
            WriteOption::At,
            WriteOption::Figures,
            WriteOption::Every,
            WriteOption::Crop,
            WriteOption::NoCoords,
        ],
    },
];

impl Format {
    /// What the registry knows about this format.
    pub fn info(self) -> &'static FormatInfo {
        FORMATS
            .iter()
            .find(|f| f.format == self)
            .unwrap_or(&FORMATS[0])
    }

    /// The name used with `-f`/`-t`.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// `-f`/`-t` names (case-insensitive); `ugi` is read as `ugf`.
    pub fn from_name(name: &str) -> Option<Format> {
        let n = name.to_ascii_lowercase();
        if n == "ugi" {
            return Some(Format::Ugf);
        }
        FORMATS.iter().find(|f| f.name == n).map(|f| f.format)
    }

    /// From a path's extension (case-insensitive). Junk suffixes that
    /// archives add after the real extension (`game.gib.dll`, `x.sgf.bak`)
    /// are looked through.
    pub fn from_path(path: &Path) -> Option<Format> {
        let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
        let mut parts: Vec<&str> = name.split('.').skip(1).collect();
        while let Some(ext) = parts.pop() {
            if let Some(f) = FORMATS.iter().find(|f| f.extensions.contains(&ext)) {
                return Some(f.format);
            }
        }
        None
    }

    /// Recognises a format from the first bytes of an input. Formats with
    /// a signature of their own come first; SGF's test (a `(` then `;` or a
    /// property) is weaker, since a GIB or UGF header may hold `X (BOT)`.
    pub fn sniff(head: &[u8]) -> Option<Format> {
        let head = strip_bom(head);
        let text = skip_ws(head);
        if gib::sniff(head) {
            return Some(Format::Gib);
        }
        if ugf::sniff(head) {
            return Some(Format::Ugf);
        }
        if jago::sniff(head) {
            return Some(Format::Jago);
        }
        if text.starts_with(b"<?xml") || text.starts_with(b"<sgfconv") {
            return Some(Format::Xml);
        }
        if text.starts_with(b"{") {
            return Some(Format::Json);
        }
        if sgf::sniff(head) || sgf::sniff_wide(head) {
            return Some(Format::Sgf);
        }
        if text.starts_with(b"<") {
            return Some(Format::Xml);
        }
        if text.starts_with(b"[") {
            return Some(Format::Json);
        }
        if ngf::sniff(head) {
            return Some(Format::Ngf);
        }
        if sl::sniff(head) {
            return Some(Format::Sl);
        }
        if csv::sniff(head) {
            return Some(Format::Csv);
        }
        None
    }

    /// The record format of a file's first bytes, when it surely is a game
    /// record, as `migrate` needs to know: SGF needs `(` then `;` (or `(`
    /// then a property), a lone `(` in prose is not enough; binary data (a
    /// NUL byte without a UTF-16 BOM) is never a record; JSON, XML and CSV
    /// are not taken for records.
    pub fn sniff_record(head: &[u8]) -> Option<Format> {
        sniff_record(head)
    }
}

/// Binary data: a NUL byte without a UTF-16/32 byte-order mark, and not
/// SGF in UTF-16/32 without one.
fn looks_binary(head: &[u8]) -> bool {
    let bom = head.starts_with(b"\xFF\xFE")
        || head.starts_with(b"\xFE\xFF")
        || head.starts_with(b"\0\0\xFE\xFF");
    !bom && memchr::memchr(0, head).is_some() && !sgf::sniff_wide(head)
}

/// The record format of a file's first bytes, when it surely is a game
/// record (what `migrate` converts). SGF needs `(` then `;` (or `(` then a property): a lone `(` in
/// prose is not enough; binary data (a NUL byte without a UTF-16 BOM) is
/// never a record.
fn sniff_record(head: &[u8]) -> Option<Format> {
    if sgf::sniff_wide(head) {
        return Some(Format::Sgf);
    }
    if looks_binary(head) {
        return None;
    }
    match Format::sniff(head)? {
        Format::Sgf if looks_like_sgf(head) => Some(Format::Sgf),
        f @ (Format::Gib | Format::Ngf | Format::Ugf) => Some(f),
        _ => None,
    }
}

fn looks_like_sgf(head: &[u8]) -> bool {
    let mut rest = head;
    while let Some(i) = memchr::memchr(b'(', rest) {
        let after = &rest[i + 1..];
        let n = after.iter().take_while(|c| c.is_ascii_whitespace()).count();
        let after = &after[n..];
        if after.first() == Some(&b';') {
            return true;
        }
        let id = after.iter().take_while(|c| c.is_ascii_alphabetic()).count();
        if (1..=8).contains(&id) {
            let tail = &after[id..];
            let ws = tail.iter().take_while(|c| c.is_ascii_whitespace()).count();
            if tail.get(ws) == Some(&b'[') {
                return true;
            }
        }
        rest = &rest[i + 1..];
    }
    false
}

fn strip_bom(b: &[u8]) -> &[u8] {
    b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b)
}

fn skip_ws(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    &b[n..]
}

/// Reads `input` as `format`, pushing events into `sink`. Does not call
/// `sink.finish`.
pub fn read(
    format: Format,
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    match format {
        Format::Sgf => sgf::read(input, options, sink, report),
        Format::Gib => gib::read(input, options, sink, report),
        Format::Ugf => ugf::read(input, options, sink, report),
        Format::Ngf => ngf::read(input, options, sink, report),
        Format::Json => json::read(input, options, sink, report),
        Format::Xml => xml::read(input, options, sink, report),
        Format::Jago => jago::read(input, options, sink, report),
        Format::Csv => csv::read(input, options, sink, report),
        Format::Sl => sl::read(input, options, sink, report),
        Format::Svg | Format::Png | Format::Html => Err(Error::Usage(format!(
            "{} is an output format: sgfconv writes it but does not read it",
            format.name()
        ))),
    }
}

/// How an input in `format` is cut into game-parallel pieces, from its
/// first bytes (`start`, [`crate::input::CUTS_HEAD`] or all of a shorter
/// input): `None` when it is read in one pass (a format not read in
/// pieces, a byte-order mark, a layout the format does not cut).
pub fn cuts(format: Format, start: &[u8]) -> Option<crate::input::Cuts> {
    match format {
        Format::Sgf => sgf::cuts(start),
        Format::Xml => xml::cuts(start),
        Format::Csv => csv::cuts(start),
        Format::Json => json::cuts(start),
        _ => None,
    }
}

/// Whether `format` is read in game-parallel pieces (`-j`), where
/// [`cuts`] says the input can be cut.
pub fn reads_in_pieces(format: Format) -> bool {
    matches!(
        format,
        Format::Sgf | Format::Xml | Format::Csv | Format::Json
    )
}

/// Reads a piece of an input in `format`, or its rest, from `resume` on
/// (after the document's head when [`crate::input::Resume::head`] says
/// so): positions, game numbers and diagnostics are those of a reading of
/// the whole input. Says how the piece ended.
pub fn read_piece(
    format: Format,
    input: &mut dyn Read,
    resume: crate::input::Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<crate::input::PieceEnd, Error> {
    match format {
        Format::Sgf => sgf::read_from(input, resume, options, sink, report),
        Format::Xml => xml::read_from(input, resume, options, sink, report),
        Format::Csv => csv::read_from(input, resume, options, sink, report),
        Format::Json => json::read_from(input, resume, options, sink, report),
        _ => read(format, input, options, sink, report).map(|()| Default::default()),
    }
}

/// A writer of `format` into `output`. Refuses a writer option that
/// `format` does not take ([`FormatInfo::write_options`]).
pub fn writer<'w>(
    format: Format,
    output: Box<dyn Write + 'w>,
    options: &Options,
) -> Result<Box<dyn Sink + 'w>, Error> {
    check_write_options(format, &options.write)?;
    let keep_ff = options.read.dialect.is_keep();
    let options = &options.write;
    Ok(match format {
        Format::Sgf => Box::new(sgf::SgfWriter::new(output, options, keep_ff)?),
        Format::Gib => gib::writer(output, options)?,
        Format::Ugf => ugf::writer(output, options)?,
        Format::Ngf => ngf::writer(output, options)?,
        Format::Json => json::writer(output, options)?,
        Format::Xml => xml::writer(output, options)?,
        Format::Jago => jago::writer(output, options)?,
        Format::Csv => csv::writer(output, options)?,
        Format::Svg => svg::writer(output, options)?,
        Format::Png => png::writer(output, options)?,
        Format::Html => html::writer(output, options)?,
        Format::Sl => sl::writer(output, options)?,
    })
}

/// The writer of picture format `format` (`FormatInfo::pictures`) handing
/// each picture to `pages` (the command's `-d` gives each its own file);
/// `None` for the other formats.
pub fn pictures_writer<'w>(
    format: Format,
    pages: Box<dyn crate::render::Pages + 'w>,
    options: &Options,
) -> Result<Option<Box<dyn Sink + 'w>>, Error> {
    check_write_options(format, &options.write)?;
    Ok(match format {
        Format::Svg => Some(svg::pages_writer(pages, &options.write)?),
        Format::Png => Some(png::pages_writer(pages, &options.write)?),
        _ => None,
    })
}

/// An error naming the first option in `options` that `format`'s reader
/// does not take, and the formats that take it. (JSON, XML, Jago and CSV
/// say their character set themselves.)
pub fn check_read_options(format: Format, options: &ReadOptions) -> Result<(), Error> {
    let takes = format.info().read_options;
    match options.given().into_iter().find(|o| !takes.contains(o)) {
        None => Ok(()),
        Some(o) => {
            let by = names_of(|f| f.read_options.contains(&o));
            Err(Error::Usage(format!(
                "{} does not apply to {} input (it applies to: {by})",
                o.flag(),
                format.name(),
            )))
        }
    }
}

/// The names of the formats that `keep` keeps, comma-separated.
fn names_of(keep: impl Fn(&FormatInfo) -> bool) -> String {
    let names: Vec<&str> = FORMATS.iter().filter(|f| keep(f)).map(|f| f.name).collect();
    names.join(", ")
}

/// An error naming the first option in `options` that `format`'s writer
/// does not take, and the formats that take it.
pub fn check_write_options(format: Format, options: &WriteOptions) -> Result<(), Error> {
    let takes = format.info().write_options;
    match options.given().into_iter().find(|o| !takes.contains(o)) {
        None => Ok(()),
        Some(o) => {
            let by = names_of(|f| f.write_options.contains(&o));
            Err(Error::Usage(format!(
                "{} does not apply to {} output (it applies to: {by})",
                o.flag(),
                format.name(),
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions() {
        assert_eq!(Format::from_name("UGI"), Some(Format::Ugf));
        assert_eq!(Format::from_name("sgf"), Some(Format::Sgf));
        assert_eq!(Format::from_name("doc"), None);
        assert_eq!(Format::from_path(Path::new("a/B.SGF")), Some(Format::Sgf));
        assert_eq!(Format::from_path(Path::new("x.gib.dll")), Some(Format::Gib));
        assert_eq!(Format::from_path(Path::new("x.ugi")), Some(Format::Ugf));
        assert_eq!(Format::from_path(Path::new("noext")), None);
    }

    #[test]
    fn signatures_win_over_sgf() {
        let gib = b"\\HS\r\n\\[GAMEBLACKNAME=X (BOT)\\]\r\n";
        assert_eq!(Format::sniff(gib), Some(Format::Gib));
    }

    #[test]
    fn a_writer_refuses_options_it_does_not_take() {
        let mut o = Options::default();
        o.write.games_csv = Some("x.csv".into());
        let e = writer(Format::Sgf, Box::new(std::io::sink()), &o)
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "--games-csv does not apply to sgf output (it applies to: csv)"
        );
        assert!(check_write_options(Format::Csv, &o.write).is_ok());
        let mut o = Options::default();
        o.write.to_encoding = Some(encoding_rs::SHIFT_JIS);
        let e = check_write_options(Format::Json, &o.write).unwrap_err();
        assert!(e.to_string().contains("sgf, gib, ugf, ngf"), "{e}");
    }

    #[test]
    fn sniffs_sgf() {
        assert_eq!(Format::sniff(b"\xEF\xBB\xBF (;FF[4])"), Some(Format::Sgf));
        assert_eq!(Format::sniff(b"From: x\n\n(;GM[1])"), Some(Format::Sgf));
    }
}
