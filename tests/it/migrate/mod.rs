//! `sgfconv migrate`: whole trees (and archives) to UTF-8 SGF, named
//! outputs, its command line, and its safety under attack.

mod archives;
mod cli;
mod named;
#[cfg(unix)]
mod safety;
#[cfg(unix)]
mod tree;
