//! The procedure driver under every scripted test: a procedure stepped to its end with each
//! request answered from the script (the one loop, [`drive_by`]; given faces, cards and
//! choices, [`drive`]; a call of a rule system on a battle, [`run_with`] and
//! [`run_choosing`]), and the typed roll that answers a dice request.

use adjutant_core::battle::Battle;
use adjutant_core::battle::state::Context;
use adjutant_core::dice::Rolled;
use adjutant_core::odds::{Odds, procedure_odds};
use adjutant_core::procedure::{Call, DiceRequest, Input, Procedure, Resolution, Step};
use adjutant_core::rules::RuleSystem;

use crate::position::card;

/// The answer to a dice request: these faces, typed.
pub fn typed(req: &DiceRequest, faces: Vec<u8>) -> Input {
    Input::Dice(Rolled {
        dice: req.dice.clone(),
        faces,
        typed: true,
    })
}

/// The odds of a procedure once its first request, a roll, is answered with `faces` typed (a
/// roll-off after the first side's die).
pub fn odds_after_first_roll(p: &dyn Procedure, ctx: &Context, faces: Vec<u8>) -> Odds {
    let Step::Dice(first) = p.step(ctx, &[]) else {
        panic!("the procedure starts with a die")
    };
    procedure_odds(p, ctx, &[typed(&first, faces)])
}

/// Steps a procedure to its end, answering each request (dice, card or choice) with `answer`;
/// returns the dice requests met and the result.
pub fn drive_by(
    p: &dyn Procedure,
    ctx: &Context,
    mut answer: impl FnMut(&Step) -> Input,
) -> (Vec<DiceRequest>, Resolution) {
    let mut inputs = Vec::new();
    let mut requests = Vec::new();
    loop {
        match p.step(ctx, &inputs) {
            Step::Done(res) => return (requests, res),
            step => {
                inputs.push(answer(&step));
                if let Step::Dice(req) = step {
                    requests.push(req);
                }
            }
        }
    }
}

/// Steps a procedure to its end, answering each dice request with the next face (one die),
/// each card request with the next card, and each choice with the next of `choices`, or with
/// the assumed option when `choices` is `None`. Returns the dice requests met and the result.
pub fn drive(
    p: &dyn Procedure,
    ctx: &Context,
    faces: &[u8],
    cards: &[&str],
    choices: Option<&[usize]>,
) -> (Vec<DiceRequest>, Resolution) {
    let (mut faces, mut cards) = (faces.iter(), cards.iter());
    let mut choices = choices.map(|c| c.iter());
    drive_by(p, ctx, |step| match step {
        Step::Dice(req) => typed(
            req,
            vec![*faces.next().expect("a face for every dice request")],
        ),
        Step::Card(_) => Input::Card(card(cards.next().expect("a card"))),
        Step::Choice(req) => Input::Choice(match choices.as_mut() {
            Some(c) => *c.next().expect("a choice"),
            None => req.assumed,
        }),
        Step::Done(_) => unreachable!("the driver stops at the end"),
    })
}

/// Runs a call of `system` on the battle with dice faces and cards given in order, taking the
/// assumed option at each choice.
pub fn run_with(
    system: &dyn RuleSystem,
    b: &Battle,
    c: &Call,
    faces: &[u8],
    cards: &[&str],
) -> Resolution {
    let ctx = b.context();
    let p = system
        .procedure(&ctx, c)
        .unwrap_or_else(|r| panic!("refused: {r}"));
    drive(p.as_ref(), &ctx, faces, cards, None).1
}

/// Runs a call of `system` on the battle with dice faces and choices given in order; returns
/// the dice requests met and the result.
pub fn run_choosing(
    system: &dyn RuleSystem,
    b: &Battle,
    c: &Call,
    faces: &[u8],
    choices: &[usize],
) -> (Vec<DiceRequest>, Resolution) {
    let ctx = b.context();
    let p = system
        .procedure(&ctx, c)
        .unwrap_or_else(|r| panic!("refused: {r}"));
    drive(p.as_ref(), &ctx, faces, &[], Some(choices))
}
