//! Transforms: sinks that rewrite events and forward them to another sink.
//! Each is switchable; [`pipeline`] assembles the default chain.

use crate::formats::ReadOptions;
use crate::sink::Sink;

/// The transforms applied between a reader and a writer by default.
pub fn pipeline<'a>(sink: Box<dyn Sink + 'a>, _options: &ReadOptions) -> Box<dyn Sink + 'a> {
    sink
}
