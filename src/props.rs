//! The SGF property table (`formats/properties.tsv`, compiled in): every known
//! identifier with its value type, scope, FF versions and aliases.

use std::sync::OnceLock;

/// The table's text, as shipped in `formats/properties.tsv`.
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
    pub aliases: Vec<&'static str>,
    pub description: &'static str,
    // Derived from `value_type` once, when the table is loaded.
    compose: bool,
    text: bool,
    multiline: bool,
    list: bool,
}

impl PropDef {
    fn new(
        id: &'static str,
        value_type: &'static str,
        scope: Scope,
        ff: &'static str,
        aliases: Vec<&'static str>,
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
    #[cfg(test)]
    pub fn in_ff4(&self) -> bool {
        self.ff.contains('4')
    }
}

struct Table {
    defs: Vec<PropDef>,
    /// Index by one- or two-letter upper-case id: (a+1)*27 + (b or 0).
    short: Vec<u16>,
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

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut defs = Vec::new();
        for line in TABLE.lines() {
            if line.starts_with('#') || line.starts_with("id\t") || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&'static str> = line.split('\t').collect();
            if f.len() < 6 {
                continue;
            }
            defs.push(PropDef::new(
                f[0],
                f[1],
                Scope::parse(f[2]),
                f[3],
                f[4].split(',').filter(|a| !a.is_empty()).collect(),
                f[5],
            ));
        }
        let mut short = vec![NONE; SHORT_KEYS];
        for (i, d) in defs.iter().enumerate() {
            if let Some(k) = short_key(d.id.as_bytes()) {
                short[k] = i as u16;
            }
        }
        Table { defs, short }
    })
}

/// The definition of an identifier (exact, upper-case form).
#[inline]
pub fn lookup(id: &str) -> Option<&'static PropDef> {
    let t = table();
    match short_key(id.as_bytes()) {
        Some(k) => match t.short[k] {
            NONE => None,
            i => t.defs.get(i as usize),
        },
        None => t.defs.iter().find(|d| d.id == id),
    }
}

/// The definition of a one- or two-letter upper-case identifier given as
/// bytes (the reader's fast path).
#[inline]
pub fn lookup_short(id: &[u8]) -> Option<&'static PropDef> {
    let t = table();
    match t.short.get(short_key(id)?) {
        Some(&NONE) | None => None,
        Some(&i) => t.defs.get(i as usize),
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
