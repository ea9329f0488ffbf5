//! Each format's readers and writers: SGF (structure, golden outputs,
//! round trips, the shared corpus), legacy dialects and character sets,
//! GIB, NGF, UGF, SL, the structured formats (JSON, XML, Jago, CSV), and
//! records read from archives.

mod archive_attacks;
mod archives;
mod dropped;
mod ff5;
mod games_table;
mod gib;
mod legacy;
mod legacy_charset;
mod ngf;
mod parquet;
mod sgf_corpus;
mod sgf_golden;
mod sgf_roundtrip;
mod sgf_structure;
mod sl;
mod structured;
mod ugf;
mod wide_encodings;
mod writer_round_trips;
