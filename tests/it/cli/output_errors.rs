//! Errors about the output name the output, in words a user can act on,
//! never the input and never the `.sgfconv-*.tmp` name of the temporary
//! file beside it (the command for batches): a missing directory, a file used as a
//! directory, a directory given as the output, permission denied, a full
//! device, a read-only file system; with unnamed (`O_TMPFILE`) and named
//! temporary files alike.

use crate::common;

use common::{sgfconv, text};
use std::path::Path;

const GOOD: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Lee];B[pd];W[dp])";

/// Converts `in.sgf` (in `dir`) into `out`, both ways of making temporary
/// files; the stderr of each, after checking the exit status (2: nothing
/// written) and that no temporary name nor the input is shown.
fn refused(dir: &Path, out: &Path) -> Vec<String> {
    let input = dir.join("in.sgf");
    std::fs::write(&input, GOOD).unwrap();
    let mut said = Vec::new();
    for named in [false, true] {
        let mut c = sgfconv();
        if named {
            c.env("SGFCONV_NAMED_TEMP", "1");
        }
        let o = c.arg(&input).arg(out).output().unwrap();
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(!err.contains(".sgfconv-"), "a temporary name: {err}");
        assert!(!err.contains("in.sgf"), "said of the input: {err}");
        let prefix = format!("sgfconv: {}: ", out.display());
        assert!(err.starts_with(&prefix), "not said of the output: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        said.push(err.trim_end().strip_prefix(&prefix).unwrap().to_owned());
    }
    said
}

#[test]
fn a_missing_directory_is_said_of_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("nonexistent/dir/x.sgf");
    for said in refused(dir.path(), &out) {
        assert_eq!(said, "directory does not exist");
    }
    assert!(!dir.path().join("nonexistent").exists());
}

#[test]
fn a_file_used_as_a_directory_is_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("plain"), "x").unwrap();
    let out = dir.path().join("plain/x.sgf");
    let blocking = dir.path().join("plain");
    for said in refused(dir.path(), &out) {
        assert_eq!(said, format!("{} is not a directory", blocking.display()));
    }
}

#[test]
fn a_directory_as_output_suggests_d_and_migrate() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sub");
    std::fs::create_dir(&out).unwrap();
    for said in refused(dir.path(), &out) {
        assert!(said.starts_with("is a directory"), "{said}");
        assert!(said.contains("-d DIR"), "{said}");
        assert!(said.contains("sgfconv migrate"), "{said}");
    }
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
}

#[test]
fn a_full_device_is_said_of_the_output_and_of_stdout() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for said in refused(dir.path(), Path::new("/dev/full")) {
        assert_eq!(said, "no space left on device");
    }
    let input = dir.path().join("in.sgf");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = sgfconv().arg(&input).stdout(full).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "sgfconv: <stdout>: no space left on device\n"
    );
}

/// A directory no file can be created in: a read-only one for a user; as
/// root (who may write anywhere), `/sys`, which refuses new files to all.
fn unwritable_dir(tmp: &Path) -> Option<std::path::PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let d = tmp.join("locked");
    std::fs::create_dir(&d).unwrap();
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(d.join("probe"), "").is_err() {
        return Some(d);
    }
    let sys = Path::new("/sys");
    let probe = sys.join("sgfconv-probe");
    match std::fs::write(&probe, "") {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => Some(sys.to_path_buf()),
        _ => None,
    }
}

#[test]
fn permission_denied_names_the_directory() {
    let dir = tempfile::tempdir().unwrap();
    let Some(locked) = unwritable_dir(dir.path()) else {
        eprintln!("skipped: running as root with no directory that refuses new files");
        return;
    };
    let out = locked.join("x.sgf");
    for said in refused(dir.path(), &out) {
        assert_eq!(
            said,
            format!(
                "permission denied (no file can be created in {})",
                locked.display()
            )
        );
    }
}

#[test]
fn a_read_only_file_system_is_said_so() {
    // A directory on a read-only mount, named by whoever runs the tests
    // (none is made here: that needs privileges build machines lack).
    let Some(ro) = std::env::var_os("SGFCONV_TEST_READ_ONLY_DIR") else {
        eprintln!("skipped: set SGFCONV_TEST_READ_ONLY_DIR to a directory on a read-only mount");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = Path::new(&ro).join("sgfconv-test-x.sgf");
    for said in refused(dir.path(), &out) {
        assert_eq!(said, "read-only file system");
    }
}

#[test]
fn the_games_table_is_named_too() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.sgf");
    std::fs::write(&input, GOOD).unwrap();
    let moves = dir.path().join("moves.csv");
    let mut tables = vec![dir.path().join("no/such/dir/games.csv")];
    if Path::new("/dev/full").exists() {
        tables.push("/dev/full".into());
    }
    for games in tables {
        let o = sgfconv()
            .args(["-t", "csv", "--games-csv"])
            .arg(&games)
            .arg(&input)
            .arg(&moves)
            .output()
            .unwrap();
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with(&format!("sgfconv: {}: ", games.display())),
            "{err}"
        );
        assert!(
            !err.contains(".sgfconv-") && !err.contains("in.sgf"),
            "{err}"
        );
        assert!(!moves.exists(), "the move list is not kept either");
    }
}
