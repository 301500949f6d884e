//! A unit as the RCW rules see it: its row of the unit table, its quality and its status;
//! what hits do to it (§5); and the bookkeeping of its two declared actions (§4.3), with
//! the refusals that go with them. What hits do is in [`super::hits`].

use std::borrow::Cow;

use super::keys::*;
use super::tables::{Profile, Quality, RcwTables};
use crate::army::Unit;
use crate::battle::state::{Context, Roster};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Refusal};
use crate::rules::kit::events::{flag, mark, piece_change, track};
use crate::rules::kit::offers::{actor_and_target, refuse};
use crate::status::Status;
use crate::words::a;

/// The five actions a unit may declare (§4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Act {
    Move,
    Shoot,
    Limber,
    Rally,
    Assault,
}

impl Act {
    pub(crate) const ALL: [Act; 5] = [Act::Move, Act::Shoot, Act::Limber, Act::Rally, Act::Assault];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Act::Move => "Move",
            Act::Shoot => "Shoot",
            Act::Limber => "Limber/Unlimber",
            Act::Rally => "Rally",
            Act::Assault => "Close assault",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Act> {
        Act::ALL.into_iter().find(|a| a.name() == text.trim())
    }
}

/// Actions written into a mark ("Move + Shoot").
pub(crate) fn join(acts: &[Act]) -> String {
    acts.iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Actions read back from a mark.
pub(crate) fn acts(status: &Status, key: &str) -> Vec<Act> {
    status
        .mark(key)
        .map(|m| m.split(" + ").filter_map(Act::parse).collect())
        .unwrap_or_default()
}

/// A unit on the roster, read through the tables in force.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UnitView<'a> {
    pub(crate) id: PieceId,
    roster: &'a Roster,
    pub(crate) side: usize,
    pub(crate) unit: &'a Unit,
    pub(crate) profile: &'a Profile,
    pub(crate) quality: &'a Quality,
    pub(crate) status: &'a Status,
}

/// The unit behind a piece, if it is a unit of a kind the tables know.
pub(crate) fn view<'a>(
    ctx: &Context<'a>,
    tables: &'a RcwTables,
    id: PieceId,
) -> Option<UnitView<'a>> {
    if usize::from(id.0) >= ctx.roster.pieces.len() {
        return None;
    }
    let unit = ctx.roster.unit(id)?;
    Some(UnitView {
        id,
        roster: ctx.roster,
        side: ctx.roster.side_of(id),
        unit,
        profile: tables.profile(&unit.kind)?,
        quality: tables.quality(|t| unit.has(t)),
        status: ctx.status(id),
    })
}

/// The HQs of `side` still on the table (kind HQ, not destroyed); with `group`, only those of
/// that group (a unit's own HQ, §4.4, §6.3).
pub(crate) fn hqs_standing<'a>(
    ctx: &Context<'a>,
    side: usize,
    group: Option<Option<&'a str>>,
) -> impl Iterator<Item = PieceId> + 'a {
    let (roster, state) = (ctx.roster, ctx.state);
    roster.ids().filter(move |&p| {
        roster.side_of(p) == side
            && !state.piece(p).flag(DESTROYED)
            && roster
                .unit(p)
                .is_some_and(|u| u.kind == HQ && group.is_none_or(|g| u.group.as_deref() == g))
    })
}

/// The two units of a shot or an assault, named `who` as the rules name them: the first able
/// to `act`, the second an enemy not yet destroyed; refused (citing `rule`) otherwise.
pub(crate) fn opposed<'a>(
    ctx: &Context<'a>,
    tables: &'a RcwTables,
    call: &Call,
    act: Act,
    who: [&str; 2],
    rule: &str,
) -> Result<(UnitView<'a>, UnitView<'a>), Refusal> {
    let [first, second] = who;
    let (a, b) = actor_and_target(
        call,
        &format!("choose {} and {}", a(first), a(second)),
        rule,
    )?;
    let unit = |id, who: &str| {
        view(ctx, tables, id)
            .ok_or_else(|| Refusal::new(format!("the {who} is not a unit"), "§2.1"))
    };
    let actor = unit(a, first)?;
    actor.check(ctx, act)?;
    let target = unit(b, second)?;
    if target.side == actor.side {
        return refuse(format!("{} is a friendly unit", target.name()), rule);
    }
    if target.destroyed() {
        return refuse(format!("{} is already destroyed", target.name()), "§5.2");
    }
    Ok((actor, target))
}

impl<'a> UnitView<'a> {
    /// The unit's name as a player reads it (with its side where both armies hold it).
    pub(crate) fn name(&self) -> Cow<'a, str> {
        self.roster.name(self.id)
    }

    fn stat_or(&self, key: &str, table: u8) -> u8 {
        self.unit
            .stats
            .get(key)
            .map_or(table, |&v| v.clamp(0, 255) as u8)
    }

    pub(crate) fn shooting_dice(&self) -> u8 {
        self.stat_or(STAT_SHOOT, self.profile.shooting_dice)
    }

    pub(crate) fn assault_dice(&self) -> u8 {
        self.stat_or(STAT_ASSAULT, self.profile.assault_dice)
    }

    pub(crate) fn range(&self) -> u8 {
        self.stat_or(STAT_RANGE, self.profile.range)
    }

    pub(crate) fn move_hexes(&self) -> u8 {
        self.stat_or(STAT_MOVE, self.profile.move_hexes)
    }

    pub(crate) fn pinned(&self) -> bool {
        self.status.flag(PINNED)
    }

    pub(crate) fn destroyed(&self) -> bool {
        self.status.flag(DESTROYED)
    }

    pub(crate) fn limbered(&self) -> bool {
        self.status.flag(LIMBERED)
    }

    pub(crate) fn entrenched(&self) -> bool {
        self.status.flag(ENTRENCHED)
    }

    pub(crate) fn concealed(&self) -> bool {
        self.status.flag(CONCEALED)
    }

    pub(crate) fn activated(&self) -> bool {
        self.status.flag(ACTIVATED)
    }

    /// Whether its own HQ (of its group) is still on the table (§4.4).
    pub(crate) fn own_hq_standing(&self, ctx: &Context) -> bool {
        hqs_standing(ctx, self.side, Some(self.unit.group.as_deref()))
            .next()
            .is_some()
    }

    /// Whether any HQ of its side is still on the table, to be adjacent (§5.5).
    pub(crate) fn side_hq_standing(&self, ctx: &Context) -> bool {
        hqs_standing(ctx, self.side, None).next().is_some()
    }

    /// The declared actions not yet carried out.
    pub(crate) fn remaining(&self) -> Vec<Act> {
        let mut left = acts(self.status, ORDERS);
        for done in acts(self.status, DONE) {
            if let Some(i) = left.iter().position(|&a| a == done) {
                left.remove(i);
            }
        }
        left
    }

    /// The hit number against this unit as a target (§5.1), with the reason: `obscured`
    /// and `entrenched` are what the player says of its position, `pinned` its state now;
    /// its entrenched flag and armour count too.
    pub(crate) fn hit_number(
        &self,
        tables: &RcwTables,
        obscured: bool,
        entrenched: bool,
        pinned: bool,
    ) -> (u8, &'static str) {
        if self.profile.armoured {
            (tables.hit_hard, "target armoured")
        } else if pinned {
            (tables.hit_hard, "target pinned")
        } else if entrenched || self.entrenched() {
            (tables.hit_hard, "target entrenched")
        } else if obscured {
            (tables.hit_obscured, "target obscured")
        } else {
            (tables.hit_open, "target in the open")
        }
    }

    /// Whether where it stands decides the hit number against it: not when it is armoured,
    /// pinned or recorded entrenched, which make it 6 anywhere (§5.1).
    pub(crate) fn cover_decides(&self) -> bool {
        !(self.profile.armoured || self.pinned() || self.entrenched())
    }

    /// Refuses an answer that has this unit entrenched when its kind may not be (§5.6).
    pub(crate) fn may_be_entrenched(&self) -> Result<(), Refusal> {
        if self.profile.entrenches {
            return Ok(());
        }
        Err(Refusal::new(
            format!(
                "{} is {} unit: only infantry, MGs and mortars may be entrenched",
                self.name(),
                a(self.profile.kind)
            ),
            "§5.6",
        ))
    }

    /// Whether a unit of this kind, in this state, can carry out `act` at all (§2.2, §4.3, §4.6,
    /// §5.5, §7.1).
    pub(crate) fn check_kind(&self, act: Act) -> Result<(), Refusal> {
        let name = self.name();
        let kind = self.profile.kind;
        let refuse = |reason: String, rule: &str| Err(Refusal::new(reason, rule));
        match act {
            Act::Shoot if self.shooting_dice() == 0 || self.range() == 0 => {
                let lacks = match self.shooting_dice() {
                    0 => "it has no shooting dice",
                    _ => "its range is 0",
                };
                refuse(format!("{name} ({kind}) cannot shoot: {lacks}"), "§2.2")
            }
            Act::Assault if !self.profile.initiates => refuse(
                format!(
                    "{name} is {} unit, which may not initiate a close assault: only \
                     infantry, cavalry and tanks",
                    a(kind)
                ),
                "§7.1",
            ),
            Act::Limber if !self.profile.limbers => refuse(
                format!("only artillery limbers; {name} is {} unit", a(kind)),
                "§4.6",
            ),
            Act::Rally if !self.pinned() => refuse(format!("{name} is not pinned"), "§5.5"),
            _ => Ok(()),
        }
    }

    /// Whether the unit may carry out `act` now, or the rule that forbids it.
    pub(crate) fn check(&self, ctx: &Context, act: Act) -> Result<(), Refusal> {
        let name = self.name();
        let refuse = |reason: String, rule: &str| Err(Refusal::new(reason, rule));
        if self.destroyed() {
            return refuse(format!("{name} is destroyed"), "§5.2");
        }
        self.check_kind(act)?;
        if self.side != ctx.state.side {
            return refuse(format!("it is not {name}'s side's player turn"), "§4.2");
        }
        if self.pinned() && matches!(act, Act::Move | Act::Shoot | Act::Assault) {
            return refuse(
                format!("{name} is pinned: it may not move, shoot or close assault until rallied"),
                "§5.5",
            );
        }
        if self.profile.limbers && act == Act::Shoot && self.limbered() {
            return refuse(
                format!("{name} is limbered: artillery must be unlimbered to shoot"),
                "§4.6",
            );
        }
        if self.profile.limbers && act == Act::Move && !self.limbered() {
            return refuse(
                format!("{name} is unlimbered: artillery must be limbered to move"),
                "§4.6",
            );
        }
        if !self.activated() {
            return refuse(
                format!("activate {name} first: its two actions are declared at activation"),
                "§4.3",
            );
        }
        let remaining = self.remaining();
        if remaining.is_empty() {
            return refuse(
                format!("{name} has carried out its actions: a unit has 2 actions a turn"),
                "§4.3",
            );
        }
        if !remaining.contains(&act) {
            return refuse(
                format!(
                    "{name} did not declare {} at activation (left: {})",
                    act.name(),
                    join(&remaining)
                ),
                "§4.3",
            );
        }
        if act == Act::Move && self.status.flag(NO_MOVE) {
            return refuse(
                format!("{name} failed its command roll: no Move this activation"),
                "§4.4",
            );
        }
        Ok(())
    }

    /// The events of carrying out `act`: one more action used, and a concealed unit that
    /// moves or fires is spotted (§5.7).
    pub(crate) fn spend(&self, act: Act) -> Vec<Event> {
        let mut done = acts(self.status, DONE);
        done.push(act);
        let mut events = vec![
            piece_change(self.id, track(ACTIONS, self.status.track(ACTIONS) + 1)),
            piece_change(self.id, mark(DONE, Some(join(&done)))),
        ];
        if matches!(act, Act::Move | Act::Shoot) {
            events.extend(self.reveal());
        }
        events
    }

    /// The events of a concealed unit being spotted; it stays on the table (§5.7).
    pub(crate) fn reveal(&self) -> Vec<Event> {
        if !self.concealed() {
            return Vec::new();
        }
        vec![
            piece_change(self.id, flag(CONCEALED, false)),
            piece_change(self.id, flag(SPOTTED, true)),
            Event::fact(
                FactKind::Note,
                Some(self.id),
                format!("{} is spotted and stays on the table", self.name()),
            ),
        ]
    }
}
