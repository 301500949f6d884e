//! The hit roll both shooting and melee make: one D3 with labelled modifiers, hits floored at
//! 0, and at most one re-roll whose second score must be accepted — offered to the attacker
//! (flank, attached commander, entrenched shooter) or, for a target on a hill, to the
//! defender. Bands give one band per hit count, and tell apart the natural score that runs
//! the shooter out of ammunition, so the steps that follow depend on the roll only through
//! its band.

use crate::dice::{Dice, Die, Modifier};
use crate::procedure::{Band, ChoiceRequest, DiceRequest};
use crate::rules::kit::{Cursor, Need, Roll};

/// Why a re-roll is allowed: a label and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reason {
    pub(crate) label: String,
    pub(crate) rule: String,
}

impl Reason {
    pub(crate) fn new(label: impl Into<String>, rule: impl Into<String>) -> Reason {
        Reason {
            label: label.into(),
            rule: rule.into(),
        }
    }
}

/// A hit roll as proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HitRoll {
    pub(crate) label: String,
    pub(crate) rule: String,
    pub(crate) dice: Dice,
    /// The natural face that runs the unit out of ammunition, when the hit die checks it.
    pub(crate) ammo_face: Option<u8>,
    /// Why the attacker may re-roll (empty: it may not).
    pub(crate) attacker: Vec<Reason>,
    /// Why the defender may make the attacker re-roll (empty: it may not).
    pub(crate) defender: Vec<Reason>,
}

/// The accepted result of a hit roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The accepted natural D3.
    pub(crate) face: u8,
    /// Hits after modifiers, never below 0.
    pub(crate) hits: i32,
    /// The accepted die ran the unit out of ammunition.
    pub(crate) out_of_ammo: bool,
    /// Whether the roll was re-rolled.
    pub(crate) rerolled: bool,
}

/// A single D3 with these modifiers.
pub fn d3_with(modifiers: Vec<Modifier>) -> Dice {
    Dice {
        count: 1,
        die: Die::D3,
        modifiers,
        hits_on: None,
    }
}

/// "no hits", "1 hit", "3 hits".
pub(crate) fn plural(hits: i32) -> String {
    match hits {
        0 => "no hits".into(),
        1 => "1 hit".into(),
        n => format!("{n} hits"),
    }
}

fn join(reasons: &[Reason], f: impl Fn(&Reason) -> &str) -> String {
    reasons.iter().map(f).collect::<Vec<_>>().join("; ")
}

/// The sections the reasons cite, each once: "§5.6, §7.2".
fn rules(reasons: &[Reason]) -> String {
    let mut sections: Vec<&str> = Vec::new();
    for part in reasons.iter().flat_map(|r| r.rule.split(", ")) {
        if !sections.contains(&part) {
            sections.push(part);
        }
    }
    sections.join(", ")
}

impl HitRoll {
    /// Hits from a natural face: modified, never below 0 (§1.2).
    pub(crate) fn hits(&self, face: u8) -> i32 {
        self.dice.total(&[face]).max(0)
    }

    fn out(&self, face: u8) -> bool {
        self.ammo_face == Some(face)
    }

    /// What a result reads as, for bands and choices.
    pub(crate) fn describe(&self, face: u8) -> String {
        let hits = plural(self.hits(face));
        if self.out(face) {
            format!("{hits}, out of ammunition")
        } else {
            hits
        }
    }

    /// One band per hit count, the ammunition-ending score apart.
    pub(crate) fn bands(&self) -> Vec<Band> {
        let die = self.dice.die;
        let mut bands: Vec<(Band, (i32, bool))> = Vec::new();
        for face in die.min()..=die.max() {
            let total = self.dice.total(&[face]);
            let key = (self.hits(face), self.out(face));
            match bands.last_mut() {
                Some((band, k)) if *k == key => band.to = total,
                _ => bands.push((Band::new(total, total, self.describe(face)), key)),
            }
        }
        bands.into_iter().map(|(b, _)| b).collect()
    }

    /// The average hits of one roll, to decide which choice the odds assume.
    pub(crate) fn mean_hits(&self) -> f64 {
        let die = self.dice.die;
        let sum: i32 = (die.min()..=die.max()).map(|f| self.hits(f)).sum();
        f64::from(sum) / f64::from(die.sides())
    }

    /// The dice request, first roll or re-roll.
    pub(crate) fn request(&self, reroll: bool) -> DiceRequest {
        let label = if reroll {
            format!("{} — re-roll (the second score stands)", self.label)
        } else {
            self.label.clone()
        };
        DiceRequest::total(label, self.rule.clone(), self.dice.clone(), self.bands())
    }

    /// A side's choice on the first score: the attacker may re-roll (assumed when the score
    /// is below the mean), the defender may make him (assumed when it is above).
    fn choice(&self, face: u8, defender: bool) -> ChoiceRequest {
        let (hits, mean) = (f64::from(self.hits(face)), self.mean_hits());
        let (reasons, keep, reroll, assumed) = if defender {
            let reroll = "Make the attacker re-roll";
            (&self.defender, "Let it stand", reroll, hits > mean)
        } else {
            let reroll = "Re-roll the D3 and accept the second score";
            (&self.attacker, "Keep the score", reroll, hits < mean)
        };
        let who = join(reasons, |r| &r.label);
        let label = if defender {
            format!("{who}: the defender may make the attacker re-roll (the second score stands)")
        } else {
            format!("Re-roll ({who})? The second score must be accepted")
        };
        ChoiceRequest {
            label,
            rule: rules(reasons),
            options: vec![format!("{keep}: {}", self.describe(face)), reroll.into()],
            assumed: usize::from(assumed),
        }
    }

    fn done(&self, face: u8, rerolled: bool) -> Outcome {
        Outcome {
            face,
            hits: self.hits(face),
            out_of_ammo: self.out(face),
            rerolled,
        }
    }

    /// The roll read from `cursor`: the first score, each side's re-roll choice in turn (the
    /// attacker's, then the defender's), and the second score if one was called for.
    pub(crate) fn read(&self, cursor: &mut Cursor) -> Need<Outcome> {
        let first = natural(&cursor.roll(self.request(false))?);
        for (reasons, defender) in [(&self.attacker, false), (&self.defender, true)] {
            if reasons.is_empty() {
                continue;
            }
            if cursor.choose(self.choice(first, defender))? != 0 {
                let second = natural(&cursor.roll(self.request(true))?);
                return Ok(self.done(second, true));
            }
        }
        Ok(self.done(first, false))
    }
}

/// The natural face of a one-die roll.
fn natural(roll: &Roll) -> u8 {
    roll.faces.first().copied().unwrap_or_default()
}
