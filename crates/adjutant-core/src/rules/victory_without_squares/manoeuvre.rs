//! Manoeuvre draws on the card table (§4, §6): crossing difficult ground, halting
//! or turning about, reforming and rallying. The body draws one card, or two with an active
//! leader attached and uses the better; the outcome names the cell and its footnotes.

use crate::rules::kit::done;
use std::sync::Arc;

use super::common::{Doing, loss_events, one_action, present};
use super::keys::*;
use super::status::{active_leader, kind, recover};
use super::tables::{Manoeuvre, VwsTables};
use crate::battle::state::Context;
use crate::cards::Card;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, CardRead, CardRequest, Offer, ParamSpec, Procedure, Refusal, Step};
use crate::rules::kit::events::{set_flag, set_rung};
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::{NO, Rules, answer_of, yes_no};
use crate::rules::kit::{Body, Cursor, Need};

/// How a card reads for a body: allowed or not, a step lost on the way, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub allowed: bool,
    pub step_loss: bool,
    pub why: String,
}

impl Verdict {
    /// Higher is better: allowed cleanly, allowed with a step lost, refused.
    fn score(&self) -> u8 {
        match (self.allowed, self.step_loss) {
            (true, false) => 2,
            (true, true) => 1,
            _ => 0,
        }
    }
}

/// The situation the footnotes ask about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Situation {
    pub mounted: bool,
    pub dragoons: bool,
    pub under_fire: bool,
    pub in_column: bool,
}

/// Reads one card on the table for an action (footnotes * # $ applied).
pub fn verdict(t: &VwsTables, action: Manoeuvre, card: Card, s: Situation) -> Verdict {
    let cell = t.cell(action, card);
    let head = format!("{card}: {} column reads \"{cell}\"", action.label());
    if !cell.starts_with(['y', 'Y']) {
        return Verdict {
            allowed: false,
            step_loss: false,
            why: format!("{head}: not allowed"),
        };
    }
    if cell.contains('#') && s.under_fire {
        return Verdict {
            allowed: false,
            step_loss: false,
            why: format!("{head}: # not under fire or in combat"),
        };
    }
    let pips = card.rank().is_some_and(|r| r.value() <= 10);
    if cell.contains('$') && s.mounted && !(s.dragoons && pips) {
        return Verdict {
            allowed: false,
            step_loss: false,
            why: format!("{head}: $ not if mounted, except Dragoons drawing Ace–10"),
        };
    }
    if cell.contains('*') && !s.in_column {
        return Verdict {
            allowed: true,
            step_loss: true,
            why: format!("{head}: allowed, * losing a formation step (not in column)"),
        };
    }
    Verdict {
        allowed: true,
        step_loss: false,
        why: format!("{head}: allowed"),
    }
}

/// The better of the cards drawn (the first on a tie), with its verdict.
pub(crate) fn best(
    t: &VwsTables,
    action: Manoeuvre,
    cards: &[Card],
    s: Situation,
) -> (Card, Verdict) {
    let mut out: Option<(Card, Verdict)> = None;
    for &c in cards {
        let v = verdict(t, action, c, s);
        if out.as_ref().is_none_or(|(_, b)| v.score() > b.score()) {
            out = Some((c, v));
        }
    }
    out.expect("at least one card")
}

/// The action a procedure id draws for.
pub(crate) fn action_of(id: &str) -> Option<Manoeuvre> {
    match id {
        P_DIFFICULT => Some(Manoeuvre::Difficult),
        P_HALT => Some(Manoeuvre::Halt),
        P_REFORM => Some(Manoeuvre::Reform),
        P_RALLY => Some(Manoeuvre::Rally),
        _ => None,
    }
}

fn params(action: Manoeuvre) -> Vec<ParamSpec> {
    let mut p = vec![yes_no(UNDER_FIRE, "Under fire or in combat").by(NO, "§4.2")];
    if action == Manoeuvre::Difficult {
        p.push(yes_no(IN_COLUMN, "In column (no step lost, §3.4)").by(NO, "§4.2"));
    }
    if action == Manoeuvre::Rally {
        p.push(yes_no(NEXT_TO_ENEMY, "Next to the enemy").by(NO, "§8.4"));
    }
    p
}

/// Whether this body may draw for this action now.
pub(crate) fn check(ctx: &Context, unit: PieceId, action: Manoeuvre) -> Result<(), Refusal> {
    present(ctx, unit)?;
    let s = ctx.status(unit);
    let name = ctx.roster.name(unit);
    let rung = s.rung(FORMATION);
    let busy = || -> Result<(), Refusal> {
        if s.flag(PURSUING) {
            return Err(Refusal::new(
                format!(
                    "{name} is in pursuit: rally and reform apply only to bodies not in combat or pursuit"
                ),
                "§6.1",
            ));
        }
        Ok(())
    };
    match action {
        Manoeuvre::Reform if !(rung == UNSTEADY || rung == DISORDERED) => Err(Refusal::new(
            format!("{name} is not Unsteady or Disordered: nothing to reform"),
            "§6.1",
        )),
        Manoeuvre::Rally if rung != BROKEN => Err(Refusal::new(
            format!("{name} is not Broken: nothing to rally"),
            "§6.2",
        )),
        Manoeuvre::Rally if ctx.roster.unit(unit).is_some_and(|u| u.has(ALL_PIKE)) => {
            Err(Refusal::new(
                format!("{name} is broken pike: they threw away their pikes and cannot be rallied"),
                "§6.3",
            ))
        }
        Manoeuvre::Reform | Manoeuvre::Rally if s.flag(REFORMED) => Err(Refusal::new(
            format!("{name} has tried to rally or reform this turn: one attempt a turn"),
            "§6.1",
        )),
        Manoeuvre::Reform | Manoeuvre::Rally => {
            busy()?;
            one_action(ctx, unit, Doing::Reform)
        }
        Manoeuvre::Difficult => one_action(ctx, unit, Doing::Move),
        Manoeuvre::Halt if !s.flag(MOVING) => Err(Refusal::new(
            format!("{name} is not moving: a Halt card is drawn only to stop"),
            "§3.2",
        )),
        _ => Ok(()),
    }
}

/// The offers of every manoeuvre for a body.
pub(crate) fn offers(ctx: &Context, unit: PieceId) -> Vec<Offer> {
    [P_DIFFICULT, P_HALT, P_REFORM, P_RALLY]
        .into_iter()
        .filter_map(|id| {
            let a = action_of(id)?;
            Some(offer(
                id,
                format!("Draw: {}", a.label()),
                params(a),
                check(ctx, unit, a),
            ))
        })
        .collect()
}

/// Starts a manoeuvre draw.
pub(crate) fn build(
    ctx: &Context,
    t: &Arc<VwsTables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let action = action_of(&call.id).ok_or_else(|| Refusal::new("no such manoeuvre", "§4.1"))?;
    let &unit = call
        .actors
        .first()
        .ok_or_else(|| Refusal::new("choose a body", "§4.1"))?;
    check(ctx, unit, action)?;
    let specs = params(action);
    if answer_of(call, &specs, NEXT_TO_ENEMY) == 1 {
        return Err(Refusal::new(
            "broken bodies may not rally next to the enemy",
            "§6.2, §8.4",
        ));
    }
    let k = kind(ctx, unit);
    let situation = Situation {
        mounted: super::status::is_horse(ctx, unit),
        dragoons: k == DRAGOONS,
        under_fire: answer_of(call, &specs, UNDER_FIRE) == 1,
        in_column: answer_of(call, &specs, IN_COLUMN) == 1 || ctx.status(unit).flag(COLUMN),
    };
    Ok(Box::new(Draw {
        tables: Arc::clone(t),
        unit,
        action,
        situation,
        draws: if active_leader(ctx, unit).is_some() {
            2
        } else {
            1
        },
    }))
}

/// A manoeuvre draw in progress.
pub(crate) struct Draw {
    pub(crate) tables: Arc<VwsTables>,
    pub(crate) unit: PieceId,
    pub(crate) action: Manoeuvre,
    pub(crate) situation: Situation,
    pub(crate) draws: u8,
}

impl Body for Draw {
    fn title(&self) -> String {
        format!("Manoeuvre card: {}", self.action.label())
    }

    fn notes(&self) -> Vec<String> {
        let mut n = vec![
            "Card table §4.1; its lost column headings read ♥ ♦ ♣ ♠ (Adjutant's default)"
                .to_string(),
        ];
        if self.draws == 2 {
            n.push("Leader attached: draw two cards, use the better (§4.3)".into());
        }
        n
    }

    fn body(&self, ctx: &Context, cur: &mut Cursor) -> Need<Step> {
        let mut cards: Vec<Card> = Vec::new();
        for _ in 0..self.draws {
            cards.push(cur.card(CardRequest {
                label: format!("{}: {}", ctx.roster.name(self.unit), self.action.label()),
                rule: "§4.1".into(),
                draws: self.draws,
                reads: CardRead::SuitAndPicture,
            })?);
        }
        let (card, v) = best(&self.tables, self.action, &cards, self.situation);
        let name = ctx.roster.name(self.unit).to_string();
        let mut events = match self.action {
            Manoeuvre::Reform | Manoeuvre::Rally => vec![set_flag(self.unit, REFORMED, true)],
            Manoeuvre::Difficult => vec![set_flag(self.unit, MOVED, true)],
            _ => Vec::new(),
        };
        if cards.len() > 1 {
            events.push(Event::fact(
                FactKind::Command,
                Some(self.unit),
                format!(
                    "Leader attached: {} drawn, {card} used",
                    cards
                        .iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
            ));
        }
        events.push(Event::fact(
            FactKind::Command,
            Some(self.unit),
            v.why.clone(),
        ));
        let summary = outcome(ctx, self, &v, &name, &mut events);
        Ok(done(summary, events))
    }
}

fn outcome(ctx: &Context, d: &Draw, v: &Verdict, name: &str, events: &mut Vec<Event>) -> String {
    let unit = d.unit;
    if !v.allowed {
        let text = match d.action {
            Manoeuvre::Difficult => format!("{name} may not cross: it stops at the edge"),
            Manoeuvre::Halt => format!("{name} keeps moving"),
            Manoeuvre::Reform => format!("{name} fails to reform"),
            Manoeuvre::Rally => format!("{name} fails to rally and keeps running"),
            Manoeuvre::ReactionFire => format!("{name} may not fire"),
        };
        events.push(Event::fact(FactKind::Command, Some(unit), text));
        return "not allowed".into();
    }
    let k = kind(ctx, unit);
    let rung = ctx.status(unit).rung(FORMATION);
    match d.action {
        Manoeuvre::Difficult if v.step_loss => {
            let (_, ev) = loss_events(ctx, unit, 1, "crossing without column, §4.2 *");
            events.extend(ev);
            "crosses, losing a step".into()
        }
        Manoeuvre::Halt => {
            events.push(set_flag(unit, MOVING, false));
            events.push(Event::fact(
                FactKind::Movement,
                Some(unit),
                format!("{name} halts (or turns about)"),
            ));
            "halts".into()
        }
        Manoeuvre::Reform => {
            let to = recover(k, rung);
            events.push(set_rung(unit, FORMATION, to));
            let r = super::status::RUNGS[usize::from(to)];
            events.push(Event::fact(
                FactKind::Rally,
                Some(unit),
                format!("{name} reforms: now {r}"),
            ));
            format!("reforms to {r}")
        }
        Manoeuvre::Rally => {
            events.push(set_rung(unit, FORMATION, DISORDERED));
            events.push(set_flag(unit, RALLIED, true));
            events.push(set_flag(unit, MOVING, false));
            events.push(Event::fact(
                FactKind::Rally,
                Some(unit),
                format!("{name} rallies: now Disordered"),
            ));
            "rallies".into()
        }
        _ => "allowed".into(),
    }
}
