//! The procedure driver under every scripted test: a procedure stepped to its end with each
//! request answered from the script, and the typed roll that answers a dice request.

use adjutant_core::battle::state::Context;
use adjutant_core::dice::Rolled;
use adjutant_core::odds::{Odds, procedure_odds};
use adjutant_core::procedure::{DiceRequest, Input, Procedure, Resolution, Step};

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
