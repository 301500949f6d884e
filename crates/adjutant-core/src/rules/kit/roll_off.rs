//! The roll-off every system starts a turn or a battle with: each side rolls one die, the
//! higher wins, and a tie is rolled again within the same roll-off. The second die is asked
//! with three bands only (the first side wins, a tie, the second side wins), and a tie says
//! so with [`Cursor::again`], so the odds walk sums the repeats instead of walking them. Each
//! die is read with [`Cursor::roll`]: an answer that is no throw of it (a card, a face the die
//! does not have) stops the roll-off there rather than deciding it.

use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind};
use crate::procedure::{Band, DiceRequest};
use crate::rules::kit::{Cursor, Need};

/// A roll-off to read from a cursor.
pub(crate) struct RollOff<'a> {
    /// The die each side rolls.
    pub(crate) die: Die,
    /// The sides' names, side 0 first.
    pub(crate) names: [&'a str; 2],
    /// What a side does when its roll is the higher ("wins", "go first"), after its name.
    pub(crate) wins: &'a str,
    /// The rule cited on each roll.
    pub(crate) rule: &'a str,
}

/// One roll of a roll-off, as its label is written.
pub(crate) struct Round<'r> {
    /// The side rolling.
    pub(crate) who: usize,
    /// The ties rolled so far in this roll-off, the first first.
    pub(crate) ties: &'r [i32],
    /// The first side's roll, when the second side rolls.
    pub(crate) to_beat: Option<i32>,
}

impl Round<'_> {
    /// The round's number, from 1.
    pub(crate) fn number(&self) -> usize {
        self.ties.len() + 1
    }

    /// " again (tied at N)" after a tie; nothing on the first round.
    pub(crate) fn again(&self) -> String {
        match self.ties.last() {
            Some(tied) => format!(" again (tied at {tied})"),
            None => String::new(),
        }
    }

    /// " (to beat N)" on the second side's roll; nothing on the first side's.
    pub(crate) fn to_beat(&self) -> String {
        match self.to_beat {
            Some(a) => format!(" (to beat {a})"),
            None => String::new(),
        }
    }
}

/// How a roll-off came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Won {
    /// The side with the higher roll.
    pub(crate) winner: usize,
    /// The ties rolled again on the way, the first first.
    pub(crate) ties: Vec<i32>,
}

impl Won {
    /// A fact for each tie rolled again: "Initiative tied at 4: rolled again", the rule
    /// cited after it when given.
    pub(crate) fn tie_facts(&self, what: &str, rule: Option<&str>) -> Vec<Event> {
        let cited = rule.map(|r| format!(" ({r})")).unwrap_or_default();
        self.ties
            .iter()
            .map(|t| {
                Event::fact(
                    FactKind::Turn,
                    None,
                    format!("{what} tied at {t}: rolled again{cited}"),
                )
            })
            .collect()
    }
}

impl<'a> RollOff<'a> {
    /// A roll-off of `die` between `names`, each of whom `wins` (after the name) when its roll
    /// is the higher, citing `rule`.
    pub(crate) fn new(die: Die, names: [&'a str; 2], wins: &'a str, rule: &'a str) -> RollOff<'a> {
        RollOff {
            die,
            names,
            wins,
            rule,
        }
    }

    /// Reads the roll-off from `cursor`, each roll labelled by `label`: to the winner, or the
    /// request it stops at.
    pub(crate) fn read(&self, cursor: &mut Cursor, label: impl Fn(&Round) -> String) -> Need<Won> {
        let (low, high) = (i32::from(self.die.min()), i32::from(self.die.max()));
        let mut ties = Vec::new();
        loop {
            // Each round starts afresh: a tie brings the roll-off back to where it began.
            let since = cursor.used();
            let first = Round {
                who: 0,
                ties: &ties,
                to_beat: None,
            };
            let faces = (low..=high)
                .map(|f| Band::new(f, f, f.to_string()))
                .collect();
            let a = cursor.roll(self.request(&first, &label, faces))?.reading;
            // The second die matters only as lower, equal or higher.
            let mut bands = Vec::new();
            if a > low {
                bands.push(Band::new(low, a - 1, self.winning(0)));
            }
            bands.push(Band::new(a, a, "tie: roll again"));
            if a < high {
                bands.push(Band::new(a + 1, high, self.winning(1)));
            }
            let second = Round {
                who: 1,
                ties: &ties,
                to_beat: Some(a),
            };
            let b = cursor.roll(self.request(&second, &label, bands))?.reading;
            if a != b {
                return Ok(Won {
                    winner: usize::from(b > a),
                    ties,
                });
            }
            // A tie is rolled again: the odds walk sums the repeats.
            cursor.again(since)?;
            ties.push(a);
        }
    }

    fn winning(&self, side: usize) -> String {
        format!("{} {}", self.names[side], self.wins)
    }

    fn request(
        &self,
        round: &Round,
        label: &impl Fn(&Round) -> String,
        bands: Vec<Band>,
    ) -> DiceRequest {
        DiceRequest::total(label(round), self.rule, Dice::new(1, self.die), bands).by(round.who)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_says_what_came_before() {
        let first = Round {
            who: 0,
            ties: &[],
            to_beat: None,
        };
        assert_eq!(
            (first.number(), first.again(), first.to_beat()),
            (1, String::new(), String::new())
        );
        let later = Round {
            who: 1,
            ties: &[2, 5],
            to_beat: Some(3),
        };
        assert_eq!(later.number(), 3);
        assert_eq!(later.again(), " again (tied at 5)");
        assert_eq!(later.to_beat(), " (to beat 3)");
    }

    #[test]
    fn each_tie_is_a_fact() {
        let won = Won {
            winner: 1,
            ties: vec![4],
        };
        let facts = won.tie_facts("Initiative", Some("§2.2"));
        assert_eq!(
            facts,
            [Event::fact(
                FactKind::Turn,
                None,
                "Initiative tied at 4: rolled again (§2.2)"
            )]
        );
        assert!(
            Won {
                winner: 0,
                ties: Vec::new()
            }
            .tie_facts("Initiative", None)
            .is_empty()
        );
    }
}
