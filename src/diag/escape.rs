//! Text made safe to show on a terminal.
//!
//! Text as it may be shown on a terminal: control characters and
//! bidirectional overrides escaped, long values cut to an excerpt.

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
