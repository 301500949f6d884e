//! Test helpers for System W: the W-4 order of battle built as plain structs, a battle to
//! change by hand, a driver that feeds fixed faces and choices, and an exact odds walker.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use adjutant::army::{Army, Leader, Unit};
use adjutant::battle::state::{BattleState, Context, Roster};
use adjutant::dice::Rolled;
use adjutant::event::{Event, PieceId};
use adjutant::procedure::{Call, DiceRequest, Input, Procedure, Refusal, Resolution, Step};
use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::{RoyalistsRoundheads, SYSTEM, keys};
use adjutant::status::Change;

pub const SYSTEM_ID: &str = "royalists_roundheads";

fn stats(pairs: &[(&str, i32)]) -> BTreeMap<String, i32> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

pub fn leader(
    id: &str,
    name: &str,
    command: Option<i32>,
    span: i32,
    bonus: i32,
    entry: i32,
    traits: &[&str],
) -> Leader {
    let mut s = vec![("span", span), ("bonus", bonus), ("entry_turn", entry)];
    if let Some(c) = command {
        s.push(("command", c));
    }
    Leader {
        id: id.into(),
        name: name.into(),
        stats: stats(&s),
        traits: traits.iter().map(|t| t.to_string()).collect(),
        group: None,
        superior: None,
        notes: String::new(),
    }
}

pub fn cavalry(id: &str, name: &str, leader: &str, morale: (i32, i32), entry: i32) -> Unit {
    unit(
        id,
        name,
        "Cavalry",
        leader,
        &[
            ("strength", 4),
            ("reduced_strength", 2),
            ("morale", morale.0),
            ("reduced_morale", morale.1),
            ("movement", 8),
            ("entry_turn", entry),
        ],
        &[],
    )
}

pub fn dragoons(id: &str, name: &str, leader: &str, entry: i32) -> Unit {
    unit(
        id,
        name,
        "Dragoons",
        leader,
        &[
            ("strength", 2),
            ("morale", 6),
            ("movement", 8),
            ("movement_dismounted", 4),
            ("entry_turn", entry),
        ],
        &[],
    )
}

pub fn infantry(id: &str, name: &str, leader: &str, morale: (i32, i32)) -> Unit {
    unit(
        id,
        name,
        "Infantry",
        leader,
        &[
            ("strength", 4),
            ("reduced_strength", 2),
            ("morale", morale.0),
            ("reduced_morale", morale.1),
            ("movement", 4),
            ("entry_turn", 7),
        ],
        &["entry_roll"],
    )
}

pub fn unit(
    id: &str,
    name: &str,
    kind: &str,
    leader: &str,
    s: &[(&str, i32)],
    traits: &[&str],
) -> Unit {
    Unit {
        id: id.into(),
        name: name.into(),
        kind: kind.into(),
        leader: Some(leader.into()),
        stats: stats(s),
        traits: traits
            .iter()
            .map(|t| t.to_string())
            .collect::<BTreeSet<_>>(),
        group: None,
        notes: String::new(),
    }
}

/// The Royalists of RULES.md W-4.
pub fn royalists() -> Army {
    let mut units = vec![
        cavalry("wid1", "Widdrington's Horse", "widdrington", (7, 6), 1),
        cavalry(
            "wid2",
            "Widdrington's Second Horse",
            "widdrington",
            (7, 6),
            1,
        ),
    ];
    for i in 1..=3 {
        units.push(cavalry(
            &format!("hen{i}"),
            &format!("Henderson's Horse {i}"),
            "henderson",
            (7, 6),
            2,
        ));
    }
    units.push(dragoons("hend", "Henderson's Dragoons", "henderson", 2));
    for i in 1..=3 {
        units.push(cavalry(
            &format!("sav{i}"),
            &format!("Saville's Horse {i}"),
            "saville",
            (7, 6),
            2,
        ));
    }
    units.push(dragoons("savd", "Saville's Dragoons", "saville", 2));
    units.push(infantry("array1", "The Array 1", "henderson", (5, 4)));
    units.push(infantry("array2", "The Array 2", "henderson", (5, 4)));
    Army {
        system: SYSTEM_ID.into(),
        name: "Winceby Royalists".into(),
        side: "Royalists".into(),
        description: String::new(),
        leaders: vec![
            leader("widdrington", "Widdrington", None, 4, 1, 1, &["overall"]),
            leader("henderson", "Henderson", Some(4), 3, 1, 2, &[]),
            leader("saville", "Saville", Some(3), 3, 1, 2, &[]),
        ],
        units,
    }
}

/// Parliament of RULES.md W-4.
pub fn parliament() -> Army {
    let mut units = Vec::new();
    for i in 1..=3 {
        units.push(cavalry(
            &format!("crom{i}"),
            &format!("Cromwell's Horse {i}"),
            "cromwell",
            (8, 7),
            1,
        ));
    }
    for i in 1..=3 {
        units.push(dragoons(
            &format!("verm{i}"),
            &format!("Vermuyden's Dragoons {i}"),
            "vermuyden",
            1,
        ));
    }
    for i in 1..=2 {
        units.push(cavalry(
            &format!("man{i}"),
            &format!("Manchester's Horse {i}"),
            "manchester",
            (7, 6),
            2,
        ));
    }
    for i in 1..=4 {
        units.push(cavalry(
            &format!("fair{i}"),
            &format!("Fairfax's Horse {i}"),
            "fairfax",
            (7, 6),
            3,
        ));
    }
    for i in 1..=3 {
        units.push(infantry(
            &format!("hob{i}"),
            &format!("Hobart's Foot {i}"),
            "hobart",
            (6, 5),
        ));
    }
    Army {
        system: SYSTEM_ID.into(),
        name: "Winceby Parliament".into(),
        side: "Parliament".into(),
        description: String::new(),
        leaders: vec![
            leader("cromwell", "Cromwell", Some(5), 4, 2, 1, &[]),
            leader("vermuyden", "Vermuyden", Some(3), 3, 0, 1, &[]),
            leader("manchester", "Manchester", None, 4, 0, 2, &["overall"]),
            leader("fairfax", "Fairfax", Some(4), 4, 1, 3, &[]),
            leader("hobart", "Hobart", Some(3), 3, 0, 7, &["entry_roll"]),
        ],
        units,
    }
}

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
            RoyalistsRoundheads::with_tables(Default::default()),
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
    let mut inputs = Vec::new();
    let mut requests = Vec::new();
    let mut next = script.iter();
    loop {
        match p.step(ctx, &inputs) {
            Step::Dice(req) => {
                let Some(A::F(faces)) = next.next() else {
                    panic!("script has no faces for {}", req.label)
                };
                inputs.push(Input::Dice(Rolled {
                    dice: req.dice.clone(),
                    faces: faces.clone(),
                    typed: true,
                }));
                requests.push(req);
            }
            Step::Choice(req) => {
                let Some(A::C(i)) = next.next() else {
                    panic!("script has no choice for {}", req.label)
                };
                inputs.push(Input::Choice(*i));
            }
            Step::Card(_) => panic!("System W draws no cards"),
            Step::Done(res) => {
                assert!(next.next().is_none(), "script not used up");
                return (res, requests);
            }
        }
    }
}

/// An exact probability as a reduced fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Q(pub u128, pub u128);

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

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

/// Every piece on the table under a table file whose `modifiers` are `mods` (a RON map body,
/// e.g. `"\"attack_melee_page\": 1"`), with the chits of [`ready`], at `phase` and `side`.
pub fn ready_with(mods: &str, phase: usize, side: usize) -> B {
    let tables = adjutant::rules::royalists_roundheads::load_overrides_str(
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
