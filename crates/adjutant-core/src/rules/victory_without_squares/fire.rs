//! Firing (§5): count the firing bases (pike never, artillery double, half once out
//! of powder), apply the modifiers table to that number, and roll a D10: a score at or below
//! the modified figures takes one formation level off the target. A gun rolling 0 runs out of
//! powder. A Disordered target hit again draws: break or retire 4" (§5.6). A body of the side
//! not moving fires only in the opponent's turn, and first needs its card (§5.1); a leader with
//! the target draws for casualty (§9.2).
//!
//! The roll is read as D10 − figures, so each modifier to the figures shows with its sign
//! reversed on the die: the shot hits on 0 or less.

use crate::rules::kit::done;
use std::sync::Arc;

use super::common::{Doing, leader_casualty, loss_events, one_action, own_move, pair, present};
use super::keys::*;
use super::manoeuvre::{Situation, best};
use super::status::{active_leader, kind};
use super::tables::{Manoeuvre, VwsTables};
use crate::battle::state::Context;
use crate::cards::Card;
use crate::dice::{Dice, Die, Modifier};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{
    AtMost, Band, Call, CardRead, CardRequest, DiceRequest, Offer, ParamSpec, Procedure, Refusal,
    Step,
};
use crate::rules::kit::events::{set_flag, set_track};
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::{NO, Rules, YES, answer_of, choice, yes_no};
use crate::rules::kit::{Body, Cursor, Need};

const RULE: &str = "§5.5";
const MODS: &str = "§5.4";
const WHO: &str = "§5.1";

/// The questions a shot needs answered.
pub(crate) fn params(ctx: &Context, firer: PieceId) -> Vec<ParamSpec> {
    // A shot is made at a target in range and arc (§5.2); the modifiers start at their plain
    // case, none (§5.4).
    let mut p = vec![
        yes_no(
            IN_RANGE,
            "Target in range and straight ahead (muskets 4\", pistols 1\", guns 20\" cone)",
        )
        .by(YES, "§5.2"),
        yes_no(COVER, "Target in cover (small arms −1)").by(NO, MODS),
        choice(
            ANGLE,
            "Line of fire",
            &["frontal", "oblique", "enfilade or rear"],
        )
        .by(0, MODS),
    ];
    if kind(ctx, firer) == TRAIN {
        p.push(yes_no(CLOSE_GUNS, "Target at 8\" or less (guns +2)").by(NO, MODS));
    }
    p
}

/// Firing bases before modifiers (§5.3). Out of powder halves a gun's figures (§5.7), or with
/// the switch `powder_halves_bases` its bases, rounding down to at least one.
pub fn firing_figures(t: &VwsTables, ctx: &Context, firer: PieceId) -> i32 {
    let Some(u) = ctx.roster.unit(firer) else {
        return 0;
    };
    let s = ctx.status(firer);
    if s.flag(HEDGEHOG) {
        return 1;
    }
    match u.kind.as_str() {
        FOOT if u.has(ALL_PIKE) => 0,
        FOOT => u.stat(BASES) - u.stat(PIKE),
        HORSE_2_RANK => u.stat(BASES) / 2,
        TRAIN if s.flag(OUT_OF_POWDER) && t.switches.powder_halves_bases => {
            (u.stat(BASES) / 2).max(1) * 2
        }
        TRAIN if s.flag(OUT_OF_POWDER) => u.stat(BASES),
        TRAIN => u.stat(BASES) * 2,
        _ => u.stat(BASES),
    }
}

/// Whether the firer's side is not the one moving: it fires only on a card (§5.1).
pub(crate) fn in_opponents_turn(ctx: &Context, firer: PieceId) -> bool {
    ctx.state.phase == super::turn::PHASE_MOVES && !own_move(ctx, firer)
}

/// Whether this body may fire at that one now.
pub(crate) fn check(
    t: &VwsTables,
    ctx: &Context,
    firer: PieceId,
    target: PieceId,
) -> Result<(), Refusal> {
    present(ctx, firer)?;
    present(ctx, target)?;
    let name = ctx.roster.name(firer);
    let s = ctx.status(firer);
    if ctx.roster.side_of(firer) == ctx.roster.side_of(target) || ctx.roster.unit(target).is_none()
    {
        return Err(Refusal::new("bodies fire at enemy bodies", WHO));
    }
    if ctx.state.phase != super::turn::PHASE_MOVES {
        return Err(Refusal::new(
            "roll for initiative first: bodies fire in the turn's moves",
            "§2.2, §5.1",
        ));
    }
    if s.rung(FORMATION) >= DISORDERED {
        return Err(Refusal::new(
            format!("{name} is Disordered or Broken: disordered bodies do not fire"),
            "§1.4, §5.1",
        ));
    }
    if s.flag(COLUMN) {
        return Err(Refusal::new(
            format!("{name} is in column: a column cannot fire"),
            "§3.4",
        ));
    }
    // A hedgehog fires one base out of each face: up to 4 separate shots.
    let fired = if s.flag(HEDGEHOG) {
        s.track(SHOTS) >= 4
    } else if kind(ctx, firer) == HORSE_2_RANK {
        s.track(SHOTS) >= 2
    } else {
        s.flag(FIRED)
    };
    if fired {
        return Err(Refusal::new(
            format!("{name} has fired this turn (once; 2-rank horse twice; a hedgehog 4 times)"),
            WHO,
        ));
    }
    if kind(ctx, firer) == TRAIN && s.flag(LIMBERED) {
        return Err(Refusal::new(
            format!("{name} is limbered: unlimber first, a full turn"),
            "§3.4",
        ));
    }
    if s.flag(UNLIMBERING) {
        return Err(Refusal::new(
            format!("{name} is unlimbering: that takes the full turn; it fires from next turn"),
            "§3.4",
        ));
    }
    if firing_figures(t, ctx, firer) <= 0 {
        return Err(Refusal::new(
            format!("{name} has no firearms: pike bases do not count"),
            "§5.3",
        ));
    }
    one_action(ctx, firer, Doing::Fire)
}

/// The offer for a firer and target.
pub(crate) fn offer_for(t: &VwsTables, ctx: &Context, firer: PieceId, target: PieceId) -> Offer {
    let label = if in_opponents_turn(ctx, firer) {
        format!(
            "Fire at {} (opponent's turn: needs a card)",
            ctx.roster.name(target)
        )
    } else {
        format!("Fire at {}", ctx.roster.name(target))
    };
    offer(
        P_FIRE,
        label,
        params(ctx, firer),
        check(t, ctx, firer, target),
    )
}

/// Starts a shot, or refuses it.
pub(crate) fn build(
    ctx: &Context,
    t: &Arc<VwsTables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let (firer, target) = pair(call, RULE)?;
    check(t, ctx, firer, target)?;
    let specs = params(ctx, firer);
    if answer_of(call, &specs, IN_RANGE) == 0 {
        return Err(Refusal::new(
            "the target is out of range or outside the arc",
            "§5.2",
        ));
    }
    let figures = firing_figures(t, ctx, firer);
    let k = kind(ctx, firer);
    let ts = ctx.status(target);
    let trung = ts.rung(FORMATION);
    let mut on = Vec::new();
    let mut want = |key: &str, cond: bool| {
        if cond {
            on.push(key.to_string());
        }
    };
    want("pistols", super::status::horse_kind(k));
    want(
        "firer_unsteady",
        ctx.status(firer).rung(FORMATION) == UNSTEADY,
    );
    want("cover", k != TRAIN && answer_of(call, &specs, COVER) == 1);
    want("oblique", answer_of(call, &specs, ANGLE) == 1);
    want("enfilade", answer_of(call, &specs, ANGLE) == 2);
    want("target_shaken", trung == UNSTEADY || trung == BROKEN);
    want("target_disordered", trung == DISORDERED);
    want("hedgehog", ts.flag(HEDGEHOG));
    want(
        "close_guns",
        k == TRAIN && answer_of(call, &specs, CLOSE_GUNS) == 1,
    );
    // As the rules write it: "Roll D10: Score <= modified firing figures" (§5.5), the
    // figures (§5.3) and each modifier to them (§5.4) listed with their signs.
    let mut figures = vec![Modifier::new(figures, "Firing figures", "§5.3")];
    for key in on {
        if let Some(r) = t.fire(&key) {
            figures.push(Modifier::new(r.value, capitalised(&r.label), "§5.4"));
        }
    }
    Ok(Box::new(Fire {
        tables: Arc::clone(t),
        firer,
        target,
        figures: AtMost {
            label: "modified firing figures".into(),
            parts: figures,
        },
        guns: k == TRAIN,
        reaction_draws: match in_opponents_turn(ctx, firer) {
            false => 0,
            true if active_leader(ctx, firer).is_some() => 2,
            true => 1,
        },
        target_rung: trung,
        leader: active_leader(ctx, target),
    }))
}

/// A shot in progress.
pub(crate) struct Fire {
    pub(crate) tables: Arc<VwsTables>,
    pub(crate) firer: PieceId,
    pub(crate) target: PieceId,
    /// The modified firing figures the score is held against.
    pub(crate) figures: AtMost,
    pub(crate) guns: bool,
    /// Cards for fire in the opponent's turn (0 in the firer's own turn).
    pub(crate) reaction_draws: u8,
    pub(crate) target_rung: u8,
    pub(crate) leader: Option<PieceId>,
}

impl Fire {
    /// The roll: a D10 whose score hits at or below the modified firing figures (a gun's 0
    /// runs it out of powder, §5.7).
    fn request(&self) -> DiceRequest {
        let m = self.figures.value();
        let mut bands = Vec::new();
        if self.guns {
            let label = if m >= 0 {
                "0: hit, and the gun is out of powder"
            } else {
                "0: miss, and the gun is out of powder"
            };
            bands.push(Band::new(0, 0, label));
            bands.push(Band::new(1, m, "hit: one formation level"));
            bands.push(Band::new((m + 1).max(1), 9, "miss"));
        } else {
            bands.push(Band::new(0, m, "hit: one formation level"));
            bands.push(Band::new((m + 1).max(0), 9, "miss"));
        }
        bands.retain(|b| b.from <= b.to);
        DiceRequest::total(
            format!("Fire: score ≤ modified firing figures ({m})"),
            RULE,
            Dice::new(1, Die::D10),
            bands,
        )
        .against(self.figures.clone())
    }
}

/// `label` with its first letter a capital ("firing pistols" reads "Firing pistols").
fn capitalised(label: &str) -> String {
    let mut c = label.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

impl Body for Fire {
    fn title(&self) -> String {
        "Fire".into()
    }

    fn body(&self, ctx: &Context, cur: &mut Cursor) -> Need<Step> {
        let name = ctx.roster.name(self.firer).to_string();
        let tname = ctx.roster.name(self.target).to_string();
        let mut events = Vec::new();
        if self.reaction_draws > 0 {
            let mut cards: Vec<Card> = Vec::new();
            for _ in 0..self.reaction_draws {
                cards.push(cur.card(CardRequest {
                    label: format!("{name}: fire in opponent's turn"),
                    rule: "§4.1, §5.1".into(),
                    draws: self.reaction_draws,
                    reads: CardRead::SuitAndPicture,
                })?);
            }
            let (_, v) = best(
                &self.tables,
                Manoeuvre::ReactionFire,
                &cards,
                Situation::default(),
            );
            events.push(Event::fact(
                FactKind::Command,
                Some(self.firer),
                v.why.clone(),
            ));
            if !v.allowed {
                return Ok(done("may not fire", events));
            }
        }
        let (_, score) = cur.reading(self.request())?;
        let hit = score <= self.figures.value();
        let powder = self.guns && score == 0;
        let s = ctx.status(self.firer);
        if kind(ctx, self.firer) == HORSE_2_RANK || s.flag(HEDGEHOG) {
            events.push(set_track(self.firer, SHOTS, s.track(SHOTS) + 1));
        }
        events.push(set_flag(self.firer, FIRED, true));
        if powder {
            events.push(set_flag(self.firer, OUT_OF_POWDER, true));
            events.push(Event::fact(
                FactKind::Supply,
                Some(self.firer),
                format!("{name} rolled 0: out of powder, half effect from now on (§5.7)"),
            ));
        }
        let mut summary = if hit {
            "hit".to_string()
        } else {
            "miss".to_string()
        };
        if powder {
            summary.push_str(", out of powder");
        }
        if !hit {
            events.push(Event::fact(
                FactKind::Fire,
                Some(self.target),
                format!("{name} fires at {tname}: miss"),
            ));
        } else if self.target_rung == DISORDERED {
            let card = cur.card(CardRequest {
                label: format!("{tname}: Disordered and hit again"),
                rule: "§5.6".into(),
                draws: 1,
                reads: CardRead::SuitAndPicture,
            })?;
            let suit = card.suit();
            if suit.is_some_and(|s| self.tables.hit_again_breaks.contains(&s)) {
                let (_, ev) = loss_events(
                    ctx,
                    self.target,
                    1,
                    &format!("{card}: hit again while Disordered, breaks"),
                );
                events.extend(ev);
                summary.push_str(", breaks");
            } else {
                events.push(Event::fact(
                    FactKind::Morale,
                    Some(self.target),
                    format!(
                        "{card}: {tname} retires 4\" at once facing the enemy; counts as its move"
                    ),
                ));
                summary.push_str(", retires 4\"");
            }
        } else {
            let (_, ev) = loss_events(ctx, self.target, 1, &format!("fire from {name}"));
            events.extend(ev);
        }
        if let Some(leader) = self.leader {
            let (s, ev) = leader_casualty(cur, &self.tables, ctx, leader, self.target)?;
            events.extend(ev);
            summary = format!("{summary}; {s}");
        }
        Ok(done(summary, events))
    }
}
