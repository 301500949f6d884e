//! The armies inside a battle file are validated as army files are: an unknown unit kind, a
//! strength of 2 000 000 000, an army of another rule system and a battle of one army are each
//! refused, with every problem at its line and column in the battle file.

use std::path::Path;

use adjutant::army::load_army;
use adjutant::battle::Battle;
use adjutant::store::{StoreError, battle_from_ron, battle_to_ron};

fn winceby() -> Vec<adjutant::army::Army> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/royalists_roundheads");
    ["winceby_royalists.ron", "winceby_parliament.ron"]
        .iter()
        .map(|f| load_army(&dir.join(f)).unwrap())
        .collect()
}

fn saved(armies: Vec<adjutant::army::Army>) -> String {
    battle_to_ron(&Battle::new("royalists_roundheads", armies, 3).unwrap()).unwrap()
}

/// The line and column (from 1, in characters) of a byte offset.
fn at(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

/// Loads `text` as `b.ron`: it must be refused for its armies, with a problem at `offset`
/// whose message holds `says`.
fn refused_at(text: &str, offset: usize, says: &str) {
    let path = Path::new("b.ron");
    let err = battle_from_ron(text, path).expect_err("the battle loads");
    let StoreError::Armies { problems, .. } = &err else {
        panic!("not refused for its armies: {err}")
    };
    let (line, col) = at(text, offset);
    let found = problems
        .iter()
        .find(|p| p.message.contains(says))
        .unwrap_or_else(|| panic!("no problem saying {says:?}: {err}"));
    assert_eq!((found.line, found.col), (line, col), "{err}");
    assert!(
        err.to_string().contains(&format!("b.ron:{line}:{col}: ")),
        "{err}"
    );
}

#[test]
fn a_good_battle_loads() {
    let text = saved(winceby());
    assert!(battle_from_ron(&text, Path::new("b.ron")).is_ok());
}

#[test]
fn an_unknown_kind_in_a_battle_file_is_refused_where_it_is() {
    let text = saved(winceby()).replacen("kind: \"Cavalry\"", "kind: \"Zeppelin\"", 1);
    let offset = text.find("\"Zeppelin\"").unwrap();
    refused_at(&text, offset, "unknown unit kind \"Zeppelin\"");
}

#[test]
fn a_strength_out_of_range_is_refused_where_it_is() {
    let text = saved(winceby());
    let key = text.find("\"strength\": ").unwrap() + "\"strength\": ".len();
    let end = key + text[key..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let text = format!("{}2000000000{}", &text[..key], &text[end..]);
    refused_at(&text, key, "strength 2000000000 is out of range");
}

#[test]
fn an_army_of_another_system_is_refused() {
    let mut armies = winceby();
    armies[1].system = "rcw".into();
    let text = saved(armies);
    let offset = text.match_indices("system: \"rcw\"").next().unwrap().0 + "system: ".len();
    refused_at(
        &text,
        offset,
        "this army is for \"rcw\" but the battle is fought under",
    );
}

#[test]
fn a_battle_of_one_army_is_refused() {
    let mut armies = winceby();
    armies.truncate(1);
    let text = saved(armies);
    let offset = text.find("armies: [").unwrap() + "armies: ".len();
    refused_at(
        &text,
        offset,
        "a battle has 2 armies, one per side, but this one has 1 army",
    );
}
