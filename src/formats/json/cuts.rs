//! Where a JSON Lines input may be cut into game-parallel pieces: at a
//! line end, a game (or a value of games) a line. Only an input whose
//! first line makes it JSON Lines is cut (the reader's own test,
//! `reader::is_json_lines`); a collection document, an array or a value
//! over many lines is read in one pass. A line the reader cannot read as
//! one value (too long, not JSON) makes its piece end unclean, and the
//! input from there is read in one pass.

use crate::input::{Cuts, Cutter};

/// How an input that starts with `start` is cut: at line ends, when its
/// first line, whole in `start`, is a JSON object.
pub fn cuts(start: &[u8]) -> Option<Cuts> {
    if start.starts_with(b"\xEF\xBB\xBF") {
        return None;
    }
    let first = &start[..memchr::memchr(b'\n', start)?];
    super::reader::is_json_lines(first.trim_ascii()).then(|| Cuts {
        head: 0,
        cutter: Box::new(LineCuts),
    })
}

struct LineCuts;

impl Cutter for LineCuts {
    fn find_cut(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        let from = from.saturating_sub(1).min(bytes.len());
        memchr::memchr(b'\n', &bytes[from..]).map(|i| from + i + 1)
    }

    fn count_games(&self, bytes: &[u8], _first: bool) -> usize {
        bytes
            .split(|&c| c == b'\n')
            .filter(|line| !line.trim_ascii().is_empty())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_are_cut_at_line_ends() {
        let input = b"{\"nodes\":[]}\n\n{\"nodes\":[]}\n{\"nod";
        let mut c = cuts(input).expect("JSON Lines").cutter;
        assert_eq!(c.find_cut(input, 1), Some(13));
        assert_eq!(c.find_cut(input, 13), Some(13));
        assert_eq!(
            c.find_cut(input, 14),
            Some(14),
            "a blank line ends a line too"
        );
        assert_eq!(c.find_cut(input, 15), Some(27));
        assert_eq!(c.find_cut(input, 28), None);
        assert_eq!(c.count_games(input, true), 3);
    }

    #[test]
    fn other_layouts_are_read_in_one_pass() {
        assert!(cuts(b"{\"format\":\"sgfconv\",\"games\":[\n").is_none());
        assert!(cuts(b"[{\"nodes\":[]}]\n").is_none());
        assert!(cuts(b"{\"nodes\":[]}").is_none(), "no whole line");
        assert!(cuts(b"\xEF\xBB\xBF{\"nodes\":[]}\n").is_none());
    }
}
