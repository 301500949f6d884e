//! Printing: every sheet is generated and its text read back with `pdftotext` (poppler), for
//! hand-built armies under a test rule system that uses every part of the status vocabulary,
//! for the registered rule systems, and for every shipped army file.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use adjutant::army::{Army, ArmySpec, KindSpec, Leader, StatSpec, Unit};
use adjutant::battle::state::{BattleState, Context, Roster};
use adjutant::battle::{Action, Battle, Entry};
use adjutant::dice::{Dice, Die, Rolled};
use adjutant::event::{Event, FactKind, PieceId};
use adjutant::print::{self, Paper, PrintError, PrintOptions};
use adjutant::procedure::{Call, Offer, Procedure, Refusal};
use adjutant::rules::{self, Figure, Phase, RuleSystem, Source, Table};
use adjutant::status::*;

/// The text of a PDF as poppler reads it in drawing order (`-raw`: the order the sheet was
/// set in, cell by cell), with runs of whitespace made single spaces.
fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sheet.pdf");
    std::fs::write(&file, bytes).unwrap();
    let out = Command::new("pdftotext")
        .arg("-raw")
        .arg(&file)
        .arg("-")
        .output()
        .unwrap_or_else(|e| {
            panic!("pdftotext is needed to read PDFs back ({e}): run scripts/setup-tests.sh")
        });
    assert!(out.status.success(), "pdftotext refused the file: {out:?}");
    let text = String::from_utf8(out.stdout).expect("pdftotext gives UTF-8");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn pages(bytes: &[u8]) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sheet.pdf");
    std::fs::write(&file, bytes).unwrap();
    let out = Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .matches('\u{c}')
        .count()
}

fn assert_has(text: &str, needle: &str) {
    let needle = needle.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains(&needle), "'{needle}' missing from:\n{text}");
}

fn assert_small(bytes: &[u8]) {
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    assert!(
        bytes.len() < 200_000,
        "{} bytes: fonts not subset?",
        bytes.len()
    );
}

/// A rule system that uses every part of the vocabulary, with an overridden table.
struct Tester;

const TEST_ID: &str = "print_test";

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

fn unit(id: &str, name: &str, kind: &str, leader: &str, stats: &[(&str, i32)]) -> Unit {
    Unit {
        id: id.into(),
        name: name.into(),
        kind: kind.into(),
        leader: Some(leader.into()),
        stats: stats.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        traits: BTreeSet::new(),
        group: None,
        notes: String::new(),
    }
}

fn leader(id: &str, name: &str, superior: Option<&str>, stats: &[(&str, i32)]) -> Leader {
    Leader {
        id: id.into(),
        name: name.into(),
        stats: stats.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        traits: BTreeSet::new(),
        group: None,
        superior: superior.map(String::from),
        notes: String::new(),
    }
}

fn test_army(name: &str, side: &str) -> Army {
    let mut elite = unit(
        "u2",
        &format!("{side} Lifeguard"),
        "Horse",
        "l2",
        &[("strength", 4)],
    );
    elite.traits.insert("elite".into());
    elite.notes = "Rides with the general.".into();
    Army {
        system: TEST_ID.into(),
        name: name.into(),
        side: side.into(),
        description: "A made-up army for the printing tests.".into(),
        leaders: vec![
            leader("l1", &format!("{side} General"), None, &[("command", 5)]),
            leader(
                "l2",
                &format!("{side} Colonel"),
                Some("l1"),
                &[("command", 3)],
            ),
        ],
        units: vec![
            unit(
                "u1",
                &format!("{side} Horse"),
                "Horse",
                "l1",
                &[("strength", 8), ("morale", 7)],
            ),
            elite,
            unit(
                "u3",
                &format!("{side} Stragglers"),
                "Horse",
                "nobody",
                &[("morale", 2)],
            ),
        ],
    }
}

/// The Winceby armies as the Royalists & Roundheads army files describe them (gap W-4 values).
fn winceby() -> Vec<Army> {
    let files = shipped("royalists_roundheads");
    if files.len() >= 2
        && let Ok(armies) = files.iter().map(|f| adjutant::army::load_army(f)).collect()
    {
        return armies;
    }
    hand_winceby()
}

/// Winceby armies built by hand, with the ids the scripted battle names.
fn hand_winceby() -> Vec<Army> {
    let stats = |s, m, mv, t| {
        vec![
            ("strength", s),
            ("morale", m),
            ("movement", mv),
            ("entry_turn", t),
        ]
    };
    let lead = |id: &str, name: &str, sup: Option<&str>, c, t| {
        let mut l = leader(
            id,
            name,
            sup,
            &[("command", c), ("span", 3), ("bonus", 1), ("entry_turn", t)],
        );
        if sup.is_none() {
            l.traits.insert("overall".into());
        }
        l
    };
    let army = |name: &str, side: &str, leaders: Vec<Leader>, units: Vec<Unit>| Army {
        system: "royalists_roundheads".into(),
        name: name.into(),
        side: side.into(),
        description: "Battle of Winceby, 11 October 1643.".into(),
        leaders,
        units,
    };
    vec![
        army(
            "Royalist army at Winceby",
            "Royalist",
            vec![
                lead("henderson", "Henderson", None, 4, 2),
                lead("widdrington", "Widdrington", Some("henderson"), 4, 1),
            ],
            vec![
                unit(
                    "w1",
                    "Widdrington's Horse",
                    "Cavalry",
                    "widdrington",
                    &stats(6, 7, 8, 1),
                ),
                unit(
                    "h1",
                    "Henderson's Dragoons",
                    "Dragoons",
                    "henderson",
                    &stats(3, 6, 6, 2),
                ),
                unit(
                    "array",
                    "The Array",
                    "Infantry",
                    "henderson",
                    &stats(4, 5, 4, 7),
                ),
            ],
        ),
        army(
            "Parliament army at Winceby",
            "Parliament",
            vec![
                lead("manchester", "Manchester", None, 5, 2),
                lead("cromwell", "Cromwell", Some("manchester"), 5, 1),
            ],
            vec![
                unit(
                    "c1",
                    "Cromwell's Horse",
                    "Cavalry",
                    "cromwell",
                    &stats(6, 8, 8, 1),
                ),
                unit(
                    "hob",
                    "Hobart's Foot",
                    "Infantry",
                    "manchester",
                    &stats(5, 6, 4, 7),
                ),
            ],
        ),
    ]
}

fn shipped(system: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(system);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

fn check_roster(army: &Army, rules: &dyn RuleSystem, paper: Paper) -> String {
    let bytes = print::roster_pdf(army, rules, paper).unwrap();
    assert_small(&bytes);
    let text = pdf_text(&bytes);
    assert_has(&text, &army.name);
    let spec = rules.army_spec();
    for u in &army.units {
        assert_has(&text, &u.name);
        for (key, value) in &u.stats {
            let label = spec
                .unit_stats
                .iter()
                .find(|s| s.key == key)
                .map_or(key.as_str(), |s| s.label);
            for word in label.split_whitespace() {
                assert_has(&text, word);
            }
            assert_has(&text, &value.to_string());
        }
    }
    for l in &army.leaders {
        assert_has(&text, &l.name);
        for (key, value) in &l.stats {
            let label = spec
                .leader_stats
                .iter()
                .find(|s| s.key == key)
                .map_or(key.as_str(), |s| s.label);
            assert_has(&text, &format!("{label} {value}"));
        }
    }
    text
}

#[test]
fn roster_prints_every_unit_statistic_and_status_part() {
    for paper in Paper::ALL {
        let text = check_roster(&test_army("Blue army", "Blue"), &Tester, paper);
        for part in [
            "Hits",
            "Formation:",
            "Formed",
            "Shaken",
            "Disordered",
            "Routed",
        ] {
            assert_has(&text, part);
        }
        for part in [
            "Out of ammo",
            "Fallen",
            "Command chit",
            "Attack / Stand / Retreat",
        ] {
            assert_has(&text, part);
        }
        for part in [
            "Loss points",
            "Elite Rides with the general.",
            "Unattached units",
        ] {
            assert_has(&text, part);
        }
        assert_has(&text, "answers to Blue General");
    }
}

#[test]
fn roster_of_each_winceby_army_prints() {
    let rules = rules::by_id("royalists_roundheads").unwrap();
    for army in winceby() {
        check_roster(&army, rules, Paper::A4);
    }
}

#[test]
fn roster_refuses_an_army_of_another_system() {
    let err = print::roster_pdf(&test_army("Blue", "Blue"), rules::all()[0], Paper::A4);
    assert!(
        matches!(err, Err(PrintError::WrongSystem { .. })),
        "{err:?}"
    );
}

#[test]
fn quick_reference_prints_phases_tables_sources_and_overrides() {
    for paper in Paper::ALL {
        let bytes = print::quick_ref_pdf(&Tester, paper).unwrap();
        assert_small(&bytes);
        assert!(pages(&bytes) <= 2);
        let text = pdf_text(&bytes);
        for p in Tester.phases() {
            assert_has(&text, &p.name);
            assert_has(&text, &p.summary);
        }
        for t in Tester.tables() {
            assert_has(&text, &t.title);
            assert_has(&text, &t.source.tag());
            for cell in t.rows.iter().flatten().chain(&t.header) {
                assert_has(&text, cell);
            }
        }
        assert_has(&text, "[OVERRIDE my-charts/cards.ron]");
        assert_has(&text, "♠ ♣ Black: the wind turns");
        assert_has(&text, "♥ ♦ Red: rain");
    }
}

#[test]
fn quick_reference_of_every_rule_system_prints() {
    for rules in rules::all() {
        let bytes = print::quick_ref_pdf(rules, Paper::Letter).unwrap();
        assert_small(&bytes);
        assert!(
            pages(&bytes) <= 2,
            "{} takes more than two pages",
            rules.id()
        );
        let text = pdf_text(&bytes);
        assert_has(&text, rules.name());
        for t in rules.tables() {
            assert_has(&text, &t.source.tag());
            // Every cell but the override keys, which the card leaves out.
            let key = t.header.iter().position(|h| h == "Key");
            let cells = t.rows.iter().flat_map(|r| {
                r.iter()
                    .enumerate()
                    .filter(|&(k, _)| Some(k) != key)
                    .map(|(_, c)| c)
            });
            for cell in cells {
                assert_has(&text, cell);
            }
        }
    }
}

fn hit_state(roster: &Roster) -> BattleState {
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

#[test]
fn battle_as_it_stands_prints_hits_rungs_figures_and_hides_secrets() {
    let roster = Roster::new(vec![
        test_army("Blue army", "Blue"),
        test_army("Red army", "Red"),
    ]);
    let state = hit_state(&roster);
    let ctx = Context {
        roster: &roster,
        state: &state,
    };
    let options = PrintOptions {
        paper: Paper::A4,
        show_secrets: false,
    };
    let bytes = print::battle_pdf_with(&Tester, &ctx, options).unwrap();
    assert_small(&bytes);
    let text = pdf_text(&bytes);
    for part in [
        "Turn 4 · Fire phase · Red to play",
        "3/6",
        "0/6",
        "Loss points",
        "17",
        "Blue Horse",
        "Red Lifeguard",
    ] {
        assert_has(&text, part);
    }
    assert!(
        !text.contains("Command chit Retreat"),
        "a secret chit must not be filled in unless asked"
    );
    let shown = print::battle_pdf_with(
        &Tester,
        &ctx,
        PrintOptions {
            show_secrets: true,
            ..options
        },
    )
    .unwrap();
    let shown = pdf_text(&shown);
    assert_has(&shown, "Command chit Retreat Attack / Stand / Retreat");
}

#[test]
fn battle_of_a_registered_system_prints() {
    let mut battle = Battle::new("royalists_roundheads", winceby(), 7).unwrap();
    battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    battle.roll().unwrap();
    let bytes = print::battle_pdf(&battle, Paper::Letter).unwrap();
    assert_small(&bytes);
    let text = pdf_text(&bytes);
    assert_has(&text, "Turn 1");
    for army in battle.armies() {
        army.units.iter().for_each(|u| assert_has(&text, &u.name));
    }
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
fn scripted() -> Battle {
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
        "royalists_roundheads".into(),
        1,
        armies,
        log,
        Vec::new(),
        None,
    )
    .unwrap()
}

#[test]
fn report_tells_the_battle_in_order_with_dice_and_result() {
    let battle = scripted();
    let md = print::report_markdown(&battle);
    let order = [
        "## Turn 1",
        "The battle begins",
        "fires at Cromwell",
        "loses a step",
        "7♣",
        "## Turn 2",
        "**Cromwell's Horse routs**",
        "## Dice",
        "| Royalist | D6 | 2 | 6.00 | 3.50 | +2.50 |",
        "| Parliament | D10 | 1 | 0.00 | 4.50 | -4.50 |",
        "## Result",
        "Royalist victory on loss points",
    ];
    let mut at = 0;
    for part in order {
        let found = md[at..]
            .find(part)
            .unwrap_or_else(|| panic!("'{part}' not after {at} in:\n{md}"));
        at += found + part.len();
    }
    let text = pdf_text(&print::report_pdf(&battle, Paper::A4).unwrap());
    let mut at = 0;
    for part in [
        "Turn 1",
        "begins",
        "loses a step",
        "7♣",
        "Turn 2",
        "routs",
        "Royalist D6 2 6.00 3.50 +2.50",
        "Royalist victory",
    ] {
        let found = text[at..]
            .find(part)
            .unwrap_or_else(|| panic!("'{part}' not after {at} in:\n{text}"));
        at += found + part.len();
    }
}

#[test]
fn tray_dice_are_reported_as_tray() {
    let mut battle = Battle::new("royalists_roundheads", winceby(), 3).unwrap();
    battle.start(Action::Roll(Dice::new(3, Die::D6))).unwrap();
    battle.roll().unwrap();
    let md = print::report_markdown(&battle);
    assert!(md.contains("| tray | D6 | 3 |"), "{md}");
    assert!(md.contains("Not finished: turn 1"), "{md}");
}

#[test]
fn suits_come_back_out_of_the_pdf() {
    let text = pdf_text(&print::quick_ref_pdf(&Tester, Paper::A4).unwrap());
    for suit in ['♠', '♥', '♦', '♣'] {
        assert!(text.contains(suit), "{suit} lost");
    }
}

#[test]
fn paper_sizes_parse_and_bad_ones_are_refused_clearly() {
    assert_eq!(Paper::parse("A4").unwrap(), Paper::A4);
    assert_eq!(Paper::parse("letter").unwrap(), Paper::Letter);
    let err = Paper::parse("a5").unwrap_err();
    assert_eq!(err.to_string(), "unknown paper size 'a5': use a4 or letter");
}

#[test]
fn writing_is_atomic_and_failures_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("roster.pdf");
    print::write_pdf_atomically(&out, b"%PDF-old").unwrap();
    print::write_pdf_atomically(&out, b"%PDF-new").unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), b"%PDF-new");
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, b"x").unwrap();
    for bad in [
        dir.path().join("missing/out.pdf"),
        blocker.join("out.pdf"),
        dir.path().to_path_buf(),
    ] {
        let err = print::write_pdf_atomically(&bad, b"%PDF-").unwrap_err();
        assert!(err.to_string().starts_with("cannot write"), "{err}");
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    // The replaced file is kept as roster.pdf.bak by the store's atomic write.
    let mut left: Vec<&str> = left.iter().map(String::as_str).collect();
    left.sort();
    assert_eq!(left, ["not-a-folder", "roster.pdf", "roster.pdf.bak"]);
}

#[test]
fn every_shipped_army_prints_every_sheet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies");
    if !root.is_dir() {
        eprintln!("no armies/ folder yet: nothing shipped to print");
        return;
    }
    for rules in rules::all() {
        let files = shipped(rules.id());
        let armies: Vec<Army> = files
            .iter()
            .map(|f| {
                adjutant::army::load_army(f).unwrap_or_else(|p| panic!("{}: {p:?}", f.display()))
            })
            .collect();
        for army in &armies {
            check_roster(army, rules, Paper::A4);
        }
        if armies.len() >= 2 {
            let mut battle = Battle::new(rules.id(), armies.clone(), 11).unwrap();
            battle.start(Action::Roll(Dice::new(1, Die::D6))).unwrap();
            battle.roll().unwrap();
            assert_small(&print::battle_pdf(&battle, Paper::A4).unwrap());
            assert_small(&print::report_pdf(&battle, Paper::A4).unwrap());
        }
    }
}

/// Writes every sheet to `$PRINT_DUMP` for looking at: `PRINT_DUMP=/tmp/sheets cargo test
/// --test print dump -- --ignored`, then `pdftoppm -png -r 60`.
#[test]
#[ignore]
fn dump_sheets_for_looking_at() {
    let dir = std::path::PathBuf::from(std::env::var("PRINT_DUMP").expect("set PRINT_DUMP"));
    std::fs::create_dir_all(&dir).unwrap();
    let write =
        |name: &str, bytes: Vec<u8>| print::write_pdf_atomically(dir.join(name), &bytes).unwrap();
    write(
        "test-roster.pdf",
        print::roster_pdf(&test_army("Blue army", "Blue"), &Tester, Paper::A4).unwrap(),
    );
    write(
        "test-quickref.pdf",
        print::quick_ref_pdf(&Tester, Paper::A4).unwrap(),
    );
    let roster = Roster::new(vec![
        test_army("Blue army", "Blue"),
        test_army("Red army", "Red"),
    ]);
    let state = hit_state(&roster);
    let ctx = Context {
        roster: &roster,
        state: &state,
    };
    write(
        "test-battle.pdf",
        print::battle_pdf_with(&Tester, &ctx, PrintOptions::default()).unwrap(),
    );
    write(
        "report.pdf",
        print::report_pdf(&scripted(), Paper::A4).unwrap(),
    );
    for rules in rules::all() {
        write(
            &format!("{}-quickref.pdf", rules.id()),
            print::quick_ref_pdf(rules, Paper::A4).unwrap(),
        );
        let armies: Vec<Army> = shipped(rules.id())
            .iter()
            .filter_map(|f| adjutant::army::load_army(f).ok())
            .collect();
        for (i, army) in armies.iter().enumerate() {
            write(
                &format!("{}-roster-{i}.pdf", rules.id()),
                print::roster_pdf(army, rules, Paper::A4).unwrap(),
            );
        }
        if let Ok(battle) = Battle::new(rules.id(), armies, 5) {
            write(
                &format!("{}-battle.pdf", rules.id()),
                print::battle_pdf(&battle, Paper::Letter).unwrap(),
            );
        }
    }
}
