//! Rule citations: every `§` the Victory Without Squares code cites names a numbered heading
//! of its reference, `docs/rules/victory_without_squares.md`, every rule string the player sees
//! (refusals, card, dice and choice requests, modifiers, tables) cites only such sections, and
//! the Switches table lists every switch with its default.

use std::collections::BTreeSet;
use std::path::PathBuf;

use adjutant_testkit::cite;

use adjutant_core::rules::victory_without_squares::tables::SWITCHES;
use cite::{check_sources, cited, headings, is_rule, reference, refusals};

use super::*;

const SYSTEM_ID: &str = "victory_without_squares";

fn root() -> PathBuf {
    cite::root()
}

fn doc() -> String {
    std::fs::read_to_string(reference(&root(), SYSTEM_ID)).expect("the rules reference")
}

fn heads() -> BTreeSet<String> {
    headings(&doc())
}

#[test]
fn every_section_the_code_cites_is_a_heading_of_its_reference() {
    let heads = heads();
    assert!(heads.contains("5.7") && heads.contains("11.1") && heads.len() > 45);
    let gaps: Vec<String> = (1..=9).map(|n| format!("V-{n}")).collect();
    let mut forbidden = vec!["RULES.md"];
    forbidden.extend(gaps.iter().map(String::as_str));
    let count = check_sources(&root(), SYSTEM_ID, &forbidden).unwrap_or_else(|e| panic!("{e}"));
    assert!(count > 80, "only {count} citations found");
}

/// Every request a procedure makes along the path `inputs` gives, and its rule.
fn rules_along(b: &Battle, c: &Call, faces: &[u8], cards: &[&str]) -> Vec<String> {
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, c)
        .unwrap_or_else(|r| panic!("{}: {r}", c.id));
    let (mut faces, mut cards) = (faces.iter(), cards.iter());
    let mut inputs = Vec::new();
    let mut rules = Vec::new();
    loop {
        match p.step(&ctx, &inputs) {
            Step::Dice(req) => {
                rules.push(req.rule.clone());
                rules.extend(req.dice.modifiers.iter().map(|m| m.rule.clone()));
                inputs.push(Input::Dice(Rolled {
                    dice: req.dice.clone(),
                    faces: vec![*faces.next().unwrap_or(&0)],
                    typed: true,
                }));
            }
            Step::Card(req) => {
                rules.push(req.rule.clone());
                inputs.push(Input::Card(card(cards.next().unwrap_or(&"KS"))));
            }
            Step::Choice(req) => {
                rules.push(req.rule.clone());
                inputs.push(Input::Choice(req.assumed));
            }
            Step::Done(res) => {
                for e in res.events {
                    if let Event::Fact { text, .. } = e {
                        rules.extend(cited(&text).into_iter().map(|n| format!("§{n}")));
                    }
                }
                return rules;
            }
        }
    }
}

#[test]
fn every_rule_string_shown_cites_the_reference() {
    let heads = heads();
    let b = battle();
    let at = |side: usize| Event::Clock {
        turn: 1,
        phase: 1,
        side,
    };
    let (horse, foot, gun, shot) = (
        id(&b, 0, "rupert_h"),
        id(&b, 1, "fairfax_f"),
        id(&b, 1, "nma_train"),
        id(&b, 1, "forlorn"),
    );
    let rupert = id(&b, 0, "rupert");
    // Every offer, refused or not, for every selection of one piece and one target.
    let positions = vec![
        b.clone(),
        with(&b, vec![at(0)]),
        with(
            &b,
            vec![
                at(1),
                rung(foot, DISORDERED),
                flag(gun, LIMBERED),
                flag(horse, PURSUING),
                rung(shot, BROKEN),
            ],
        ),
        with(&b, vec![at(0), flag(foot, REMOVED), flag(horse, FIRED)]),
    ];
    let mut count = 0;
    for p in &positions {
        for (id, r) in refusals(&SYSTEM, p, 3) {
            assert!(is_rule(&r.rule, &heads), "{id}: {r}");
            count += 1;
        }
    }
    assert!(count > 200, "{count}");
    // Requests along the way of fire, combat, manoeuvres, card tests and the turn.
    let royal = with(&b, vec![at(0), mark(horse, ATTACHED, "rupert")]);
    let def = id(&b, 1, "vermuyden_h");
    let mut rules = Vec::new();
    rules.extend(rules_along(
        &royal,
        &call(P_FIRE, vec![foot], vec![horse], &[]),
        &[0],
        &["4H", "KC"],
    ));
    rules.extend(rules_along(
        &with(&royal, vec![rung(horse, DISORDERED)]),
        &call(P_FIRE, vec![gun], vec![horse], &[(CLOSE_GUNS, "yes")]),
        &[0],
        &["4H", "4S", "QH"],
    ));
    rules.extend(rules_along(
        &royal,
        &call(P_COMBAT, vec![horse], vec![def], &[(DIRECTION, "rear")]),
        &[0],
        &["KH", "4H"],
    ));
    rules.extend(rules_along(
        &royal,
        &call(P_COMBAT, vec![horse], vec![shot], &[]),
        &[],
        &[],
    ));
    rules.extend(rules_along(
        &royal,
        &call(P_DIFFICULT, vec![horse], vec![], &[]),
        &[],
        &["4S", "5S"],
    ));
    rules.extend(rules_along(
        &royal,
        &call(P_NEAR_BROKEN, vec![horse], vec![], &[]),
        &[],
        &["4S"],
    ));
    rules.extend(rules_along(
        &royal,
        &call(P_LEADER_CARD, vec![rupert], vec![], &[]),
        &[],
        &["KS"],
    ));
    rules.extend(rules_along(
        &b,
        &call(P_INITIATIVE, vec![], vec![], &[]),
        &[3, 3, 3, 5],
        &[],
    ));
    rules.extend(rules_along(
        &royal,
        &call(P_PASS, vec![], vec![], &[]),
        &[],
        &[],
    ));
    assert!(rules.len() > 20, "{rules:?}");
    for r in rules {
        assert!(is_rule(&r, &heads), "{r}");
    }
    // The tables' notes and cells.
    for t in SYSTEM.tables() {
        for cell in t.rows.iter().flatten().chain([&t.note]) {
            for n in cited(cell) {
                assert!(heads.contains(&n), "{}: §{n}", t.id);
            }
        }
    }
}

#[test]
fn the_switches_table_lists_every_switch_with_its_default() {
    let tables = SYSTEM.tables();
    let sw = tables
        .iter()
        .find(|t| t.id == "switches")
        .expect("switches");
    assert_eq!(sw.title, "Switches");
    assert_eq!(sw.header, ["Switch", "In force", "Default", "What it does"]);
    assert_eq!(sw.source, Source::Default);
    assert_eq!(sw.rows.len(), SWITCHES.len());
    let doc = doc();
    for (row, s) in sw.rows.iter().zip(SWITCHES) {
        assert_eq!(row[0], s.key);
        assert_eq!((row[1].as_str(), row[2].as_str()), ("0 (off)", "0 (off)"));
        assert!(row[3].contains('§'));
        assert!(
            doc.contains(&format!("| `{}` | off |", s.key)),
            "the reference documents {}",
            s.key
        );
    }
}

#[test]
fn the_references_table_file_example_loads() {
    let doc = doc();
    let start = doc.find("```ron\n").expect("an example") + "```ron\n".len();
    let text = &doc[start..start + doc[start..].find("```").unwrap()];
    let t = adjutant_core::rules::victory_without_squares::overrides::tables("example.ron", text)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(t.switches.powder_halves_bases);
    assert_eq!(t.deck, adjutant_core::cards::Refill::EveryDraw);
    assert_eq!(t.columns[2], Suit::Spades);
    assert_eq!(t.near_broken.len(), 4);
}
