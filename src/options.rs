//! Options, in one place and typed: what a reader takes, which dialect
//! rules run between reader and writer, what a writer takes, and the whole
//! conversion's.
//!
//! Nothing here knows a format's syntax; the format registry
//! ([`crate::formats::FORMATS`]) says which [`WriteOption`]s each writer
//! takes, and [`crate::formats::check_write_options`] refuses the others, so that no
//! option is ignored in silence.

use encoding_rs::Encoding;
use std::fmt;
use std::path::{Path, PathBuf};

/// How a coordinate is written in move lists (`--coords`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Coords {
    /// SGF letters `pd`.
    #[default]
    Sgf,
    /// GTP vertex `Q16` (no I).
    Gtp,
    /// 0-based `x,y` from the top left.
    Numeric,
}

/// How book figures number their moves (`--numbering`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Numbering {
    /// The game's move numbers (`MN` and `PM` respected): Figure 2 goes on
    /// from where Figure 1 stopped. Diagram variations start from 1.
    #[default]
    Continue,
    /// Every figure starts from 1.
    Restart,
}

/// Which of the `FF[3]` conversions run (`formats/sgf-dialects.md`, rule 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ff3Flags {
    /// `KI` (integer komi) to `KM`.
    pub ki: bool,
    /// `L` labels to `LB`.
    pub labels: bool,
    /// `M` marks to `MA`/`TR`.
    pub marks: bool,
    /// `PL[1]`/`PL[2]` to `PL[B]`/`PL[W]`.
    pub player: bool,
    /// Old annotation values.
    pub annotations: bool,
    /// `VW` given by two corners.
    pub view: bool,
}

impl Ff3Flags {
    /// Every `FF[3]` conversion off.
    pub const fn none() -> Self {
        Ff3Flags {
            ki: false,
            labels: false,
            marks: false,
            player: false,
            annotations: false,
            view: false,
        }
    }

    /// Every `FF[3]` conversion on.
    pub const fn all() -> Self {
        Ff3Flags {
            ki: true,
            labels: true,
            marks: true,
            player: true,
            annotations: true,
            view: true,
        }
    }
}

impl Default for Ff3Flags {
    fn default() -> Self {
        Ff3Flags::all()
    }
}

/// Which game-info values are put in their `FF[4]` forms
/// (`formats/sgf-dialects.md`, rule 11; `formats/validation.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueFlags {
    /// `DT` dates to `YYYY-MM-DD`.
    pub dates: bool,
    /// `TM` times to seconds.
    pub times: bool,
    /// `RE` results to `B+R`, `W+3.5`…
    pub results: bool,
    /// `KM`, `HA`, `SZ` numbers.
    pub numbers: bool,
    /// Line breaks in simpletext values to spaces.
    pub simpletext: bool,
    /// Number, real, double, color and none values of the other
    /// properties (`MN`, `BL`, `BM`, `PL`, `KO`…).
    pub types: bool,
    /// Points, moves and point lists checked against `SZ` (Go only).
    pub points: bool,
}

impl ValueFlags {
    /// Every value rewrite off.
    pub const fn none() -> Self {
        ValueFlags {
            dates: false,
            times: false,
            results: false,
            numbers: false,
            simpletext: false,
            types: false,
            points: false,
        }
    }

    /// Every value rewrite on.
    pub const fn all() -> Self {
        ValueFlags {
            dates: true,
            times: true,
            results: true,
            numbers: true,
            simpletext: true,
            types: true,
            points: true,
        }
    }
}

impl Default for ValueFlags {
    fn default() -> Self {
        ValueFlags::all()
    }
}

/// Which dialect rewrites run (`formats/sgf-dialects.md`). All are on by
/// default; `--no-fix NAME` turns one off.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rules {
    /// Lower-case letters in identifiers.
    pub ids: bool,
    /// Duplicated properties merged.
    pub duplicates: bool,
    /// A second `AP` dropped.
    pub duplicate_ap: bool,
    /// The kifu (SGF2) dialect of Asian servers.
    pub kifu: bool,
    /// The `FF[1]`–`FF[3]` conversions.
    pub ff3: Ff3Flags,
    /// `tt` passes on boards up to 19.
    pub tt_pass: bool,
    /// Fox's komi (and, with a komi in zi, a result in zi).
    pub fox_komi: bool,
    /// Fox's `HA[1]`.
    pub fox_handicap: bool,
    /// SmartGo `S[]` move sequences.
    pub smartgo: bool,
    /// Setup and moves, black and white, in one node.
    pub split: bool,
    /// OGS/Fox one-variation-per-move nesting.
    pub ogs_nesting: bool,
    /// Double-encoded names.
    pub mojibake: bool,
    /// Game-info values in their `FF[4]` forms.
    pub values: ValueFlags,
    /// Where properties stand: root and game-info properties, move
    /// annotations, marks on one point, `FF[3]` leftovers, `VW`.
    pub placement: bool,
    /// The 1999 `FF[5]` draft: `FF[5]`, undo nodes, persons, machine-readable `OT`.
    pub ff5: bool,
}

/// The switchable rule names, as `--no-fix NAME` takes them.
pub const RULE_NAMES: &[&str] = &[
    "ids",
    "duplicates",
    "duplicate-ap",
    "kifu",
    "ki",
    "labels",
    "marks",
    "player",
    "annotations",
    "view",
    "tt-pass",
    "fox-komi",
    "fox-handicap",
    "smartgo",
    "split",
    "ogs-nesting",
    "mojibake",
    "dates",
    "times",
    "results",
    "numbers",
    "simpletext",
    "types",
    "points",
    "placement",
    "ff5",
];

/// A `--no-fix` name that names no rule or group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown dialect rule `{}` (known: {}, ff3, fox, values, all)",
            self.0,
            RULE_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownRule {}

impl Default for Rules {
    fn default() -> Self {
        Rules::all()
    }
}

impl Rules {
    /// Every rule on.
    pub fn all() -> Self {
        Rules {
            ids: true,
            duplicates: true,
            duplicate_ap: true,
            kifu: true,
            ff3: Ff3Flags::all(),
            tt_pass: true,
            fox_komi: true,
            fox_handicap: true,
            smartgo: true,
            split: true,
            ogs_nesting: true,
            mojibake: true,
            values: ValueFlags::all(),
            placement: true,
            ff5: true,
        }
    }

    /// Every rule off.
    pub fn none() -> Self {
        let mut r = Rules::all();
        for name in RULE_NAMES {
            r.set(name, false);
        }
        r
    }

    /// Turns one rule (or the group `ff3`, `fox`, `values`, `all`) on or off by name;
    /// false for an unknown name, which changes nothing.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match name {
            "ff3" => {
                self.ff3 = if on {
                    Ff3Flags::all()
                } else {
                    Ff3Flags::none()
                }
            }
            "fox" => (self.fox_komi, self.fox_handicap) = (on, on),
            "values" => {
                self.values = if on {
                    ValueFlags::all()
                } else {
                    ValueFlags::none()
                }
            }
            "all" => *self = if on { Rules::all() } else { Rules::none() },
            _ => match self.flag(name) {
                Some(f) => *f = on,
                None => return false,
            },
        }
        true
    }

    /// The switch of one rule, by name.
    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "ids" => &mut self.ids,
            "duplicates" => &mut self.duplicates,
            "duplicate-ap" => &mut self.duplicate_ap,
            "kifu" => &mut self.kifu,
            "ki" => &mut self.ff3.ki,
            "labels" => &mut self.ff3.labels,
            "marks" => &mut self.ff3.marks,
            "player" => &mut self.ff3.player,
            "annotations" => &mut self.ff3.annotations,
            "view" => &mut self.ff3.view,
            "tt-pass" => &mut self.tt_pass,
            "fox-komi" => &mut self.fox_komi,
            "fox-handicap" => &mut self.fox_handicap,
            "smartgo" => &mut self.smartgo,
            "split" => &mut self.split,
            "ogs-nesting" => &mut self.ogs_nesting,
            "mojibake" => &mut self.mojibake,
            "dates" => &mut self.values.dates,
            "times" => &mut self.values.times,
            "results" => &mut self.values.results,
            "numbers" => &mut self.values.numbers,
            "simpletext" => &mut self.values.simpletext,
            "types" => &mut self.values.types,
            "points" => &mut self.values.points,
            "placement" => &mut self.placement,
            "ff5" => &mut self.ff5,
            _ => return None,
        })
    }

    /// All rules except those named in `disabled` (comma- or
    /// space-separated; also the groups `ff3`, `fox`, `values` and `all`), the value
    /// of repeated `--no-fix NAME` options. An unknown name is an error:
    /// it never switches anything back on.
    pub fn from_names(disabled: &str) -> Result<Rules, UnknownRule> {
        let mut r = Rules::all();
        for name in disabled
            .split([',', ' '])
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            if !r.set(name, false) {
                return Err(UnknownRule(name.to_owned()));
            }
        }
        Ok(r)
    }
}

/// What happens to legacy dialects between reader and writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Rewrite legacy identifiers and values to `FF[4]` with these rules
    /// (the default: all of them).
    Rewrite(Rules),
    /// `--keep-dialect`: decode and re-encode only; no rewrite, and the
    /// SGF writer keeps `FF` as it was.
    Keep,
}

impl Default for Dialect {
    fn default() -> Self {
        Dialect::Rewrite(Rules::all())
    }
}

impl Dialect {
    /// `--keep-dialect`.
    pub fn is_keep(&self) -> bool {
        matches!(self, Dialect::Keep)
    }
}

/// The longest value (SGF), line (GIB, NGF, UGF), token (XML, Jago XML: a
/// text, a comment, a tag with its attributes; JSON: a line read whole) or
/// row (CSV) a reader takes unless told otherwise (`--max-value-size`): 256 MiB, far past any real record
/// (the longest comment in the shared corpus is under 1 MiB), small enough
/// that an endless input is refused before it fills the memory.
pub const DEFAULT_MAX_VALUE_SIZE: usize = 256 << 20;

/// Options for readers.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ReadOptions {
    /// `--encoding`: use this character set, whatever the input says.
    pub encoding: Option<&'static Encoding>,
    /// `--default-encoding`: when neither a BOM, a declaration nor detection decides.
    pub default_encoding: Option<&'static Encoding>,
    /// `--ngf-rotate-180`: NGF files written rotated.
    pub ngf_rotate_180: bool,
    /// `--max-value-size`: the longest value (SGF), line (GIB, NGF, UGF),
    /// token (XML, Jago XML) or row (CSV) a reader takes, in bytes; past it the input is refused instead of
    /// held. `None`: [`DEFAULT_MAX_VALUE_SIZE`].
    pub max_value_size: Option<usize>,
    /// `--keep-dialect` / `--no-fix NAME`: the dialect rewrites that run
    /// after the reader.
    pub dialect: Dialect,
}

impl ReadOptions {
    /// The reader options that are set (the dialect rules apply to every
    /// format and are not among them).
    pub fn given(&self) -> Vec<ReadOption> {
        let set = [
            (ReadOption::Encoding, self.encoding.is_some()),
            (ReadOption::DefaultEncoding, self.default_encoding.is_some()),
            (ReadOption::NgfRotate180, self.ngf_rotate_180),
            (ReadOption::MaxValueSize, self.max_value_size.is_some()),
        ];
        set.into_iter().filter(|s| s.1).map(|s| s.0).collect()
    }

    /// The longest value or line a reader takes (`--max-value-size`).
    pub fn max_value_size(&self) -> usize {
        self.max_value_size.unwrap_or(DEFAULT_MAX_VALUE_SIZE)
    }

    /// These options with `--max-value-size`.
    pub fn with_max_value_size(mut self, bytes: usize) -> Self {
        self.max_value_size = Some(bytes);
        self
    }

    /// These options with `--keep-dialect`.
    pub fn keep_dialect(mut self) -> Self {
        self.dialect = Dialect::Keep;
        self
    }

    /// These options with `--encoding`.
    pub fn with_encoding(mut self, e: &'static Encoding) -> Self {
        self.encoding = Some(e);
        self
    }

    /// These options with `--default-encoding`.
    pub fn with_default_encoding(mut self, e: &'static Encoding) -> Self {
        self.default_encoding = Some(e);
        self
    }

    /// These options with these dialect rules.
    pub fn with_rules(mut self, rules: Rules) -> Self {
        self.dialect = Dialect::Rewrite(rules);
        self
    }
}

/// A reader option, as a reader declares that it takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOption {
    /// `--encoding`.
    Encoding,
    /// `--default-encoding`.
    DefaultEncoding,
    /// `--ngf-rotate-180`.
    NgfRotate180,
    /// `--max-value-size`.
    MaxValueSize,
}

impl ReadOption {
    /// The command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            ReadOption::Encoding => "--encoding",
            ReadOption::DefaultEncoding => "--default-encoding",
            ReadOption::NgfRotate180 => "--ngf-rotate-180",
            ReadOption::MaxValueSize => "--max-value-size",
        }
    }
}

/// A writer option, as a writer declares that it takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOption {
    /// `--to-encoding`.
    ToEncoding,
    /// `--ugf-review`.
    UgfReview,
    /// `--json-lines`.
    JsonLines,
    /// `--moves`.
    Moves,
    /// `--all-variations`.
    AllVariations,
    /// `--coords`.
    Coords,
    /// `--games-csv`.
    GamesCsv,
    /// `--csv-safe`.
    CsvSafe,
    /// `--moves-parquet`.
    MovesParquet,
    /// `--comments`.
    Comments,
    /// `--at`.
    At,
    /// `--figures`.
    Figures,
    /// `--every`.
    Every,
    /// `--numbering`.
    Numbering,
    /// `--crop`.
    Crop,
    /// `--no-coords`.
    NoCoords,
    /// `--size`.
    Size,
    /// `--game`.
    Game,
}

impl WriteOption {
    /// The command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            WriteOption::ToEncoding => "--to-encoding",
            WriteOption::UgfReview => "--ugf-review",
            WriteOption::JsonLines => "--json-lines",
            WriteOption::Moves => "--moves",
            WriteOption::AllVariations => "--all-variations",
            WriteOption::Coords => "--coords",
            WriteOption::GamesCsv => "--games-csv",
            WriteOption::CsvSafe => "--csv-safe",
            WriteOption::MovesParquet => "--moves-parquet",
            WriteOption::Comments => "--comments",
            WriteOption::At => "--at",
            WriteOption::Figures => "--figures",
            WriteOption::Every => "--every",
            WriteOption::Numbering => "--numbering",
            WriteOption::Crop => "--crop",
            WriteOption::NoCoords => "--no-coords",
            WriteOption::Size => "--size",
            WriteOption::Game => "--game",
        }
    }
}

/// Options for writers. Each writer takes only some of them
/// ([`crate::formats::FormatInfo::write_options`]).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct WriteOptions {
    /// `--to-encoding`: output character set (default UTF-8).
    pub to_encoding: Option<&'static Encoding>,
    /// `--ugf-review`: variations as a `[ReviewNode]` tree instead of figures.
    pub ugf_review: bool,
    /// `--json-lines`: one game per line.
    pub json_lines: bool,
    /// `--moves`: the move-list projection (JSON).
    pub moves: bool,
    /// `--all-variations` (CSV): every node, with a path column.
    pub all_variations: bool,
    /// `--coords` (CSV); `None` is the default, SGF letters.
    pub coords: Option<Coords>,
    /// `--games-csv FILE`: one row per game, beside the move list.
    pub games_csv: Option<PathBuf>,
    /// `--csv-safe` (CSV): text cells that a spreadsheet would take for a
    /// formula (`=`, `+`, `-`, `@`, tab, carriage return first) get a
    /// leading `'`; numbers are never touched (formats/csv.md).
    pub csv_safe: bool,
    /// `--moves-parquet FILE` (Parquet): the moves table, beside the games
    /// table of the output (formats/parquet.md).
    pub moves_parquet: Option<PathBuf>,
    /// `--comments` (Parquet): the moves table has each move's comment.
    pub comments: bool,
    /// `--at N` (diagrams): the position after move N of the main line.
    pub at: Option<u32>,
    /// `--figures` (diagrams): one figure per `FG` node or diagram
    /// variation.
    pub figures: bool,
    /// `--every K` (diagrams): one figure per K moves.
    pub every: Option<u32>,
    /// `--numbering` (diagrams): how figures number their moves.
    pub numbering: Option<Numbering>,
    /// `--crop` (diagrams): only the area in play, when `VW` says nothing.
    pub crop: bool,
    /// `--no-coords` (diagrams): no coordinates around the board.
    pub no_coords: bool,
    /// `--size PX` (diagrams): the picture's width in pixels.
    pub size: Option<u32>,
    /// `--game N` (pictures): only game N (from 0) of the output is drawn.
    pub game: Option<usize>,
    /// Set by the pipeline only: this writer writes one part of an output
    /// made of game-parallel pieces ([`PiecePart`]).
    #[doc(hidden)]
    pub piece: Option<PiecePart>,
}

/// What a writer writes of an output converted in game-parallel pieces
/// (`pipeline::convert`): the games of its piece, numbered as in the whole
/// input (from the first game's `GameHeader::index`), and of the document
/// around them only what is asked. The parts, concatenated in order, are
/// byte for byte the output of one writer over the whole input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PiecePart {
    /// Write the document's opening (a header row, a prologue): the part
    /// that starts the output.
    pub opening: bool,
    /// Write the document's closing: the part that ends it.
    pub closing: bool,
}

impl WriteOptions {
    /// The options that are set (not at their default).
    pub fn given(&self) -> Vec<WriteOption> {
        let set = [
            (WriteOption::ToEncoding, self.to_encoding.is_some()),
            (WriteOption::UgfReview, self.ugf_review),
            (WriteOption::JsonLines, self.json_lines),
            (WriteOption::Moves, self.moves),
            (WriteOption::AllVariations, self.all_variations),
            (WriteOption::Coords, self.coords.is_some()),
            (WriteOption::GamesCsv, self.games_csv.is_some()),
            (WriteOption::CsvSafe, self.csv_safe),
            (WriteOption::MovesParquet, self.moves_parquet.is_some()),
            (WriteOption::Comments, self.comments),
            (WriteOption::At, self.at.is_some()),
            (WriteOption::Figures, self.figures),
            (WriteOption::Every, self.every.is_some()),
            (WriteOption::Numbering, self.numbering.is_some()),
            (WriteOption::Crop, self.crop),
            (WriteOption::NoCoords, self.no_coords),
            (WriteOption::Size, self.size.is_some()),
            (WriteOption::Game, self.game.is_some()),
        ];
        set.into_iter().filter(|s| s.1).map(|s| s.0).collect()
    }

    /// The file written beside the output, and the option that names it:
    /// `--games-csv` or `--moves-parquet` (a writer takes one of them).
    pub fn side_file(&self) -> Option<(&Path, &'static str)> {
        let games = self.games_csv.as_deref().map(|p| (p, "--games-csv"));
        games.or(self
            .moves_parquet
            .as_deref()
            .map(|p| (p, "--moves-parquet")))
    }

    /// The `--coords` style (SGF letters unless set).
    pub fn coords(&self) -> Coords {
        self.coords.unwrap_or_default()
    }
}

/// Options for a whole conversion.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// For the reader, and the dialect rules after it.
    pub read: ReadOptions,
    /// For the writer.
    pub write: WriteOptions,
    /// Threads for SGF, sgfconv XML, CSV and JSON Lines input (games are
    /// read in parallel, output and
    /// diagnostics as in one pass); 0 or 1: one; no more than
    /// [`JOBS_PER_CORE`] per core are started.
    pub jobs: usize,
    /// Bytes per piece of input a thread takes (0: the default for `jobs`).
    pub piece_size: usize,
}

/// Threads per core that `-j` may ask for: more only add threads that
/// wait (the work is bound by the cores; at most `2 × jobs` pieces of
/// about 1 MiB are in flight, so more threads would not have work either).
pub const JOBS_PER_CORE: usize = 4;

/// The most threads `-j` gives: [`JOBS_PER_CORE`] per available core.
pub(crate) fn max_jobs() -> usize {
    JOBS_PER_CORE * cores()
}

/// The cores this process may run on, asked of the system once (the
/// answer reads several files under `/proc` and `/sys`).
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The threads `-j requested` gives: one per available core for 0,
/// otherwise `requested` up to [`JOBS_PER_CORE`] per core.
pub fn jobs_for(requested: usize) -> usize {
    match requested {
        0 => cores(),
        n => n.min(max_jobs()),
    }
}

impl Options {
    /// These options with `jobs` threads.
    pub fn with_jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_rule_is_an_error_and_switches_nothing() {
        assert_eq!(
            Rules::from_names("kifu,nonsense"),
            Err(UnknownRule("nonsense".into()))
        );
        let mut r = Rules::all();
        assert!(!r.set("nonsense", false));
        assert_eq!(r, Rules::all());
    }

    #[test]
    fn names_and_groups() {
        let r = Rules::from_names("kifu fox,ff3").unwrap();
        assert!(!r.kifu && !r.fox_komi && !r.fox_handicap);
        assert_eq!(r.ff3, Ff3Flags::none());
        assert!(r.ids && r.split);
        assert_eq!(Rules::from_names("all").unwrap(), Rules::none());
        let r = Rules::from_names("values").unwrap();
        assert_eq!(r.values, ValueFlags::none());
        assert!(r.kifu && r.split);
        let r = Rules::from_names("dates,simpletext").unwrap();
        assert!(!r.values.dates && !r.values.simpletext);
        assert!(r.values.times && r.values.results && r.values.numbers && r.values.types);
        let r = Rules::from_names("types").unwrap();
        assert!(!r.values.types && r.values.numbers && r.values.simpletext);
        for name in RULE_NAMES {
            let r = Rules::from_names(name).unwrap();
            assert_ne!(r, Rules::all(), "{name} switches something off");
        }
    }

    #[test]
    fn jobs_are_clamped_to_the_cores() {
        assert!(jobs_for(0) >= 1);
        assert_eq!(jobs_for(1), 1);
        assert_eq!(jobs_for(100_000), max_jobs());
        assert!(max_jobs() >= JOBS_PER_CORE);
    }

    #[test]
    fn given_lists_what_is_set() {
        let mut w = WriteOptions::default();
        assert!(w.given().is_empty());
        w.coords = Some(Coords::Sgf);
        w.moves = true;
        assert_eq!(w.given(), [WriteOption::Moves, WriteOption::Coords]);
    }
}
