//! JSON values straight into a byte buffer (the writers' [`ByteOut`]):
//! strings escaped exactly as serde_json escapes them (`"` and `\`
//! backslashed, `\b \t \n \f \r`, other control characters as `\u00xx`
//! in lower-case hex, everything else as it is), numbers through itoa, so
//! the writers' bytes are serde_json's without a call through `io::Write`
//! (and its error plumbing) per value.

pub(super) use crate::formats::structured::out::{push_uint, ByteOut as JsonOut};

/// Per byte: 0 when it goes into a JSON string as it is, else the letter
/// after the backslash (`u` for `\u00xx`).
static ESCAPE: [u8; 256] = escape_table();

const fn escape_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` as a JSON string, quotes included.
#[inline]
pub(super) fn push_str(buf: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    buf.push(b'"');
    // What [`ESCAPE`] escapes, tested on every byte without a branch (the
    // compiler makes it a vector loop): most strings need no escape and
    // go in whole.
    let plain = bytes
        .iter()
        .fold(true, |ok, &b| ok & (b >= 0x20) & (b != b'"') & (b != b'\\'));
    if plain {
        buf.extend_from_slice(bytes);
    } else {
        push_escaped(buf, bytes);
    }
    buf.push(b'"');
}

/// The inside of a JSON string: plain runs copied whole, each byte that
/// needs it escaped.
fn push_escaped(buf: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let e = ESCAPE[b as usize];
        if e == 0 {
            continue;
        }
        buf.extend_from_slice(&bytes[start..i]);
        if e == b'u' {
            buf.extend_from_slice(b"\\u00");
            buf.push(HEX[(b >> 4) as usize]);
            buf.push(HEX[(b & 0xf) as usize]);
        } else {
            buf.push(b'\\');
            buf.push(e);
        }
        start = i + 1;
    }
    buf.extend_from_slice(&bytes[start..]);
}

/// Appends `s` as a JSON string, or `null`.
#[inline]
pub(super) fn push_opt_str(buf: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => push_str(buf, s),
        None => buf.extend_from_slice(b"null"),
    }
}

/// Appends a finite float (`f32` or `f64`) as serde_json writes it
/// (`7.5`, `6.0`).
pub(super) fn push_float(buf: &mut Vec<u8>, x: impl serde::Serialize) {
    // Writing into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *buf, &x);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(s: &str) -> String {
        let mut buf = Vec::new();
        push_str(&mut buf, s);
        String::from_utf8(buf).unwrap_or_default()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let every_ascii: String = (0u8..128).map(char::from).collect();
        for s in [
            "",
            "pd",
            "ab\"cd",
            "back\\slash",
            "\u{1b}[31m",
            "tab\there\r\n",
            "é ü 囲碁 \u{7f}",
            "a longer plain string with no escapes at all",
            &every_ascii,
        ] {
            let theirs = serde_json::to_string(s).unwrap_or_default();
            assert_eq!(ours(s), theirs, "{s:?}");
        }
    }

    #[test]
    fn numbers_are_serde_jsons() {
        for x in [7.5f64, 6.0, 0.0, -0.5, 1e21, 0.1 + 0.2] {
            let mut buf: Vec<u8> = Vec::new();
            push_float(&mut buf, x);
            assert_eq!(buf, serde_json::to_vec(&x).unwrap_or_default());
        }
        let mut buf = Vec::new();
        push_float(&mut buf, 0.75f32);
        assert_eq!(buf, b"0.75");
        let mut buf = Vec::new();
        push_uint(&mut buf, 1234567890);
        push_opt_str(&mut buf, None);
        assert_eq!(buf, b"1234567890null");
    }
}
