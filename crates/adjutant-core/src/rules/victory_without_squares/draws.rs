//! Card tests outside the manoeuvre table, and the small actions around them: a leader's
//! casualty card (§9.2), a body next to broken friends (§8.5), another round of pursuit
//! (Unsteady after the second, §8.2), recalling pursuers (a red card, or 4" or more behind,
//! §8.3), attaching a leader to a body (§9.1) and a leader captured when overrun (§9.3).

use crate::rules::kit::done;
use crate::rules::kit::fixed::Fixed;
use std::sync::Arc;

use super::common::{leader_card, loss_events, present};
use super::keys::*;
use crate::rules::kit::events::{set_flag, set_mark, set_rung, set_track};
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::{NO, Rules, answer_of, yes_no};
use crate::rules::kit::{Body, Cursor, Need, Script};

use super::tables::VwsTables;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, CardRead, CardRequest, Offer, ParamSpec, Procedure, Refusal, Step};

/// Which card test a [`CardTest`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Test {
    Leader,
    NearBroken,
    Recall,
}

/// A one-card test for a piece.
pub(crate) struct CardTest {
    pub(crate) tables: Arc<VwsTables>,
    pub(crate) piece: PieceId,
    pub(crate) test: Test,
}

impl Body for CardTest {
    fn title(&self) -> String {
        match self.test {
            Test::Leader => "Leader casualty card".into(),
            Test::NearBroken => "Next to broken friends: card".into(),
            Test::Recall => "Recall the pursuers: card".into(),
        }
    }

    fn body(&self, ctx: &Context, cur: &mut Cursor) -> Need<Step> {
        let name = ctx.roster.name(self.piece).to_string();
        let rule = match self.test {
            Test::Leader => "§9.2",
            Test::NearBroken => "§8.5",
            Test::Recall => "§8.3",
        };
        let card = cur.card(CardRequest {
            label: format!("{name}: {}", Script::title(self)),
            rule: rule.into(),
            draws: 1,
            reads: CardRead::SuitAndPicture,
        })?;
        Ok(match self.test {
            Test::Leader => {
                let unit = joined(ctx, self.piece);
                let (summary, events) = leader_card(&self.tables, ctx, self.piece, unit, card);
                done(summary, events)
            }
            Test::Recall if card.is_red() => done(
                "recalled",
                recall_events(ctx, self.piece, &format!("{card} (red)")),
            ),
            Test::Recall => done(
                "pursuit goes on",
                vec![Event::fact(
                    FactKind::Rout,
                    Some(self.piece),
                    format!("{card} (black): {name} cannot be recalled and pursues on"),
                )],
            ),
            Test::NearBroken => {
                let steps = card
                    .suit()
                    .and_then(|s| self.tables.near_broken.iter().find(|(x, _)| *x == s))
                    .map_or(0, |(_, n)| *n);
                let (_, mut events) = loss_events(
                    ctx,
                    self.piece,
                    steps,
                    &format!("{card}: next to broken friends"),
                );
                if steps == 0 {
                    events.push(Event::fact(
                        FactKind::Morale,
                        Some(self.piece),
                        format!("{card}: {name} stands firm"),
                    ));
                }
                done(format!("−{steps} steps"), events)
            }
        })
    }
}

/// The leader casualty offer for a leader.
pub(crate) fn leader_offer(ctx: &Context, leader: PieceId) -> Offer {
    let check = present(ctx, leader).and_then(|_| match ctx.status(leader).rung(LEADER) {
        KILLED => Err(Refusal::new("this leader has been killed", "§9.2")),
        CAPTURED => Err(Refusal::new("this leader has been captured", "§9.3")),
        _ => Ok(()),
    });
    offer(
        P_LEADER_CARD,
        "Leader casualty card (under fire or in combat)".into(),
        Vec::new(),
        check,
    )
}

/// The next-to-broken offer for a body.
pub(crate) fn near_broken_offer(ctx: &Context, unit: PieceId) -> Offer {
    let check = present(ctx, unit).and_then(|_| {
        if ctx.status(unit).rung(FORMATION) == BROKEN {
            Err(Refusal::new("this body is already Broken", "§8.5"))
        } else {
            Ok(())
        }
    });
    offer(
        P_NEAR_BROKEN,
        "Card: next to broken friends".into(),
        Vec::new(),
        check,
    )
}

/// The pursuit-round offer for a pursuing body.
pub(crate) fn pursuit_offer(ctx: &Context, unit: PieceId) -> Option<Offer> {
    ctx.status(unit).flag(PURSUING).then(|| {
        offer(
            P_PURSUIT,
            "Another round of pursuit".into(),
            Vec::new(),
            present(ctx, unit),
        )
    })
}

/// The recall offer for a pursuing body: a red card, or recalled at once when 4" or more
/// behind the broken body it chases.
pub(crate) fn recall_offer(ctx: &Context, unit: PieceId) -> Option<Offer> {
    ctx.status(unit).flag(PURSUING).then(|| {
        offer(
            P_RECALL,
            "Recall the pursuers (a red card, or 4\" or more behind)".into(),
            recall_params(),
            present(ctx, unit),
        )
    })
}

fn recall_params() -> Vec<ParamSpec> {
    vec![yes_no(FAR_BEHIND, "4\" or more behind the broken body").by(NO, "§8.3")]
}

/// The events of a pursuit that stops: the body halts, its pursuit rounds start again.
fn recall_events(ctx: &Context, unit: PieceId, why: &str) -> Vec<Event> {
    let name = ctx.roster.name(unit);
    vec![
        set_flag(unit, PURSUING, false),
        set_track(unit, PURSUIT_ROUNDS, 0),
        Event::fact(
            FactKind::Rally,
            Some(unit),
            format!("{why}: {name} is recalled from the pursuit"),
        ),
    ]
}

/// Builds the card tests and the pursuit and attach actions.
pub(crate) fn build(
    ctx: &Context,
    t: &Arc<VwsTables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let &piece = call
        .actors
        .first()
        .ok_or_else(|| Refusal::new("choose a piece", "§9"))?;
    match call.id.as_str() {
        P_LEADER_CARD => {
            leader_offer(ctx, piece).refused.map_or(Ok(()), Err)?;
            ctx.roster
                .leader(piece)
                .ok_or_else(|| Refusal::new("choose a leader", "§9.2"))?;
            Ok(Box::new(CardTest {
                tables: Arc::clone(t),
                piece,
                test: Test::Leader,
            }))
        }
        P_NEAR_BROKEN => {
            near_broken_offer(ctx, piece).refused.map_or(Ok(()), Err)?;
            Ok(Box::new(CardTest {
                tables: Arc::clone(t),
                piece,
                test: Test::NearBroken,
            }))
        }
        P_PURSUIT => {
            let o = pursuit_offer(ctx, piece)
                .ok_or_else(|| Refusal::new("this body is not pursuing", "§8.2"))?;
            o.refused.map_or(Ok(()), Err)?;
            Fixed::start("Pursuit round", pursuit_events(ctx, piece))
        }
        P_RECALL => {
            let o = recall_offer(ctx, piece)
                .ok_or_else(|| Refusal::new("this body is not pursuing", "§8.3"))?;
            o.refused.map_or(Ok(()), Err)?;
            if answer_of(call, &recall_params(), FAR_BEHIND) == 1 {
                return Fixed::start(
                    "Pursuers recalled",
                    recall_events(ctx, piece, "4\" or more behind"),
                );
            }
            Ok(Box::new(CardTest {
                tables: Arc::clone(t),
                piece,
                test: Test::Recall,
            }))
        }
        P_ATTACH => {
            let &unit = call
                .targets
                .first()
                .ok_or_else(|| Refusal::new("choose a body to attach to", "§9.1"))?;
            attach_check(ctx, piece, unit)?;
            let (l, u) = (
                ctx.roster.name(piece).to_string(),
                ctx.roster.name(unit).to_string(),
            );
            let lid = ctx.roster.leader(piece).map(|x| x.id.clone());
            let mut events: Vec<Event> = ctx
                .roster
                .ids()
                .filter(|&p| {
                    ctx.status(p).mark(ATTACHED) == lid.as_deref() && ctx.roster.unit(p).is_some()
                })
                .map(|p| set_mark(p, ATTACHED, None))
                .collect();
            events.push(set_mark(unit, ATTACHED, lid));
            events.push(set_mark(piece, ATTACHED, Some(u.clone())));
            events.push(Event::fact(
                FactKind::Command,
                Some(piece),
                format!("{l} joins {u}: it draws two cards and uses the better"),
            ));
            Fixed::start(format!("Attach {l}"), events)
        }
        P_CAPTURE => {
            capture_check(ctx, piece)?;
            let name = ctx.roster.name(piece).to_string();
            let mut events = vec![set_rung(piece, LEADER, CAPTURED)];
            if let Some(unit) = joined(ctx, piece) {
                events.push(set_mark(unit, ATTACHED, None));
            }
            if ctx.status(piece).mark(ATTACHED).is_some() {
                events.push(set_mark(piece, ATTACHED, None));
            }
            events.push(Event::fact(
                FactKind::LeaderCasualty,
                Some(piece),
                format!("{name} is overrun while unhorsed: captured (§9.3)"),
            ));
            Fixed::start(format!("{name} captured"), events)
        }
        _ => Err(Refusal::new("no such procedure", "§9")),
    }
}

/// The body a leader has joined (his mark names it), if any.
fn joined(ctx: &Context, leader: PieceId) -> Option<PieceId> {
    let name = ctx.status(leader).mark(ATTACHED)?;
    let side = ctx.roster.side_of(leader);
    ctx.roster.ids().find(|&p| {
        ctx.roster.side_of(p) == side
            && ctx.roster.unit(p).is_some()
            && ctx.roster.answers_to(p, name)
    })
}

/// Whether a leader may be marked captured: only when unhorsed (§9.3).
pub(crate) fn capture_check(ctx: &Context, leader: PieceId) -> Result<(), Refusal> {
    present(ctx, leader)?;
    if ctx.roster.leader(leader).is_none() {
        return Err(Refusal::new("only a leader is captured", "§9.3"));
    }
    match ctx.status(leader).rung(LEADER) {
        UNHORSED => Ok(()),
        CAPTURED => Err(Refusal::new("this leader has been captured", "§9.3")),
        _ => Err(Refusal::new(
            "a leader is captured only when overrun while unhorsed",
            "§9.3",
        )),
    }
}

/// The capture offer for a leader.
pub(crate) fn capture_offer(ctx: &Context, leader: PieceId) -> Offer {
    offer(
        P_CAPTURE,
        "Captured: overrun while unhorsed".into(),
        Vec::new(),
        capture_check(ctx, leader),
    )
    .asking(format!(
        "Is {} captured? He leaves the battle for good.",
        ctx.roster.name(leader)
    ))
}

/// Whether a leader may join a body.
pub(crate) fn attach_check(ctx: &Context, leader: PieceId, unit: PieceId) -> Result<(), Refusal> {
    present(ctx, unit)?;
    if ctx.roster.leader(leader).is_none()
        || ctx.roster.unit(unit).is_none()
        || ctx.roster.side_of(leader) != ctx.roster.side_of(unit)
    {
        return Err(Refusal::new(
            "a leader joins a body of his own side",
            "§9.1",
        ));
    }
    if ctx.status(leader).rung(LEADER) != ACTIVE {
        return Err(Refusal::new(
            "an unhorsed, killed or captured leader cannot join a body",
            "§9.3",
        ));
    }
    Ok(())
}

fn pursuit_events(ctx: &Context, unit: PieceId) -> Vec<Event> {
    let n = ctx.status(unit).track(PURSUIT_ROUNDS) + 1;
    let name = ctx.roster.name(unit);
    let mut events = vec![
        set_track(unit, PURSUIT_ROUNDS, n),
        Event::fact(
            FactKind::Rout,
            Some(unit),
            format!("{name} pursues: round {n}"),
        ),
    ];
    if n >= 2 && ctx.status(unit).rung(FORMATION) == FORMED {
        events.push(set_rung(unit, FORMATION, UNSTEADY));
        events.push(Event::fact(
            FactKind::Loss,
            Some(unit),
            format!("{name} becomes Unsteady after the second round of pursuit (§8.2)"),
        ));
    }
    events
}
