//! The rules a game is played under, read from its `RU`, as far as the
//! board check needs them: whether suicide is a legal move.
//!
//! `RU` is free text in `FF[4]` ("Japanese", "Chinese", "NZ", "GOE" are
//! its examples). Two kinds of value say what the board check needs:
//!
//! * KataGo's rule string (`koSIMPLEscoreTERRITORYtaxSEKIsui1`): `sui1`
//!   makes suicide of more than one stone legal, `sui0` none; its ko rule
//!   (`koSIMPLE`, `koPOSITIONAL`, `koSITUATIONAL`) forbids the immediate
//!   retaking of a simple ko under every choice, which is the ko the board
//!   checks, so it changes nothing there.
//! * Named rule sets: New Zealand (`NZ`, `New Zealand`) and Tromp-Taylor
//!   allow suicide of any group; Ing (`Ing`, `GOE`, `SST`) of more than
//!   one stone. Every other name (Japanese, Chinese, Korean, AGA, BGA…)
//!   forbids it, as does a game without `RU`.
//!
//! `formats/validation.md` ("Rules that allow suicide") has the table.

/// Which suicides a rule set allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Suicide {
    /// None: a suicide is illegal (and reported).
    #[default]
    Forbidden,
    /// Of a group of two stones or more; a single stone's is illegal.
    MultiStone,
    /// Of any group.
    Any,
}

impl Suicide {
    /// Whether a move that removes its own group of `stones` stones is
    /// legal.
    pub fn allows(self, stones: usize) -> bool {
        match self {
            Suicide::Forbidden => false,
            Suicide::MultiStone => stones >= 2,
            Suicide::Any => true,
        }
    }
}

/// The suicide rule of a game whose root says `RU[ru]` (none: forbidden).
pub fn suicide(ru: Option<&str>) -> Suicide {
    let Some(ru) = ru else {
        return Suicide::Forbidden;
    };
    if let Some(sui) = katago_suicide(ru.trim()) {
        return sui;
    }
    let name: String = ru
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match name.as_str() {
        "nz" | "newzealand" | "newzealandrules" | "nzrules" | "tromptaylor"
        | "tromptaylorrules" => Suicide::Any,
        "ing" | "goe" | "ingrules" | "sst" | "ingsst" | "ing2006" => Suicide::MultiStone,
        _ => Suicide::Forbidden,
    }
}

/// The suicide rule of a KataGo rule string (`ko…score…sui1`): `None` when
/// `ru` is not one.
fn katago_suicide(ru: &str) -> Option<Suicide> {
    if !ru.starts_with("ko") || !ru.contains("score") {
        return None;
    }
    let (_, after) = ru.split_once("sui")?;
    match after.as_bytes().first()? {
        b'1' => Some(Suicide::MultiStone),
        b'0' => Some(Suicide::Forbidden),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_strings_and_names() {
        for (ru, want) in [
            ("koSIMPLEscoreTERRITORYtaxSEKIsui1", Suicide::MultiStone),
            (
                "koPOSITIONALscoreAREAtaxNONEsui1button1",
                Suicide::MultiStone,
            ),
            ("koSIMPLEscoreAREAtaxNONEsui0", Suicide::Forbidden),
            ("NZ", Suicide::Any),
            ("New Zealand", Suicide::Any),
            ("Tromp-Taylor", Suicide::Any),
            ("tromp taylor", Suicide::Any),
            ("Ing", Suicide::MultiStone),
            ("GOE", Suicide::MultiStone),
            ("Japanese", Suicide::Forbidden),
            ("Chinese", Suicide::Forbidden),
            ("AGA", Suicide::Forbidden),
            ("", Suicide::Forbidden),
            ("Ingenious", Suicide::Forbidden),
        ] {
            assert_eq!(suicide(Some(ru)), want, "{ru}");
        }
        assert_eq!(suicide(None), Suicide::Forbidden);
        assert!(Suicide::MultiStone.allows(2) && !Suicide::MultiStone.allows(1));
        assert!(Suicide::Any.allows(1) && !Suicide::Forbidden.allows(5));
    }
}
