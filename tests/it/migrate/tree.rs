//! `sgfconv migrate`: walking, naming, skipping, atomic writes, safety rules,
//! the report, and the binary (exit status, an interrupted run).
//!
//! Most tests run the library with a small fake reader/writer (a line format,
//! `XX=value` per root property), so they test the migration machinery and
//! nothing else; `real_sgf_*` tests go through the real SGF reader and writer
//! (over `../shared/corpus`: ignored unless asked for, tests/common/mod.rs).

use crate::common;

use pretty_assertions::assert_eq;
use sgfconv::event::{EncodingSource, Event, GameHeader, Pos, PropertyBuf};
use sgfconv::formats::Format;
use sgfconv::migrate::{self, Backend, MigrateOptions, NoProgress, Status, Summary};
use sgfconv::options::ReadOptions;
use sgfconv::{Code, Error, Reporter, Sink};
use std::collections::BTreeMap;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

const I_FAKE_REWRITE: Code = Code::new("I150", "fake-rewrite");
const W_FAKE: Code = Code::new("W151", "fake-warning");

/// The fake input format: games separated by `---` lines; `XX=value` lines
/// are root properties; `ENC=name` sets the game's encoding (as detected);
/// `REWRITE` reports an info rewrite, `WARN` a warning; `FAIL` makes the
/// reader fail after the games before it were sent. The input format name
/// goes into an `FM` property, so outputs show how each file was read.
fn fake_read(
    format: Format,
    input: &mut dyn Read,
    _o: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut text = String::new();
    input.read_to_string(&mut text)?;
    let mut index = 0;
    for game in text.split("---\n") {
        if !game.contains('=') && !game.contains("FAIL") {
            continue;
        }
        let mut header = GameHeader::new(index);
        header.encoding = "UTF-8";
        header.encoding_source = EncodingSource::Utf8;
        let mut props = vec![PropertyBuf::with_values("FM", &[format.name()])];
        for line in game.lines() {
            if line == "FAIL" {
                return Err(Error::unreadable(
                    Code::new("E001", "fake-failure"),
                    "fake failure",
                ));
            } else if line == "REWRITE" {
                report.report(I_FAKE_REWRITE, Some(Pos::new(0, 1, 1)), "rewrote");
            } else if line == "WARN" {
                report.report(W_FAKE, Some(Pos::new(0, 2, 3)), "warned");
            } else if let Some(enc) = line.strip_prefix("ENC=") {
                header.encoding = if enc == "GB18030" {
                    "GB18030"
                } else {
                    "Shift_JIS"
                };
                header.encoding_source = EncodingSource::Detected;
                header.confidence = 0.5;
            } else if let Some((k, v)) = line.split_once('=') {
                if k.len() <= 2 && k.chars().all(|c| c.is_ascii_uppercase()) {
                    props.push(PropertyBuf::with_values(k, &[v]));
                }
            }
        }
        sink.event(&Event::GameStart(&header), report)?;
        sink.event(&Event::Node(Pos::default()), report)?;
        for p in &props {
            sink.event(&Event::Property(p.as_property()), report)?;
        }
        sink.event(&Event::Node(Pos::default()), report)?;
        sink.event(
            &Event::Property(PropertyBuf::with_values("B", &["pd"]).as_property()),
            report,
        )?;
        sink.event(&Event::GameEnd(Pos::default()), report)?;
        index += 1;
    }
    Ok(())
}

/// Writes `(;XX[v]...;B[pd])` per game.
struct FakeWriter<'w>(Box<dyn Write + 'w>);

impl Sink for FakeWriter<'_> {
    fn event(&mut self, e: &Event<'_>, _r: &mut Reporter) -> Result<(), Error> {
        match e {
            Event::GameStart(_) => self.0.write_all(b"(")?,
            Event::Node(_) => self.0.write_all(b";")?,
            Event::Property(p) => {
                write!(self.0, "{}[{}]", p.name, p.first_text().unwrap_or(""))?;
            }
            Event::GameEnd(_) => self.0.write_all(b")\n")?,
            _ => {}
        }
        Ok(())
    }
}

fn fake_writer<'w>(
    out: Box<dyn Write + 'w>,
    _o: &sgfconv::Options,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(FakeWriter(out)))
}

fn fake() -> Backend {
    Backend {
        read: fake_read,
        writer: fake_writer,
    }
}

fn write_tree(root: &Path, files: &[(&str, &str)]) {
    for (p, content) in files {
        let path = root.join(p);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content).unwrap();
    }
}

/// Every regular file under `root`: relative path → contents.
fn listing(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let ft = e.file_type().unwrap();
            if ft.is_dir() {
                stack.push(e.path());
            } else if ft.is_file() {
                out.insert(
                    e.path().strip_prefix(root).unwrap().to_path_buf(),
                    fs::read(e.path()).unwrap(),
                );
            }
        }
    }
    out
}

fn text_listing(root: &Path) -> BTreeMap<String, String> {
    listing(root)
        .into_iter()
        .map(|(k, v)| {
            (
                k.to_string_lossy().into_owned(),
                String::from_utf8_lossy(&v).into_owned(),
            )
        })
        .collect()
}

/// Everything observable about a tree: paths, kinds, sizes, modes, mtimes,
/// contents, link targets.
fn snapshot(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        let meta = fs::symlink_metadata(&d).unwrap();
        out.push(format!(
            "{} dir {:?} {:?}",
            d.display(),
            meta.permissions(),
            meta.modified().unwrap()
        ));
        for e in fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let m = fs::symlink_metadata(e.path()).unwrap();
            if m.is_dir() {
                stack.push(e.path());
            } else if m.file_type().is_symlink() {
                out.push(format!(
                    "{:?} -> {:?}",
                    e.path(),
                    fs::read_link(e.path()).unwrap()
                ));
            } else {
                out.push(format!(
                    "{:?} {} {:?} {:?} {:?}",
                    e.path(),
                    m.len(),
                    m.permissions(),
                    m.modified().unwrap(),
                    fs::read(e.path()).unwrap()
                ));
            }
        }
    }
    out.sort();
    out
}

fn opts(src: &Path, dst: &Path) -> MigrateOptions {
    let mut o = MigrateOptions::new(src, dst);
    o.jobs = 2;
    o
}

fn run(o: &MigrateOptions) -> Summary {
    migrate::run_with(o, &NoProgress, fake()).unwrap()
}

fn status_of(s: &Summary, suffix: &str) -> Status {
    s.entries()
        .find(|e| e.source.ends_with(suffix))
        .unwrap_or_else(|| panic!("no entry for {suffix}"))
        .status
}

fn set_mtime(p: &Path, t: SystemTime) {
    fs::File::options()
        .write(true)
        .open(p)
        .unwrap()
        .set_modified(t)
        .unwrap();
}

fn temp_files(root: &Path) -> Vec<PathBuf> {
    listing(root)
        .into_keys()
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with(".sgfconv-") && n.ends_with(".tmp")
        })
        .collect()
}

#[test]
fn mirrors_the_tree_and_recognises_records_by_extension_or_content() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            ("a/b.sgf", "PB=Black\n"),
            ("a/c.gib.dll", "PB=Gib\n"),
            ("a/deep/er/d.NGF", "PB=Ngf\n"),
            ("u.ugi", "PB=Ugi\n"),
            ("old.txt", "(;GM[1]\nPB=Sniffed\n"),
            ("noext", "(;FF[4]\nPB=NoExt\n"),
            ("README.md", "A note (See below) about PB=x\n"),
            ("expected.json", "{\"PB\": 1}\n"),
            ("photo.jpg", "\u{0}\u{1}JFIF"),
            // Compressed data can hold `(;` by chance: never sniffed.
            ("games.tar.gz", "\u{1f}\u{8b}\u{8}(;PB=x\n"),
            ("blob", "\u{1f}\u{0}\u{8}(;PB=x\n"),
        ],
    );
    let s = run(&opts(&src, &dst));
    assert_eq!(
        text_listing(&dst),
        BTreeMap::from([
            ("a/b.sgf".into(), "(;FM[sgf]PB[Black];B[pd])\n".into()),
            ("a/c.sgf".into(), "(;FM[gib]PB[Gib];B[pd])\n".into()),
            ("a/deep/er/d.sgf".into(), "(;FM[ngf]PB[Ngf];B[pd])\n".into()),
            ("noext.sgf".into(), "(;FM[sgf]PB[NoExt];B[pd])\n".into()),
            ("old.sgf".into(), "(;FM[sgf]PB[Sniffed];B[pd])\n".into()),
            ("u.sgf".into(), "(;FM[ugf]PB[Ugi];B[pd])\n".into()),
        ])
    );
    assert_eq!(s.records(), 6);
    assert_eq!(s.count(Status::Converted), 6);
    assert_eq!(s.count(Status::Ignored), 5);
    // Named as an archive (archives are read), but its bytes
    // (`1f c2 8b`: the string is UTF-8) are no gzip stream: ignored, never
    // taken for a record.
    let gz = entry(&s, "games.tar.gz");
    assert_eq!(gz.status, Status::Ignored);
    assert!(
        gz.reason.as_deref().unwrap().contains("no archive"),
        "{gz:?}"
    );
    assert_eq!(s.failed(), 0);
    let by: Vec<_> = s.by_format().into_iter().collect();
    assert_eq!(by, vec![("gib", 1), ("ngf", 1), ("sgf", 3), ("ugf", 1)]);
    let old = s.entries().find(|e| e.source.ends_with("old.txt")).unwrap();
    assert_eq!(old.recognised_by, Some("content"));
    let gib = s
        .entries()
        .find(|e| e.source.ends_with("c.gib.dll"))
        .unwrap();
    assert_eq!(gib.recognised_by, Some("extension"));
    assert_eq!(status_of(&s, "README.md"), Status::Ignored);
    assert_eq!(status_of(&s, "expected.json"), Status::Ignored);
}

#[test]
fn output_is_the_same_whatever_the_number_of_jobs() {
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    let mut files = Vec::new();
    for i in 0..60 {
        // Same stems in one directory, in several formats: collisions.
        files.push((
            format!("d{}/g{}.sgf", i % 3, i % 7),
            format!("PB=P{i}\nPW=W\nDT=2020\n"),
        ));
        files.push((
            format!("d{}/g{}.gib", i % 3, i % 7),
            format!("PB=P{i}\nPW=W\nDT=2020\n"),
        ));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    write_tree(&src, &files);
    for (split, name) in [
        (false, None),
        (true, Some("{DT} {PB} vs {PW}")),
        (false, Some("{PW}")),
    ] {
        let mut results = Vec::new();
        for jobs in [1, 2, 5] {
            let dst = t
                .path()
                .join(format!("dst-{jobs}-{split}-{}", name.is_some()));
            let mut o = opts(&src, &dst);
            o.jobs = jobs;
            o.split_collections = split;
            o.name_template = name.map(String::from);
            let s = run(&o);
            let mut report = s.to_json();
            report["totals"]["seconds"] = 0.into();
            report["dst"] = "".into();
            let report = report
                .to_string()
                .replace(&dst.to_string_lossy().into_owned(), "DST");
            results.push((text_listing(&dst), report));
        }
        assert_eq!(results[0], results[1]);
        assert_eq!(results[0], results[2]);
    }
    // Mirror mode: g0.gib comes before g0.sgf, so it keeps the name.
    let dst = t.path().join("dst-1-false-false");
    let l = text_listing(&dst);
    // (d0/g0.* was last written for i = 42.)
    assert_eq!(l["d0/g0.sgf"], "(;FM[gib]PB[P42]PW[W]DT[2020];B[pd])\n");
    assert_eq!(l["d0/g0 (2).sgf"], "(;FM[sgf]PB[P42]PW[W]DT[2020];B[pd])\n");
}

#[test]
fn refuses_dst_inside_or_equal_to_src() {
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    write_tree(&src, &[("a.sgf", "PB=x\n")]);
    let before = snapshot(&src);
    for dst in [src.join("out"), src.clone(), src.join("a/../out2")] {
        let r = migrate::run_with(&opts(&src, &dst), &NoProgress, fake());
        assert!(matches!(r, Err(Error::Usage(_))), "{dst:?} must be refused");
    }
    assert_eq!(snapshot(&src), before);
    // SRC missing, or a file.
    assert!(migrate::run_with(
        &opts(&t.path().join("none"), &t.path().join("d")),
        &NoProgress,
        fake()
    )
    .is_err());
    assert!(migrate::run_with(
        &opts(&src.join("a.sgf"), &t.path().join("d")),
        &NoProgress,
        fake()
    )
    .is_err());
}

#[test]
fn src_inside_dst_is_fine_and_outputs_never_land_in_src() {
    let t = tempfile::tempdir().unwrap();
    let dst = t.path().join("archive");
    let src = dst.join("incoming");
    // incoming/incoming/x.sgf would mirror to archive/incoming/x.sgf: inside SRC.
    write_tree(&src, &[("a.sgf", "PB=a\n"), ("incoming/x.sgf", "PB=x\n")]);
    let before = snapshot(&src);
    let s = run(&opts(&src, &dst));
    assert_eq!(snapshot(&src), before);
    assert_eq!(status_of(&s, "incoming/a.sgf"), Status::Converted);
    assert_eq!(status_of(&s, "incoming/x.sgf"), Status::Failed);
    assert_eq!(
        fs::read_to_string(dst.join("a.sgf")).unwrap(),
        "(;FM[sgf]PB[a];B[pd])\n"
    );
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_never_followed() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst, outside) = (
        t.path().join("src"),
        t.path().join("dst"),
        t.path().join("outside"),
    );
    write_tree(&src, &[("in.sgf", "PB=in\n")]);
    write_tree(
        &outside,
        &[("secret.sgf", "PB=secret\n"), ("more/s2.sgf", "PB=s2\n")],
    );
    std::os::unix::fs::symlink(&outside, src.join("linkdir")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.sgf"), src.join("link.sgf")).unwrap();
    std::os::unix::fs::symlink(src.join("in.sgf"), src.join("inner.sgf")).unwrap();
    let s = run(&opts(&src, &dst));
    assert_eq!(
        text_listing(&dst).into_keys().collect::<Vec<_>>(),
        vec!["in.sgf".to_string()]
    );
    assert_eq!(status_of(&s, "link.sgf"), Status::Ignored);
    // A DST that is a symbolic link into SRC is inside SRC.
    fs::create_dir_all(src.join("sub")).unwrap();
    std::os::unix::fs::symlink(src.join("sub"), t.path().join("sneaky")).unwrap();
    let r = migrate::run_with(
        &opts(&src, &t.path().join("sneaky/out")),
        &NoProgress,
        fake(),
    );
    assert!(matches!(r, Err(Error::Usage(_))));
    assert!(!src.join("sub/out").exists());
    assert_eq!(status_of(&s, "inner.sgf"), Status::Ignored);
    assert!(s.entries().all(|e| !e.source.contains("secret")));
}

#[cfg(unix)]
#[test]
fn copes_with_non_utf8_file_names() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    // "本因坊.sgf" in Shift_JIS bytes, as old CD-ROM archives name them.
    let dir = src.join(OsStr::from_bytes(b"\x8a\xfa\x95\x88"));
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join(OsStr::from_bytes(b"\x96\x7b\x88\xf6\x96\x56.gib")),
        "PB=sjis\n",
    )
    .unwrap();
    let s = run(&opts(&src, &dst));
    let out = dst
        .join(OsStr::from_bytes(b"\x8a\xfa\x95\x88"))
        .join(OsStr::from_bytes(b"\x96\x7b\x88\xf6\x96\x56.sgf"));
    assert_eq!(
        fs::read_to_string(&out).unwrap(),
        "(;FM[gib]PB[sjis];B[pd])\n"
    );
    assert_eq!(s.inputs(), 1);
    assert!(s.entries().next().unwrap().source_not_utf8);
    assert!(s.entries().next().unwrap().source.contains('\u{FFFD}'));
    // The report is valid JSON.
    let mut buf = Vec::new();
    s.write_report(&mut buf).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
    assert_eq!(v["files"][0]["source_not_utf8"], true);
}

#[cfg(unix)]
#[test]
fn a_read_only_src_is_never_touched() {
    use std::os::unix::fs::PermissionsExt;
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            ("a/x.sgf", "PB=x\n"),
            ("a/y.gib", "PB=y\nFAIL\n"),
            ("b.txt", "(;GM[1]\nPB=b\n"),
        ],
    );
    let set_mode = |mode_dir: u32, mode_file: u32| {
        for p in [src.join("a/x.sgf"), src.join("a/y.gib"), src.join("b.txt")] {
            fs::set_permissions(&p, fs::Permissions::from_mode(mode_file)).unwrap();
        }
        for p in [src.join("a"), src.clone()] {
            fs::set_permissions(&p, fs::Permissions::from_mode(mode_dir)).unwrap();
        }
    };
    set_mode(0o555, 0o444);
    let before = snapshot(&src);
    // As root, permission bits do not stop writes: the snapshot (listing,
    // modes, mtimes, contents) is what proves nothing was written.
    let s = run(&opts(&src, &dst));
    let mut o = opts(&src, &dst);
    o.force = true;
    o.preserve_mtime = true;
    let s2 = run(&o);
    let after = snapshot(&src);
    set_mode(0o755, 0o644);
    assert_eq!(after, before);
    assert_eq!(s.count(Status::Converted), 2);
    assert_eq!(s.failed(), 1);
    assert_eq!(s2.count(Status::Converted), 2);
    assert_eq!(
        text_listing(&dst).into_keys().collect::<Vec<_>>(),
        vec!["a/x.sgf".to_string(), "b.sgf".to_string()]
    );
}

#[test]
fn an_interrupted_run_leaves_nothing_half_written_and_the_next_run_completes() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            ("d/a.sgf", "PB=a\n"),
            ("d/b.sgf", "PB=b\n"),
            ("c.sgf", "PB=c\n"),
        ],
    );
    // What a killed run leaves behind: its temporary files (complete or not),
    // and the outputs it had finished.
    write_tree(
        &dst,
        &[
            ("d/.sgfconv-AbC123.tmp", "(;FM[sgf]PB[b"),
            (".sgfconv-XyZ789.tmp", ""),
            ("d/a.sgf", "(;FM[sgf]PB[a];B[pd])\n"),
        ],
    );
    let old = SystemTime::now() - Duration::from_secs(3600);
    for f in ["d/a.sgf", "d/b.sgf", "c.sgf"] {
        set_mtime(&src.join(f), old);
    }
    let s = run(&opts(&src, &dst));
    assert_eq!(status_of(&s, "d/a.sgf"), Status::Skipped);
    assert_eq!(status_of(&s, "d/b.sgf"), Status::Converted);
    assert_eq!(status_of(&s, "c.sgf"), Status::Converted);
    assert_eq!(
        text_listing(&dst),
        BTreeMap::from([
            ("c.sgf".into(), "(;FM[sgf]PB[c];B[pd])\n".into()),
            ("d/a.sgf".into(), "(;FM[sgf]PB[a];B[pd])\n".into()),
            ("d/b.sgf".into(), "(;FM[sgf]PB[b];B[pd])\n".into()),
        ])
    );
    assert_eq!(s.inputs(), 3, "temporary files are not inputs or outputs");
}

#[test]
fn a_failed_file_leaves_no_output_and_the_run_goes_on() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    for split in [false, true] {
        // Without --split-collections the failing collection fails after
        // writing more than a megabyte, so a temporary file exists on disk
        // when it fails; with it, after two games were written.
        let n = if split { 3 } else { 60_000 };
        let big_ok = "PB=x\n---\n".repeat(n);
        let big_fail = format!("{}FAIL\n", "PB=y\n---\n".repeat(n));
        let _ = fs::remove_dir_all(&src);
        write_tree(
            &src,
            &[
                ("1.sgf", "PB=one\n"),
                ("2.sgf", "PB=two\nFAIL\n"),
                ("3.sgf", ""),
                ("4.sgf", &big_ok),
                ("5.sgf", &big_fail),
                ("6.sgf", "PB=six\n"),
            ],
        );
        let _ = fs::remove_dir_all(&dst);
        let mut o = opts(&src, &dst);
        o.split_collections = split;
        let s = run(&o);
        assert_eq!(s.failed(), 3);
        assert_eq!(status_of(&s, "2.sgf"), Status::Failed);
        assert_eq!(status_of(&s, "3.sgf"), Status::Failed);
        assert_eq!(status_of(&s, "5.sgf"), Status::Failed);
        let two = s.entries().find(|e| e.source.ends_with("2.sgf")).unwrap();
        assert!(two.reason.as_deref().unwrap().contains("fake failure"));
        assert_eq!(two.diagnostics.last().unwrap().code, "E450");
        let three = s.entries().find(|e| e.source.ends_with("3.sgf")).unwrap();
        assert_eq!(three.diagnostics.last().unwrap().code, "E451");
        let out = listing(&dst);
        assert!(temp_files(&dst).is_empty());
        if split {
            let names: Vec<_> = out
                .keys()
                .map(|k| k.to_string_lossy().into_owned())
                .collect();
            assert_eq!(
                names,
                vec!["1.sgf", "4-1.sgf", "4-2.sgf", "4-3.sgf", "6.sgf"]
            );
        } else {
            let names: Vec<_> = out
                .keys()
                .map(|k| k.to_string_lossy().into_owned())
                .collect();
            assert_eq!(names, vec!["1.sgf", "4.sgf", "6.sgf"]);
            // Over the 1 MiB kept in memory: it went through a file.
            assert!(out[Path::new("4.sgf")].len() > 1 << 20);
            assert_eq!(
                out[Path::new("4.sgf")].len(),
                60_000 * "(;FM[sgf]PB[x];B[pd])\n".len()
            );
        }
    }
}

#[test]
fn outputs_newer_than_their_input_are_skipped_unless_forced() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(&src, &[("a.sgf", "PB=a\n"), ("b.sgf", "PB=b\n")]);
    let hour_ago = SystemTime::now() - Duration::from_secs(3600);
    set_mtime(&src.join("a.sgf"), hour_ago);
    set_mtime(&src.join("b.sgf"), hour_ago);
    let s = run(&opts(&src, &dst));
    assert_eq!(s.count(Status::Converted), 2);
    // Up to date: nothing is read or written.
    fs::write(dst.join("a.sgf"), "kept").unwrap();
    let s = run(&opts(&src, &dst));
    assert_eq!(s.count(Status::Skipped), 2);
    assert_eq!(fs::read_to_string(dst.join("a.sgf")).unwrap(), "kept");
    // The input changed after its output: converted again.
    fs::write(src.join("b.sgf"), "PB=b2\n").unwrap();
    set_mtime(&dst.join("b.sgf"), hour_ago);
    let s = run(&opts(&src, &dst));
    assert_eq!(status_of(&s, "a.sgf"), Status::Skipped);
    assert_eq!(status_of(&s, "b.sgf"), Status::Converted);
    assert_eq!(
        fs::read_to_string(dst.join("b.sgf")).unwrap(),
        "(;FM[sgf]PB[b2];B[pd])\n"
    );
    // --force.
    let mut o = opts(&src, &dst);
    o.force = true;
    let s = run(&o);
    assert_eq!(s.count(Status::Converted), 2);
    assert_eq!(
        fs::read_to_string(dst.join("a.sgf")).unwrap(),
        "(;FM[sgf]PB[a];B[pd])\n"
    );
    // Named mode skips too (after reading, since names come from the games).
    let mut o = opts(&src, &t.path().join("named"));
    o.name_template = Some("{PB}".into());
    assert_eq!(run(&o).count(Status::Converted), 2);
    assert_eq!(run(&o).count(Status::Skipped), 2);
}

/// Directories are held open up to a limit (256), then used through their
/// paths: both kinds convert, skip and replace alike.
#[test]
fn more_directories_than_are_held_open() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    let files: Vec<(String, String)> = (0..300)
        .map(|i| (format!("d{i:03}/g.sgf"), format!("PB=p{i}\n")))
        .collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, c)| (&p[..], &c[..])).collect();
    write_tree(&src, &refs);
    let hour_ago = SystemTime::now() - Duration::from_secs(3600);
    for (p, _) in &files {
        set_mtime(&src.join(p), hour_ago);
    }
    let s = run(&opts(&src, &dst));
    assert_eq!(s.count(Status::Converted), 300);
    for i in [0, 255, 256, 299] {
        assert_eq!(
            fs::read_to_string(dst.join(format!("d{i:03}/g.sgf"))).unwrap(),
            format!("(;FM[sgf]PB[p{i}];B[pd])\n")
        );
    }
    assert_eq!(run(&opts(&src, &dst)).count(Status::Skipped), 300);
    // Inputs changed after their outputs, in held and in unheld directories.
    for i in [3, 290] {
        let p = src.join(format!("d{i:03}/g.sgf"));
        fs::write(&p, format!("PB=new{i}\n")).unwrap();
        set_mtime(&dst.join(format!("d{i:03}/g.sgf")), hour_ago);
    }
    let s = run(&opts(&src, &dst));
    assert_eq!(s.count(Status::Skipped), 298);
    assert_eq!(status_of(&s, "d003/g.sgf"), Status::Converted);
    assert_eq!(status_of(&s, "d290/g.sgf"), Status::Converted);
    for i in [3, 290] {
        assert_eq!(
            fs::read_to_string(dst.join(format!("d{i:03}/g.sgf"))).unwrap(),
            format!("(;FM[sgf]PB[new{i}];B[pd])\n")
        );
    }
    // Replacing every output.
    let mut o = opts(&src, &dst);
    o.force = true;
    assert_eq!(run(&o).count(Status::Converted), 300);
    assert_eq!(listing(&dst).len(), 300);
}

#[test]
fn preserve_mtime_copies_the_input_time_and_counts_as_up_to_date() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(&src, &[("a.sgf", "PB=a\n")]);
    let when = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    set_mtime(&src.join("a.sgf"), when);
    let mut o = opts(&src, &dst);
    o.preserve_mtime = true;
    run(&o);
    assert_eq!(
        fs::metadata(dst.join("a.sgf")).unwrap().modified().unwrap(),
        when
    );
    assert_eq!(run(&o).count(Status::Skipped), 1);
}

#[test]
fn dry_run_writes_nothing_but_reports_everything() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            ("a.sgf", "ENC=GB18030\nPB=a\nREWRITE\n"),
            ("b.gib", "FAIL\n"),
        ],
    );
    let mut o = opts(&src, &dst);
    o.dry_run = true;
    let s = run(&o);
    assert!(!dst.exists());
    assert_eq!(s.count(Status::Converted), 1);
    assert_eq!(s.failed(), 1);
    let a = &s.entries().next().unwrap();
    assert_eq!(
        a.outputs,
        vec![dst.join("a.sgf").to_string_lossy().into_owned()]
    );
    assert_eq!(a.encoding_label().as_deref(), Some("GB18030 (detected)"));
    assert_eq!(a.bytes_out, "(;FM[sgf]PB[a];B[pd])\n".len() as u64);
    o.split_collections = true;
    o.name_template = Some("{PB}".into());
    run(&o);
    assert!(!dst.exists());
}

#[test]
fn include_and_exclude_globs() {
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    write_tree(
        &src,
        &[
            ("a/1.sgf", "PB=1\n"),
            ("a/2.gib", "PB=2\n"),
            ("b/3.sgf", "PB=3\n"),
            ("b/old/4.sgf", "PB=4\n"),
        ],
    );
    let names = |inc: &[&str], exc: &[&str]| {
        let dst = t
            .path()
            .join(format!("dst{}{}", inc.join(","), exc.join(",")).replace(['*', '/'], "_"));
        let mut o = opts(&src, &dst);
        o.include = inc.iter().map(|s| s.to_string()).collect();
        o.exclude = exc.iter().map(|s| s.to_string()).collect();
        let s = run(&o);
        assert_eq!(s.inputs(), s.records(), "excluded files are not reported");
        text_listing(&dst).into_keys().collect::<Vec<_>>()
    };
    assert_eq!(
        names(&["*.sgf"], &[]),
        vec!["a/1.sgf", "b/3.sgf", "b/old/4.sgf"]
    );
    assert_eq!(
        names(&[], &["b/old/**"]),
        vec!["a/1.sgf", "a/2.sgf", "b/3.sgf"]
    );
    assert_eq!(names(&["b/**"], &["4.*"]), vec!["b/3.sgf"]);
    assert_eq!(names(&["*.gib", "b/*"], &[]), vec!["a/2.sgf", "b/3.sgf"]);
}

#[test]
fn split_collections_and_name_templates_number_collisions() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    let coll = "DT=2001-01-01\nPB=Go Seigen\nPW=Kitani\n---\nDT=2001-01-01\nPB=Go Seigen\nPW=Kitani\n---\nDT=2002\nPB=A/B\nPW=C:D\n";
    write_tree(
        &src,
        &[
            ("x/coll.sgf", coll),
            ("x/single.gib", "DT=2001-01-01\nPB=Go Seigen\nPW=Kitani\n"),
            ("y/z.sgf", "PB=z\n---\nPB=zz\n"),
        ],
    );
    let mut o = opts(&src, &dst);
    o.split_collections = true;
    let s = run(&o);
    assert_eq!(
        text_listing(&dst).into_keys().collect::<Vec<_>>(),
        vec![
            "x/coll-1.sgf",
            "x/coll-2.sgf",
            "x/coll-3.sgf",
            "x/single.sgf",
            "y/z-1.sgf",
            "y/z-2.sgf"
        ]
    );
    assert_eq!(s.outputs(), 6);
    assert_eq!(s.games(), 6);

    let dst2 = t.path().join("dst2");
    let mut o = opts(&src, &dst2);
    o.split_collections = true;
    o.name_template = Some("{DT} {PB} vs {PW}".into());
    let s = run(&o);
    assert_eq!(
        text_listing(&dst2),
        BTreeMap::from([
            (
                "x/2001-01-01 Go Seigen vs Kitani.sgf".into(),
                "(;FM[sgf]DT[2001-01-01]PB[Go Seigen]PW[Kitani];B[pd])\n".into()
            ),
            (
                "x/2001-01-01 Go Seigen vs Kitani (2).sgf".into(),
                "(;FM[sgf]DT[2001-01-01]PB[Go Seigen]PW[Kitani];B[pd])\n".into()
            ),
            (
                "x/2002 A_B vs C_D.sgf".into(),
                "(;FM[sgf]DT[2002]PB[A/B]PW[C:D];B[pd])\n".into()
            ),
            (
                "x/2001-01-01 Go Seigen vs Kitani (3).sgf".into(),
                "(;FM[gib]DT[2001-01-01]PB[Go Seigen]PW[Kitani];B[pd])\n".into()
            ),
            ("y/z vs.sgf".into(), "(;FM[sgf]PB[z];B[pd])\n".into()),
            ("y/zz vs.sgf".into(), "(;FM[sgf]PB[zz];B[pd])\n".into()),
        ])
    );
    let numbered = s
        .entries()
        .find(|e| e.source.ends_with("single.gib"))
        .unwrap();
    assert_eq!(numbered.rewrites.get("I452 output-name-numbered"), Some(&1));

    // Without --split-collections a template names the whole collection
    // after its first game; subdirectories come from the template.
    let dst3 = t.path().join("dst3");
    let mut o = opts(&src, &dst3);
    o.name_template = Some("{PB}/{stem}".into());
    run(&o);
    let l = text_listing(&dst3);
    assert_eq!(
        l.keys().collect::<Vec<_>>(),
        vec![
            "x/Go Seigen/coll.sgf",
            "x/Go Seigen/single.sgf",
            "y/z/z.sgf"
        ]
    );
    assert_eq!(l["x/Go Seigen/coll.sgf"].lines().count(), 3);
}

#[test]
fn the_report_has_one_entry_per_input_with_encoding_rewrites_and_diagnostics() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            (
                "a.sgf",
                "ENC=GB18030\nPB=a\nREWRITE\nREWRITE\nWARN\n---\nENC=GB18030\nPB=b\n",
            ),
            ("b.gib", "PB=x\nFAIL\n"),
            ("c.sgf", "PB=c\n---\nENC=SJIS\nPB=d\n"),
            ("notes.txt", "nothing here"),
        ],
    );
    let s = run(&opts(&src, &dst));
    let report = t.path().join("report.json");
    s.write_report_file(&report).unwrap();
    let v: serde_json::Value = serde_json::from_str(&fs::read_to_string(&report).unwrap()).unwrap();
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 4);
    let a = &files[0];
    assert_eq!(a["source"], src.join("a.sgf").to_string_lossy().as_ref());
    assert_eq!(
        a["outputs"][0],
        dst.join("a.sgf").to_string_lossy().as_ref()
    );
    assert_eq!(a["format"], "sgf");
    assert_eq!(a["recognised_by"], "extension");
    assert_eq!(a["status"], "converted");
    assert_eq!(a["games"], 2);
    assert_eq!(
        a["encodings"],
        serde_json::json!([{"encoding": "GB18030", "source": "detected", "confidence": 0.5, "games": 2}])
    );
    assert_eq!(a["rewrites"], serde_json::json!({"I150 fake-rewrite": 2}));
    assert_eq!(a["warnings"], 1);
    assert_eq!(a["diagnostics"][2]["code"], "W151");
    assert_eq!(a["diagnostics"][2]["line"], 2);
    assert_eq!(a["diagnostics"][2]["column"], 3);
    let b = &files[1];
    assert_eq!(b["status"], "failed");
    assert_eq!(b["outputs"], serde_json::json!([]));
    assert_eq!(b["errors"], 1);
    assert_eq!(files[2]["encodings"].as_array().unwrap().len(), 2);
    assert_eq!(files[3]["status"], "ignored");
    assert_eq!(v["totals"]["failed"], 1);
    assert_eq!(v["totals"]["converted"], 2);
    assert_eq!(
        v["totals"]["by_encoding"],
        serde_json::json!({"GB18030 (detected)": 1, "mixed": 1})
    );
    assert_eq!(
        v["totals"]["rewrites"],
        serde_json::json!({"I150 fake-rewrite": 2})
    );
    let text = s.to_string();
    assert!(text.contains("3 records: 2 converted (2 outputs, 4 games), 0 up to date, 1 failed; 1 other files ignored"), "{text}");
    assert!(text.contains("GB18030 (detected)"), "{text}");
    assert!(text.contains("b.gib: [E001] fake failure"), "{text}");
}

#[test]
fn the_extension_can_lie() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    // A file named .gib whose content is SGF; the fake reader fails on GIB.
    fn picky(
        f: Format,
        i: &mut dyn Read,
        o: &ReadOptions,
        s: &mut dyn Sink,
        r: &mut Reporter,
    ) -> Result<(), Error> {
        if f == Format::Gib {
            return Err(Error::unreadable(Code::new("E200", "not-gib"), "not GIB"));
        }
        fake_read(f, i, o, s, r)
    }
    write_tree(&src, &[("x.gib", "(;GM[1]\nPB=x\n")]);
    let s = migrate::run_with(
        &opts(&src, &dst),
        &NoProgress,
        Backend {
            read: picky,
            writer: fake_writer,
        },
    )
    .unwrap();
    assert_eq!(s.entries().next().unwrap().format, Some("sgf"));
    assert_eq!(s.entries().next().unwrap().recognised_by, Some("content"));
    assert_eq!(s.entries().next().unwrap().diagnostics[0].code, "W454");
    assert_eq!(
        fs::read_to_string(dst.join("x.sgf")).unwrap(),
        "(;FM[sgf]PB[x];B[pd])\n"
    );
}

// ---------------------------------------------------------------------------
// Through the real SGF reader and writer.

/// `$SHARED/corpus/<sub>` (see tests/common/mod.rs).
fn shared_corpus(sub: &str) -> Option<PathBuf> {
    common::shared_path(&format!("corpus/{sub}"))
}

fn entry(s: &Summary, suffix: &str) -> migrate::Entry {
    s.entries()
        .find(|e| e.source.ends_with(suffix))
        .unwrap_or_else(|| panic!("no entry for {suffix}"))
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn real_sgf_legacy_charsets_become_utf8_and_a_second_pass_changes_nothing() {
    let Some(src) = shared_corpus("sgf/charsets") else {
        return;
    };
    let t = tempfile::tempdir().unwrap();
    let (dst, dst2) = (t.path().join("utf8"), t.path().join("again"));
    let before = snapshot(&src);
    let s = migrate::run(&opts(&src, &dst), &NoProgress).unwrap();
    assert_eq!(snapshot(&src), before);
    assert_eq!(s.failed(), 0, "{s}");
    assert_eq!(s.records(), listing(&src).len());
    let enc = |suffix: &str| {
        let e = entry(&s, suffix);
        (e.encodings[0].encoding, e.encodings[0].source)
    };
    assert_eq!(
        enc("libsgfc/encoding-traditionalchinese-big5.sgf"),
        ("Big5", "ca")
    );
    assert_eq!(
        enc("libsgfc/encoding-utf16-withbom.sgf"),
        ("UTF-16BE", "bom")
    );
    assert_eq!(enc("sabaki/no-ca.sgf"), ("gb18030", "detected"));
    assert_eq!(
        enc("ogatak/shift_jis/japanese.sgf"),
        ("Shift_JIS", "detected")
    );
    assert_eq!(
        entry(&s, "sgfc/mixed-encoding.sgf")
            .encoding_label()
            .as_deref(),
        Some("mixed")
    );

    let out = listing(&dst);
    assert_eq!(out.len(), s.outputs());
    for (path, bytes) in &out {
        let text = std::str::from_utf8(bytes).unwrap_or_else(|_| panic!("{path:?} is not UTF-8"));
        assert!(text.contains("CA[UTF-8]"), "{path:?} has no CA[UTF-8]");
    }
    let ja = String::from_utf8(out[Path::new("ogatak/shift_jis/japanese.sgf")].clone()).unwrap();
    assert!(
        ja.contains("PB[小林光一]") && ja.contains("PW[武宮正樹]"),
        "{ja}"
    );
    let big5 =
        String::from_utf8(out[Path::new("libsgfc/encoding-traditionalchinese-big5.sgf")].clone())
            .unwrap();
    assert!(big5.contains("C[圍棋是一種古老的遊戲"), "{big5}");

    // The outputs are canonical: migrating them again gives the same bytes,
    // and every game is now read as UTF-8 (declared).
    let s2 = migrate::run(&opts(&dst, &dst2), &NoProgress).unwrap();
    assert_eq!(s2.failed(), 0);
    assert_eq!(listing(&dst2), out);
    assert!(
        s2.by_encoding().keys().all(|k| k == "UTF-8 (ca)"),
        "{:?}",
        s2.by_encoding()
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn real_sgf_collections_split_and_named() {
    let Some(src) = shared_corpus("sgf/collections") else {
        return;
    };
    let t = tempfile::tempdir().unwrap();
    let dst = t.path().join("split");
    let whole = migrate::run(&opts(&src, &t.path().join("whole")), &NoProgress).unwrap();
    let mut o = opts(&src, &dst);
    o.split_collections = true;
    o.name_template = Some("{PB} vs {PW}".into());
    let s = migrate::run(&o, &NoProgress).unwrap();
    assert_eq!(s.failed(), whole.failed());
    assert_eq!(s.games(), whole.games());
    // One output per game, each one game.
    assert_eq!(s.outputs(), s.games());
    let mut multi = 0;
    for bytes in listing(&dst).values() {
        let mut count = sgfconv::sink::Counter::default();
        let mut r = Reporter::collecting("out");
        let read = sgfconv::formats::read(
            Format::Sgf,
            &mut &bytes[..],
            &ReadOptions::default(),
            &mut count,
            &mut r,
        );
        read.unwrap();
        assert_eq!(count.games, 1, "{}", String::from_utf8_lossy(bytes));
        multi += 1;
    }
    assert!(multi > whole.outputs(), "the collections were split");
}

// ---------------------------------------------------------------------------
// The binary.

fn sgfconv() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_sgfconv"))
}

/// Whether `sgfconv migrate` is wired into the binary (main.rs).
fn binary_has_migrate() -> bool {
    let ok = sgfconv()
        .args(["migrate", "--help"])
        .output()
        .map(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("SRC"))
        .unwrap_or(false);
    if !ok {
        eprintln!("SKIP: `sgfconv migrate` is not wired into the binary yet");
    }
    ok
}

#[test]
fn cli_exit_status_summary_and_report() {
    if !binary_has_migrate() {
        return;
    }
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            (
                "ok/a.sgf",
                "(;GM[1]FF[4]PB[Honinbo Shusaku]PW[Gennan Inseki];B[qd];W[dc])",
            ),
            ("bad.sgf", "no game in here"),
        ],
    );
    let report = t.path().join("r.json");
    let out = sgfconv()
        .arg("migrate")
        .arg(&src)
        .arg(&dst)
        .arg("--report")
        .arg(&report)
        .args(["-j", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.contains("2 records: 1 converted (1 outputs, 1 games), 0 up to date, 1 failed"),
        "{stderr}"
    );
    assert!(stderr.contains("bad.sgf"), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&fs::read(&report).unwrap()).unwrap();
    assert_eq!(v["totals"]["failed"], 1);
    assert_eq!(v["files"][0]["status"], "failed");
    assert_eq!(v["files"][1]["status"], "converted");
    let a = fs::read_to_string(dst.join("ok/a.sgf")).unwrap();
    assert!(
        a.contains("PB[Honinbo Shusaku]") && a.contains("CA[UTF-8]"),
        "{a}"
    );

    // Up to date now; -q prints only the failure; still exit 1.
    let out = sgfconv()
        .arg("migrate")
        .arg("-q")
        .arg(&src)
        .arg(&dst)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("failed") && stderr.contains("bad.sgf"),
        "{stderr}"
    );

    // All good: exit 0.
    fs::remove_file(src.join("bad.sgf")).unwrap();
    let out = sgfconv()
        .arg("migrate")
        .arg("-q")
        .arg(&src)
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

#[test]
fn cli_bad_usage_writes_nothing() {
    if !binary_has_migrate() {
        return;
    }
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    write_tree(&src, &[("a.sgf", "(;GM[1])")]);
    let before = snapshot(&src);
    for args in [
        vec![src.clone(), src.join("out")],
        vec![t.path().join("missing"), t.path().join("out")],
    ] {
        let out = sgfconv().arg("migrate").args(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = sgfconv()
        .arg("migrate")
        .arg(&src)
        .arg(t.path().join("out"))
        .arg("--report")
        .arg(src.join("r.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = sgfconv()
        .arg("migrate")
        .arg(&src)
        .arg(t.path().join("out"))
        .args(["--encoding", "no-such-charset"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(snapshot(&src), before);
    assert!(!t.path().join("out").exists());
}

/// Kills the binary in the middle of a run on big files (each output
/// streams through a temporary file), then checks that every `.sgf` in DST
/// is complete, and that the next run completes the rest and leaves no
/// temporary file behind.
#[cfg(unix)]
#[test]
fn cli_killed_mid_run_leaves_no_half_written_output() {
    if !binary_has_migrate() {
        return;
    }
    let t = tempfile::tempdir().unwrap();
    let (src, dst, reference) = (
        t.path().join("src"),
        t.path().join("dst"),
        t.path().join("ref"),
    );
    // Games of ~1 MB: bigger than the in-memory limit of the output
    // buffer, so a temporary file is on disk while each is written.
    let moves: String = (0..200_000)
        .map(|i| {
            let c = (b'a' + (i % 19) as u8) as char;
            let r = (b'a' + (i / 19 % 19) as u8) as char;
            format!(";{}[{c}{r}]", if i % 2 == 0 { "B" } else { "W" })
        })
        .collect();
    // Enough of them that the run is still going when the first output
    // appears (outputs appear whole, and the reader is fast).
    const GAMES: usize = 24;
    for i in 0..GAMES {
        let game = format!("(;GM[1]FF[4]SZ[19]GN[game {i}]{moves})");
        write_tree(&src, &[(&format!("d{}/g{i}.sgf", i % 2), &game)]);
    }
    let mut child = sgfconv()
        .arg("migrate")
        .arg("-q")
        .args(["-j", "2"])
        .arg(&src)
        .arg(&dst)
        .spawn()
        .unwrap();
    // Kill as soon as something is being written.
    let start = std::time::Instant::now();
    loop {
        let busy = dst.exists() && !listing(&dst).is_empty();
        if busy || start.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(
        !status.success(),
        "the run was supposed to be killed mid-way"
    );

    // Reference: an uninterrupted run.
    let s = migrate::run(&opts(&src, &reference), &NoProgress).unwrap();
    assert_eq!(s.failed(), 0);
    let expected = listing(&reference);
    assert_eq!(expected.len(), GAMES);
    assert!(
        expected.values().all(|v| v.len() > 1 << 20),
        "outputs must spill to disk"
    );
    let partial = listing(&dst);
    let outputs: Vec<_> = partial
        .keys()
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    assert!(
        outputs.len() < GAMES,
        "killed too late to test anything: {outputs:?}"
    );
    for p in &outputs {
        assert_eq!(partial[*p], expected[*p], "{p:?} is not complete");
    }
    // The next run completes, skips what is done, and cleans up.
    let out = sgfconv()
        .arg("migrate")
        .arg(&src)
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{} up to date", outputs.len())),
        "{stderr}"
    );
    assert_eq!(listing(&dst), expected);
}

#[test]
fn progress_is_told_about_every_record() {
    use std::sync::atomic::{AtomicU64, Ordering::SeqCst};
    #[derive(Default)]
    struct Record {
        starts: AtomicU64,
        total: AtomicU64,
        done: AtomicU64,
        failed: AtomicU64,
        bytes: AtomicU64,
        finished: AtomicU64,
    }
    impl migrate::Progress for Record {
        fn start(&self, files: u64, _bytes: u64) {
            self.starts.fetch_add(1, SeqCst);
            self.total.store(files, SeqCst);
        }
        fn file_done(&self, bytes: u64, failed: bool) {
            self.done.fetch_add(1, SeqCst);
            self.bytes.fetch_add(bytes, SeqCst);
            if failed {
                self.failed.fetch_add(1, SeqCst);
            }
        }
        fn finish(&self) {
            self.finished.fetch_add(1, SeqCst);
        }
    }
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    write_tree(
        &src,
        &[
            ("a.sgf", "PB=a\n"),
            ("b.sgf", "FAIL\n"),
            ("c.sgf", "PB=c\n"),
            ("n.txt", "x"),
        ],
    );
    for named in [false, true] {
        let p = Record::default();
        let mut o = opts(&src, &dst);
        o.force = true;
        o.split_collections = named;
        migrate::run_with(&o, &p, fake()).unwrap();
        assert_eq!(p.starts.load(SeqCst), 1);
        assert_eq!(p.total.load(SeqCst), 3);
        assert_eq!(p.done.load(SeqCst), 3);
        assert_eq!(p.failed.load(SeqCst), 1);
        assert_eq!(p.bytes.load(SeqCst), 15);
        assert_eq!(p.finished.load(SeqCst), 1);
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn real_gib_ngf_ugf_records_are_recognised_and_converted() {
    let (Some(gib), Some(ngf), Some(ugf)) = (
        shared_corpus("gib/sabaki-history/GB2312 China even.gib"),
        shared_corpus("ngf/sabaki/gb2312.ngf"),
        shared_corpus("ugf/sabaki/amateur.ugf"),
    ) else {
        return;
    };
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    fs::create_dir_all(src.join("server")).unwrap();
    // As archives hold them: a junk suffix, no extension at all, upper case.
    fs::copy(&gib, src.join("server/game.gib.dll")).unwrap();
    fs::copy(&gib, src.join("server/noext")).unwrap();
    fs::copy(&ngf, src.join("server/GAME.NGF")).unwrap();
    fs::copy(&ugf, src.join("amateur.ugf")).unwrap();
    let s = migrate::run(&opts(&src, &dst), &NoProgress).unwrap();
    assert_eq!(s.failed(), 0, "{s}");
    let summary: Vec<_> = s
        .entries()
        .map(|e| {
            (
                e.source.rsplit('/').next().unwrap().to_string(),
                e.format,
                e.recognised_by,
                e.status,
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (
                "amateur.ugf".into(),
                Some("ugf"),
                Some("extension"),
                Status::Converted
            ),
            (
                "GAME.NGF".into(),
                Some("ngf"),
                Some("extension"),
                Status::Converted
            ),
            (
                "game.gib.dll".into(),
                Some("gib"),
                Some("extension"),
                Status::Converted
            ),
            (
                "noext".into(),
                Some("gib"),
                Some("content"),
                Status::Converted
            ),
        ]
    );
    let out = |p: &str| fs::read_to_string(dst.join(p)).unwrap();
    // GAME.NGF came first and took GAME.sgf: names are compared without
    // case, so game.gib.dll is numbered.
    let g = out("server/game (2).sgf");
    assert!(
        g.contains("CA[UTF-8]") && g.contains("PB[玻璃中国风]") && g.contains("PW[harpmaster]"),
        "{g}"
    );
    assert_eq!(out("server/noext.sgf"), g);
    let n = out("server/GAME.sgf");
    assert!(n.contains("PB[李载雄]") && n.contains("PW[朴承华]"), "{n}");
    let u = out("amateur.sgf");
    assert!(u.contains("PB[kaziwami]") && u.contains("PW[YINNI]"), "{u}");
    let gib_entry = entry(&s, "game.gib.dll");
    assert_eq!(gib_entry.encodings[0].encoding, "gb18030");
}

/// The cost of the migration machinery alone (walk, read, temporary file,
/// link, report) with a reader and writer that do next to nothing:
/// `cargo test --release --test it migrate::tree:: machinery -- --ignored --nocapture`.
/// (`make test` runs it with the other corpus tests, for its check that no
/// file fails.)
#[test]
#[ignore = "needs ../shared/corpus (and is a benchmark: run it with --release)"]
fn machinery_throughput_on_the_bulk_corpus() {
    let Some(src) = shared_corpus("bulk/yenw-AI") else {
        return;
    };
    fn skim(
        _: Format,
        i: &mut dyn Read,
        _: &ReadOptions,
        s: &mut dyn Sink,
        r: &mut Reporter,
    ) -> Result<(), Error> {
        let mut buf = [0u8; 64 * 1024];
        while i.read(&mut buf)? > 0 {}
        let h = GameHeader::new(0);
        s.event(&Event::GameStart(&h), r)?;
        s.event(&Event::Node(Pos::default()), r)?;
        s.event(&Event::GameEnd(Pos::default()), r)
    }
    let t = tempfile::tempdir_in(std::env::var("DST_DIR").unwrap_or("/tmp".into())).unwrap();
    let backend = Backend {
        read: skim,
        writer: fake_writer,
    };
    let started = std::time::Instant::now();
    let s = migrate::run_with(&opts(&src, &t.path().join("o")), &NoProgress, backend).unwrap();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "machinery: {} files in {secs:.2} s: {:.0} files/s",
        s.records(),
        s.records() as f64 / secs
    );
    assert_eq!(s.failed(), 0);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn real_sgf_encoding_options_reach_the_reader() {
    let Some(no_ca) = shared_corpus("sgf/charsets/sabaki/no-ca.sgf") else {
        return;
    };
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    fs::create_dir_all(&src).unwrap();
    fs::copy(&no_ca, src.join("no-ca.sgf")).unwrap();
    let mut o = opts(&src, &t.path().join("forced"));
    o.convert.read.encoding = sgfconv::charset::lookup("GB2312");
    let s = migrate::run(&o, &NoProgress).unwrap();
    assert_eq!(
        s.entries().next().unwrap().encoding_label().as_deref(),
        Some("gb18030 (forced)")
    );
    let out = fs::read_to_string(t.path().join("forced/no-ca.sgf")).unwrap();
    assert!(out.contains("这是从压长星定式演变而来的形"), "{out}");
    // Forcing the wrong one is the user's call: the text changes.
    let mut o = opts(&src, &t.path().join("wrong"));
    o.convert.read.encoding = sgfconv::charset::lookup("Big5");
    let s = migrate::run(&o, &NoProgress).unwrap();
    assert_eq!(
        s.entries().next().unwrap().encoding_label().as_deref(),
        Some("Big5 (forced)")
    );
    let wrong = fs::read_to_string(t.path().join("wrong/no-ca.sgf")).unwrap();
    assert!(!wrong.contains("这是从压长星定式演变而来的形"));
}

/// The command for batches: a file converted with an error diagnostic (bytes that
/// are no text in the forced character set: `E103`) makes the run exit 1,
/// as converting that file alone does; a run without errors exits 0.
#[test]
fn a_file_that_lost_data_makes_the_run_exit_1() {
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    fs::create_dir(&src).unwrap();
    fs::write(src.join("good.sgf"), "(;GM[1];B[pd])").unwrap();
    let clean = sgfconv()
        .args(["migrate", "-q"])
        .args([&src, &dst])
        .output()
        .unwrap();
    assert_eq!(clean.status.code(), Some(0));
    fs::write(src.join("bad.sgf"), b"(;GM[1]PB[\xff\xfe];B[pd])").unwrap();
    let alone = sgfconv()
        .args(["--encoding", "UTF-8"])
        .arg(src.join("bad.sgf"))
        .output()
        .unwrap();
    assert_eq!(alone.status.code(), Some(1), "the file alone loses data");
    let out = sgfconv()
        .args(["migrate", "-q", "--encoding", "UTF-8", "--force"])
        .args([&src, &dst])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dst.join("bad.sgf").exists(), "the file was still converted");
}

/// The command for batches: `--include '*.sgf'` takes `.SGF` files too (case is
/// ignored by default, as the extension rules ignore it);
/// `--case-sensitive-globs` matches with case; a pattern that is no glob is
/// refused before anything is created.
#[test]
fn globs_ignore_case_unless_told_not_to() {
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    fs::create_dir(&src).unwrap();
    fs::write(src.join("LOUD.SGF"), "(;GM[1];B[pd])").unwrap();
    fs::write(src.join("quiet.sgf"), "(;GM[1];B[dd])").unwrap();
    let run = |dst: &str, extra: &[&str]| {
        sgfconv()
            .args(["migrate", "-q", "--include", "*.sgf"])
            .args(extra)
            .arg(&src)
            .arg(t.path().join(dst))
            .output()
            .unwrap()
    };
    let out = run("all", &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = fs::read_dir(t.path().join("all"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sgf") || n.ends_with(".SGF"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    let out = run("exact", &["--case-sensitive-globs"]);
    assert_eq!(out.status.code(), Some(0));
    let exact = fs::read_dir(t.path().join("exact"))
        .unwrap()
        .filter(|e| {
            let n = e.as_ref().unwrap().file_name();
            n.to_string_lossy().to_lowercase().ends_with(".sgf")
        })
        .count();
    assert_eq!(exact, 1);
    let bad = sgfconv()
        .args(["migrate", "--include", "[x"])
        .arg(&src)
        .arg(t.path().join("bad"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(!t.path().join("bad").exists(), "nothing created");
}
