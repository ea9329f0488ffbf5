//! The UGF writer: the `[Header]` section and kept sections.
//!
//! The `[Header]` section written from the root (the field mapping is
//! `header.rs`'s), the fields kept verbatim in `XUGFH` given back, and the
//! sections kept in `XUGFS`.

use super::header;
use super::write_out::Ctx;
use super::*;
use encoding_rs::{Encoding, SHIFT_JIS, UTF_8};

fn lang_name(enc: &'static Encoding) -> &'static str {
    if enc == UTF_8 {
        "UTF8"
    } else if enc == SHIFT_JIS {
        "SJIS"
    } else {
        enc.name()
    }
}

pub(super) fn write_header(cx: &mut Ctx<'_>, moves: usize, encoding: &'static Encoding) {
    let game = cx.game;
    let root = game.root();
    // The fields kept from a UGF input, borrowed from the game.
    let kept: Vec<(&str, &str)> = root
        .get(PROP_HEADER)
        .map(|p| {
            p.values()
                .iter()
                .map(|v| (v.parts().0, v.parts().1.unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    write_preamble(cx);
    cx.line("[Header]");
    cx.line(if cx.review {
        "Ver=REVIEW1,200"
    } else {
        "Ver=UGF3,200"
    });
    cx.line(&format!("Lang={}", lang_name(encoding)));
    cx.line("Crypt=0,PLAIN_UGF_FILE,READ_WRITE");
    for &key in header::MAPPED {
        if key == "Writer" {
            cx.line(&format!("Moves={moves}"));
        }
        if key == "Comment" {
            cx.line("CoordinateType=IGS");
        }
        match kept.iter().find(|(k, _)| *k == key) {
            Some(&(_, raw)) if write_kept(cx, key, raw) => {}
            Some(_) => write_from_root(cx, key),
            None if write_borrowed(cx, key) => {}
            None => write_from_root(cx, key),
        }
    }
    for &(k, v) in &kept {
        if header::canonical(k).is_none() && !k.is_empty() {
            write_field(cx, k, v);
        }
    }
}

/// Comment lines kept from before the first section: they come first.
fn write_preamble(cx: &mut Ctx<'_>) {
    let game = cx.game;
    let Some(p) = game.root().get(PROP_SECTION) else {
        return;
    };
    for v in p.values().iter() {
        if let ("#", Some(text)) = v.parts() {
            for l in text.split('\n') {
                cx.line(l);
            }
        }
    }
}

/// `key=value` with the line breaks of `value` as spaces, written piece
/// by piece (no copy of a huge value).
fn write_field(cx: &mut Ctx<'_>, key: &str, value: &str) {
    cx.out.push_str(key);
    cx.out.push('=');
    header::push_field(&mut cx.out, value, header::LINE_BREAKS);
    cx.out.push_str("\r\n");
}

/// A field kept from a UGF input (`raw`, its line breaks to be written as
/// spaces) is written back when it still says what the game says (or, not
/// understood, when the game says nothing). False, writing nothing, when
/// it does not: the field is then made from the root.
fn write_kept(cx: &mut Ctx<'_>, key: &str, raw: &str) -> bool {
    let game = cx.game;
    let root = game.root();
    let names = header::prop_names(key);
    // Not understood: it holds while the root has none of its properties.
    let keep = header::kept_reads_back(key, raw, |n| root.text(n))
        .unwrap_or_else(|| names.iter().all(|n| root.get(n).is_none()));
    if keep {
        write_field(cx, key, raw);
    }
    keep
}

/// The field of `key` made from the root's properties, and the loss that
/// reading it back would find. `Date` and `Winner` (short by nature) are
/// made from the values borrowed; `Rule` is written as it is when long.
fn write_from_root(cx: &mut Ctx<'_>, key: &str) {
    let game = cx.game;
    let root = game.root();
    let text = |n: &str| root.text(n);
    let names = header::prop_names(key);
    if key == "Rule" && text("RU").is_some_and(|ru| ru.len() > header::SHORT) {
        // Not `JPN` or `CH`: written as a text field.
        let ru = text("RU").unwrap_or("");
        write_field(cx, key, ru);
        if !header::field_reads_back(ru, header::LINE_BREAKS) {
            cx.losses.add(format!("RU as written (header {key})"));
        }
        return;
    }
    let t = match key {
        "Date" => header::date_field(text("DT")),
        "Winner" => header::winner_field(text("RE")),
        _ => header::from_root(key, &|n: &str| text(n).map(str::to_string)),
    };
    let same = header::to_props(key, &t).is_ok_and(|p| header::matches_root(key, &p, text));
    if !same {
        cx.losses
            .add(format!("{} as written (header {key})", names.join("/")));
    }
    cx.line(&format!("{key}={t}"));
}

/// The header line of `key` written from the root's values as they are,
/// without a copy of any (a huge name or game comment costs no more than
/// the game holding it and the text), for the keys whose value is the
/// values themselves: `PlayerB=name,rank,,` (`PB`, `BR`; `PlayerW`: `PW`,
/// `WR`), `Title` (`EV`, `RO`) and the plain text keys (`Comment` for
/// `GC`…): the line `header::from_root` makes, and the loss that reading
/// it back would find. False, writing nothing, for another key.
fn write_borrowed(cx: &mut Ctx<'_>, key: &str) -> bool {
    let names = header::prop_names(key);
    if key == "Title" {
        let game = cx.game;
        let root = game.root();
        let (ev, ro) = (root.text("EV"), root.text("RO"));
        cx.out.push_str("Title=");
        let same = header::push_title(&mut cx.out, ev.unwrap_or(""), ro.unwrap_or(""));
        cx.out.push_str("\r\n");
        if !same {
            cx.losses
                .add(format!("{} as written (header {key})", names.join("/")));
        }
        return true;
    }
    let (breaks, end) = match (key, header::text_prop(key)) {
        ("PlayerB" | "PlayerW", _) => (header::PLAYER_BREAKS, ",,"),
        (_, Some(_)) => (header::LINE_BREAKS, ""),
        _ => return false,
    };
    let game = cx.game;
    let root = game.root();
    cx.out.push_str(key);
    cx.out.push('=');
    let mut same = true;
    for (i, &n) in names.iter().enumerate() {
        if i > 0 {
            cx.out.push(',');
        }
        let v = root.text(n).unwrap_or("");
        header::push_field(&mut cx.out, v, breaks);
        same &= header::field_reads_back(v, breaks);
    }
    cx.out.push_str(end);
    cx.out.push_str("\r\n");
    if !same {
        cx.losses
            .add(format!("{} as written (header {key})", names.join("/")));
    }
    true
}

pub(super) fn write_kept_sections(cx: &mut Ctx<'_>) {
    let Some(p) = cx.game.root().get(PROP_SECTION) else {
        return;
    };
    let sections: Vec<(String, String)> = p
        .values()
        .iter()
        .filter_map(|v| match v.parts() {
            (name, Some(text)) => Some((name.to_string(), text.to_string())),
            _ => None,
        })
        .collect();
    for (name, text) in sections.into_iter().filter(|(n, _)| n != "#") {
        cx.line(&format!("[{name}]"));
        for l in text.split('\n') {
            cx.line(l);
        }
    }
}
