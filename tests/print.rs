//! Printing: every sheet is generated and its text read back with `pdftotext` (poppler), for
//! hand-built armies under a test rule system that uses every part of the status vocabulary,
//! for the registered rule systems, and for every shipped army file.

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

// The fixtures the topics share.
#[path = "print/fixtures.rs"]
mod fixtures;
use fixtures::{TEST_ID, Tester, hit_state, scripted};

use crate::common;

use common::army::{self, Build};
use common::shipped_files as shipped;

// The sheets, by topic.
#[path = "print/battle.rs"]
mod battle;
#[path = "print/paper_and_files.rs"]
mod paper_and_files;
#[path = "print/quick_ref.rs"]
mod quick_ref;
#[path = "print/report.rs"]
mod report;
#[path = "print/roster.rs"]
mod roster;
#[path = "print/shipped.rs"]
mod shipped;

/// The raw text of a PDF as poppler reads it in drawing order (`-raw`: the order the sheet
/// was set in, cell by cell), pages separated by form feeds.
fn pdftotext_raw(bytes: &[u8]) -> String {
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
    String::from_utf8(out.stdout).expect("pdftotext gives UTF-8")
}

/// Runs of whitespace made single spaces.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of a PDF in drawing order, its whitespace squeezed.
fn pdf_text(bytes: &[u8]) -> String {
    squeezed(&pdftotext_raw(bytes))
}

/// Each page's text in drawing order, its whitespace squeezed.
fn page_texts(bytes: &[u8]) -> Vec<String> {
    pdftotext_raw(bytes)
        .split('\u{c}')
        .map(squeezed)
        .filter(|page| !page.is_empty())
        .collect()
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

fn unit(id: &str, name: &str, kind: &str, leader: &str, stats: &[(&str, i32)]) -> Unit {
    army::unit(id, kind)
        .named(name)
        .led_by(leader)
        .with_stats(stats)
}

fn leader(id: &str, name: &str, superior: Option<&str>, stats: &[(&str, i32)]) -> Leader {
    let l = army::leader(id, name).with_stats(stats);
    match superior {
        Some(s) => l.led_by(s),
        None => l,
    }
}

/// The Blue and Red test armies, with the hits and marks of [`hit_state`].
fn blue_and_red() -> (Roster, BattleState) {
    let roster = Roster::new(vec![
        test_army("Blue army", "Blue"),
        test_army("Red army", "Red"),
    ]);
    let state = hit_state(&roster);
    (roster, state)
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
    let leaders = vec![
        leader("l1", &format!("{side} General"), None, &[("command", 5)]),
        leader(
            "l2",
            &format!("{side} Colonel"),
            Some("l1"),
            &[("command", 3)],
        ),
    ];
    let units = vec![
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
    ];
    Army {
        name: name.into(),
        description: "A made-up army for the printing tests.".into(),
        ..army::army(TEST_ID, side, leaders, units)
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
        name: name.into(),
        description: "Battle of Winceby, 11 October 1643.".into(),
        ..army::army("royalists_roundheads", side, leaders, units)
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
