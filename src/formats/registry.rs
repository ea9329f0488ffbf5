//! The registry of formats: one row per format.
//!
//! Each row of [`FORMATS`] says what its format is called, its extensions,
//! what it carries, the options it takes, and its reader and writer; the
//! names and the options are checked against the rows.

use super::contract::{Reading, Writing};
use super::{csv, gib, html, jago, json, ngf, parquet, png, sgf, sl, svg, ugf, xml};
use crate::error::Error;
use crate::options::{ReadOption, ReadOptions, WriteOption, WriteOptions};
use std::path::Path;

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
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
    /// The games table (and the moves table beside it) as Apache Parquet.
    Parquet,
}

/// What the registry knows about a format: its names, what it carries, the
/// options it takes, and its reader and writer (the format contract,
/// `contract.rs`).
#[non_exhaustive]
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
    /// How sgfconv reads it: the format's reader, in one pass or in
    /// pieces (not read when [`FormatInfo::reads`] is false).
    pub reading: Reading,
    /// How sgfconv writes it (pictures as well to pages when
    /// [`FormatInfo::pictures`]).
    pub writing: Writing,
}

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

/// What the readers of text formats with no declaration of their own take.
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
        reading: Reading::Pieces {
            cuts: sgf::cuts,
            read_from: sgf::read_from,
        },
        writing: Writing::Stream(|out, o| {
            let keep_dialect = o.read.dialect.is_keep();
            Ok(Box::new(sgf::SgfWriter::new(out, &o.write, keep_dialect)?))
        }),
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
        reading: Reading::Whole(gib::read),
        writing: Writing::Stream(|out, o| gib::writer(out, &o.write)),
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
        reading: Reading::Whole(ugf::read),
        writing: Writing::Stream(|out, o| ugf::writer(out, &o.write)),
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
        reading: Reading::Whole(ngf::read),
        writing: Writing::Stream(|out, o| ngf::writer(out, &o.write)),
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
        reading: Reading::Pieces {
            cuts: json::cuts,
            read_from: json::read_from,
        },
        writing: Writing::Stream(|out, o| json::writer(out, &o.write)),
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
        reading: Reading::Pieces {
            cuts: xml::cuts,
            read_from: xml::read_from,
        },
        writing: Writing::Stream(|out, o| xml::writer(out, &o.write)),
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
        reading: Reading::Whole(jago::read),
        writing: Writing::Stream(|out, o| jago::writer(out, &o.write)),
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
        reading: Reading::Pieces {
            cuts: csv::cuts,
            read_from: csv::read_from,
        },
        writing: Writing::Stream(|out, o| csv::writer(out, &o.write)),
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
        reading: Reading::No,
        writing: Writing::Pictures {
            stream: |out, o| svg::writer(out, &o.write),
            pages: svg::pages_writer,
        },
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
        reading: Reading::No,
        writing: Writing::Pictures {
            stream: |out, o| png::writer(out, &o.write),
            pages: png::pages_writer,
        },
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
        reading: Reading::No,
        writing: Writing::Stream(|out, o| html::writer(out, &o.write)),
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
        reading: Reading::Whole(sl::read),
        writing: Writing::Stream(|out, o| sl::writer(out, &o.write)),
    },
    FormatInfo {
        format: Format::Parquet,
        name: "parquet",
        extensions: &["parquet"],
        description: "the games table, and with --moves-parquet the moves table, as Apache Parquet (formats/parquet.md)",
        carries: "one row per game (typed game info, move count); --moves-parquet: one row per move of the main line (every variation with --all-variations, comments with --comments)",
        lossy: true,
        collection: true,
        reads: false,
        pictures: false,
        read_options: &[],
        write_options: &[
            WriteOption::MovesParquet,
            WriteOption::AllVariations,
            WriteOption::Comments,
        ],
        reading: Reading::No,
        writing: Writing::Stream(|out, o| parquet::writer(out, &o.write)),
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
    use crate::formats::writer;
    use crate::options::Options;

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

    /// A row's flags say what its reader and writer are.
    #[test]
    fn the_flags_agree_with_the_contract() {
        for f in FORMATS {
            assert_eq!(f.reads, !matches!(f.reading, Reading::No), "{}", f.name);
            let pictures = matches!(f.writing, Writing::Pictures { .. });
            assert_eq!(f.pictures, pictures, "{}", f.name);
            assert_eq!(f.format.info().name, f.name);
        }
    }
}
