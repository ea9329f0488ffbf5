//! A small Go board: places stones and removes captured groups. Used to
//! compare a `.Fig` starting position with the game position after move N,
//! and to write the starting position of a variation as a figure.

/// A point: 0-based column from the left, 0-based row from the top.
pub(crate) type Point = (u8, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Stone {
    Black,
    White,
}

impl Stone {
    pub(crate) fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    size: u8,
    /// 0 empty, 1 black, 2 white: bytes, so a board hashes as one slice.
    cells: Vec<u8>,
}

fn cell(stone: Option<Stone>) -> u8 {
    match stone {
        None => 0,
        Some(Stone::Black) => 1,
        Some(Stone::White) => 2,
    }
}

impl Board {
    pub(crate) fn new(size: u8) -> Self {
        let n = size as usize;
        Board {
            size,
            cells: vec![0; n * n],
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        (p.0 < self.size && p.1 < self.size)
            .then(|| p.1 as usize * self.size as usize + p.0 as usize)
    }

    pub(crate) fn get(&self, p: Point) -> Option<Stone> {
        match self.index(p).and_then(|i| self.cells.get(i)) {
            Some(1) => Some(Stone::Black),
            Some(2) => Some(Stone::White),
            _ => None,
        }
    }

    /// Puts (or, with `None`, removes) a stone without captures: setup.
    pub(crate) fn set(&mut self, p: Point, stone: Option<Stone>) {
        if let Some(c) = self.index(p).and_then(|i| self.cells.get_mut(i)) {
            *c = cell(stone);
        }
    }

    /// Plays a move: places the stone, removes opponent groups left without
    /// liberties, then the mover's own group if it has none (suicide, as
    /// the rules that allow it play it). Off-board points do nothing.
    pub(crate) fn play(&mut self, p: Point, stone: Stone) {
        if self.index(p).is_none() {
            return;
        }
        self.set(p, Some(stone));
        for n in self.neighbours(p) {
            if self.get(n) == Some(stone.opponent()) {
                self.remove_if_dead(n);
            }
        }
        self.remove_if_dead(p);
    }

    fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> {
        let (x, y, s) = (p.0 as i16, p.1 as i16, self.size as i16);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(move |&(a, b)| a >= 0 && b >= 0 && a < s && b < s)
            .map(|(a, b)| (a as u8, b as u8))
    }

    /// Removes the group at `p` when it has no liberty.
    fn remove_if_dead(&mut self, p: Point) {
        let Some(colour) = self.get(p) else {
            return;
        };
        let mut group = vec![p];
        let mut seen = vec![false; self.cells.len()];
        if let Some(i) = self.index(p) {
            seen[i] = true;
        }
        let mut k = 0;
        while let Some(&q) = group.get(k) {
            k += 1;
            for n in self.neighbours(q).collect::<Vec<_>>() {
                match self.get(n) {
                    None => return,
                    Some(c) if c == colour => {
                        if let Some(i) = self.index(n) {
                            if !seen[i] {
                                seen[i] = true;
                                group.push(n);
                            }
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        for q in group {
            self.set(q, None);
        }
    }

    /// Every stone, row by row from the top, left to right.
    pub(crate) fn stones(&self) -> Vec<(Point, Stone)> {
        let mut v = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if let Some(s) = self.get((x, y)) {
                    v.push(((x, y), s));
                }
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_a_corner_stone() {
        let mut b = Board::new(9);
        b.play((0, 0), Stone::White);
        b.play((1, 0), Stone::Black);
        assert_eq!(b.get((0, 0)), Some(Stone::White));
        b.play((0, 1), Stone::Black);
        assert_eq!(b.get((0, 0)), None);
        assert_eq!(b.stones().len(), 2);
    }

    #[test]
    fn captures_a_group_and_keeps_the_capturer() {
        let mut b = Board::new(5);
        // White pair at (1,1),(2,1) surrounded by black.
        b.play((1, 1), Stone::White);
        b.play((2, 1), Stone::White);
        for p in [(1, 0), (2, 0), (0, 1), (3, 1), (1, 2)] {
            b.play(p, Stone::Black);
        }
        assert_eq!(b.get((1, 1)), Some(Stone::White));
        b.play((2, 2), Stone::Black);
        assert_eq!(b.get((1, 1)), None);
        assert_eq!(b.get((2, 1)), None);
        assert_eq!(b.get((2, 2)), Some(Stone::Black));
    }

    #[test]
    fn suicide_is_removed_but_capture_comes_first() {
        let mut b = Board::new(3);
        b.play((1, 0), Stone::Black);
        b.play((0, 1), Stone::Black);
        b.play((0, 0), Stone::White); // no liberty, captures nothing
        assert_eq!(b.get((0, 0)), None);
        assert_eq!(b.stones().len(), 2);

        // . W B / W B . : black at the corner has no liberty of its own
        // but takes the white stone at (1,0) first, and stays.
        let mut c = Board::new(3);
        c.set((1, 0), Some(Stone::White));
        c.set((2, 0), Some(Stone::Black));
        c.set((0, 1), Some(Stone::White));
        c.set((1, 1), Some(Stone::Black));
        c.play((0, 0), Stone::Black);
        assert_eq!(c.get((0, 0)), Some(Stone::Black));
        assert_eq!(c.get((1, 0)), None);
        assert_eq!(c.get((0, 1)), Some(Stone::White));
    }

    #[test]
    fn off_board_is_ignored_and_setup_does_not_capture() {
        let mut b = Board::new(3);
        b.play((5, 5), Stone::Black);
        assert!(b.stones().is_empty());
        b.set((0, 0), Some(Stone::White));
        b.set((1, 0), Some(Stone::Black));
        b.set((0, 1), Some(Stone::Black));
        assert_eq!(b.get((0, 0)), Some(Stone::White));
        let mut c = b.clone();
        c.set((0, 0), None);
        assert_ne!(b, c);
    }
}
