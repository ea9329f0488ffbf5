//! `sgfconv migrate` and archives (`docs/migrate.md`,
//! "Archives"): an archive as SRC is mirrored under DST, archives in SRC
//! are directories named after them, members convert to exactly what the
//! same files unpacked give, resuming skips what is done, unsafe member
//! names stay inside DST, and the report names members `archive:member`.

use crate::common;
use crate::common::archive_kit as kit;

use kit::*;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn sgfconv(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn report(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The samples unpacked under `dir/plain`, migrated into `dir/ref` with
/// `extra` options: the tree every archive must give.
fn unpacked_reference(dir: &Path, extra: &[&str]) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let plain = dir.join("plain");
    for (m, data) in members() {
        let p = plain.join(m);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, data).unwrap();
    }
    let mut args = vec!["migrate", "-q", "plain", "ref"];
    args.extend_from_slice(extra);
    let o = sgfconv(dir, &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    tree(&dir.join("ref"))
}

fn every_kind() -> Vec<(&'static str, Vec<u8>)> {
    let tar = tar_of(&members());
    vec![
        ("a.zip", zip_of(&members())),
        ("a.tar", tar.clone()),
        ("a.tar.gz", gz(&tar)),
        ("a.tar.bz2", bz2(&tar)),
        ("a.tar.xz", xz(&tar)),
        ("a.tar.zst", zst(&tar)),
        ("a.7z", sevenz_of(&members())),
        ("a.lzh", lha_of(&members())),
        ("misnamed.bin", zip_of(&members())),
    ]
}

#[test]
fn each_archive_kind_migrates_to_what_the_files_unpacked_give() {
    let d = tempfile::tempdir().unwrap();
    let want = unpacked_reference(d.path(), &[]);
    assert_eq!(want.len(), 4);
    for (name, bytes) in every_kind() {
        std::fs::write(d.path().join(name), bytes).unwrap();
        // (A DST named `*.zip` or `*.tar.gz` would be an archive to write.)
        let out = format!("out-{}", name.replace('.', "-"));
        let o = sgfconv(d.path(), &["migrate", "-q", name, &out]);
        assert!(o.status.code().unwrap() <= 1, "{name}: {}", err(&o));
        assert_eq!(tree(&d.path().join(&out)), want, "{name}");
    }
}

#[test]
fn split_collections_and_names_work_on_members_as_on_files() {
    let d = tempfile::tempdir().unwrap();
    let opts = ["--split-collections", "--name", "{stem} {PB}"];
    let want = unpacked_reference(d.path(), &opts);
    assert!(want.len() > 4, "{want:?}");
    std::fs::write(d.path().join("a.tgz"), gz(&tar_of(&members()))).unwrap();
    let mut args = vec!["migrate", "-q", "a.tgz", "out"];
    args.extend_from_slice(&opts);
    let o = sgfconv(d.path(), &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert_eq!(tree(&d.path().join("out")), want);
}

/// SRC holding `x/a.tar.gz`, `top.sgf` and `x/notes.txt`.
fn mixed_tree(dir: &Path) {
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("x")).unwrap();
    std::fs::write(src.join("x/a.tar.gz"), gz(&tar_of(&members()))).unwrap();
    std::fs::write(src.join("top.sgf"), sample("sgf/escapes.sgf")).unwrap();
    std::fs::write(src.join("x/notes.txt"), "no game here").unwrap();
}

#[test]
fn archives_in_a_tree_are_directories_named_after_them_beside_plain_files() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "src", "out", "--report", "r.json"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let got: Vec<String> = tree(&d.path().join("out"))
        .into_iter()
        .map(|(p, _)| p.to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        got,
        [
            "top.sgf",
            "x/a/games/collection.sgf",
            "x/a/games/escapes.sgf",
            "x/a/panda/figure.sgf",
            "x/a/tygem/written-layout.sgf",
        ]
    );
    let r = report(&d.path().join("r.json"));
    assert_eq!(r["totals"]["archives"], 1);
    assert_eq!(r["totals"]["records"], 5);
    let files = r["files"].as_array().unwrap();
    let sources: Vec<&str> = files
        .iter()
        .map(|f| f["source"].as_str().unwrap())
        .collect();
    // Walk order: a directory's files before its subdirectories; the
    // archive's entry, then its members in archive order.
    assert_eq!(
        sources,
        [
            "src/top.sgf",
            "src/x/a.tar.gz",
            "src/x/a.tar.gz:games/escapes.sgf",
            "src/x/a.tar.gz:games/collection.sgf",
            "src/x/a.tar.gz:tygem/written-layout.gib",
            "src/x/a.tar.gz:panda/figure.ugf",
            "src/x/notes.txt",
        ]
    );
    assert_eq!(files[1]["status"], "archive");
    assert_eq!(files[2]["status"], "converted");
    assert_eq!(files[2]["outputs"][0], "out/x/a/games/escapes.sgf");
    assert_eq!(files[4]["format"], "gib");
}

#[test]
fn flatten_archives_puts_members_where_the_archive_is() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "--flatten-archives", "src", "out"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert!(d.path().join("out/x/games/escapes.sgf").exists());
    assert!(d.path().join("out/x/panda/figure.sgf").exists());
    assert!(!d.path().join("out/x/a").exists());
}

#[test]
fn include_and_exclude_pick_among_members() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "--include", "*.sgf", "src", "out"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let got: Vec<String> = tree(&d.path().join("out"))
        .into_iter()
        .map(|(p, _)| p.to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        got,
        [
            "top.sgf",
            "x/a/games/collection.sgf",
            "x/a/games/escapes.sgf"
        ]
    );
    // A glob with '/' sees the archive as a directory of its name.
    let o = sgfconv(
        d.path(),
        &[
            "migrate",
            "-q",
            "--exclude",
            "x/a.tar.gz/games/**",
            "src",
            "o2",
        ],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert!(!d.path().join("o2/x/a/games").exists());
    assert!(d.path().join("o2/x/a/panda/figure.sgf").exists());
    // Excluding the archive itself leaves it unread.
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "--exclude", "*.tar.gz", "src", "o3"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert!(!d.path().join("o3/x").exists());
}

#[test]
fn a_finished_run_resumed_skips_every_member_and_keeps_the_report() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    let args = ["migrate", "-q", "src", "out", "--report", "r.json"];
    let o = sgfconv(d.path(), &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let first = report(&d.path().join("r.json"));
    let o = sgfconv(d.path(), &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let again = report(&d.path().join("r.json"));
    assert_eq!(again["totals"]["skipped"], 5, "{}", again["totals"]);
    assert_eq!(again["totals"]["converted"], 0);
    // What the first run found is carried over.
    assert_eq!(again["totals"]["games"], first["totals"]["games"]);
    assert_eq!(again["totals"]["rewrites"], first["totals"]["rewrites"]);
}

#[test]
fn a_run_killed_mid_archive_is_finished_by_the_next() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    let args = ["migrate", "-q", "src", "out", "--report", "r.json"];
    let o = sgfconv(d.path(), &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let want = tree(&d.path().join("out"));
    // What a kill after the first members leaves: some outputs missing,
    // a temporary file of the one being written.
    let a = d.path().join("out/x/a");
    std::fs::remove_file(a.join("panda/figure.sgf")).unwrap();
    std::fs::remove_file(a.join("tygem/written-layout.sgf")).unwrap();
    std::fs::write(a.join("panda/.sgfconv-AbC123.tmp"), "half").unwrap();
    let o = sgfconv(d.path(), &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert_eq!(tree(&d.path().join("out")), want);
    let r = report(&d.path().join("r.json"));
    assert_eq!(r["totals"]["converted"], 2, "{}", r["totals"]);
    assert_eq!(r["totals"]["skipped"], 3);
    // A newer archive makes every member's output out of date.
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    let f = std::fs::File::options()
        .write(true)
        .open(d.path().join("src/x/a.tar.gz"))
        .unwrap();
    f.set_modified(later).unwrap();
    let o = sgfconv(d.path(), &args);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let r = report(&d.path().join("r.json"));
    assert_eq!(r["totals"]["converted"], 4, "{}", r["totals"]);
}

#[test]
fn an_unsafe_member_name_stays_inside_dst() {
    let d = tempfile::tempdir().unwrap();
    let sgf = sample("sgf/escapes.sgf");
    let mut h = tar::Header::new_ustar();
    h.as_ustar_mut().unwrap().name[..17].copy_from_slice(b"../../../evil.sgf");
    h.set_size(sgf.len() as u64);
    h.set_entry_type(tar::EntryType::Regular);
    h.set_mode(0o644);
    h.set_cksum();
    let mut bytes = h.as_bytes().to_vec();
    bytes.extend_from_slice(&sgf);
    bytes.resize(512 + sgf.len().div_ceil(512) * 512, 0);
    bytes.extend_from_slice(&[0; 1024]);
    let work = d.path().join("work");
    std::fs::create_dir_all(work.join("src")).unwrap();
    std::fs::write(work.join("src/t.tar"), &bytes).unwrap();
    std::fs::write(work.join("t.tar"), &bytes).unwrap();
    let o = sgfconv(&work, &["migrate", "src", "out", "--report", "r.json"]);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert!(work.join("out/t/evil.sgf").exists());
    let r = report(&work.join("r.json"));
    let archive = &r["files"][0];
    assert_eq!(archive["diagnostics"][0]["code"], "W654", "{archive}");
    let o = sgfconv(&work, &["migrate", "-q", "t.tar", "out2"]);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert!(work.join("out2/evil.sgf").exists());
    for p in ["evil.sgf", "work/evil.sgf", "work/src/evil.sgf"] {
        assert!(!d.path().join(p).exists(), "{p}");
    }
}

#[test]
fn diagnostics_and_strict_name_the_member() {
    let d = tempfile::tempdir().unwrap();
    let bad = b"(;GM[1]FF[4]SZ[19]PB[a]C[unclosed\\]".to_vec();
    let files = [
        (
            "ok/clean.sgf",
            b"(;GM[1]FF[4]CA[UTF-8]SZ[19];B[pd];W[dp])".to_vec(),
        ),
        ("bad/x.sgf", bad),
    ];
    std::fs::write(d.path().join("m.zip"), zip_of(&files)).unwrap();
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "--diagnostics", "json", "m.zip", "out"],
    );
    let lines: Vec<Value> = err(&o)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert!(
        lines.iter().any(|l| l["file"] == "m.zip:bad/x.sgf"),
        "{}",
        err(&o)
    );
    let o = sgfconv(
        d.path(),
        &[
            "migrate", "-q", "--strict", "m.zip", "strict", "--report", "r.json",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let r = report(&d.path().join("r.json"));
    let bad = r["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["source"] == "m.zip:bad/x.sgf")
        .unwrap();
    assert_eq!(bad["status"], "failed");
    assert!(!d.path().join("strict/bad/x.sgf").exists());
    assert!(d.path().join("strict/ok/clean.sgf").exists());
}

#[test]
fn the_report_does_not_depend_on_jobs() {
    let d = tempfile::tempdir().unwrap();
    let many: Vec<(String, Vec<u8>)> = (0..200)
        .map(|i| (format!("g/{i:03}.sgf"), sample("sgf/escapes.sgf")))
        .collect();
    let files: Vec<(&str, Vec<u8>)> = many.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    std::fs::write(d.path().join("m.tgz"), gz(&tar_of(&files))).unwrap();
    let mut reports = Vec::new();
    for j in ["1", "2", "4"] {
        let out = format!("out{j}");
        let rep = format!("r{j}.json");
        let o = sgfconv(
            d.path(),
            &["migrate", "-q", "-j", j, "m.tgz", &out, "--report", &rep],
        );
        assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
        let mut r = report(&d.path().join(&rep));
        r["totals"]["seconds"] = Value::Null;
        r["dst"] = Value::Null;
        for f in r["files"].as_array_mut().unwrap() {
            f["outputs"] = Value::Null;
        }
        reports.push(r);
    }
    assert_eq!(reports[0]["totals"]["records"], 200);
    assert_eq!(reports[0], reports[1]);
    assert_eq!(reports[0], reports[2]);
}

/// The whole bulk corpus, archives included (`make test` runs it when
/// `../shared` is there).
#[test]
#[ignore = "reads ../shared/corpus/bulk (make test runs it when present)"]
fn the_bulk_corpus_migrates_with_its_archives() {
    let bulk = common::shared_corpus().join("bulk");
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let rep = d.path().join("r.json");
    let o = sgfconv(
        Path::new("."),
        &[
            "migrate",
            "-q",
            bulk.to_str().unwrap(),
            out.to_str().unwrap(),
            "--report",
            rep.to_str().unwrap(),
        ],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let r = report(&rep);
    assert_eq!(r["totals"]["games"], 53_620, "{}", r["totals"]);
    assert_eq!(r["totals"]["archives"], 12, "{}", r["totals"]);
    let files = r["files"].as_array().unwrap();
    let member = |archive: &str| {
        files
            .iter()
            .filter(|f| {
                let s = f["source"].as_str().unwrap_or("");
                s.contains(&format!("{archive}:")) && f["status"] == "converted"
            })
            .count()
    };
    assert_eq!(member("Pro.7z"), 9_669);
    assert_eq!(member("KGS-2017_01-19-733-.tar.gz"), 733);
}

/// Every file of a zip, by name, with its bytes, sorted.
fn unzip(path: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    use std::io::Read;
    let mut z = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut v = Vec::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let mut data = Vec::new();
        f.read_to_end(&mut data).unwrap();
        v.push((f.name().unwrap().to_string().into(), data));
    }
    v.sort();
    v
}

fn untar_gz(path: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    use std::io::Read;
    let gz = flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap());
    let mut t = tar::Archive::new(gz);
    let mut v = Vec::new();
    for e in t.entries().unwrap() {
        let mut e = e.unwrap();
        let mut data = Vec::new();
        e.read_to_end(&mut data).unwrap();
        v.push((e.path().unwrap().into_owned(), data));
    }
    v.sort();
    v
}

#[test]
fn the_output_can_be_an_archive_with_utf8_names() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    std::fs::write(d.path().join("src/名人戦.sgf"), sample("sgf/escapes.sgf")).unwrap();
    let o = sgfconv(d.path(), &["migrate", "-q", "src", "dir"]);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let want = tree(&d.path().join("dir"));
    assert!(want.iter().any(|(p, _)| p == Path::new("名人戦.sgf")));
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "src", "out.zip", "--report", "r.json"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    // Read back by the zip crate, which takes names without the UTF-8
    // flag as CP437: equal names say the flag is set.
    assert_eq!(unzip(&d.path().join("out.zip")), want);
    let r = report(&d.path().join("r.json"));
    let top = r["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["source"] == "src/top.sgf")
        .unwrap();
    assert_eq!(top["outputs"][0], "out.zip:top.sgf");
    let o = sgfconv(d.path(), &["migrate", "-q", "src", "out.tar.gz"]);
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert_eq!(untar_gz(&d.path().join("out.tar.gz")), want);
    // Named outputs too; nothing else is written beside the archive.
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "--split-collections", "src", "split.zip"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    assert!(unzip(&d.path().join("split.zip")).len() > want.len());
    let mut names: Vec<String> = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["dir", "out.tar.gz", "out.zip", "r.json", "split.zip", "src"]
    );
}

#[test]
fn an_archive_output_inside_src_is_refused() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    let o = sgfconv(d.path(), &["migrate", "-q", "src", "src/out.zip"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(!d.path().join("src/out.zip").exists());
}

#[test]
fn a_member_too_big_to_queue_streams_and_converts() {
    let d = tempfile::tempdir().unwrap();
    // Over the 16 MiB a member may hold in the queue.
    let mut big = b"(;GM[1]FF[4]CA[UTF-8]SZ[19]C[".to_vec();
    big.resize(big.len() + (17 << 20), b'x');
    big.extend_from_slice(b"];B[pd])");
    let files = [
        ("big.sgf", big.clone()),
        ("small.sgf", sample("sgf/escapes.sgf")),
    ];
    std::fs::write(d.path().join("b.tgz"), gz(&tar_of(&files))).unwrap();
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "b.tgz", "out", "--report", "r.json"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let r = report(&d.path().join("r.json"));
    let big_entry = &r["files"][1];
    assert_eq!(big_entry["source"], "b.tgz:big.sgf");
    assert_eq!(big_entry["bytes_in"], big.len() as u64);
    assert_eq!(big_entry["status"], "converted");
    let out = std::fs::read(d.path().join("out/big.sgf")).unwrap();
    assert!(out.len() > 17 << 20);
    assert!(d.path().join("out/small.sgf").exists());
}

#[test]
fn a_damaged_archive_has_its_error_on_its_entry_and_the_run_goes_on() {
    let d = tempfile::tempdir().unwrap();
    mixed_tree(d.path());
    std::fs::write(d.path().join("src/bad.tgz"), b"\x1f\x8b\x08(;PB[x])").unwrap();
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "src", "out", "--report", "r.json"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let r = report(&d.path().join("r.json"));
    let bad = &r["files"][0];
    assert_eq!(bad["source"], "src/bad.tgz");
    assert_eq!(bad["status"], "archive");
    assert_eq!(bad["diagnostics"][0]["code"], "E651", "{bad}");
    assert_eq!(r["totals"]["converted"], 5);
}

/// Named mode numbers colliding names in archive order (docs/migrate.md,
/// "Collisions"), whichever worker finishes first: ten members of one
/// directory, slow (a collection of about 1 500 games) and quick (a few)
/// by turns, named in an order their names do not sort in, all named
/// `game`: member k is `game (k+1).sgf` (the first `game.sgf`), on every
/// run with two workers, from a tar and from a zip. Each member is told by
/// its number of games. (They were numbered in the order the workers
/// handed their results back, which changed from run to run.)
#[test]
fn named_mode_numbers_members_in_archive_order() {
    let d = tempfile::tempdir().unwrap();
    let games = |k: usize| if k % 2 == 0 { 1500 + k } else { k };
    let files: Vec<(String, Vec<u8>)> = (0..10)
        .map(|k| {
            let name = format!("g/{}.sgf", (b'z' - k as u8) as char);
            (name, sample("sgf/collection.sgf").repeat(games(k)))
        })
        .collect();
    let files: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    std::fs::write(d.path().join("m.tar"), tar_of(&files)).unwrap();
    std::fs::write(d.path().join("m.zip"), zip_of(&files)).unwrap();
    for (archive, run) in ["m.tar", "m.zip"].iter().flat_map(|a| [(a, 1), (a, 2)]) {
        let out = format!("out-{}-{run}", archive.replace('.', "-"));
        let args = ["migrate", "-q", "-j", "2", "--name", "game", archive, &out];
        let o = sgfconv(d.path(), &args);
        assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
        let got: Vec<usize> = (0..10)
            .map(|k| {
                let name = match k {
                    0 => "game.sgf".to_string(),
                    _ => format!("game ({}).sgf", k + 1),
                };
                let p = d.path().join(&out).join("g").join(name);
                let text = String::from_utf8(std::fs::read(&p).unwrap()).unwrap();
                text.matches("GN[second game]").count()
            })
            .collect();
        let want: Vec<usize> = (0..10).map(games).collect();
        assert_eq!(got, want, "{archive}, run {run}");
        assert_eq!(tree(&d.path().join(&out)).len(), 10);
    }
}

#[test]
fn zip_members_of_one_name_are_all_migrated_and_named_apart() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("src")).unwrap();
    std::fs::write(d.path().join("src/dup.zip"), zip_of_one_name_twice()).unwrap();
    let o = sgfconv(d.path(), &["migrate", "-q", "src", "dst"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let read = |rel: &str| std::fs::read_to_string(d.path().join("dst/dup").join(rel)).unwrap();
    assert!(read("g.sgf").contains("GN[first]"));
    assert!(read("g (2).sgf").contains("GN[second]"));
}

#[test]
fn an_archive_past_its_budget_is_cut_in_migrate_too() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("src")).unwrap();
    std::fs::write(d.path().join("src/ten.zip"), zip_of_ten_games()).unwrap();
    let args = [
        "migrate",
        "--max-archive-size",
        "2500K",
        "--report",
        "r.json",
    ];
    let o = sgfconv(d.path(), &[&args[..], &["src", "dst"]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let r = std::fs::read_to_string(d.path().join("r.json")).unwrap();
    assert!(r.contains("E658"), "{r}");
    assert!(d.path().join("dst/ten/m1.sgf").exists());
    assert!(!d.path().join("dst/ten/m5.sgf").exists());
}

#[test]
fn nesting_is_capped_on_the_reading_thread_too() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("src")).unwrap();
    std::fs::write(d.path().join("src/d17.sgf.gz"), nested_gzip(17)).unwrap();
    std::fs::write(d.path().join("src/d800.sgf.gz"), nested_gzip(800)).unwrap();
    // It overflowed the reading thread's stack at 200 levels.
    let o = sgfconv(
        d.path(),
        &["migrate", "--archive-depth", "200", "src", "dst"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("not a depth from 0 to 16"), "{}", err(&o));
    let o = sgfconv(
        d.path(),
        &["migrate", "-q", "--archive-depth", "16", "src", "dst"],
    );
    assert!(o.status.code().is_some(), "killed: {:?}", o.status);
    let out = tree(&d.path().join("dst"));
    let deep: Vec<_> = out
        .iter()
        .filter(|(_, b)| String::from_utf8_lossy(b).contains("GN[deep]"))
        .collect();
    assert_eq!(
        deep.len(),
        1,
        "{:?}",
        out.iter().map(|(p, _)| p).collect::<Vec<_>>()
    );
    let at = deep[0].0.to_string_lossy();
    assert!(at.starts_with("d17"), "{at}");
}
