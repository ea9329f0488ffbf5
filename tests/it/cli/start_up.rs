//! The start of the program: on Linux it is linked statically at a fixed
//! address (`build/rustc-static`, build.rs), so that no dynamic loader
//! runs and no relocation is applied (docs/benchmarks.md, "Start-up"),
//! unless built with `SGFCONV_PIE=1`; a plain conversion's command line
//! is read without clap (`src/cli/plain.rs`), and does what clap's
//! reading of it does.

use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sgfconv")
}

#[cfg(target_os = "linux")]
#[test]
fn the_program_is_linked_statically_at_a_fixed_address() {
    if option_env!("SGFCONV_PIE") == Some("1") {
        eprintln!("SKIP: built with SGFCONV_PIE=1, a position-independent executable");
        return;
    }
    if !static_libc() {
        eprintln!("SKIP: no static C library (libc.a) for `cc`: the program is linked dynamically");
        return;
    }
    let head = std::fs::read(bin()).unwrap();
    assert_eq!(&head[..4], b"\x7fELF");
    assert_eq!(head[4], 2, "a 64-bit ELF");
    let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
    // e_type, little-endian: 2 is ET_EXEC (fixed address), 3 ET_DYN (PIE).
    assert_eq!(u16_at(16), 2, "e_type");
    // No program header names an interpreter (PT_INTERP, 3): no dynamic
    // loader runs; none is a dynamic section (PT_DYNAMIC, 2): no library.
    let phoff = u64::from_le_bytes(head[32..40].try_into().unwrap()) as usize;
    let (size, count) = (usize::from(u16_at(54)), usize::from(u16_at(56)));
    let types: Vec<u32> = (0..count)
        .map(|i| {
            let at = phoff + i * size;
            u32::from_le_bytes(head[at..at + 4].try_into().unwrap())
        })
        .collect();
    assert!(types.contains(&1), "a PT_LOAD among {types:?}");
    assert!(!types.contains(&3), "PT_INTERP among {types:?}");
    assert!(!types.contains(&2), "PT_DYNAMIC among {types:?}");
}

/// The wrapper adds its flags to the rustc call that builds the program's
/// crate and to no other (the library, another crate, a proc-macro), and
/// not for a cross build (`--target`) nor under `SGFCONV_PIE=1`: run with `echo` as the compiler, it says
/// what rustc would be given.
#[cfg(target_os = "linux")]
#[test]
fn the_wrapper_gives_its_flags_to_the_program_alone() {
    let wrapper = concat!(env!("CARGO_MANIFEST_DIR"), "/build/rustc-static");
    let given = |args: &str, pie: bool| {
        let mut cmd = Command::new(wrapper);
        cmd.arg("echo").args(args.split_whitespace());
        if pie {
            cmd.env("SGFCONV_PIE", "1");
        } else {
            cmd.env_remove("SGFCONV_PIE");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args}");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let flags = "-C target-feature=+crt-static -C relocation-model=static";
    let program = "--crate-name sgfconv --edition=2021 src/main.rs --crate-type bin";
    if static_libc() {
        assert_eq!(given(program, false), format!("{program} {flags}"));
    } else {
        eprintln!("SKIP (in part): no static C library (libc.a) for `cc`");
        assert_eq!(given(program, false), program);
    }
    for other in [
        "--crate-name sgfconv --edition=2021 src/lib.rs --crate-type lib",
        "--crate-name sgfconv --crate-type bin --test",
        "--crate-name serde_derive --crate-type proc-macro",
        "--crate-name count_moves --crate-type bin",
        "--crate-name sgfconv --crate-type bin --target aarch64-unknown-linux-gnu",
    ] {
        assert_eq!(given(other, false), other);
    }
    assert_eq!(given(program, true), program);
}

/// Whether `cc` finds a static C library, as `build/rustc-static` asks.
#[cfg(target_os = "linux")]
fn static_libc() -> bool {
    Command::new("cc")
        .arg("-print-file-name=libc.a")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"/"))
}

#[test]
fn a_short_record_converts() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.sgf");
    std::fs::write(&input, "(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    let out = Command::new(bin()).arg("-q").arg(&input).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "(;FF[4]\nCA[UTF-8]\nGM[1]\nSZ[9]\n;B[ee];W[cc])\n"
    );
}

/// What one run did: status, stdout, stderr and the files it left in its
/// directory (names and bytes).
#[derive(Debug, PartialEq)]
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    files: Vec<(String, Vec<u8>)>,
}

/// Runs `sgfconv` with `args` (after `pre`) in a fresh copy of a few
/// records, with `stdin` on its standard input.
fn run_in_copy(pre: &[&str], args: &str, stdin: &[u8]) -> Run {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for f in [
        "sgf/escapes.sgf",
        "sgf/missing-open-paren.sgf",
        "gib/taiwan-big5.gib",
    ] {
        let name = std::path::Path::new(f).file_name().unwrap();
        std::fs::copy(root.join(f), dir.path().join(name)).unwrap();
    }
    let mut child = Command::new(bin())
        .current_dir(dir.path())
        .args(pre)
        .args(args.split_whitespace())
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A run that reads no stdin may end before it is written: no matter.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let bytes = std::fs::read(e.path()).unwrap_or_default();
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    files.sort();
    Run {
        status: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        files,
    }
}

/// Each line is read by hand; with `--color auto` in front (the default
/// colour, but not a plain line) clap reads it: the runs are the same,
/// outputs, messages and statuses alike.
#[test]
fn a_plain_command_line_does_what_clap_makes_of_it() {
    let lines = [
        "escapes.sgf",
        "-q escapes.sgf",
        "missing-open-paren.sgf",
        "-q -o out.sgf escapes.sgf",
        "escapes.sgf out.json",
        "-t csv escapes.sgf",
        "-f gib taiwan-big5.gib -o -",
        "taiwan-big5.gib -t sgf -q out.sgf",
        "escapes.sgf missing-open-paren.sgf -o all.sgf",
        "escapes.sgf missing-open-paren.sgf -t gib",
        "-",
        "-q -f sgf -",
        "-t nonsense escapes.sgf",
        "-f svg escapes.sgf",
        "no-such-file.sgf",
        "escapes.sgf out.pdf",
        "escapes.sgf escapes.sgf",
    ];
    let stdin = b"(;GM[1]SZ[9];B[ee];W[cc]C[a]b])";
    for line in lines {
        let plain = run_in_copy(&[], line, stdin);
        let clap = run_in_copy(&["--color", "auto"], line, stdin);
        assert_eq!(plain, clap, "{line}");
    }
}
