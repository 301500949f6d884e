//! Card tests outside the manoeuvre table, and the small actions around them: a leader's
//! casualty card (RULES.md §3.10), a body next to broken friends (§3.9, V-4), another round of
//! pursuit (Unsteady after the second, §3.9), recalling pursuers (a red card, or 4" or more
//! behind, §3.9), and attaching a leader to a body (§3.5).

use super::common::{Cursor, answer_of, leader_card, loss_events, offer, present, yes_no};
use super::keys::*;
use super::status::{set_flag, set_mark, set_rung, set_track};
use super::tables::VwsTables;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{
    Call, CardRequest, Input, Offer, ParamSpec, Procedure, Refusal, Resolution, Step,
};

/// Which card test a [`CardTest`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    Leader,
    NearBroken,
    Recall,
}

/// A one-card test for a piece.
pub struct CardTest {
    pub tables: VwsTables,
    pub piece: PieceId,
    pub test: Test,
}

impl Procedure for CardTest {
    fn title(&self) -> String {
        match self.test {
            Test::Leader => "Leader casualty card".into(),
            Test::NearBroken => "Next to broken friends: card".into(),
            Test::Recall => "Recall the pursuers: card".into(),
        }
    }

    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step {
        let name = ctx.roster.name(self.piece).to_string();
        let Some(card) = Cursor::new(inputs).card() else {
            let rule = match self.test {
                Test::Leader => "RULES.md §3.10",
                Test::NearBroken => "RULES.md §3.9, V-4",
                Test::Recall => "RULES.md §3.9",
            };
            return Step::Card(CardRequest {
                label: format!("{name}: {}", self.title()),
                rule: rule.into(),
                draws: 1,
            });
        };
        match self.test {
            Test::Leader => {
                let unit = ctx.status(self.piece).mark(ATTACHED).and_then(|u| {
                    let side = ctx.roster.side_of(self.piece);
                    ctx.roster.ids().find(|&p| {
                        ctx.roster.side_of(p) == side
                            && ctx.roster.unit(p).is_some_and(|x| x.name == u)
                    })
                });
                let (summary, events) = leader_card(&self.tables, ctx, self.piece, unit, card);
                Step::Done(Resolution { summary, events })
            }
            Test::Recall if card.is_red() => Step::Done(Resolution {
                summary: "recalled".into(),
                events: recall_events(ctx, self.piece, &format!("{card} (red)")),
            }),
            Test::Recall => Step::Done(Resolution {
                summary: "pursuit goes on".into(),
                events: vec![Event::fact(
                    FactKind::Rout,
                    Some(self.piece),
                    format!("{card} (black): {name} cannot be recalled and pursues on"),
                )],
            }),
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
                Step::Done(Resolution {
                    summary: format!("−{steps} steps"),
                    events,
                })
            }
        }
    }
}

/// The leader casualty offer for a leader.
pub fn leader_offer(ctx: &Context, leader: PieceId) -> Offer {
    let check = present(ctx, leader).and_then(|_| match ctx.status(leader).rung(LEADER) {
        KILLED => Err(Refusal::new(
            "this leader has been killed",
            "RULES.md §3.10",
        )),
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
pub fn near_broken_offer(ctx: &Context, unit: PieceId) -> Offer {
    let check = present(ctx, unit).and_then(|_| {
        if ctx.status(unit).rung(FORMATION) == BROKEN {
            Err(Refusal::new("this body is already Broken", "RULES.md §3.9"))
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
pub fn pursuit_offer(ctx: &Context, unit: PieceId) -> Option<Offer> {
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
pub fn recall_offer(ctx: &Context, unit: PieceId) -> Option<Offer> {
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
    vec![yes_no(
        FAR_BEHIND,
        "4\" or more behind the broken body",
        false,
    )]
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
pub fn build(ctx: &Context, t: &VwsTables, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
    let &piece = call
        .actors
        .first()
        .ok_or_else(|| Refusal::new("choose a piece", "RULES.md §3"))?;
    match call.id.as_str() {
        P_LEADER_CARD => {
            leader_offer(ctx, piece).refused.map_or(Ok(()), Err)?;
            ctx.roster
                .leader(piece)
                .ok_or_else(|| Refusal::new("choose a leader", "RULES.md §3.10"))?;
            Ok(Box::new(CardTest {
                tables: t.clone(),
                piece,
                test: Test::Leader,
            }))
        }
        P_NEAR_BROKEN => {
            near_broken_offer(ctx, piece).refused.map_or(Ok(()), Err)?;
            Ok(Box::new(CardTest {
                tables: t.clone(),
                piece,
                test: Test::NearBroken,
            }))
        }
        P_PURSUIT => {
            let o = pursuit_offer(ctx, piece)
                .ok_or_else(|| Refusal::new("this body is not pursuing", "RULES.md §3.9"))?;
            o.refused.map_or(Ok(()), Err)?;
            Ok(Box::new(Fixed {
                title: "Pursuit round".into(),
                events: pursuit_events(ctx, piece),
            }))
        }
        P_RECALL => {
            let o = recall_offer(ctx, piece)
                .ok_or_else(|| Refusal::new("this body is not pursuing", "RULES.md §3.9"))?;
            o.refused.map_or(Ok(()), Err)?;
            if answer_of(call, &recall_params(), FAR_BEHIND) == 1 {
                return Ok(Box::new(Fixed {
                    title: "Pursuers recalled".into(),
                    events: recall_events(ctx, piece, "4\" or more behind"),
                }));
            }
            Ok(Box::new(CardTest {
                tables: t.clone(),
                piece,
                test: Test::Recall,
            }))
        }
        P_ATTACH => {
            let &unit = call
                .targets
                .first()
                .ok_or_else(|| Refusal::new("choose a body to attach to", "RULES.md §3.5"))?;
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
            Ok(Box::new(Fixed {
                title: format!("Attach {l}"),
                events,
            }))
        }
        _ => Err(Refusal::new("no such procedure", "RULES.md §3")),
    }
}

/// Whether a leader may join a body.
pub fn attach_check(ctx: &Context, leader: PieceId, unit: PieceId) -> Result<(), Refusal> {
    present(ctx, unit)?;
    if ctx.roster.leader(leader).is_none()
        || ctx.roster.unit(unit).is_none()
        || ctx.roster.side_of(leader) != ctx.roster.side_of(unit)
    {
        return Err(Refusal::new(
            "a leader joins a body of his own side",
            "RULES.md §3.5",
        ));
    }
    if ctx.status(leader).rung(LEADER) != ACTIVE {
        return Err(Refusal::new(
            "an unhorsed or killed leader cannot join a body",
            "RULES.md §3.10",
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
            format!("{name} becomes Unsteady after the second round of pursuit (§3.9)"),
        ));
    }
    events
}

/// A procedure that needs no dice or cards: its events are known at once.
pub struct Fixed {
    pub title: String,
    pub events: Vec<Event>,
}

impl Procedure for Fixed {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn step(&self, _ctx: &Context, _inputs: &[Input]) -> Step {
        Step::Done(Resolution {
            summary: self.title.clone(),
            events: self.events.clone(),
        })
    }
}
