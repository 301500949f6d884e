//! The fixtures the printing tests share: a rule system that uses every part of the status
//! vocabulary, a battle state with hits, and a battle whose log is written by hand.

use super::*;

/// A rule system that uses every part of the vocabulary, with an overridden table.
pub(crate) struct Tester;

pub(crate) const TEST_ID: &str = "print_test";

impl RuleSystem for Tester {
    fn id(&self) -> &'static str {
        TEST_ID
    }
    fn name(&self) -> &'static str {
        "Print Test Rules"
    }
    fn army_spec(&self) -> ArmySpec {
        let stat = |key, label| StatSpec {
            key,
            label,
            min: 0,
            max: 20,
            required: false,
            kinds: &[],
        };
        ArmySpec {
            unit_kinds: vec![KindSpec {
                name: "Horse",
                description: "charges home",
            }],
            unit_stats: vec![
                stat("strength", "Strength"),
                stat("morale", "Morale rating"),
            ],
            leader_stats: vec![stat("command", "Command")],
            unit_traits: vec!["elite"],
            leader_traits: vec!["overall"],
        }
    }
    fn piece_schema(&self, roster: &Roster, piece: PieceId) -> StatusSchema {
        if roster.leader(piece).is_some() {
            return StatusSchema {
                flags: vec![FlagSpec {
                    key: "fallen",
                    label: "Fallen".into(),
                }],
                marks: vec![MarkSpec {
                    key: "chit",
                    label: "Command chit".into(),
                    choices: vec!["Attack".into(), "Stand".into(), "Retreat".into()],
                    secret: true,
                }],
                ..StatusSchema::default()
            };
        }
        StatusSchema {
            tracks: vec![TrackSpec {
                key: "hits",
                label: "Hits".into(),
                min: 0,
                max: 6,
                style: TrackStyle::Boxes,
            }],
            ladders: vec![LadderSpec {
                key: "form",
                label: "Formation".into(),
                rungs: ["Formed", "Shaken", "Disordered", "Routed"]
                    .map(String::from)
                    .to_vec(),
            }],
            flags: vec![FlagSpec {
                key: "ammo",
                label: "Out of ammo".into(),
            }],
            marks: vec![],
        }
    }
    fn side_schema(&self) -> StatusSchema {
        StatusSchema {
            tracks: vec![TrackSpec {
                key: "loss",
                label: "Loss points".into(),
                min: 0,
                max: 60,
                style: TrackStyle::Number,
            }],
            ..StatusSchema::default()
        }
    }
    fn phases(&self) -> Vec<Phase> {
        ["Command", "Movement", "Fire", "Melee", "Rally"]
            .iter()
            .map(|n| Phase {
                name: format!("{n} phase"),
                summary: format!("Everything about {}", n.to_lowercase()),
            })
            .collect()
    }
    fn offers(&self, _: &Context, _: &[PieceId], _: &[PieceId]) -> Vec<Offer> {
        Vec::new()
    }
    fn procedure(&self, _: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        Err(Refusal::new(format!("no {}", call.id), "none"))
    }
    fn figures(&self, ctx: &Context) -> Vec<Figure> {
        (0..ctx.roster.armies.len())
            .map(|side| Figure {
                side,
                label: "Loss points".into(),
                value: ctx.state.sides[side].track("loss").to_string(),
            })
            .collect()
    }
    fn tables(&self) -> Vec<Table> {
        let row = |a: &str, b: &str| vec![a.to_string(), b.to_string()];
        vec![
            Table {
                id: "fire".into(),
                title: "Fire table".into(),
                source: Source::Rules,
                header: vec!["Die".into(), "Result".into()],
                rows: vec![
                    row("1–3", "No effect"),
                    row("4–5", "One hit"),
                    row("6", "Two hits"),
                ],
                note: "Add one at close range.".into(),
            },
            Table {
                id: "cards".into(),
                title: "Card events".into(),
                source: Source::Override("my-charts/cards.ron".into()),
                header: vec!["Card".into(), "Event".into()],
                rows: vec![row("♠ ♣", "Black: the wind turns"), row("♥ ♦", "Red: rain")],
                note: String::new(),
            },
        ]
    }
}

pub(crate) fn hit_state(roster: &Roster) -> BattleState {
    let mut state = BattleState::new(roster);
    let blue_horse = roster.find(0, "u1").unwrap();
    let red_general = roster.find(1, "l1").unwrap();
    let events = [
        Event::Piece {
            piece: blue_horse,
            change: Change::Track {
                key: "hits".into(),
                to: 3,
            },
        },
        Event::Piece {
            piece: blue_horse,
            change: Change::Ladder {
                key: "form".into(),
                to: 2,
            },
        },
        Event::Piece {
            piece: blue_horse,
            change: Change::Flag {
                key: "ammo".into(),
                on: true,
            },
        },
        Event::Piece {
            piece: red_general,
            change: Change::Mark {
                key: "chit".into(),
                to: Some("Retreat".into()),
            },
        },
        Event::Side {
            side: 1,
            change: Change::Track {
                key: "loss".into(),
                to: 17,
            },
        },
        Event::Clock {
            turn: 4,
            phase: 2,
            side: 1,
        },
    ];
    events.iter().for_each(|e| state.apply(e));
    state
}

fn rolled(die: Die, faces: &[u8]) -> Event {
    let rolled = Rolled {
        dice: Dice::new(faces.len() as u8, die),
        faces: faces.to_vec(),
        typed: true,
    };
    Event::Rolled {
        label: "roll".into(),
        rolled,
        by: None,
    }
}

/// A battle whose log is written by hand: two turns of facts, dice and a result.
pub(crate) fn scripted() -> Battle {
    let armies = hand_winceby();
    let roster = Roster::new(armies.clone());
    let horse = roster.find(0, "w1").unwrap();
    let cromwell = roster.find(1, "c1").unwrap();
    let fact = |kind, piece, text: &str| Event::fact(kind, piece, text);
    let entry = |title: &str, action, events| Entry {
        title: title.into(),
        action,
        events,
    };
    let fire = Action::Procedure(Call {
        id: "fire".into(),
        actors: vec![horse],
        ..Call::default()
    });
    let log = vec![
        entry(
            "Set up",
            Action::Setup,
            vec![fact(FactKind::Turn, None, "The battle begins")],
        ),
        entry(
            "Fire",
            fire,
            vec![
                rolled(Die::D6, &[6, 6]),
                fact(
                    FactKind::Fire,
                    Some(horse),
                    "Widdrington's Horse fires at Cromwell's Horse",
                ),
                fact(
                    FactKind::Loss,
                    Some(cromwell),
                    "Cromwell's Horse loses a step",
                ),
            ],
        ),
        entry(
            "Draw",
            Action::Draw,
            vec![fact(FactKind::Note, None, "Card drawn: 7♣")],
        ),
        entry(
            "Next turn",
            Action::Setup,
            vec![
                Event::Clock {
                    turn: 2,
                    phase: 0,
                    side: 1,
                },
                rolled(Die::D10, &[0]),
                fact(FactKind::Rout, Some(cromwell), "Cromwell's Horse routs"),
                Event::Ended {
                    result: "Royalist victory on loss points".into(),
                },
            ],
        ),
    ];
    Battle::from_parts(
        &adjutant::rules::Systems::shipped(),
        "royalists_roundheads".into(),
        1,
        armies,
        log,
        Vec::new(),
        None,
    )
    .unwrap()
}
