//! What hits do to a unit (§5.2–§5.4): a hit pins; a hit on a pinned unit,
//! or the second hit of a player turn, destroys; an elite unit ignores its first hit each
//! player turn; armour holds against all but artillery, tanks, armoured trains and close
//! assault, when hits only pin. Also the bands of a hit roll, one per distinct result.

use super::keys::*;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::Band;
use crate::rules::kit::events::{flag, piece_change, track};
use crate::status::Status;

/// What hits have done to a unit this player turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HitState {
    pub(crate) hits: i32,
    pub(crate) pinned: bool,
    pub(crate) destroyed: bool,
    pub(crate) elite_used: bool,
}

impl HitState {
    pub(crate) fn of(status: &Status) -> HitState {
        HitState {
            hits: status.track(HITS),
            pinned: status.flag(PINNED),
            destroyed: status.flag(DESTROYED),
            elite_used: status.flag(ELITE_USED),
        }
    }

    /// After `n` more hits (§5.2): an elite unit ignores its first hit of the player turn; a
    /// hit pins; a hit on a pinned unit, or the `destroying`-th hit of the turn, destroys —
    /// unless the armour holds, when hits only pin.
    pub(crate) fn take(self, n: i32, elite: bool, armour_holds: bool, destroying: i32) -> HitState {
        let mut s = self;
        for _ in 0..n {
            if s.destroyed {
                break;
            }
            if elite && !s.elite_used {
                s.elite_used = true;
                continue;
            }
            let was_pinned = s.pinned;
            s.hits = (s.hits + 1).min(destroying);
            if !armour_holds && (was_pinned || s.hits >= destroying) {
                s.destroyed = true;
            } else {
                s.pinned = true;
            }
        }
        s
    }

    /// The change from `self` to `after`, in words.
    pub(crate) fn effect(self, after: HitState) -> String {
        self.effect_words(after).into()
    }

    /// [`HitState::effect`] without the allocation.
    pub(crate) fn effect_words(self, after: HitState) -> &'static str {
        if after.destroyed && !self.destroyed {
            return "destroyed";
        }
        let elite = after.elite_used && !self.elite_used;
        let pinned = after.pinned && !self.pinned;
        let held = !pinned && after.hits > self.hits;
        match (elite, pinned, held) {
            (true, true, _) => "first hit ignored (elite), pinned",
            (true, false, true) => "first hit ignored (elite), hit, armour holds",
            (true, false, false) => "first hit ignored (elite)",
            (false, true, _) => "pinned",
            (false, false, true) => "hit, armour holds",
            (false, false, false) => "no effect",
        }
    }

    /// The status events taking `self` to `after`.
    pub(crate) fn events(self, after: HitState, id: PieceId, name: &str) -> Vec<Event> {
        let mut events = Vec::new();
        if after.hits != self.hits {
            events.push(piece_change(id, track(HITS, after.hits)));
        }
        if after.elite_used != self.elite_used {
            events.push(piece_change(id, flag(ELITE_USED, after.elite_used)));
        }
        if after.pinned != self.pinned {
            events.push(piece_change(id, flag(PINNED, after.pinned)));
        }
        if after.destroyed && !self.destroyed {
            events.push(piece_change(id, flag(DESTROYED, true)));
            events.push(Event::fact(
                FactKind::Eliminated,
                Some(id),
                format!("{name} is destroyed"),
            ));
        } else if after.pinned && !self.pinned {
            events.push(Event::fact(
                FactKind::Morale,
                Some(id),
                format!("{name} is pinned"),
            ));
        }
        events
    }
}

/// Bands for `dice` dice counted as hits: one per distinct result, consecutive hit counts
/// with the same result merged, each labelled with what it does.
pub(crate) fn hit_bands(
    dice: u8,
    before: HitState,
    after: impl Fn(i32) -> HitState,
) -> Vec<(Band, HitState)> {
    let mut bands = hit_ranges(dice, after);
    for (band, state) in &mut bands {
        let effect = before.effect_words(*state);
        band.label = match (band.from, band.to) {
            (1, 1) => format!("1 hit: {effect}"),
            (a, b) if a == b => format!("{a} hits: {effect}"),
            (a, b) => format!("{a}–{b} hits: {effect}"),
        };
    }
    bands
}

/// The bands of [`hit_bands`] without their labels: all the odds walk reads.
pub(crate) fn hit_ranges(dice: u8, after: impl Fn(i32) -> HitState) -> Vec<(Band, HitState)> {
    let mut bands: Vec<(Band, HitState)> = Vec::with_capacity(usize::from(dice) + 1);
    for k in 0..=i32::from(dice) {
        let state = after(k);
        match bands.last_mut() {
            Some((band, s)) if *s == state => band.to = k,
            _ => bands.push((Band::new(k, k, String::new()), state)),
        }
    }
    bands
}
