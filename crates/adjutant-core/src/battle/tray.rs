//! The dice tray and card panel as procedures: any dice with any modifiers, a card from the
//! deck. They go through the same request → input → events path as a rule system's
//! procedures, so the log, undo and the odds treat them alike.

use crate::battle::state::Context;
use crate::dice::Dice;
use crate::procedure::{
    Band, CardRead, CardRequest, DiceRequest, Input, Procedure, Resolution, Step,
};

/// Roll dice from the tray: the result is the modified total.
pub(crate) struct TrayRoll(pub Dice);

impl Procedure for TrayRoll {
    fn title(&self) -> String {
        format!("Roll {}", self.0)
    }

    fn step(&self, _ctx: &Context, inputs: &[Input]) -> Step {
        match inputs.first() {
            // The roll itself is already in the log as the entry's `Rolled` event.
            Some(Input::Dice(rolled)) => rolled_total(rolled.total()),
            _ => total_request(&self.0, format!("Roll {}", self.0)),
        }
    }
}

/// The tray's result: the total, its roll already in the log as a `Rolled` event.
fn rolled_total(total: i32) -> Step {
    Step::Done(Resolution {
        summary: total.to_string(),
        events: Vec::new(),
    })
}

/// The tray's request for `dice`, read as a total with a band for each total they can make.
fn total_request(dice: &Dice, label: String) -> Step {
    let bands = dice
        .distribution()
        .counts
        .keys()
        .map(|&t| Band::new(t, t, t.to_string()))
        .collect();
    Step::Dice(DiceRequest::total(
        label,
        String::new(),
        dice.clone(),
        bands,
    ))
}

/// Draw one card from the deck.
pub(crate) struct TrayDraw;

impl Procedure for TrayDraw {
    fn title(&self) -> String {
        "Draw a card".into()
    }

    fn step(&self, _ctx: &Context, inputs: &[Input]) -> Step {
        match inputs.first() {
            // The card itself is already in the log as the entry's `Drew` event.
            Some(Input::Card(card)) => Step::Done(Resolution {
                summary: if card.is_red() { "red" } else { "black" }.into(),
                events: Vec::new(),
            }),
            _ => Step::Card(CardRequest {
                label: "Draw a card".into(),
                rule: String::new(),
                draws: 1,
                reads: CardRead::Exact,
            }),
        }
    }
}

/// Roll dice of several kinds from the tray as one roll ("2D6 + D3"): each kind is asked for
/// in turn, and the result is the sum of their totals (modifiers ride on the first kind).
pub(crate) struct TrayMixed(pub Vec<Dice>);

/// The mixed roll in words: "2D6 + D3 +1".
pub fn mixed_name(groups: &[Dice]) -> String {
    groups
        .iter()
        .map(Dice::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

impl Procedure for TrayMixed {
    fn title(&self) -> String {
        format!("Roll {}", mixed_name(&self.0))
    }

    fn step(&self, _ctx: &Context, inputs: &[Input]) -> Step {
        let Some(dice) = self.0.get(inputs.len()) else {
            // Every kind is rolled; the rolls are already in the log as `Rolled` events.
            let total: i32 = inputs
                .iter()
                .map(|i| match i {
                    Input::Dice(rolled) => rolled.total(),
                    _ => 0,
                })
                .sum();
            return rolled_total(total);
        };
        total_request(
            dice,
            format!(
                "Roll {} ({} of {}: {})",
                dice,
                inputs.len() + 1,
                self.0.len(),
                mixed_name(&self.0)
            ),
        )
    }
}
