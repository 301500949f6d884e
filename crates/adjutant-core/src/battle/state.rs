//! The state of a battle: the roster (who is on the field, fixed at the start) and the
//! changing part — each piece's and side's [`Status`], the clock and the deck — which is the
//! fold of the log's events.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::army::{Army, Leader, Unit};
use crate::cards::Deck;
use crate::event::{Event, PieceId};
use crate::status::Status;

/// Whether a piece is a combat unit or a leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Unit,
    Leader,
}

/// One piece on the roster: which side's army it is in, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub side: usize,
    pub role: Role,
    /// Index into the army's `units` or `leaders`.
    pub(crate) index: usize,
}

/// The armies of a battle, one per side, and every piece in them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    pub armies: Vec<Army>,
    pub pieces: Vec<Piece>,
}

impl Roster {
    /// Lists every leader then every unit of each army, side by side.
    pub fn new(armies: Vec<Army>) -> Roster {
        let mut pieces = Vec::new();
        for (side, army) in armies.iter().enumerate() {
            pieces.extend((0..army.leaders.len()).map(|index| Piece {
                side,
                role: Role::Leader,
                index,
            }));
            pieces.extend((0..army.units.len()).map(|index| Piece {
                side,
                role: Role::Unit,
                index,
            }));
        }
        Roster { armies, pieces }
    }

    pub fn piece(&self, id: PieceId) -> Piece {
        self.pieces[usize::from(id.0)]
    }

    pub fn ids(&self) -> impl Iterator<Item = PieceId> + '_ {
        (0..self.pieces.len()).map(|i| PieceId(i as u16))
    }

    /// The unit behind a piece, if it is one.
    pub fn unit(&self, id: PieceId) -> Option<&Unit> {
        let p = self.piece(id);
        (p.role == Role::Unit).then(|| &self.armies[p.side].units[p.index])
    }

    /// The leader behind a piece, if it is one.
    pub fn leader(&self, id: PieceId) -> Option<&Leader> {
        let p = self.piece(id);
        (p.role == Role::Leader).then(|| &self.armies[p.side].leaders[p.index])
    }

    /// The piece's name as a player reads it: its army file's name, with its side after it
    /// ("The Lord General's Regiment of Foot (Parliament)") where a piece of another side bears
    /// the same name, so no name on screen, in the log or in a report is ambiguous.
    pub fn name(&self, id: PieceId) -> Cow<'_, str> {
        let own = self.own_name(id);
        let side = self.side_of(id);
        let shared = !own.is_empty()
            && self
                .ids()
                .any(|p| self.side_of(p) != side && self.own_name(p) == own);
        match self.armies.get(side) {
            Some(army) if shared => {
                let by = if army.side.is_empty() {
                    &army.name
                } else {
                    &army.side
                };
                Cow::Owned(format!("{own} ({by})"))
            }
            _ => Cow::Borrowed(own),
        }
    }

    /// The piece's name as its army file gives it, which may be shared with a piece of another
    /// side (see [`Roster::name`]).
    pub fn own_name(&self, id: PieceId) -> &str {
        match (self.unit(id), self.leader(id)) {
            (Some(u), _) => &u.name,
            (_, Some(l)) => &l.name,
            _ => "",
        }
    }

    /// Whether `name` names the piece: as a player reads it, or as its army file gives it (what
    /// battles recorded before names carried their side hold in their marks).
    pub(crate) fn answers_to(&self, id: PieceId, name: &str) -> bool {
        self.own_name(id) == name || self.name(id) == name
    }

    /// A mark's value as a player reads it: the name of the piece of `side` it gives by its
    /// army-file id (a leader a unit is attached to), else the value as it is.
    pub fn mark_value<'v>(&self, side: usize, value: &'v str) -> Cow<'v, str> {
        match self.find(side, value) {
            Some(p) => Cow::Owned(self.name(p).into_owned()),
            None => Cow::Borrowed(value),
        }
    }

    /// The names of a side's units as a player reads them, in the army's order (what a mark
    /// naming one of them may hold).
    pub(crate) fn unit_names(&self, side: usize) -> Vec<String> {
        self.ids()
            .filter(|&p| self.side_of(p) == side && self.piece(p).role == Role::Unit)
            .map(|p| self.name(p).into_owned())
            .collect()
    }

    /// How players call `side`: its army's side ("Parliament"), else the army's name, else
    /// "Side N" (counted from 1) where no army stands.
    pub fn side_name(&self, side: usize) -> String {
        self.armies.get(side).map_or_else(
            || format!("Side {}", side + 1),
            |a| a.side_name().to_string(),
        )
    }

    pub fn side_of(&self, id: PieceId) -> usize {
        self.piece(id).side
    }

    /// The piece whose army-file id is `id` on `side`.
    pub fn find(&self, side: usize, id: &str) -> Option<PieceId> {
        let army = self.armies.get(side)?;
        let (role, index) = match army.leaders.iter().position(|l| l.id == id) {
            Some(i) => (Role::Leader, i),
            None => (Role::Unit, army.units.iter().position(|u| u.id == id)?),
        };
        let want = Piece { side, role, index };
        // Rule code looks pieces up often, so try where `Roster::new` puts it first: each side's
        // leaders, then its units.
        let before: usize = self.armies[..side]
            .iter()
            .map(|a| a.leaders.len() + a.units.len())
            .sum();
        let guess = before
            + index
            + if role == Role::Unit {
                army.leaders.len()
            } else {
                0
            };
        if self.pieces.get(guess) == Some(&want) {
            return Some(PieceId(guess as u16));
        }
        let at = self.pieces.iter().position(|p| *p == want)?;
        Some(PieceId(at as u16))
    }

    /// The units a leader commands (by the army file's `leader` field).
    pub fn commanded_by(&self, leader: PieceId) -> Vec<PieceId> {
        let Some(l) = self.leader(leader) else {
            return Vec::new();
        };
        let side = self.side_of(leader);
        self.ids()
            .filter(|&p| {
                self.side_of(p) == side
                    && self
                        .unit(p)
                        .is_some_and(|u| u.leader.as_deref() == Some(l.id.as_str()))
            })
            .collect()
    }
}

/// The changing part of a battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleState {
    pub(crate) pieces: Vec<Status>,
    pub sides: Vec<Status>,
    /// Turn number, from 1.
    pub turn: u32,
    /// Index into the rule system's phases.
    pub phase: usize,
    /// The side whose phase it is.
    pub side: usize,
    pub deck: Deck,
    /// Set when the battle is over.
    pub result: Option<String>,
}

impl BattleState {
    /// Everything fresh: no status, turn 1, the first phase, side 0, an unshuffled deck.
    pub fn new(roster: &Roster) -> BattleState {
        BattleState {
            pieces: vec![Status::default(); roster.pieces.len()],
            sides: vec![Status::default(); roster.armies.len()],
            turn: 1,
            phase: 0,
            side: 0,
            deck: Deck::new(false),
            result: None,
        }
    }

    pub fn piece(&self, id: PieceId) -> &Status {
        &self.pieces[usize::from(id.0)]
    }

    /// Applies one event. Events that refer to pieces or sides that do not exist are ignored,
    /// so a damaged log can never make the fold panic (loading checks them first).
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Piece { piece, change } => {
                if let Some(s) = self.pieces.get_mut(usize::from(piece.0)) {
                    s.apply(change);
                }
            }
            Event::Side { side, change } => {
                if let Some(s) = self.sides.get_mut(*side) {
                    s.apply(change);
                }
            }
            Event::Clock { turn, phase, side } => {
                self.turn = *turn;
                self.phase = *phase;
                self.side = *side;
            }
            Event::Shuffled { order } => self.deck.apply_shuffle(order),
            Event::Drew { typed: false, .. } => {
                self.deck.draw();
            }
            Event::Drew {
                card, typed: true, ..
            } => {
                let _ = self.deck.take(*card);
            }
            Event::Ended { result } => self.result = Some(result.clone()),
            Event::Rolled { .. } | Event::Fact { .. } => {}
        }
    }
}

/// What a rule system reads when it offers, proposes or resolves: the roster and the state.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub roster: &'a Roster,
    pub state: &'a BattleState,
}

impl<'a> Context<'a> {
    pub fn status(&self, id: PieceId) -> &'a crate::status::Status {
        self.state.piece(id)
    }
}
