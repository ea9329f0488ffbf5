//! `sgfconv migrate`: whole trees (and archives) to UTF-8 SGF, named
//! outputs, its command line, runs interrupted and resumed, and its safety
//! under attack.

mod archives;
mod cli;
#[cfg(target_os = "linux")]
mod interrupted;
mod named;
#[cfg(unix)]
mod safety;
#[cfg(unix)]
mod tree;
