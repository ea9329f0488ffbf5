//! The SGF property table (`formats/properties.tsv`, compiled in): every known
//! identifier with its value type, scope, FF versions and aliases. The
//! build script turns the file into static data (`build/props_table.rs`),
//! so nothing is parsed when a process starts; the tests parse the file
//! here and compare.

/// The table's text, as shipped in `formats/properties.tsv`.
#[cfg(test)]
pub const TABLE: &str = include_str!("../formats/properties.tsv");

/// Where a property belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Root,
    GameInfo,
    Move,
    Setup,
    Node,
    MoveAnnotation,
    Markup,
    Timing,
    Misc,
}

impl Scope {
    #[cfg(test)]
    fn parse(s: &str) -> Scope {
        match s {
            "root" => Scope::Root,
            "game-info" => Scope::GameInfo,
            "move" => Scope::Move,
            "setup" => Scope::Setup,
            "node" => Scope::Node,
            "move-annotation" => Scope::MoveAnnotation,
            "markup" => Scope::Markup,
            "timing" => Scope::Timing,
            _ => Scope::Misc,
        }
    }
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropDef {
    pub id: &'static str,
    /// Value type as written in the table, e.g. `list:point:simpletext`.
    pub value_type: &'static str,
    pub scope: Scope,
    /// FF versions that define it, e.g. `1234`; empty for dialect-only ids.
    pub ff: &'static str,
    pub aliases: &'static [&'static str],
    pub description: &'static str,
    // Derived from `value_type` once, when the table is loaded.
    compose: bool,
    text: bool,
    multiline: bool,
    list: bool,
}

impl PropDef {
    #[cfg(test)]
    fn new(
        id: &'static str,
        value_type: &'static str,
        scope: Scope,
        ff: &'static str,
        aliases: &'static [&'static str],
        description: &'static str,
    ) -> Self {
        PropDef {
            id,
            value_type,
            scope,
            ff,
            aliases,
            description,
            compose: value_type.split('|').any(|alt| {
                alt.trim_start_matches("elist:")
                    .trim_start_matches("list:")
                    .contains(':')
            }),
            text: value_type.contains("text"),
            multiline: value_type.split(['|', ':']).any(|t| t == "text"),
            list: value_type.starts_with("list:") || value_type.starts_with("elist:"),
        }
    }

    /// Values may be compose (`a:b`): a `:` in them is a separator.
    #[inline]
    pub fn allows_compose(&self) -> bool {
        self.compose
    }

    /// Text values (`text`, `simpletext`, or compose with text).
    #[inline]
    pub fn is_text(&self) -> bool {
        self.text
    }

    /// Free text where line breaks are kept (`text`, not `simpletext`).
    #[inline]
    pub fn is_multiline_text(&self) -> bool {
        self.multiline
    }

    /// Takes a list of values.
    #[inline]
    pub fn is_list(&self) -> bool {
        self.list
    }

    /// Defined by FF[4] (not only by older versions or dialects).
    pub fn in_ff4(&self) -> bool {
        self.ff.contains('4')
    }
}

const NONE: u16 = u16::MAX;

/// Number of distinct [`short_key`]s (an upper bound of its values).
pub const SHORT_KEYS: usize = 28 * 27;

/// A dense index for a one- or two-letter upper-case identifier, so that
/// per-identifier facts can live in a table: (a+1)*27 + (b+1, or 0).
/// `None` for any other identifier.
#[inline]
pub fn short_key(id: &[u8]) -> Option<usize> {
    let up = |c: u8| c.is_ascii_uppercase().then(|| (c - b'A') as usize);
    match id {
        [a] => Some((up(*a)? + 1) * 27),
        [a, b] => Some((up(*a)? + 1) * 27 + up(*b)? + 1),
        _ => None,
    }
}

// `DEFS` (every definition, in the file's order) and `SHORT` (the index
// in `DEFS` of each one- and two-letter identifier, by `short_key`;
// `NONE` for none).
include!(concat!(env!("OUT_DIR"), "/props_table.rs"));

/// The definition of an identifier (exact, upper-case form).
#[inline]
pub fn lookup(id: &str) -> Option<&'static PropDef> {
    match short_key(id.as_bytes()) {
        Some(k) => match SHORT[k] {
            NONE => None,
            i => DEFS.get(i as usize),
        },
        None => DEFS.iter().find(|d| d.id == id),
    }
}

/// Whether `id` (upper-case `FF[4]` form) is a game-info property
/// (`PB`, `DT`, `RE`, `KM`…: `formats/properties.tsv`'s `game-info` scope).
pub fn is_game_info(id: &str) -> bool {
    lookup(id).is_some_and(|d| d.scope == Scope::GameInfo)
}

/// The definition of a one- or two-letter upper-case identifier given as
/// bytes (the reader's fast path).
#[inline]
pub fn lookup_short(id: &[u8]) -> Option<&'static PropDef> {
    match SHORT.get(short_key(id)?) {
        Some(&NONE) | None => None,
        Some(&i) => DEFS.get(i as usize),
    }
}

/// Whether a `:` in a value of this property is a compose separator.
/// Unknown (private) properties may be compose too: their `:` is kept as a
/// separator so they round-trip byte for byte.
pub fn allows_compose(id: &str) -> bool {
    match lookup(id) {
        Some(d) => d.allows_compose(),
        None => true,
    }
}

/// The FF[4] form of an identifier written with lower-case letters
/// (FF[1]–FF[3] `CoPyright`, `AddBlack`): its upper-case letters, as SGFC,
/// sgfmill and Sabaki read them. `None` when it has no upper-case letter.
pub fn uppercase_form(id: &str) -> Option<String> {
    let s: String = id.chars().filter(|c| c.is_ascii_uppercase()).collect();
    (!s.is_empty()).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as the file reads at run time.
    fn parsed() -> Vec<PropDef> {
        let mut defs = Vec::new();
        for line in TABLE.lines() {
            if line.starts_with('#') || line.starts_with("id\t") || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&'static str> = line.split('\t').collect();
            if f.len() < 6 {
                continue;
            }
            let aliases: Vec<&'static str> = f[4].split(',').filter(|a| !a.is_empty()).collect();
            defs.push(PropDef::new(
                f[0],
                f[1],
                Scope::parse(f[2]),
                f[3],
                Box::leak(aliases.into_boxed_slice()),
                f[5],
            ));
        }
        defs
    }

    #[test]
    fn the_compiled_table_is_the_file() {
        let defs = parsed();
        assert_eq!(DEFS, &defs[..]);
        for (i, d) in defs.iter().enumerate() {
            if let Some(k) = short_key(d.id.as_bytes()) {
                assert_eq!(SHORT[k] as usize, i, "{}", d.id);
            }
        }
        let indexed = SHORT.iter().filter(|&&i| i != NONE).count();
        let short = defs
            .iter()
            .filter(|d| short_key(d.id.as_bytes()).is_some())
            .count();
        assert_eq!(indexed, short);
    }

    #[test]
    fn table_has_every_ff4_property() {
        let ff4 = [
            "B", "KO", "MN", "W", "AB", "AE", "AW", "PL", "C", "DM", "GB", "GW", "HO", "N", "UC",
            "V", "BM", "DO", "IT", "TE", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR",
            "AP", "CA", "FF", "GM", "ST", "SZ", "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC",
            "ON", "OT", "PB", "PC", "PW", "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "BL",
            "OB", "OW", "WL", "FG", "PM", "VW", "HA", "KM", "TB", "TW",
        ];
        for id in ff4 {
            let d = lookup(id).unwrap_or_else(|| panic!("{id} missing"));
            assert!(d.in_ff4(), "{id} not marked FF[4]");
        }
    }

    #[test]
    fn compose_types_come_from_the_table() {
        assert!(allows_compose("LB"));
        assert!(allows_compose("AP"));
        assert!(allows_compose("SZ"));
        assert!(allows_compose("AR"));
        assert!(!allows_compose("C"));
        assert!(!allows_compose("PB"));
        assert!(!allows_compose("B"));
        assert!(allows_compose("XPRIVATE"));
    }

    #[test]
    fn types_and_scopes() {
        let c = lookup("C").unwrap();
        assert!(c.is_multiline_text() && c.is_text());
        assert!(!lookup("PB").unwrap().is_multiline_text());
        assert!(lookup("AB").unwrap().is_list());
        assert_eq!(lookup("KM").unwrap().scope, Scope::GameInfo);
        assert!(lookup("KM").unwrap().aliases.contains(&"KO"));
    }

    #[test]
    fn long_names_keep_their_capitals() {
        assert_eq!(uppercase_form("CoPyright").as_deref(), Some("CP"));
        assert_eq!(uppercase_form("AddBlack").as_deref(), Some("AB"));
        assert_eq!(uppercase_form("Black").as_deref(), Some("B"));
        assert_eq!(uppercase_form("black"), None);
    }
}
