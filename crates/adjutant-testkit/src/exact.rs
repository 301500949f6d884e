//! Exact odds: a probability as a reduced fraction, and the odds of every outcome of a
//! procedure walked band by band (each choice taking its assumed option), summed exactly.

use std::collections::BTreeMap;

use adjutant_core::battle::state::Context;
use adjutant_core::dice::Rolled;
use adjutant_core::procedure::{Input, Procedure, Step};

/// An exact probability as a reduced fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Q(pub u128, pub u128);

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

// `add` and `mul` by name, as the tests read them: a fraction's sum and product.
#[allow(clippy::should_implement_trait)]
impl Q {
    pub fn new(n: u128, d: u128) -> Q {
        let g = gcd(n, d).max(1);
        Q(n / g, d / g)
    }
    pub fn add(self, o: Q) -> Q {
        Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    pub fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
}

/// The exact odds of every summary, walking band by band (assumed options for choices).
pub fn exact_odds(p: &dyn Procedure, ctx: &Context) -> BTreeMap<String, Q> {
    let mut out = BTreeMap::new();
    walk(p, ctx, &mut Vec::new(), Q(1, 1), &mut out);
    out
}

fn walk(
    p: &dyn Procedure,
    ctx: &Context,
    inputs: &mut Vec<Input>,
    q: Q,
    out: &mut BTreeMap<String, Q>,
) {
    match p.step(ctx, inputs) {
        Step::Dice(req) => {
            for (band, ways, of) in req.band_odds() {
                if ways == 0 {
                    continue;
                }
                let faces = (band.from..=band.to)
                    .find_map(|v| req.faces_reading(v))
                    .expect("a reading in the band");
                inputs.push(Input::Dice(Rolled {
                    dice: req.dice.clone(),
                    faces,
                    typed: false,
                }));
                walk(p, ctx, inputs, q.mul(Q::new(ways, of)), out);
                inputs.pop();
            }
        }
        Step::Choice(req) => {
            inputs.push(Input::Choice(req.assumed));
            walk(p, ctx, inputs, q, out);
            inputs.pop();
        }
        Step::Card(_) => panic!("no cards"),
        Step::Done(res) => {
            let e = out.entry(res.summary).or_insert(Q(0, 1));
            *e = e.add(q);
        }
    }
}

/// The sum of a set of odds.
pub fn total(odds: &BTreeMap<String, Q>) -> Q {
    odds.values().fold(Q(0, 1), |a, &b| a.add(b))
}
