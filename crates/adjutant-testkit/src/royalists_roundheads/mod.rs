//! Test helpers for System W: the W-4 order of battle ([`winceby`]), a battle to change by
//! hand, a driver that feeds fixed faces and choices, and the exact odds walker. The hand-made
//! army builders, the driver's loop and the walker are the ones every test shares
//! ([`crate::army`], [`crate::driver`], [`crate::exact`]), named here too.

pub mod winceby;

pub use crate::{army, driver, exact};

use adjutant_core::army::Army;
use adjutant_core::battle::state::{BattleState, Context, Roster};
use adjutant_core::event::{Event, PieceId};
use adjutant_core::procedure::{Call, DiceRequest, Input, Procedure, Refusal, Resolution, Step};
use adjutant_core::rules::RuleSystem;
use adjutant_core::rules::royalists_roundheads::{RoyalistsRoundheads, SYSTEM, keys};
use adjutant_core::status::Change;

use driver::{drive_by, typed};

pub use army::{Build, unit};
pub use exact::{Q, exact_odds, total};
pub use winceby::{parliament, royalists};

pub const SYSTEM_ID: &str = "royalists_roundheads";

/// One scripted answer: the faces of the next roll, or the option of the next choice.
#[derive(Debug, Clone)]
pub enum A {
    F(Vec<u8>),
    C(usize),
}

pub fn f(faces: &[u8]) -> A {
    A::F(faces.to_vec())
}

/// A battle under test, changed by hand or by procedures.
pub struct B {
    pub system: RoyalistsRoundheads,
    pub roster: Roster,
    pub state: BattleState,
}

impl Default for B {
    fn default() -> B {
        B::new()
    }
}

impl B {
    /// Every unit on the table and each leader's chit set, at `turn`, `phase`, `side`.
    pub fn with_chits(chits: [(&str, &str); 8], turn: u32, phase: usize, side: usize) -> B {
        let mut b = B::new();
        b.enter_all();
        for (l, c) in chits {
            b.set_chit(l, c);
        }
        b.clock(turn, phase, side);
        b
    }

    /// Winceby with the shipped tables, set up.
    pub fn new() -> B {
        B::with(
            RoyalistsRoundheads::with_tables(
                adjutant_core::rules::royalists_roundheads::Tables::standard(),
            ),
            vec![royalists(), parliament()],
        )
    }

    pub fn with(system: RoyalistsRoundheads, armies: Vec<Army>) -> B {
        let roster = Roster::new(armies);
        let mut state = BattleState::new(&roster);
        for e in system.setup(&roster) {
            state.apply(&e);
        }
        B {
            system,
            roster,
            state,
        }
    }

    pub fn ctx(&self) -> Context<'_> {
        Context {
            roster: &self.roster,
            state: &self.state,
        }
    }

    /// A piece by its army-file id (searching both sides).
    pub fn id(&self, id: &str) -> PieceId {
        (0..2)
            .find_map(|s| self.roster.find(s, id))
            .unwrap_or_else(|| panic!("no piece {id}"))
    }

    pub fn apply(&mut self, events: &[Event]) {
        for e in events {
            self.state.apply(e);
        }
    }

    pub fn set_flag(&mut self, id: &str, key: &str, on: bool) {
        let piece = self.id(id);
        self.state.apply(&Event::Piece {
            piece,
            change: Change::Flag {
                key: key.into(),
                on,
            },
        });
    }

    pub fn set_chit(&mut self, id: &str, chit: &str) {
        let piece = self.id(id);
        self.state.apply(&Event::Piece {
            piece,
            change: Change::Mark {
                key: keys::CHIT.into(),
                to: Some(chit.into()),
            },
        });
    }

    pub fn clock(&mut self, turn: u32, phase: usize, side: usize) {
        self.state.apply(&Event::Clock { turn, phase, side });
    }

    /// Every piece on the map.
    pub fn enter_all(&mut self) {
        for i in 0..self.roster.pieces.len() {
            self.state.apply(&Event::Piece {
                piece: PieceId(i as u16),
                change: Change::Flag {
                    key: keys::ENTERED.into(),
                    on: true,
                },
            });
        }
    }

    pub fn call(
        &self,
        proc_id: &str,
        actors: &[&str],
        targets: &[&str],
        params: &[(&str, &str)],
    ) -> Call {
        Call {
            id: proc_id.into(),
            actors: actors.iter().map(|a| self.id(a)).collect(),
            targets: targets.iter().map(|a| self.id(a)).collect(),
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    pub fn start(&self, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        self.system.procedure(&self.ctx(), call)
    }

    /// The refusal of a call that must be refused.
    pub fn refusal(&self, call: &Call) -> Refusal {
        match self.start(call) {
            Ok(_) => panic!("{} was not refused", call.id),
            Err(r) => r,
        }
    }

    /// Runs a call with scripted answers; returns the resolution and the dice requests met.
    pub fn run(
        &self,
        call: &Call,
        script: &[A],
    ) -> Result<(Resolution, Vec<DiceRequest>), Refusal> {
        let p = self.start(call)?;
        Ok(drive(p.as_ref(), &self.ctx(), script))
    }

    /// Runs and applies a call.
    pub fn play(&mut self, call: &Call, script: &[A]) -> Resolution {
        let (res, _) = self.run(call, script).expect("procedure starts");
        let events = res.events.clone();
        self.apply(&events);
        res
    }

    pub fn flag(&self, id: &str, key: &str) -> bool {
        self.state.piece(self.id(id)).flag(key)
    }

    pub fn track(&self, id: &str, key: &str) -> i32 {
        self.state.piece(self.id(id)).track(key)
    }

    pub fn mark(&self, id: &str, key: &str) -> Option<String> {
        self.state.piece(self.id(id)).mark(key).map(String::from)
    }
}

/// Feeds a procedure the scripted answers until it is done.
pub fn drive(p: &dyn Procedure, ctx: &Context, script: &[A]) -> (Resolution, Vec<DiceRequest>) {
    let mut next = script.iter();
    let (requests, res) = drive_by(p, ctx, |step| match step {
        Step::Dice(req) => {
            let Some(A::F(faces)) = next.next() else {
                panic!("script has no faces for {}", req.label)
            };
            typed(req, faces.clone())
        }
        Step::Choice(req) => {
            let Some(A::C(i)) = next.next() else {
                panic!("script has no choice for {}", req.label)
            };
            Input::Choice(*i)
        }
        Step::Card(_) => panic!("System W draws no cards"),
        Step::Done(_) => unreachable!("the driver stops at the end"),
    });
    assert!(next.next().is_none(), "script not used up");
    (res, requests)
}

/// The shipped system, for tests that want the static.
pub fn shipped() -> &'static RoyalistsRoundheads {
    &SYSTEM
}

/// Turn 3, every unit on the table, the chits most combat tests start from.
pub fn ready(phase: usize, side: usize) -> B {
    B::with_chits(
        [
            ("widdrington", "Advance"),
            ("henderson", "Attack"),
            ("saville", "Stand"),
            ("cromwell", "Stand"),
            ("vermuyden", "Stand"),
            ("manchester", "Advance"),
            ("fairfax", "Reserve"),
            ("hobart", "Advance"),
        ],
        3,
        phase,
        side,
    )
}

/// The melee of the rules' worked example: `attackers` (Henderson's Horse 1, with or without
/// Henderson) against Cromwell's Horse 1 in the clear, across no hexside.
pub fn worked_melee(b: &B, attackers: &[&str]) -> Call {
    b.call(
        keys::proc::MELEE,
        attackers,
        &["crom1"],
        &[
            (keys::param::TERRAIN, "Clear"),
            (keys::param::HEXSIDE, "none"),
        ],
    )
}

/// The worked example's rolls and choice, Henderson stacked with his Horse 1.
pub fn worked_melee_script() -> [A; 7] {
    [
        f(&[3, 4]), // attacker morale: 7 − 1 (Henderson stacked) = 6 ≤ 7
        f(&[4, 4]), // defender morale: 8 ≤ 8
        f(&[5]),    // attackers: 5 + 1 (Attack) + 1 (Henderson) = 7 on 4–6: "1"
        f(&[5]),    // defenders: 5 + 1 (Stand) = 6 on 4–6: "M"
        f(&[6, 3]), // Cromwell's Horse 1 after its loss: 9 > 8 − 1 = 7, routs
        A::C(0),    // it can retreat
        f(&[2, 2]), // Henderson's Horse 1: 4 − 1 = 3 ≤ 7
    ]
}

/// Every piece on the table under a table file whose `modifiers` are `mods` (a RON map body,
/// e.g. `"\"attack_melee_page\": 1"`), with the chits of [`ready`], at `phase` and `side`.
pub fn ready_with(mods: &str, phase: usize, side: usize) -> B {
    let tables = adjutant_core::rules::royalists_roundheads::overrides::tables(
        "royalists_roundheads.ron",
        &format!("(version: 1, modifiers: {{{mods}}})"),
    )
    .expect("the table file loads");
    let mut b = B::with(
        RoyalistsRoundheads::with_tables(tables),
        vec![royalists(), parliament()],
    );
    b.enter_all();
    for (l, c) in [
        ("widdrington", "Advance"),
        ("henderson", "Attack"),
        ("saville", "Stand"),
        ("cromwell", "Stand"),
        ("vermuyden", "Stand"),
        ("manchester", "Advance"),
        ("fairfax", "Reserve"),
        ("hobart", "Advance"),
    ] {
        b.set_chit(l, c);
    }
    b.clock(3, phase, side);
    b
}

/// The log lines of some events.
pub fn fact_texts(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fact { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// A roll's modifiers as (value, label).
pub fn mods(req: &DiceRequest) -> Vec<(i32, String)> {
    req.dice
        .modifiers
        .iter()
        .map(|m| (m.value, m.label.clone()))
        .collect()
}
