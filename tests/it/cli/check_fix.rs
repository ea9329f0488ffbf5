//! `sgfconv check --fix`, as a user runs it: files rewritten in place as
//! the conversion writes them, atomically, with a backup on request; and
//! every case where rewriting would be unsafe leaves the file as it was.

use std::path::Path;
use std::process::{Command, Output};

/// A file with values rule 11 rewrites (`KM[6,5]`, a dotted date).
const DIRTY: &str = "(;GM[1]FF[4]SZ[19]KM[6,5]DT[29.11.2012];B[pd];W[dd])";

fn sgfconv(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn folder_with(name: &str, content: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), content).unwrap();
    dir
}

/// What `sgfconv FILE` writes on stdout for `content`.
fn converted(content: &[u8]) -> Vec<u8> {
    let dir = folder_with("x.sgf", content);
    let out = sgfconv(dir.path(), &["x.sgf"]);
    assert!(out.status.success(), "{}", stderr(&out));
    out.stdout
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_file_is_rewritten_as_the_conversion_writes_it_and_then_left_alone() {
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let out = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("g.sgf: fixed"), "{}", stderr(&out));
    let fixed = std::fs::read(dir.path().join("g.sgf")).unwrap();
    assert_eq!(fixed, converted(DIRTY.as_bytes()));
    assert!(String::from_utf8_lossy(&fixed).contains("KM[6.5]"));
    assert_eq!(names(dir.path()), ["g.sgf"], "no temporary file left");
    // A clean file is not touched: same inode, no message.
    let before = std::fs::metadata(dir.path().join("g.sgf")).unwrap();
    let again = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    assert_eq!(again.status.code(), Some(0));
    assert!(!stderr(&again).contains("fixed"), "{}", stderr(&again));
    let after = std::fs::metadata(dir.path().join("g.sgf")).unwrap();
    assert_eq!(before.modified().unwrap(), after.modified().unwrap());
}

#[test]
fn backup_keeps_every_original_under_a_free_name() {
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let out = sgfconv(dir.path(), &["check", "--fix", "--backup", "g.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("g.sgf.orig"), "{}", stderr(&out));
    let orig = std::fs::read_to_string(dir.path().join("g.sgf.orig")).unwrap();
    assert_eq!(orig, DIRTY);
    // Dirty again: the first backup is not overwritten.
    std::fs::write(dir.path().join("g.sgf"), "(;SZ[19]KM[7,5])").unwrap();
    let out = sgfconv(dir.path(), &["check", "--fix", "--backup", "g.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.sgf.orig")).unwrap(),
        DIRTY
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.sgf.orig.1")).unwrap(),
        "(;SZ[19]KM[7,5])"
    );
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_followed_and_stays_a_link() {
    let dir = folder_with("real.sgf", DIRTY.as_bytes());
    std::os::unix::fs::symlink("real.sgf", dir.path().join("link.sgf")).unwrap();
    let out = sgfconv(dir.path(), &["check", "--fix", "link.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let link = std::fs::symlink_metadata(dir.path().join("link.sgf")).unwrap();
    assert!(link.file_type().is_symlink());
    let real = std::fs::read(dir.path().join("real.sgf")).unwrap();
    assert_eq!(real, converted(DIRTY.as_bytes()));
}

#[cfg(unix)]
#[test]
fn permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let p = dir.path().join("g.sgf");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[test]
fn a_hard_linked_file_is_not_split() {
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    std::fs::hard_link(dir.path().join("g.sgf"), dir.path().join("h.sgf")).unwrap();
    let out = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("hard links"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.sgf")).unwrap(),
        DIRTY
    );
}

#[test]
fn a_file_whose_rewrite_would_lose_data_is_left_as_it_is() {
    // Bytes that are no text in the forced character set: an error (they
    // would become U+FFFD).
    let bad = b"(;GM[1]FF[4]PB[\xff\xfe\xfd];B[pd])";
    let dir = folder_with("g.sgf", bad);
    let out = sgfconv(
        dir.path(),
        &["check", "--fix", "--encoding", "UTF-8", "g.sgf"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("not fixed"), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.path().join("g.sgf")).unwrap(), bad);
}

#[cfg(unix)]
#[test]
fn an_unwritable_folder_leaves_the_file_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let ro = std::fs::Permissions::from_mode(0o555);
    std::fs::set_permissions(dir.path(), ro).unwrap();
    let out = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    let rw = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(dir.path(), rw).unwrap();
    if is_root() {
        eprintln!("an_unwritable_folder_leaves_the_file_and_says_so: running as root, who writes anywhere: the folder is not read-only to us, nothing checked");
        return;
    }
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("not fixed"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.sgf")).unwrap(),
        DIRTY
    );
}

/// Whether the tests run as root (who may write in a read-only folder).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
    })
}

#[test]
fn what_cannot_be_fixed_in_place_is_refused_before_anything_is_written() {
    let gib = "\\HS\r\n\\[GAMEBLACKNAME=Lee\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n119 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 15\r\n\\GE\r\n";
    let dir = folder_with("g.gib", gib.as_bytes());
    std::fs::write(dir.path().join("g.sgf"), DIRTY).unwrap();
    for args in [
        &["check", "--fix", "g.gib"][..],
        &["check", "--fix", "-"],
        &["check", "--backup", "g.sgf"],
        &["check", "--fix", "--parse-only", "g.sgf"],
        &["check", "--fix", "missing.sgf"],
        &["check", "--fix", "."],
    ] {
        let out = sgfconv(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.gib")).unwrap(),
        gib
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.sgf")).unwrap(),
        DIRTY
    );
}

#[test]
fn many_files_are_fixed_and_the_status_is_the_worst() {
    let dir = folder_with("a.sgf", DIRTY.as_bytes());
    std::fs::write(dir.path().join("b.sgf"), b"(;PB[\xff];B[pd])").unwrap();
    let args = ["check", "--fix", "--encoding", "UTF-8", "a.sgf", "b.sgf"];
    let out = sgfconv(dir.path(), &args);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("a.sgf: fixed"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("b.sgf: not fixed"),
        "{}",
        stderr(&out)
    );
}

/// `check --fix` with `hook` run (by `sh`, the file as `$1`) at the moment
/// before the rename: the test's deterministic edit during the run.
fn fix_with_hook(dir: &Path, hook: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .current_dir(dir)
        .args(["check", "--fix", "g.sgf"])
        .env("SGFCONV_TEST_BEFORE_FIX_RENAME", hook)
        .output()
        .unwrap()
}

/// An edit made while the file is checked and its new text written (an
/// append; a same-length edit with the modification time put back) is
/// never lost: the fix is refused (exit 2, the file as the edit left it).
#[cfg(unix)]
#[test]
fn an_edit_made_during_the_fix_is_never_overwritten() {
    let edits = [
        ("an append", r#"printf '(;GM[1])' >> "$1""#),
        (
            "a same-length edit, its time put back",
            r#"t=$(stat -c %y "$1"); printf 7 | dd of="$1" bs=1 seek=21 conv=notrunc status=none; touch -d "$t" "$1""#,
        ),
    ];
    for (what, hook) in edits {
        let dir = folder_with("g.sgf", DIRTY.as_bytes());
        let out = fix_with_hook(dir.path(), hook);
        assert_eq!(out.status.code(), Some(2), "{what}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("changed while it was checked"),
            "{what}: {}",
            stderr(&out)
        );
        let now = std::fs::read_to_string(dir.path().join("g.sgf")).unwrap();
        assert_ne!(now, DIRTY, "{what}: the edit was made");
        assert!(now.starts_with("(;GM[1]FF[4]SZ[19]KM["), "{what}: {now}");
        assert!(!now.contains("KM[6.5]"), "{what}: the edit was lost");
        assert_eq!(names(dir.path()), ["g.sgf"], "{what}: no temporary file");
    }
    // The hook itself changes nothing: without an edit the file is fixed.
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let out = fix_with_hook(dir.path(), "true");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let fixed = std::fs::read(dir.path().join("g.sgf")).unwrap();
    assert_eq!(fixed, converted(DIRTY.as_bytes()));
}

/// A read-only file (mode 0444, in a writable folder) that needs a rewrite
/// is refused (exit 2, untouched) unless `--fix-read-only`, which rewrites
/// it keeping 0444; a clean one is checked and left alone (exit 0).
#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_unless_asked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let p = dir.path().join("g.sgf");
    let clean = dir.path().join("clean.sgf");
    std::fs::write(&clean, converted(DIRTY.as_bytes())).unwrap();
    for f in [&p, &clean] {
        std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o444)).unwrap();
    }
    let out = sgfconv(dir.path(), &["check", "--fix", "clean.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let out = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("read-only"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), DIRTY);
    let out = sgfconv(dir.path(), &["check", "--fix", "--fix-read-only", "g.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&p).unwrap(), converted(DIRTY.as_bytes()));
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
}

/// The file's owner and group are kept: as root, a file of another user
/// (and group) stays theirs, with its mode; as anyone else, the user's own
/// file stays theirs.
#[cfg(unix)]
#[test]
fn owner_group_and_mode_are_kept() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = folder_with("g.sgf", DIRTY.as_bytes());
    let p = dir.path().join("g.sgf");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    if is_root() {
        std::os::unix::fs::chown(&p, Some(65534), Some(65533)).unwrap();
    }
    let before = std::fs::metadata(&p).unwrap();
    let out = sgfconv(dir.path(), &["check", "--fix", "g.sgf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = std::fs::metadata(&p).unwrap();
    assert_ne!(before.ino(), after.ino(), "a new file");
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
    assert_eq!(after.mode() & 0o7777, 0o640);
    assert_eq!(std::fs::read(&p).unwrap(), converted(DIRTY.as_bytes()));
}
