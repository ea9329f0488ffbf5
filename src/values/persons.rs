//! `PI` of the 1999 `FF[5]` draft: the persons involved in a game, each a `key:name` entry.
//!
//! The draft: "Provides information about other persons (or
//! organizations) involved in the game. The first value is used as key."
//! Its recommended keys are a colour (`B`, `W`: a player of that colour,
//! several in team games), a colour with `a` (`Ba`, `Wa`: an assistant
//! to that player), `RF` (chief referee), `RFa` (assistant referee), `US`
//! (who records the moves), `TK` (timekeeper), `AN` (who analyses the
//! game), `CO` (who wrote the comments) and `SP` (sponsor). Any other key
//! is kept as it is written.

use crate::stone::Colour;

/// What a person of a `PI` entry does in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// A player of that colour (`B`, `W`).
    Player(Colour),
    /// An assistant to the player of that colour (`Ba`, `Wa`).
    Assistant(Colour),
    /// The chief referee (`RF`).
    Referee,
    /// An assistant referee (`RFa`).
    AssistantReferee,
    /// Who records the moves (`US`).
    Recorder,
    /// Who keeps the players' time (`TK`).
    Timekeeper,
    /// Who analyses the game (`AN`).
    Analyst,
    /// Who wrote the comments (`CO`).
    Commentator,
    /// A sponsor (`SP`).
    Sponsor,
    /// A key the draft does not recommend, as written.
    Other(String),
}

impl Role {
    /// The role of a draft key.
    pub fn of_key(key: &str) -> Role {
        match key {
            "B" | "Black" | "black" => Role::Player(Colour::Black),
            "W" | "White" | "white" => Role::Player(Colour::White),
            "Ba" => Role::Assistant(Colour::Black),
            "Wa" => Role::Assistant(Colour::White),
            "RF" => Role::Referee,
            "RFa" => Role::AssistantReferee,
            "US" => Role::Recorder,
            "TK" => Role::Timekeeper,
            "AN" => Role::Analyst,
            "CO" => Role::Commentator,
            "SP" => Role::Sponsor,
            other => Role::Other(other.to_string()),
        }
    }

    /// The `FF[4]` property that holds this role, if there is one.
    pub fn ff4_property(&self) -> Option<&'static str> {
        Some(match self {
            Role::Player(Colour::Black) => "PB",
            Role::Player(Colour::White) => "PW",
            Role::Recorder => "US",
            Role::Analyst => "AN",
            _ => return None,
        })
    }
}

/// One entry of a `PI`: the role and the name; `None` for an entry with
/// no `:` or an empty key or name.
pub fn read_person(entry: &str) -> Option<(Role, &str)> {
    let (key, name) = entry.split_once(':')?;
    let (key, name) = (key.trim(), name.trim());
    (!key.is_empty() && !name.is_empty()).then(|| (Role::of_key(key), name))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The draft's example, entry by entry.
    #[test]
    fn the_drafts_example() {
        let got: Vec<_> = [
            "B:Aoki Kikuyo, 6 dan",
            "W:Komatsu Hideki, 9 dan",
            "AN:Rin Kaiho, 9 dan",
            "CO:Taniguchi Makio (Kido)",
            "RF:Ma Xiaochun, Mingren",
            "RFa:Nie Weiping",
            "SP:Samsung",
        ]
        .iter()
        .map(|e| read_person(e).unwrap())
        .collect();
        assert_eq!(got[0], (Role::Player(Colour::Black), "Aoki Kikuyo, 6 dan"));
        assert_eq!(got[1].0.ff4_property(), Some("PW"));
        assert_eq!(got[2].0.ff4_property(), Some("AN"));
        assert_eq!(
            (got[3].0.clone(), got[3].0.ff4_property()),
            (Role::Commentator, None)
        );
        assert_eq!(got[4], (Role::Referee, "Ma Xiaochun, Mingren"));
        assert_eq!(got[5].0, Role::AssistantReferee);
        assert_eq!(got[6], (Role::Sponsor, "Samsung"));
        assert_eq!(read_person("Ma Xiaochun"), None);
        assert_eq!(read_person("XY:z"), Some((Role::Other("XY".into()), "z")));
    }
}
