//! Where a CSV list may be cut into game-parallel pieces: between two
//! rows whose `game` differs (the reader starts a game there), after a
//! line end. Rows are found by `csv-core`, the parser under the `csv`
//! crate the reader uses, so a quoted field holding line breaks is never
//! cut; a piece starts where a row starts, so the parse of a piece starts
//! at its start (or, when no quote comes before, at the line of the cut).
//! Every piece after the first is read after the header row, the
//! document's head.

use crate::input::{Cuts, Cutter, CUTS_HEAD};
use csv_core::{ReadRecordResult, Reader};

/// How a list that starts with `start` is cut: at changes of its `game`
/// column; not at all without one (one game), with a byte-order mark, or
/// a header row that does not end with a line end in `start`.
pub fn cuts(start: &[u8]) -> Option<Cuts> {
    if start.starts_with(b"\xEF\xBB\xBF") {
        return None;
    }
    let (end, column) = scan(start, 0, |end, row| {
        let game = |i| {
            row.field(i)
                .flatten()
                .map(|n| n.trim().eq_ignore_ascii_case("game"))
        };
        Some((end, (0..row.len()).find(|&i| game(i) == Some(true))))
    })?;
    let column = column?;
    // A first row longer than what is looked at (a row of commas, a huge
    // field): one pass, holding nothing ahead of the reader.
    if start.len() >= CUTS_HEAD && memchr::memchr(b'\n', &start[end..]).is_none() {
        return None;
    }
    (start[..end].last() == Some(&b'\n')).then(|| Cuts {
        head: end,
        cutter: Box::new(CsvCuts {
            column,
            counted: Default::default(),
        }),
    })
}

struct CsvCuts {
    /// The `game` column.
    column: usize,
    /// The last cut found by a parse from the piece's start, and the games
    /// (runs of one key) before it: the count of that piece, not parsed
    /// again.
    counted: std::cell::Cell<Option<(usize, usize)>>,
}

impl CsvCuts {
    /// A row's game as the reader compares it: the trimmed cell, "" when
    /// there is none; `None` when it is not UTF-8 (the reader stops there).
    fn key<'f>(&self, row: &Row<'f>) -> Option<&'f str> {
        match row.field(self.column) {
            Some(Some(f)) => Some(f.trim()),
            Some(None) => None,
            None => Some(""),
        }
    }
}

impl Cutter for CsvCuts {
    fn find_cut(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        let from = from.max(1).min(bytes.len());
        // With no quote before, every line end there ends a row.
        let at = match memchr::memchr(b'"', &bytes[..from]) {
            None => memchr::memrchr(b'\n', &bytes[..from]).map_or(0, |i| i + 1),
            Some(_) => 0,
        };
        let mut prev: Option<(usize, Option<String>)> = None;
        let mut runs = 0;
        let found = scan(bytes, at, |end, row| {
            let key = self.key(row);
            if let Some((start, Some(prev_key))) = &prev {
                let after_line = bytes[..*start].last() == Some(&b'\n');
                // The reader stops at a row that is not UTF-8: never cut
                // before one (the game before it is replayed after that).
                let utf8 = std::str::from_utf8(row.out).is_ok();
                if *start >= from && after_line && utf8 && key.is_some_and(|k| k != prev_key) {
                    return Some(*start);
                }
            }
            if prev.as_ref().is_none_or(|(_, k)| k.as_deref() != key) {
                runs += 1;
            }
            prev = Some((end, key.map(str::to_string)));
            None
        });
        if let (Some(cut), 0) = (found, at) {
            self.counted.set(Some((cut, runs)));
        }
        found
    }

    fn count_games(&self, bytes: &[u8], first: bool) -> usize {
        if let Some((len, runs)) = self.counted.get().filter(|c| c.0 == bytes.len()) {
            // The header row was a run of its own.
            return runs - usize::from(first && len > 0 && runs > 0);
        }
        if memchr::memchr2(b'"', b'\r', bytes).is_none() {
            return self.count_lines(bytes, first);
        }
        let (mut games, mut rows) = (0, 0usize);
        let mut prev: Option<String> = None;
        scan(bytes, 0, |_, row| {
            rows += 1;
            if first && rows == 1 {
                return None;
            }
            let key = self.key(row).unwrap_or("");
            if prev.as_deref() != Some(key) {
                games += 1;
                prev = Some(key.to_string());
            }
            None::<()>
        });
        games
    }
}

impl CsvCuts {
    /// [`Cutter::count_games`] where no quote and no carriage return
    /// comes: a row a line, cells between commas (a guess all the same).
    fn count_lines(&self, bytes: &[u8], first: bool) -> usize {
        let mut rows = bytes.split(|&c| c == b'\n').filter(|l| !l.is_empty());
        if first {
            rows.next();
        }
        let mut games = 0;
        let mut prev: Option<&[u8]> = None;
        for row in rows {
            let key = row.split(|&c| c == b',').nth(self.column).unwrap_or(b"");
            let key = key.trim_ascii();
            if prev != Some(key) {
                games += 1;
                prev = Some(key);
            }
        }
        games
    }
}

/// The longest row, and the most fields, the cutter parses: past them it
/// finds no cut in the piece (which then goes to one pass).
const MAX_ROW: usize = 64 << 10;
const MAX_FIELDS: usize = 1 << 10;

/// One row as `csv-core` parsed it: its fields one after another, and
/// where each ends.
struct Row<'r> {
    out: &'r [u8],
    ends: &'r [usize],
}

impl<'r> Row<'r> {
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// Field `i`: `None` when the row has no such field, `Some(None)` when
    /// it is not UTF-8.
    fn field(&self, i: usize) -> Option<Option<&'r str>> {
        let end = *self.ends.get(i)?;
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j]);
        Some(std::str::from_utf8(&self.out[start..end]).ok())
    }
}

/// Parses the rows of `bytes` from `at` (where a row starts), handing each
/// whole one to `each` with where it ends (past its line end; past the
/// `\n` of a `\r\n`), until `each` returns something. A row the bytes end
/// inside is not handed over.
fn scan<T>(
    bytes: &[u8],
    mut at: usize,
    mut each: impl FnMut(usize, &Row<'_>) -> Option<T>,
) -> Option<T> {
    let mut rdr = Reader::new();
    let (mut out, mut ends) = (vec![0u8; 1 << 12], vec![0usize; 32]);
    let (mut nout, mut nends) = (0, 0);
    loop {
        let (res, nin, o, e) = rdr.read_record(&bytes[at..], &mut out[nout..], &mut ends[nends..]);
        (at, nout, nends) = (at + nin, nout + o, nends + e);
        match res {
            ReadRecordResult::InputEmpty | ReadRecordResult::End => return None,
            // A row this long (a row of commas, a huge field) is no place
            // to look for cuts in: none here, and no memory spent on it.
            ReadRecordResult::OutputFull | ReadRecordResult::OutputEndsFull
                if out.len() >= MAX_ROW || ends.len() >= MAX_FIELDS =>
            {
                return None
            }
            ReadRecordResult::OutputFull => out.resize(out.len() * 2, 0),
            ReadRecordResult::OutputEndsFull => ends.resize(ends.len() * 2, 0),
            ReadRecordResult::Record => {
                if bytes[..at].last() == Some(&b'\r') && bytes.get(at) == Some(&b'\n') {
                    at += 1;
                }
                let row = Row {
                    out: &out[..nout],
                    ends: &ends[..nends],
                };
                if let Some(found) = each(at, &row) {
                    return Some(found);
                }
                (nout, nends) = (0, 0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &[u8] = b"game,move,color,sgf,comment\n\
        0,1,B,pd,\n0,2,W,dp,\"a\n1,2,B,pp\"\n1,1,B,dd,\r\n1,2,W,\"x\",\n\n2,1,B,aa,\n";

    #[test]
    fn cuts_are_where_the_game_changes_after_a_line_end() {
        let c = cuts(LIST).expect("a move list with a game column");
        assert_eq!(c.head, 28);
        let mut cutter = c.cutter;
        // Not inside the quoted comment that looks like a row of game 1.
        let game1 = LIST.windows(6).position(|w| w == b"1,1,B,").unwrap();
        assert_eq!(cutter.find_cut(LIST, 29), Some(game1));
        let game2 = LIST.windows(6).position(|w| w == b"2,1,B,").unwrap();
        // After a blank line: the cut is after the row before it.
        assert_eq!(cutter.find_cut(LIST, game1 + 1), Some(game2 - 1));
        assert_eq!(cutter.find_cut(LIST, game2), None, "the last row is whole");
        assert_eq!(cutter.count_games(LIST, true), 3);
        assert_eq!(cutter.count_games(&LIST[game1..], false), 2);
        // Without quotes, counted line by line: the same.
        let plain = b"game,move,color\n0,1,B\n0,2,W\n 1 ,1,B\n\n2,1,B\n";
        assert_eq!(cutter.count_games(plain, true), 3);
        assert_eq!(cutter.count_games(&plain[16..], false), 3);
    }

    #[test]
    fn lists_without_a_game_column_are_read_in_one_pass() {
        assert!(cuts(b"move,color,sgf\n1,B,pd\n").is_none());
        assert!(cuts(b"\xEF\xBB\xBFgame,color\n").is_none());
        assert!(cuts(b"game,color").is_none(), "the header is not whole");
    }
}
