//! The record edits' options: what the user asks to have changed in every
//! game (`--main-line`, `--strip`, `--rotate`…), as plain data that
//! [`crate::edit`] carries out (docs/cli.md, "Editing").

/// One step of a board edit (`--rotate`, `--mirror`, `--flip`,
/// `--transpose`): what it does to the board, as `crate::edit` turns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStep {
    /// A quarter turn clockwise: the top-left corner goes to the top right.
    Quarter,
    /// Left and right exchanged.
    Mirror,
    /// Top and bottom exchanged.
    Flip,
    /// Columns and rows exchanged (the mirror in the top-left to
    /// bottom-right diagonal).
    Transpose,
}

impl BoardStep {
    /// The steps of the command's options, in their order: a turn of
    /// `degrees` clockwise (0, 90, 180 or 270), then `mirror`, `flip`,
    /// `transpose`.
    pub fn sequence(
        degrees: u32,
        mirror: bool,
        flip: bool,
        transpose: bool,
    ) -> Result<Vec<BoardStep>, String> {
        if degrees % 90 != 0 || degrees >= 360 {
            return Err(format!(
                "--rotate {degrees}: a turn is 90, 180 or 270 degrees"
            ));
        }
        let mut steps = vec![BoardStep::Quarter; (degrees / 90) as usize];
        let asked = [
            (mirror, BoardStep::Mirror),
            (flip, BoardStep::Flip),
            (transpose, BoardStep::Transpose),
        ];
        steps.extend(asked.into_iter().filter(|a| a.0).map(|a| a.1));
        Ok(steps)
    }
}

/// The record edits of a conversion, all off by default: what the user
/// asks to have changed in every game, between the dialect rules and the
/// writer (`crate::edit`, docs/cli.md "Editing").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct EditOptions {
    /// `--main-line`: every variation dropped.
    pub main_line: bool,
    /// `--no-comments`: `C` dropped.
    pub no_comments: bool,
    /// `--strip`: these identifiers and groups dropped (`crate::edit`
    /// says which groups there are, and refuses another word).
    pub strip: Option<Vec<String>>,
    /// `--keep`: all but these identifiers and groups (and what makes a
    /// record) dropped.
    pub keep: Option<Vec<String>>,
    /// The board turned by these steps, in order.
    pub board: Vec<BoardStep>,
}

impl EditOptions {
    /// Whether no edit is asked.
    pub fn is_none(&self) -> bool {
        *self == EditOptions::default()
    }
}
