//! The reader of a property's value chosen by its identifier: the
//! game-info properties by name, the others by their `FF[4]` value type.

use super::{
    color, date, double, handicap, komi, number, real, result, simple_text, size, time, time_left,
    Normalized,
};
use crate::props;

/// The normalizer for property `id` (canonical `FF[4]` identifier), run on
/// `value`: the game-info ones by name, the others by their `FF[4]` value
/// type (number, real, double, color, simpletext). `None` for a property
/// of another type (points, text, compose…) or an unknown one.
pub fn value(id: &str, value: &str) -> Option<Normalized> {
    let by_name: Option<fn(&str) -> Normalized> = match id {
        "DT" => Some(date),
        "TM" => Some(time),
        "BL" | "WL" => Some(time_left),
        "RE" => Some(result),
        "KM" => Some(komi),
        "HA" => Some(handicap),
        "SZ" => Some(size),
        _ => None,
    };
    if let Some(f) = by_name {
        return Some(f(value));
    }
    let f: fn(&str) -> Normalized = match props::lookup(id)?.value_type {
        "number" => number,
        "real" => real,
        "double" => double,
        "color" => color,
        "simpletext" => simple_text,
        _ => return None,
    };
    Some(f(value))
}
