//! The page: one HTML document holding the games' data (JSON in a
//! `<script type="application/json">`), the stylesheet and the script
//! (`replay.css`, `replay.js`, compiled in), and nothing that loads from
//! elsewhere. Text of the records reaches the page only as JSON escaped
//! for a script element, and as the escaped `<title>`.

use std::io::{self, Write};

/// The stylesheet, compiled in.
pub const CSS: &str = include_str!("replay.css");
/// The script, compiled in.
pub const JS: &str = include_str!("replay.js");

/// Writes the page for `games`: each game's data (JSON) and title.
pub fn write(out: &mut dyn Write, games: &[(String, String)]) -> io::Result<()> {
    let title = match games {
        [(_, t)] => t.clone(),
        _ => format!("{} games", games.len()),
    };
    write!(out, "{}", head(&escape_text(&title)))?;
    out.write_all(BODY.as_bytes())?;
    out.write_all(b"<script type=\"application/json\" id=\"sgfconv-data\">{\"games\":[")?;
    for (i, (json, _)) in games.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        out.write_all(script_safe(json).as_bytes())?;
    }
    out.write_all(b"]}</script>\n<script>\n")?;
    out.write_all(JS.as_bytes())?;
    out.write_all(b"</script>\n</body>\n</html>\n")
}

fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"sgfconv\">\n<title>{title}</title>\n\
         <style>\n{CSS}</style>\n</head>\n"
    )
}

/// The page's skeleton, filled in by the script.
const BODY: &str = r#"<body>
<header><h1 id="title"></h1><select id="game" aria-label="Game" hidden></select></header>
<div class="replay">
<div class="left">
<div id="board"></div>
<nav>
<button type="button" id="first" title="First (Home)">|&lt;</button>
<button type="button" id="back10" title="10 back (PageUp)">&lt;&lt;</button>
<button type="button" id="prev" title="Back (Left)">&lt;</button>
<button type="button" id="next" title="Forward (Right)">&gt;</button>
<button type="button" id="fwd10" title="10 forward (PageDown)">&gt;&gt;</button>
<button type="button" id="last" title="Last (End)">&gt;|</button>
<button type="button" id="varup" title="Previous variation (Up)">&uarr;</button>
<button type="button" id="vardown" title="Next variation (Down)">&darr;</button>
<label><input type="checkbox" id="numbers"> Numbers</label>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="Move">
</nav>
<div id="tree" aria-label="Game tree"></div>
</div>
<aside>
<div id="status"></div>
<div id="variations"></div>
<div id="comment"></div>
<table id="info"></table>
</aside>
</div>
<noscript><p>This page replays the games with JavaScript, which is off.</p></noscript>
"#;

/// JSON made safe inside a `<script>` element: no `<` (so no
/// `</script>` and no `<!--`), `>` or `&` as such, and the line and
/// paragraph separators and the controls that JSON leaves raw (DEL and
/// C1) written as `\u` escapes. Valid JSON stays valid: these characters
/// occur only inside strings.
pub fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' | '>' | '&' | '\u{7f}'..='\u{9f}' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// Text for an HTML element: markup characters escaped, control
/// characters dropped.
pub fn escape_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_cannot_close_the_script() {
        let s = script_safe(r#"{"C":"</script><!-- a&b \u0001 \u{85}"}"#);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        assert!(s.contains("\\u003c/script\\u003e\\u003c!--"));
        let back: serde_json::Value = serde_json::from_str(&script_safe(
            &serde_json::json!({"C": "</script>\u{85}\u{2028}"}).to_string(),
        ))
        .unwrap();
        assert_eq!(back["C"], "</script>\u{85}\u{2028}");
    }

    #[test]
    fn titles_are_escaped() {
        assert_eq!(escape_text("a<b>&\"\u{1b}c"), "a&lt;b&gt;&amp;&quot;c");
    }

    #[test]
    fn the_assets_cannot_end_their_elements() {
        assert!(!JS.to_ascii_lowercase().contains("</script"));
        assert!(!JS.contains("<!--"));
        assert!(!CSS.to_ascii_lowercase().contains("</style"));
    }
}
