//! Game-parallel reading proper (feature `parallel`).
//!
//! Game-parallel reading proper (feature `parallel`): the input cut into
//! pieces between games, the pieces read on a `rayon` thread pool, their
//! results merged in input order, a piece read again where a cut was not
//! between games after all.

use super::{PieceWork, Rest};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Pos;
use crate::formats::{self, Format};
use crate::input::{Cutter, PieceEnd, Resume, CUTS_HEAD};
use std::io::Read;
use std::sync::Arc;

/// No cut this far into a piece (one huge game, or not SGF): the rest is
/// read in one pass, streaming.
const MAX_PIECE: usize = 4 << 20;

/// A piece of the input, cut between game trees.
struct Piece {
    bytes: Vec<u8>,
    /// Games before it, as counted ahead when the pieces are numbered:
    /// the games merged when it was cut, and those counted in the pieces
    /// not merged yet.
    base: usize,
    /// Its games, as [`Cutter::count_games`] counts them (when numbered).
    counted: usize,
    /// Where it starts in the input (at the start of a line).
    start: Pos,
    /// It runs to the end of the input.
    last: bool,
}

/// Cuts an input into pieces.
struct Splitter<'a> {
    input: &'a mut dyn Read,
    /// Read, not yet handed out.
    held: Vec<u8>,
    eof: bool,
    /// Where `held` starts in the input.
    at: Pos,
    piece_size: usize,
    /// The format's cuts (for SGF until the format is known: none is
    /// looked for before).
    cutter: Box<dyn Cutter>,
}

impl Splitter<'_> {
    /// Reads until `held` has `n` bytes or the input ends.
    fn fill(&mut self, n: usize) -> Result<(), Error> {
        while self.held.len() < n && !self.eof {
            let len = self.held.len();
            let want = n.min(len + (1 << 20)) - len;
            // Read into spare capacity: no zeroing of what is read over.
            self.held.reserve(want);
            let got = (&mut *self.input)
                .take(want as u64)
                .read_to_end(&mut self.held)?;
            self.eof = got == 0;
        }
        Ok(())
    }

    /// The next piece; `None` at the end of the input, or when no cut comes
    /// within [`MAX_PIECE`] bytes (what is held then stays in `held`).
    fn next(&mut self) -> Result<Option<Piece>, Error> {
        let mut from = self.piece_size;
        loop {
            self.fill(from + (64 << 10))?;
            if let Some(cut) = self.cutter.find_cut(&self.held, from) {
                return Ok(Some(self.take(cut, false)));
            }
            if self.eof {
                if self.held.is_empty() {
                    return Ok(None);
                }
                let n = self.held.len();
                return Ok(Some(self.take(n, true)));
            }
            if self.held.len() >= MAX_PIECE {
                return Ok(None);
            }
            from = self.held.len().saturating_sub(16).max(self.piece_size);
            self.fill(self.held.len() + (1 << 20))?;
        }
    }

    fn take(&mut self, n: usize, last: bool) -> Piece {
        let rest = self.held.split_off(n);
        let bytes = std::mem::replace(&mut self.held, rest);
        let lines = memchr::memchr_iter(b'\n', &bytes).count() as u32;
        let start = self.at;
        self.at = Pos::new(start.offset + n as u64, start.line.saturating_add(lines), 1);
        Piece {
            bytes,
            base: 0,
            counted: 0,
            start,
            last,
        }
    }
}

/// Reads `input` (in `format`) piece by piece on `jobs` threads: `work`
/// reads one piece (its bytes, where it starts, a reporter for it) and
/// returns a result that `merge` takes in input order (the piece's
/// diagnostics are already in `report` then). Pieces stream: while the
/// threads read, this thread cuts the next pieces and merges the finished
/// ones, with at most `2 × jobs` in flight. A piece after the first is
/// handed over after the document's head ([`Resume::head`]). Returns what
/// is left to read in one pass, if anything: the whole input when it is
/// small (one piece) or its format says so (`formats::cuts`: a byte-order
/// mark, a layout it does not cut), or the rest where no cut comes within
/// [`MAX_PIECE`].
///
/// `numbered`: each piece is read as after the games counted ahead in
/// the pieces before it, so that its games carry their index in the whole
/// input (writers that number games need it); a piece counted wrong is
/// read again at the merge.
#[allow(clippy::too_many_arguments)]
pub fn read_pieces<T: Send>(
    input: &mut dyn Read,
    format: Format,
    jobs: usize,
    piece_size: usize,
    numbered: bool,
    report: &mut Reporter,
    work: &PieceWork<'_, T>,
    merge: &mut dyn FnMut(T) -> Result<(), Error>,
) -> Result<Option<Rest>, Error> {
    let jobs = jobs.min(crate::options::max_jobs());
    let mut split = Splitter {
        input,
        held: Vec::new(),
        eof: false,
        at: Pos::new(0, 1, 1),
        piece_size: piece_size.max(1),
        cutter: Box::new(NoCuts),
    };
    let (first, head) = match first_piece(&mut split, format)? {
        Ok(first) => first,
        Err(one_pass) => return Ok(Some(one_pass)),
    };
    let pool = thread_pool(jobs)?;
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|scope| {
        let mut flow = Flow {
            split,
            head,
            queue: std::collections::VecDeque::new(),
            front: 0,
            spawned: 0,
            games: 0,
            numbered,
            exact: false,
            work,
        };
        let spawn = |flow: &mut Flow<'_, '_, T>, mut piece: Piece, report: &Reporter| {
            flow.count_ahead(&mut piece);
            let piece = Arc::new(piece);
            let index = flow.spawned;
            let resume = piece_resume(index, &piece, flow.head.len());
            let (tx, task_piece, mut rep) = (tx.clone(), piece.clone(), report.for_piece());
            let head = flow.head.clone();
            scope.spawn(move |_| {
                // A panic would be a bug; it must not leave the merging
                // thread waiting for a result that never comes.
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    work(&headed(&head, &resume, &task_piece.bytes), resume, &mut rep)
                }))
                .unwrap_or_else(|_| Err(internal("a reading thread panicked")))
                .map(|(t, e)| (t, e, rep));
                // The receiver may be gone after an error: nothing to do.
                let _ = tx.send((index, result));
            });
            flow.queue.push_back((piece, None));
            flow.spawned += 1;
        };
        spawn(&mut flow, first, report);
        let mut split_done = false;
        loop {
            while !split_done && flow.queue.len() < 2 * jobs.max(1) {
                match flow.split.next()? {
                    Some(p) => {
                        split_done = p.last;
                        spawn(&mut flow, p, report);
                    }
                    None => split_done = true,
                }
            }
            if flow.queue.is_empty() {
                return Ok(flow.rest());
            }
            if flow.queue.front().is_some_and(|(_, r)| r.is_some()) {
                if let Some(rest) = flow.merge_front(report, merge)? {
                    return Ok(Some(rest));
                }
                continue;
            }
            let Ok((index, result)) = rx.recv() else {
                return Err(internal("a reading thread stopped"));
            };
            // Results of pieces already merged into another are dropped.
            if let Some(slot) = index
                .checked_sub(flow.front)
                .and_then(|k| flow.queue.get_mut(k))
            {
                slot.1 = Some(result);
            }
        }
    })
}

/// Where piece `index` is read from: the first starts the input; the
/// others are read after the document's head (`head` bytes) as if games
/// came before them (as many as counted ahead when numbered), and their
/// games are counted when they are merged.
fn piece_resume(index: usize, piece: &Piece, head: usize) -> Resume {
    if index == 0 {
        return Resume::default();
    }
    Resume {
        pos: piece.start,
        games: piece.base,
        continuing: true,
        head,
    }
}

/// The cutter before the format's is known: no cut.
struct NoCuts;

impl Cutter for NoCuts {
    fn find_cut(&mut self, _: &[u8], _: usize) -> Option<usize> {
        None
    }

    fn count_games(&self, _: &[u8], _: bool) -> usize {
        0
    }
}

/// The bytes a reader is given for `bytes` read from `resume`: after the
/// document's head when `resume` says it has one.
fn headed<'b>(head: &[u8], resume: &Resume, bytes: &'b [u8]) -> std::borrow::Cow<'b, [u8]> {
    if resume.head == 0 {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut all = Vec::with_capacity(head.len() + bytes.len());
    all.extend_from_slice(head);
    all.extend_from_slice(bytes);
    std::borrow::Cow::Owned(all)
}

/// The pool the pieces are read on: started only for an input of more than
/// one piece.
fn thread_pool(jobs: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| Error::Usage(format!("cannot start {jobs} threads: {e}")))
}

/// The first piece and the document's head, or the whole input to read in
/// one pass: when its format does not cut it (`formats::cuts`), it is
/// empty, has no cut in reach, or is small (one piece).
#[allow(clippy::type_complexity)]
fn first_piece(
    split: &mut Splitter<'_>,
    format: Format,
) -> Result<Result<(Piece, Arc<Vec<u8>>), Rest>, Error> {
    let one_pass = |held| {
        Err(Rest {
            resume: Resume::default(),
            held,
        })
    };
    split.fill(CUTS_HEAD)?;
    let Some(cuts) = formats::cuts(format, &split.held) else {
        return Ok(one_pass(std::mem::take(&mut split.held)));
    };
    split.cutter = cuts.cutter;
    let head = Arc::new(split.held[..cuts.head.min(split.held.len())].to_vec());
    match split.next()? {
        None => Ok(one_pass(std::mem::take(&mut split.held))),
        Some(first) if first.last => Ok(one_pass(first.bytes)),
        Some(first) => Ok(Ok((first, head))),
    }
}

/// A piece's result: what `work` returned, how it ended, its diagnostics.
type PieceResult<T> = Result<(T, PieceEnd, Reporter), Error>;

/// The pieces between cutting and merging.
struct Flow<'s, 'w, T> {
    split: Splitter<'s>,
    /// The document's head, read before every piece but the first.
    head: Arc<Vec<u8>>,
    /// Pieces not merged yet, in input order, with their results once in.
    queue: std::collections::VecDeque<(Arc<Piece>, Option<PieceResult<T>>)>,
    /// Index of the queue's first piece.
    front: usize,
    spawned: usize,
    /// Games merged so far.
    games: usize,
    /// Pieces are read as after the games counted ahead of them.
    numbered: bool,
    /// A piece held another number of games than guessed
    /// ([`Cutter::guess_games`]): the pieces are counted from now on.
    exact: bool,
    work: &'w PieceWork<'w, T>,
}

impl<T> Flow<'_, '_, T> {
    /// When numbered: the games before `piece` (merged, and counted ahead
    /// in the pieces in flight) and its own, counted ahead: guessed from
    /// the cuts while the guesses hold, else counted. Counted from what is
    /// known, so a count ahead that was wrong misnumbers only the pieces
    /// in flight (read again at the merge).
    fn count_ahead(&self, piece: &mut Piece) {
        if self.numbered {
            piece.base = self.games + self.queue.iter().map(|(p, _)| p.counted).sum::<usize>();
            let first = piece.start.offset == 0;
            let cutter = &self.split.cutter;
            let guess = (!self.exact)
                .then(|| cutter.guess_games(&piece.bytes, first))
                .flatten();
            piece.counted = guess.unwrap_or_else(|| cutter.count_games(&piece.bytes, first));
        }
    }

    /// Reading from `pos` on, after `games` games, as one pass would: after
    /// the document's head unless at the start.
    fn resume_at(&self, pos: Pos, games: usize) -> Resume {
        if pos.offset == 0 {
            return Resume::default();
        }
        Resume {
            pos,
            games,
            continuing: games > 0,
            head: self.head.len(),
        }
    }

    /// What is left for one pass from `resume` on, `bytes` first: after
    /// the document's head unless at the start.
    fn one_pass(&self, resume: Resume, bytes: Vec<u8>) -> Rest {
        let held = match headed(&self.head, &resume, &bytes) {
            std::borrow::Cow::Owned(all) => all,
            std::borrow::Cow::Borrowed(_) => bytes,
        };
        Rest { resume, held }
    }

    /// Merges the first piece (its result is in). A piece whose end was not
    /// between games after all, or read as if games came before when none
    /// did, is read again here, with the next piece in the first case. If
    /// that does not end between games either (a game longer than the
    /// pieces, with variations that look like games), the rest of the input
    /// from this piece on is for one pass: `Some`.
    fn merge_front(
        &mut self,
        report: &mut Reporter,
        merge: &mut dyn FnMut(T) -> Result<(), Error>,
    ) -> Result<Option<Rest>, Error> {
        let Some((piece, Some(result))) = self.queue.pop_front() else {
            return Ok(None);
        };
        self.front += 1;
        let mut result = match result {
            Err(e) if is_internal(&e) => return Err(e),
            r => r,
        };
        let first = piece.start.offset == 0;
        let exact = self.resume_at(piece.start, self.games);
        // Read as after exactly the games merged: as `exact` reads it.
        let counted_right = self.numbered && piece.base == self.games && self.games > 0;
        // Games in `rep` count from this (0: read with `exact`).
        let mut base = if counted_right { 0 } else { self.games };
        let mut read_exactly = first || counted_right;
        let mut last = piece.last;
        let mut merged: Option<Vec<u8>> = None;
        loop {
            // A piece that failed may have failed at a false cut (a fault
            // in its first game, cut short, refuses the input): it is read
            // again as one that did not end between games.
            let clean = result.as_ref().is_ok_and(|(_, end, _)| end.clean);
            let needs_more = !clean && !last;
            // One read as after no game, when games came before, is read
            // again exactly unless it ended clean (a fault's message
            // counts the games before it).
            if !needs_more && (read_exactly || (!self.numbered && self.games > 0 && clean)) {
                break;
            }
            // Read again once with the next piece; a second time, the
            // rest goes in one pass (reading ever longer pieces again and
            // again would be quadratic).
            let again = merged.is_some();
            let bytes = merged.get_or_insert_with(|| piece.bytes.clone());
            if needs_more {
                let next = match self.queue.pop_front() {
                    Some((p, _)) => {
                        self.front += 1;
                        Some((p.bytes.clone(), p.last))
                    }
                    None => self.split.next()?.map(|p| (p.bytes, p.last)),
                };
                match next {
                    Some((b, l)) if !again && bytes.len() + b.len() <= MAX_PIECE => {
                        bytes.extend_from_slice(&b);
                        last = l;
                    }
                    other => {
                        // No end between games in reach: one pass from here,
                        // with every piece not merged yet.
                        if let Some((b, _)) = other {
                            bytes.extend_from_slice(&b);
                        }
                        let mut held = std::mem::take(bytes);
                        for (p, _) in self.queue.drain(..) {
                            held.extend_from_slice(&p.bytes);
                        }
                        held.append(&mut self.split.held);
                        self.front = usize::MAX;
                        return Ok(Some(self.one_pass(exact, held)));
                    }
                }
            }
            let mut rep = report.for_piece();
            let again = (self.work)(&headed(&self.head, &exact, bytes), exact, &mut rep);
            result = again.map(|(out, end)| (out, end, rep));
            base = 0;
            read_exactly = true;
        }
        let (out, end, rep) = result?;
        // A piece read alone that holds other than the games counted ahead:
        // the guesses do not hold for this input.
        self.exact |= self.numbered && merged.is_none() && end.games != piece.counted;
        report.absorb(rep, base);
        self.games += end.games;
        merge(out)?;
        Ok(None)
    }

    /// What is left after the last piece: nothing, or input where no cut
    /// came in reach.
    fn rest(&mut self) -> Option<Rest> {
        if self.split.held.is_empty() && self.split.eof {
            return None;
        }
        let held = std::mem::take(&mut self.split.held);
        Some(self.one_pass(self.resume_at(self.split.at, self.games), held))
    }
}

/// An error of sgfconv itself, not of the input.
fn internal(what: &str) -> Error {
    Error::Io(std::io::Error::other(Internal(format!(
        "internal error: {what}"
    ))))
}

/// What [`internal`] wraps, told from the input's errors: never read again.
#[derive(Debug)]
struct Internal(String);

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Internal {}

/// `e` is an error of sgfconv itself ([`internal`]).
fn is_internal(e: &Error) -> bool {
    matches!(e, Error::Io(io) if io.get_ref().is_some_and(|r| r.is::<Internal>()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(n: usize) -> Vec<u8> {
        (0..n)
            .flat_map(|i| format!("(;GM[1]PB[p{i}];B[aa];W[bb])\n").into_bytes())
            .collect()
    }

    /// [`read_pieces`] over `input` in pieces of 100 bytes on `jobs`
    /// threads: what it returned, and the pieces' results as merged.
    fn read_all<T: Send>(
        input: &[u8],
        jobs: usize,
        numbered: bool,
        work: &PieceWork<'_, T>,
    ) -> (Result<Option<Rest>, Error>, Vec<T>) {
        read_as(input, Format::Sgf, jobs, numbered, work)
    }

    /// [`read_all`] for an input in `format`.
    fn read_as<T: Send>(
        input: &[u8],
        format: Format,
        jobs: usize,
        numbered: bool,
        work: &PieceWork<'_, T>,
    ) -> (Result<Option<Rest>, Error>, Vec<T>) {
        let mut report = Reporter::collecting("t");
        let mut seen = Vec::new();
        let rest = read_pieces(
            &mut &input[..],
            format,
            jobs,
            100,
            numbered,
            &mut report,
            work,
            &mut |p| {
                seen.push(p);
                Ok(())
            },
        );
        (rest, seen)
    }

    #[test]
    fn pieces_come_back_in_order_with_their_games_counted() {
        let input = games(500);
        let work = |bytes: &[u8], resume: Resume, _: &mut Reporter| {
            Ok((
                (resume.pos.offset, bytes.len()),
                PieceEnd {
                    games: bytes.iter().filter(|&&c| c == b'(').count(),
                    clean: true,
                },
            ))
        };
        let (rest, seen) = read_all(&input, 3, false, &work);
        let rest = rest.unwrap();
        assert!(rest.is_none());
        assert!(seen.len() > 100);
        let mut at = 0;
        for (offset, len) in seen {
            assert_eq!(offset as usize, at);
            at += len;
        }
        assert_eq!(at, input.len());
    }

    #[test]
    fn numbered_pieces_start_after_the_games_before_them() {
        // Every 37th game is followed by `()`, which the count ahead takes
        // for a game and the reading here does not: those pieces (and the
        // ones in flight after them) are read again, numbered right.
        let input: Vec<u8> = (0..1000)
            .flat_map(|i| {
                let extra = if i % 37 == 0 { "()\n" } else { "" };
                format!("(;GM[1]PB[p{i}];B[aa];W[bb])\n{extra}").into_bytes()
            })
            .collect();
        // Every piece says how many games it read and where their numbers
        // started.
        let work = |bytes: &[u8], resume: Resume, _: &mut Reporter| {
            let n = memchr::memmem::find_iter(bytes, b"(;").count();
            Ok((
                (resume.games, n),
                PieceEnd {
                    games: n,
                    clean: true,
                },
            ))
        };
        let (rest, seen) = read_all(&input, 3, true, &work);
        let rest = rest.unwrap();
        assert!(rest.is_none());
        assert!(seen.len() > 100);
        let mut next = 0;
        for (first, n) in seen {
            assert_eq!(first, next, "each piece numbered after the ones before");
            next += n;
        }
        assert_eq!(next, 1000);
    }

    #[test]
    fn wrong_guesses_give_way_to_counting() {
        // Two games a line: the cuts' guess sees one a line. The first
        // piece found to hold two is the last guessed: the pieces after
        // the ones in flight then are counted, and read once.
        let input: Vec<u8> = (0..2000)
            .flat_map(|i| format!("(;GM[1]PB[p{i}])(;GM[1];B[aa])\n").into_bytes())
            .collect();
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let work = |bytes: &[u8], resume: Resume, _: &mut Reporter| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let n = count_games(bytes);
            Ok((
                (resume.games, n),
                PieceEnd {
                    games: n,
                    clean: true,
                },
            ))
        };
        let (rest, seen) = read_all(&input, 2, true, &work);
        assert!(rest.unwrap().is_none());
        let mut next = 0;
        for &(first, n) in &seen {
            assert_eq!(first, next, "each piece numbered after the ones before");
            next += n;
        }
        assert_eq!(next, 4000);
        // Read again: the pieces in flight at the first miss, and those
        // numbered after them before they merge.
        let calls = calls.into_inner();
        assert!(
            calls <= seen.len() + 2 * (2 * 2),
            "{calls} readings of {} pieces",
            seen.len()
        );
    }

    /// The games of an SGF piece, as the reading finds them in these tests.
    fn count_games(bytes: &[u8]) -> usize {
        memchr::memmem::find_iter(bytes, b"(;GM").count()
    }

    #[test]
    fn a_game_longer_than_the_pieces_goes_to_one_pass_after_one_retry() {
        let input = games(400);
        let calls = std::sync::atomic::AtomicUsize::new(0);
        // No piece ever ends between games: one long game, as far as the
        // reading can tell.
        let work = |_: &[u8], _: Resume, _: &mut Reporter| -> Result<((), PieceEnd), Error> {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok((
                (),
                PieceEnd {
                    games: 1,
                    clean: false,
                },
            ))
        };
        let (rest, merged) = read_all(&input, 2, false, &work);
        let rest = rest.unwrap().expect("the rest is for one pass");
        assert!(merged.is_empty());
        assert_eq!(rest.resume, Resume::default());
        assert_eq!(rest.held, input, "everything goes to the one pass");
        // The pieces in flight, and one reading again of two of them.
        assert!(calls.into_inner() <= 2 * 2 + 2);
    }

    #[test]
    fn a_panicking_reader_is_an_error_not_a_hang() {
        let input = games(200);
        let work = |_: &[u8], resume: Resume, _: &mut Reporter| -> Result<((), PieceEnd), Error> {
            if resume.pos.offset > 1000 {
                panic!("test panic");
            }
            Ok((
                (),
                PieceEnd {
                    games: 1,
                    clean: true,
                },
            ))
        };
        let (r, _) = read_all(&input, 2, false, &work);
        assert!(matches!(r, Err(Error::Io(_))));
    }

    /// A CSV list: a game a row, `game` in the first column.
    fn list(n: usize) -> Vec<u8> {
        let rows: String = (0..n).map(|i| format!("{i},1,B,pd\n")).collect();
        format!("game,move,color,sgf\n{rows}").into_bytes()
    }

    #[test]
    fn pieces_after_the_first_are_handed_over_after_the_head() {
        let input = list(300);
        let work = |bytes: &[u8], resume: Resume, _: &mut Reporter| {
            let head = &bytes[..resume.head];
            let rows = bytes[resume.head..].iter().filter(|&&c| c == b'\n').count();
            let games = rows - usize::from(resume.pos.offset == 0);
            Ok((
                (head.to_vec(), resume, bytes.len() - resume.head),
                PieceEnd { games, clean: true },
            ))
        };
        let (rest, seen) = read_as(&input, Format::Csv, 2, true, &work);
        assert!(rest.unwrap().is_none());
        assert!(seen.len() > 10);
        let (mut at, mut line, mut games) = (0, 1, 0);
        for (k, (head, resume, len)) in seen.iter().enumerate() {
            if k == 0 {
                assert_eq!(*resume, Resume::default(), "the first starts the input");
            } else {
                assert_eq!(head, b"game,move,color,sgf\n");
                assert_eq!(resume.games, games, "numbered ahead");
                assert_eq!((resume.pos.offset, resume.pos.line), (at as u64, line));
            }
            let piece = &input[at..at + len];
            line += piece.iter().filter(|&&c| c == b'\n').count() as u32;
            games += piece.iter().filter(|&&c| c == b'\n').count() - usize::from(k == 0);
            at += len;
        }
        assert_eq!(at, input.len());
    }

    #[test]
    fn a_piece_that_fails_is_read_again_with_the_next() {
        let input = list(300);
        // A piece that starts at a row of game 100 fails, as a reader fails
        // at a false cut; read with the piece before it, it reads.
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let work = |bytes: &[u8], resume: Resume, _: &mut Reporter| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if bytes[resume.head..].starts_with(b"100,") {
                return Err(Error::unreadable(
                    crate::diag::Code::new("E000", "test-fault"),
                    "a fault at a false cut",
                ));
            }
            let games = bytes[resume.head..].iter().filter(|&&c| c == b'\n').count();
            Ok((games, PieceEnd { games, clean: true }))
        };
        let (rest, seen) = read_as(&input, Format::Csv, 2, false, &work);
        assert!(rest.unwrap().is_none());
        assert_eq!(
            seen.iter().sum::<usize>(),
            301,
            "every row, the header's included"
        );
    }
}
