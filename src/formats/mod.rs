//! The registry of formats: how to recognise, read and write each one.
//!
//! Each format lives in its own module, with its reader and its writer, and
//! meets the others only in the [event model](crate::event). Its document in
//! `formats/<name>.md` says what the format is; the module implements that.
//!
//! The registry's parts: the table (`registry.rs`: [`FORMATS`], one
//! [`FormatInfo`] row per format), the format contract each row holds
//! (`contract.rs`: [`Reading`], [`Writing`]), the calls over it
//! (`calls.rs`: [`read`], [`writer`]…), and sniffing (`sniff.rs`). Adding a
//! format is a folder and one row.

mod calls;
pub mod codes;
mod contract;
pub mod csv;
pub(crate) mod diagram;
pub mod gib;
pub mod html;
pub mod jago;
pub mod json;
pub(crate) mod lines;
pub mod ngf;
pub mod parquet;
pub mod png;
mod registry;
pub mod sgf;
pub mod sl;
mod sniff;
pub(crate) mod structured;
pub mod svg;
pub mod ugf;
pub mod xml;

pub use calls::{cuts, pictures_writer, read, read_piece, reads_in_pieces, writer};
pub use contract::{CutsFn, PagesWriterFn, ReadFn, ReadFromFn, Reading, WriterFn, Writing};
pub use registry::{check_read_options, check_write_options, Format, FormatInfo, FORMATS};
