//! `migrate SRC out.zip` (or `out.tar.gz`, `out.tgz`, `out.tar`): the
//! outputs written into one archive instead of a directory tree, streamed
//! (each output is appended as it is done; nothing but the archive is
//! written), with UTF-8 member names (zip: the UTF-8 flag, set by the `zip`
//! crate for every name that is not ASCII; tar: POSIX names, GNU long names
//! past 100 bytes). The archive is written through a temporary file beside
//! it and put in place at the end ([`crate::output::AtomicFile`]): a run
//! that fails or is killed leaves no half archive.

use crate::output::AtomicFile;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::SystemTime;

/// The kinds of archive `migrate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutKind {
    Zip,
    TarGz,
    Tar,
}

impl OutKind {
    /// The kind DST's name asks for (`.zip`, `.tar.gz`, `.tgz`, `.tar`, any
    /// case), if any.
    pub fn of(dst: &Path) -> Option<OutKind> {
        let name = dst.file_name()?.to_string_lossy().to_ascii_lowercase();
        let ends = |e: &str| name.len() > e.len() && name.ends_with(e);
        if ends(".zip") {
            Some(OutKind::Zip)
        } else if ends(".tar.gz") || ends(".tgz") {
            Some(OutKind::TarGz)
        } else if ends(".tar") {
            Some(OutKind::Tar)
        } else {
            None
        }
    }
}

enum Writer {
    Zip(Box<zip::ZipWriter<zip::write::StreamWriter<AtomicFile>>>),
    TarGz(Box<tar::Builder<flate2::write::GzEncoder<AtomicFile>>>),
    Tar(tar::Builder<AtomicFile>),
}

/// The archive being written; outputs are added from the workers, one at
/// a time.
pub struct ArchiveOut {
    writer: Mutex<Option<Writer>>,
}

impl ArchiveOut {
    /// Starts writing the archive at `path`.
    pub fn create(path: &Path, kind: OutKind) -> io::Result<ArchiveOut> {
        let file = AtomicFile::create(path)?;
        let writer = match kind {
            OutKind::Zip => Writer::Zip(Box::new(zip::ZipWriter::new_stream(file))),
            OutKind::TarGz => {
                let gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
                Writer::TarGz(Box::new(tar::Builder::new(gz)))
            }
            OutKind::Tar => Writer::Tar(tar::Builder::new(file)),
        };
        Ok(ArchiveOut {
            writer: Mutex::new(Some(writer)),
        })
    }

    /// Adds one output, named `name` (`/`-separated, relative).
    pub fn add(&self, name: &str, data: &[u8], mtime: Option<SystemTime>) -> io::Result<()> {
        let mut guard = self
            .writer
            .lock()
            .map_err(|_| io::Error::other("the archive writer failed"))?;
        let time = mtime.unwrap_or_else(SystemTime::now);
        match guard.as_mut() {
            Some(Writer::Zip(z)) => add_zip(z.as_mut(), name, data, time),
            Some(Writer::TarGz(t)) => add_tar(t.as_mut(), name, data, time),
            Some(Writer::Tar(t)) => add_tar(t, name, data, time),
            None => Err(io::Error::other("the archive is already finished")),
        }
    }

    /// Ends the archive and puts it in place.
    pub fn finish(&self) -> io::Result<()> {
        let mut guard = self
            .writer
            .lock()
            .map_err(|_| io::Error::other("the archive writer failed"))?;
        let file = match guard.take() {
            Some(Writer::Zip(z)) => z.finish().map_err(io::Error::other)?.into_inner(),
            Some(Writer::TarGz(t)) => t.into_inner()?.finish()?,
            Some(Writer::Tar(t)) => t.into_inner()?,
            None => return Ok(()),
        };
        file.commit()
    }
}

fn add_zip<W: Write + io::Seek>(
    z: &mut zip::ZipWriter<W>,
    name: &str,
    data: &[u8],
    time: SystemTime,
) -> io::Result<()> {
    let mut options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    if let Some(t) = zip_time(time) {
        options = options.last_modified_time(t);
    }
    z.start_file(name, options).map_err(io::Error::other)?;
    z.write_all(data)
}

/// A zip time stamp (UTC: zip has no time zone).
fn zip_time(time: SystemTime) -> Option<zip::DateTime> {
    let t = chrono::DateTime::<chrono::Utc>::from(time).naive_utc();
    zip::DateTime::try_from(t).ok()
}

fn add_tar<W: Write>(
    t: &mut tar::Builder<W>,
    name: &str,
    data: &[u8],
    time: SystemTime,
) -> io::Result<()> {
    let mut h = tar::Header::new_gnu();
    h.set_size(data.len() as u64);
    h.set_mode(0o644);
    h.set_entry_type(tar::EntryType::Regular);
    let secs = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    h.set_mtime(secs);
    t.append_data(&mut h, name, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_comes_from_the_name() {
        assert_eq!(OutKind::of(Path::new("a/out.ZIP")), Some(OutKind::Zip));
        assert_eq!(OutKind::of(Path::new("out.tar.gz")), Some(OutKind::TarGz));
        assert_eq!(OutKind::of(Path::new("out.tgz")), Some(OutKind::TarGz));
        assert_eq!(OutKind::of(Path::new("out.tar")), Some(OutKind::Tar));
        assert_eq!(OutKind::of(Path::new("out")), None);
        assert_eq!(OutKind::of(Path::new(".zip")), None);
    }
}
