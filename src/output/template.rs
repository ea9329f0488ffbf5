//! Output names from game info: the `--name` template language of
//! `migrate` and of `-d DIR` (`docs/migrate.md`, "Output names";
//! `docs/cli.md`, "Several inputs, one output each"), and the sanitising
//! that keeps a name one safe file-name component on every common file
//! system.

use std::path::PathBuf;

/// Longest file name made, in bytes, before the ` (n).sgf` suffix.
const MAX_NAME: usize = 150;

/// What a template can refer to for one output.
pub struct NameFields<'a> {
    /// Root-node properties of the game: (identifier, first value).
    pub props: &'a [(String, String)],
    /// The source file's stem (lossy text).
    pub stem: &'a str,
    /// 1-based game number in the source.
    pub game: usize,
    /// Number of games in the source.
    pub games: usize,
}

/// Renders a `--name` template into a relative path (no extension).
///
/// `{XX}` is the first value of root property `XX` (empty when absent),
/// `{stem}` the source file's stem, `{n}` the game number. Each substituted
/// value is sanitised so it cannot create directories; `/` written in the
/// template itself makes subdirectories. Segments that come out empty are
/// dropped; a name that comes out empty falls back to the stem.
pub fn render(template: &str, f: &NameFields<'_>) -> PathBuf {
    let mut out = PathBuf::new();
    for segment in template.split(['/', '\\']) {
        let mut s = String::new();
        let mut rest = segment;
        while let Some(open) = rest.find('{') {
            s.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) => {
                    let key = &after[..close];
                    s.push_str(&sanitise(&field(key, f)));
                    rest = &after[close + 1..];
                }
                None => {
                    s.push_str(&rest[open..]);
                    rest = "";
                }
            }
        }
        s.push_str(rest);
        let s = sanitise(&s);
        if !s.is_empty() {
            out.push(s);
        }
    }
    if out.as_os_str().is_empty() {
        let stem = sanitise(f.stem);
        out.push(if stem.is_empty() { "game".into() } else { stem });
    }
    out
}

fn field(key: &str, f: &NameFields<'_>) -> String {
    match key {
        "stem" => f.stem.to_string(),
        "n" => {
            let width = f.games.to_string().len();
            format!("{:0width$}", f.game)
        }
        _ => f
            .props
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default(),
    }
}

/// Makes text safe as one file-name component on every common file system:
/// path separators, `:*?"<>|` and control characters become `_`, runs of
/// white space one space, no leading/trailing space or dot, at most
/// 150 bytes, and never a reserved DOS device name.
pub fn sanitise(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !s.is_empty() {
            s.push(' ');
        }
        space = false;
        let c = match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        };
        s.push(c);
    }
    while s.len() > MAX_NAME {
        s.pop();
    }
    let trimmed = s.trim_matches(|c: char| c == ' ' || c == '.');
    let mut s = trimmed.to_string();
    let upper = s.to_ascii_uppercase();
    let base = upper.split('.').next().unwrap_or("");
    const RESERVED: [&str; 22] = [
        "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8",
        "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
    ];
    if RESERVED.contains(&base) {
        s.push('_');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitise_keeps_names_on_one_level() {
        assert_eq!(sanitise("a/b\\c:d*e?f\"g<h>i|j"), "a_b_c_d_e_f_g_h_i_j");
        assert_eq!(sanitise("  Lee \t Sedol\n"), "Lee Sedol");
        assert_eq!(sanitise(".."), "");
        assert_eq!(sanitise("..x.."), "x");
        assert_eq!(sanitise("con"), "con_");
        assert_eq!(sanitise("\u{7}x"), "_x");
        assert!(sanitise(&"長".repeat(100)).len() <= MAX_NAME);
    }

    #[test]
    fn templates_use_root_properties() {
        let props = vec![
            ("DT".to_string(), "2016-03-13".to_string()),
            ("PB".to_string(), "Lee Sedol".to_string()),
            ("PW".to_string(), "Alpha/Go".to_string()),
            ("EV".to_string(), "..".to_string()),
        ];
        let f = NameFields {
            props: &props,
            stem: "g4",
            game: 3,
            games: 12,
        };
        assert_eq!(
            render("{DT} {PB} vs {PW}", &f),
            PathBuf::from("2016-03-13 Lee Sedol vs Alpha_Go")
        );
        assert_eq!(render("{EV}/{stem}-{n}", &f), PathBuf::from("g4-03"));
        assert_eq!(render("{GN}", &f), PathBuf::from("g4"));
        assert_eq!(render("../{PB}", &f), PathBuf::from("Lee Sedol"));
    }
}
