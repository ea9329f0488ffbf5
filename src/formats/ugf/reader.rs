//! UGF/UGI → events, record by record. A file is one game; the input is
//! read line by line (`records`), and a file holding several records one
//! after another gives one game per record (`W321`). Each record, as soon
//! as the next one starts, is decoded in the character set its own header
//! and bytes imply, built into a [`Game`](crate::game::Game) (plus one game per unmatched
//! `.Fig`), then replayed. Memory is bounded by the largest record (a
//! UTF-16 file is turned into UTF-8 whole first).
//!
//! This file is the driver: the input's byte-order mark and wide encodings,
//! the records one by one, each decoded (`decode.rs`), split into sections
//! (`sections.rs`) and built (`build.rs`, with `header_section.rs`,
//! `review.rs`, `figures.rs`) in the order below.

use super::build::Builder;
use super::codes::*;
use super::decode::{ascii_compatible, decode, Stream};
use super::records::Records;
use super::sections::{split_sections, Section};
use crate::charset;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{GameHeader, PropertyBuf};
use crate::options::ReadOptions;
use crate::sink::Sink;
use std::collections::HashMap;
use std::io::Read;

/// Reads one UGF/UGI file and sends its game (and figure trees) to `sink`;
/// a file holding several records one after another gives one game (and
/// its figure trees) per record (`W321`).
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut head = Vec::new();
    let (n, _) = crate::input::read_head(input, &mut head, 9)?;
    head.truncate(n);
    // `.ugz`: two bytes, then an LHA header (`-lh5-` at offset 2 of it).
    if head
        .get(4..9)
        .is_some_and(|m| m.starts_with(b"-lh") && m.ends_with(b"-"))
    {
        return Err(Error::unreadable(
            UGF_NOT_UGF,
            "this is UGZ (UGF compressed with LHA): skip its first 2 bytes, unpack it with an LHA tool, then convert the .ugf inside",
        ));
    }
    let mut input = (&head[..]).chain(input);
    let bom = charset::bom(&head);
    let wide = bom
        .map(|(e, _)| e)
        .or(options.encoding)
        .filter(|e| !e.is_ascii_compatible());
    let Some(enc) = wide else {
        let at = Stream {
            bom,
            base: 0,
            utf8: false,
        };
        return read_records(&mut input, at, options, sink, report);
    };
    // UTF-16 (or another encoding that is not ASCII-compatible): the file
    // is turned into UTF-8 whole first, then read record by record.
    let bytes = crate::formats::lines::read_all(&mut input, options, UGF_LINE_TOO_LONG)?;
    let skip = bom.map_or(0, |(_, n)| n);
    let (body, _) = ascii_compatible(&bytes[skip..], enc, report);
    let at = Stream {
        bom,
        base: skip as u64,
        utf8: true,
    };
    read_records(&mut &body[..], at, options, sink, report)
}

/// Reads the records of `input` one by one: each decoded, split into
/// sections, built into its game (and figure trees) and replayed before
/// the next is read.
fn read_records(
    input: &mut dyn Read,
    stream: Stream,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut records = Records::new(input, options.max_value_size(), stream.base);
    let mut buf = Vec::new();
    let (mut count, mut games) = (0usize, 0usize);
    while let Some(at) = records.next(&mut buf)? {
        let (lines, encoding) = decode(&buf, at, count == 0, stream, options, report);
        // The bytes are not needed past here: given back before the game
        // is built (a one-game file's record is the whole game).
        crate::formats::lines::release(std::mem::take(&mut buf));
        let sections = split_sections(&lines);
        if !sections
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case("Header") || s.name.eq_ignore_ascii_case("Data"))
        {
            return Err(Error::unreadable(
                UGF_NOT_UGF,
                "not a UGF/UGI file: no [Header] or [Data] section",
            ));
        }
        let mut head = GameHeader::new(games);
        head.encoding = encoding.0.name();
        head.encoding_source = encoding.1;
        head.confidence = 1.0;
        let mut builder = Builder::new(head, report);
        builder.read_sections(&sections, report)?;
        // Only the games are replayed: the record's text is given back
        // first, before the comments are set.
        drop(sections);
        lines.release();
        let built = builder.finish(report);
        for g in built {
            report.set_game(Some(games));
            g.replay(sink, report)?;
            games += 1;
        }
        report.set_game(None);
        count += 1;
    }
    if count == 0 {
        return Err(Error::unreadable(
            UGF_NOT_UGF,
            "not a UGF/UGI file: no [Header] or [Data] section",
        ));
    }
    if count > 1 {
        report.report(
            UGF_SEVERAL_RECORDS,
            None,
            format!("the file holds {count} records (a [Header] after a [Data] section; UGF holds one): read as {count} games"),
        );
    }
    Ok(())
}

impl Builder {
    /// Builds the game from the record's sections, all but its comments
    /// and labels ([`Builder::finish`], once the record's text is given
    /// back: a huge comment is then held twice at most, as it is gathered
    /// and in the game).
    pub(super) fn read_sections(
        &mut self,
        sections: &[Section],
        report: &mut Reporter,
    ) -> Result<(), Error> {
        self.game.root_mut().set("GM", "1");
        self.game.root_mut().set("FF", "4");
        for s in sections.iter().filter(|s| s.name == "Header") {
            self.header(s, report)?;
        }
        // SZ right after GM and FF, where readers look first.
        let size = self.grid.size.to_string();
        let mut root = self.game.root_mut();
        let sz = root
            .remove("SZ")
            .unwrap_or_else(|| PropertyBuf::with_values("SZ", &[size]));
        root.insert(2, &sz.as_property());
        for s in sections {
            match s.name.as_str() {
                "Header" | "Data" | "Figure" | "ReviewNode" | "ReviewComment" => {}
                "End" if s.lines().all(|l| l.text.trim().is_empty()) => {}
                _ => self.keep_section(s, report),
            }
        }
        let mut review_ids = HashMap::new();
        for s in sections.iter().filter(|s| s.name == "ReviewNode") {
            self.review_nodes(s, &mut review_ids, report);
        }
        let data: Vec<&Section> = sections.iter().filter(|s| s.name == "Data").collect();
        self.data(&data, report);
        for s in sections.iter().filter(|s| s.name == "ReviewComment") {
            self.review_comments(s, &review_ids, report);
        }
        self.prune_empty_review_nodes(&review_ids);
        for s in sections.iter().filter(|s| s.name == "Figure") {
            self.figure_section(s, report);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::EncodingSource;
    use crate::game::{collect_games, Game};

    fn read_str(bytes: &[u8]) -> (Vec<Game>, Vec<&'static str>) {
        let mut r = Reporter::collecting("t.ugf");
        let games = collect_games(
            |s, r| read(&mut &bytes[..], &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        let codes = r.collected().iter().map(|d| d.code.id).collect();
        (games, codes)
    }

    fn moves(g: &Game) -> Vec<String> {
        g.main_line()
            .into_iter()
            .filter_map(|id| g.node(id).mv().map(|(c, v)| format!("{c}[{v}]")))
            .collect()
    }

    #[test]
    fn coordinate_type_decides_the_rows() {
        let igs = b"[Header]\nCoordinateType=IGS\nSize=19\n[Data]\nQP,B1,1,0\nYA,W1,2,0\n";
        assert_eq!(moves(&read_str(igs).0[0]), ["B[qd]", "W[]"]);
        let jpn = b"[Header]\nCoordinateType=JPN\n[Data]\nQP,B1,1,0\n";
        assert_eq!(moves(&read_str(jpn).0[0]), ["B[qp]"]);
        let absent = b"[Header]\nSize=19\n[Data]\nqp,B1,1,0\n";
        assert_eq!(moves(&read_str(absent).0[0]), ["B[qp]"]);
        let odd = b"[Header]\nCoordinateType=XYZ\n[Data]\nQP,B1,1,0\n";
        let (g, codes) = read_str(odd);
        assert_eq!(moves(&g[0]), ["B[qp]"]);
        assert_eq!(codes, ["W305"]);
    }

    #[test]
    fn lang_and_bytes_decide_the_charset() {
        // SJIS bytes of 本因坊, declared.
        let mut sjis = b"[Header]\nLang=SJIS\nPlayerB=".to_vec();
        sjis.extend_from_slice(&[0x96, 0x7B, 0x88, 0xF6, 0x96, 0x56]);
        sjis.extend_from_slice(b",9p,,\n[Data]\n");
        let (g, codes) = read_str(&sjis);
        assert_eq!(g[0].root().text("PB"), Some("本因坊"));
        assert_eq!(g[0].header.encoding, "Shift_JIS");
        assert_eq!(g[0].header.encoding_source, EncodingSource::Declared);
        assert!(codes.is_empty(), "{codes:?}");
        // Valid UTF-8 wins over a Lang that says otherwise.
        let utf8 = "[Header]\nLang=SJIS\nPlayerW=井山裕太,9p,,\n[Data]\n";
        let (g, codes) = read_str(utf8.as_bytes());
        assert_eq!(g[0].root().text("PW"), Some("井山裕太"));
        assert_eq!(g[0].header.encoding_source, EncodingSource::Utf8);
        assert_eq!(codes, ["I303"]);
        // No Lang, not UTF-8: Shift_JIS (CP932) by default.
        let mut none = b"[Header]\nPlace=".to_vec();
        none.extend_from_slice(&[0x93, 0x8C, 0x8B, 0x9E]);
        none.extend_from_slice(b"\n[Data]\n");
        let (g, _) = read_str(&none);
        assert_eq!(g[0].root().text("PC"), Some("東京"));
        assert_eq!(g[0].header.encoding_source, EncodingSource::Default);
        let (_, codes) = read_str(b"[Header]\nLang=KLINGON\n[Data]\n");
        assert_eq!(codes, ["W302"]);
    }

    #[test]
    fn crypt_field() {
        for (crypt, ok) in [
            ("0,PLAIN_UGF_FILE,READ_WRITE", true),
            ("2146,plain_ugf_file,READ_WRITE", true),
            ("0", true),
            ("", true),
            ("9666,CRYPT_UGF_FILE", false),
            ("9666", false),
        ] {
            let f = format!("[Header]\nCrypt={crypt}\n[Data]\n");
            let mut r = Reporter::collecting("t");
            let mut log = crate::sink::EventLog::default();
            let res = read(&mut f.as_bytes(), &ReadOptions::default(), &mut log, &mut r);
            assert_eq!(res.is_ok(), ok, "{crypt}");
        }
    }

    #[test]
    fn byte_order_marks() {
        let text = "[Header]\r\nLang=SJIS\r\nPlayerB=趙治勲,名誉名人,,\r\n[Data]\r\nPD,B1,1,0\r\n";
        let mut utf16 = vec![0xFF, 0xFE];
        for u in text.encode_utf16() {
            utf16.extend_from_slice(&u.to_le_bytes());
        }
        let mut utf8 = b"\xEF\xBB\xBF".to_vec();
        utf8.extend_from_slice(text.as_bytes());
        for bytes in [utf16, utf8] {
            let (g, _) = read_str(&bytes);
            assert_eq!(g[0].root().text("PB"), Some("趙治勲"));
            assert_eq!(g[0].header.encoding_source, EncodingSource::Bom);
            assert_eq!(moves(&g[0]), ["B[pd]"]);
        }
    }

    #[test]
    fn line_endings_and_bad_lines() {
        let (g, codes) =
            read_str(b"[Header]\r\nSize=9\r[Data]\r\nCC,B1,1,0\rGG,W1,2\r\nXX\r\nGC,B1,4,0");
        assert_eq!(moves(&g[0]), ["B[cc]", "W[gg]", "B[gc]"]);
        assert_eq!(codes, ["E308", "W310"]);
    }

    #[test]
    fn setup_stones_keep_their_colour() {
        let (g, codes) =
            read_str(b"[Header]\nSize=9\nHdcp=2,0.50\n[Data]\nCC,B1,0,0\nGG,B1,0,0\nEE,W1,0,0\nCG,W1,1,0\nGC,B1,0,0\n");
        let root = g[0].root();
        assert_eq!(root.text("HA"), Some("2"));
        assert_eq!(root.get("AB").map(|p| p.values().len()), Some(2));
        assert_eq!(root.text("AW"), Some("ee"));
        // A move-0 stone after the first move: a setup node of its own.
        assert_eq!(codes, ["W319"]);
        let last = *g[0].main_line().last().unwrap();
        assert_eq!(g[0].node(last).text("AB"), Some("gc"));
    }

    #[test]
    fn unknown_winner_is_kept_verbatim() {
        let (g, codes) = read_str(b"[Header]\nWinner=X,9\nSize=9\n[Data]\n");
        assert_eq!(g[0].root().text("RE"), None);
        assert_eq!(g[0].root().text("XUGFH"), Some("Winner:X,9"));
        assert_eq!(codes, ["W306"]);
    }

    /// Two [Header] sections keep their verbatim fields in one property
    /// (fuzzing found two, which SGF reads back merged).
    #[test]
    fn a_second_header_adds_to_the_first() {
        let (g, _) = read_str(b"[Header]\nCode=A\nSize=9\n[Header]\nCode=B\n[Data]\n");
        let root = g[0].root();
        let kept: Vec<_> = root.props().iter().filter(|p| p.name == "XUGFH").collect();
        assert_eq!(kept.len(), 1);
        let values: Vec<&str> = kept[0].values().iter().map(|v| v.text()).collect();
        assert_eq!(values, ["Code:A", "Code:B"]);
    }

    #[test]
    fn review_disagreeing_with_data_keeps_data_as_main_line() {
        let f = b"[Header]\nSize=9\nCoordinateType=JPN\n[Data]\nCC,B1,1,0\nGG,W1,2,0\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,3,3\nNODE,3,2,5,5\n";
        let (g, codes) = read_str(f);
        assert_eq!(moves(&g[0]), ["B[cc]", "W[gg]"]);
        let m1 = g[0].main_line()[1];
        assert_eq!(g[0].node(m1).child_count(), 2);
        assert_eq!(codes, ["W317"]);
    }

    #[test]
    fn unbalanced_review_blocks_are_repaired() {
        let f = b"[Header]\nSize=9\n[Data]\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,3,3\nVARIATIONEND,\nVARIATION,\nNODE,3,1,5,5\nNODE,x\n[ReviewComment]\n.Comment,99\nlost?\n";
        let (g, codes) = read_str(f);
        assert_eq!(codes, ["W315", "E308", "W315", "W316"]);
        assert_eq!(g[0].root().text("C"), Some("lost?"));
        assert_eq!(g[0].root().child_count(), 1);
    }

    #[test]
    fn not_ugf_is_refused() {
        let mut r = Reporter::collecting("t");
        let mut log = crate::sink::EventLog::default();
        let e = read(
            &mut &b"hello\nworld\n"[..],
            &ReadOptions::default(),
            &mut log,
            &mut r,
        );
        assert!(matches!(e, Err(Error::Unreadable { code, .. }) if code.id == "E301"));
    }

    #[test]
    fn hostile_input_does_not_panic() {
        let cases: [&[u8]; 6] = [
            b"[Header]\nSize=255\n[Data]\nZZ,B1,1,0\n",
            b"[Header]\n[Figure]\n.Fig\n.Fig,,,,,,,\n.Text,-1\n.#,\n.#,99,99,x\n.EndFig\n",
            b"[Data]\n,,,\n\xff\xfe,B1,1,0\n",
            b"[ReviewNode]\nVARIATION,\nVARIATION,\nNODE,1,9,9,9\n[Header]\n",
            b"[Header]\nHdcp=99999999999,1e400\nDate=9999/99/99\n[Data]\n",
            b"\xef\xbb\xbf[Header]\n[Figure]\n.Fig,4294967296,1,1,1,1\n",
        ];
        for c in cases {
            let mut r = Reporter::collecting("t");
            let mut log = crate::sink::EventLog::default();
            let _ = read(&mut &c[..], &ReadOptions::default(), &mut log, &mut r);
        }
    }
}
