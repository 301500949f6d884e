//! The army builder's core: drafts read from and written to army files, saving that keeps the
//! file's comments, the loader's problems pinned to fields, undo and redo, and an army built
//! from nothing for each rule system that loads and starts a battle.

use std::path::PathBuf;

use adjutant::army::draft::{Draft, Edit, Editing, Field, Part, Roll};
use adjutant::army::patch::{Source, has_comment};
use adjutant::army::write::{check, problems, render};
use adjutant::army::{load_army, load_army_str};
use adjutant::battle::Battle;
use adjutant::rules;

fn shipped() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for system in std::fs::read_dir("armies").expect("the shipped armies") {
        for file in std::fs::read_dir(system.unwrap().path()).unwrap() {
            files.push(file.unwrap().path());
        }
    }
    files.sort();
    assert_eq!(files.len(), 8, "eight shipped armies");
    files
}

fn winceby() -> String {
    std::fs::read_to_string("armies/royalists_roundheads/winceby_parliament.ron").unwrap()
}

#[test]
fn every_shipped_army_saves_back_unchanged_when_nothing_was_edited() {
    for path in shipped() {
        let text = std::fs::read_to_string(&path).unwrap();
        let source = Source::open(text.clone()).unwrap();
        let saved = source.save(&source.draft.clone());
        assert_eq!(saved.text, text, "{}", path.display());
        assert!(saved.lost_comments.is_empty());
    }
}

#[test]
fn every_shipped_army_written_anew_loads_as_the_same_army() {
    for path in shipped() {
        let army = load_army(&path).unwrap();
        let draft = Draft::from_text(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let written = render(&draft).text;
        assert!(!has_comment(&written));
        let again = load_army_str("written", &written).unwrap();
        assert_eq!(again, army, "{}", path.display());
        assert_eq!(check(&draft).unwrap(), army);
    }
}

#[test]
fn one_changed_value_is_replaced_where_it_stands_and_every_comment_is_kept() {
    let text = winceby();
    let source = Source::open(text.clone()).unwrap();
    let mut draft = source.draft.clone();
    let cromwell = draft
        .leaders
        .iter()
        .position(|l| l.id == "cromwell")
        .unwrap();
    draft.apply(&Edit::Set(
        Field::Leader(cromwell, Part::Stat("bonus".into())),
        "1".into(),
    ));
    let saved = source.save(&draft);
    assert!(saved.lost_comments.is_empty());
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(saved.text.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        vec![(
            r#"            stats: {"command": 5, "span": 4, "bonus": 2, "entry_turn": 1},"#,
            r#"            stats: {"command": 5, "span": 4, "bonus": 1, "entry_turn": 1},"#,
        )]
    );
    let army = load_army_str("saved", &saved.text).unwrap();
    let leader = army.leaders.iter().find(|l| l.id == "cromwell").unwrap();
    assert_eq!(leader.stat("bonus"), 1);
}

#[test]
fn added_deleted_and_moved_entries_keep_the_untouched_ones_word_for_word() {
    let text = winceby();
    let source = Source::open(text.clone()).unwrap();
    let mut editing = Editing::new(source.draft.clone(), true);
    editing.apply(&Edit::Delete(Roll::Units, 0));
    editing.apply(&Edit::Move(Roll::Units, 0, 1));
    editing.apply(&Edit::Duplicate(Roll::Units, 2));
    editing.apply(&Edit::Add(Roll::Units, "Dragoons".into()));
    let last = editing.draft.units.len() - 1;
    for (stat, value) in [
        ("strength", "2"),
        ("morale", "7"),
        ("movement", "6"),
        ("entry_turn", "1"),
    ] {
        editing.apply(&Edit::Set(
            Field::Unit(last, Part::Stat(stat.into())),
            value.into(),
        ));
    }
    editing.apply(&Edit::Set(
        Field::Unit(last, Part::Leader),
        "vermuyden".into(),
    ));
    assert!(
        problems(&editing.draft).is_empty(),
        "{:?}",
        problems(&editing.draft)
    );

    let saved = source.save(&editing.draft);
    let army = load_army_str("saved", &saved.text).unwrap();
    assert_eq!(army, check(&editing.draft).unwrap());
    // The header comment and every untouched unit stay as written.
    assert!(saved.text.starts_with(text.lines().next().unwrap()));
    let units: Vec<&str> = army.units.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(units.len(), source.draft.units.len() + 1);
    assert_eq!(units[0], source.draft.units[2].id);
    assert_eq!(units[1], source.draft.units[1].id);
    assert_eq!(units[3], format!("{}_2", source.draft.units[3].id));
}

#[test]
fn comments_travel_with_their_entries_and_one_a_change_drops_is_named() {
    let text = "// header\nArmy(\n    version: 1,\n    system: \"rcw\",\n    name: \"Reds\",\n    side: \"Red\",\n    units: [\n        // the first\n        Unit(id: \"a\", name: \"A\", kind: \"Infantry\"),\n        Unit(id: \"b\", name: \"B\", /* inner */ kind: \"Infantry\"),\n    ],\n)\n";
    let source = Source::open(text.to_string()).unwrap();
    let mut draft = source.draft.clone();
    draft.apply(&Edit::Move(Roll::Units, 1, -1));
    let saved = source.save(&draft);
    assert!(saved.lost_comments.is_empty(), "{:?}", saved.lost_comments);
    assert!(saved.text.starts_with("// header\n"));
    assert!(
        saved.text.contains("// the first\n        Unit(id: \"a\""),
        "{}",
        saved.text
    );
    let ids: Vec<String> = load_army_str("saved", &saved.text)
        .unwrap()
        .units
        .into_iter()
        .map(|u| u.id)
        .collect();
    assert_eq!(ids, vec!["b", "a"]);

    // A field the entry did not have makes it be written anew: its inner comment goes.
    draft.apply(&Edit::Set(Field::Unit(0, Part::Group), "Reserve".into()));
    let saved = source.save(&draft);
    assert_eq!(saved.lost_comments, vec!["a comment inside unit \"b\""]);
    let army = load_army_str("saved", &saved.text).unwrap();
    assert_eq!(army.units[0].group.as_deref(), Some("Reserve"));
    assert!(saved.text.contains("// the first"));
}

#[test]
fn problems_are_pinned_to_the_field_they_are_about() {
    let source = Source::open(winceby()).unwrap();
    let mut draft = source.draft.clone();
    draft.apply(&Edit::Set(
        Field::Unit(0, Part::Stat("strength".into())),
        "40".into(),
    ));
    draft.apply(&Edit::Set(
        Field::Unit(1, Part::Id),
        draft.units[2].id.clone(),
    ));
    draft.apply(&Edit::Set(Field::Unit(3, Part::Leader), "nobody".into()));
    draft.apply(&Edit::Set(
        Field::Unit(4, Part::Stat("morale".into())),
        "7x".into(),
    ));
    draft.apply(&Edit::Set(Field::Name, String::new()));
    let found = problems(&draft);
    let at = |field: Field| {
        found
            .iter()
            .find(|p| p.field == field)
            .map(|p| p.message.clone())
            .unwrap_or_else(|| panic!("no problem at {field:?} in {found:?}"))
    };
    assert!(at(Field::Unit(0, Part::Stat("strength".into()))).contains("out of range"));
    assert!(at(Field::Unit(2, Part::Id)).contains("duplicate id"));
    assert!(at(Field::Unit(3, Part::Leader)).contains("unknown leader \"nobody\""));
    assert!(at(Field::Unit(4, Part::Stat("morale".into()))).contains("whole number"));
    assert!(at(Field::Name).contains("empty"));
    assert_eq!(found.len(), 5, "{found:?}");
}

#[test]
fn typing_is_one_undo_step_and_undo_redo_walk_the_edits() {
    let mut editing = Editing::new(Draft::new("rcw"), false);
    assert!(editing.is_dirty());
    for typed in ["R", "Re", "Red", "Reds"] {
        editing.apply(&Edit::Set(Field::Name, typed.into()));
    }
    editing.apply(&Edit::Add(Roll::Units, "Infantry".into()));
    assert_eq!(editing.draft.units.len(), 1);
    assert!(editing.undo());
    assert!(editing.draft.units.is_empty());
    assert_eq!(editing.draft.name, "Reds");
    assert!(editing.undo());
    assert_eq!(editing.draft.name, "");
    assert!(!editing.undo());
    assert!(editing.redo() && editing.redo());
    assert_eq!(
        (editing.draft.name.as_str(), editing.draft.units.len()),
        ("Reds", 1)
    );
    editing.mark_saved();
    assert!(!editing.is_dirty());
}

#[test]
fn renaming_a_leader_carries_its_units_and_juniors_along() {
    let mut draft = Draft::from_text(&winceby()).unwrap();
    let manchester = draft
        .leaders
        .iter()
        .position(|l| l.id == "manchester")
        .unwrap();
    let cromwell = draft
        .leaders
        .iter()
        .position(|l| l.id == "cromwell")
        .unwrap();
    let led_by_cromwell = draft
        .units
        .iter()
        .filter(|u| u.leader == "cromwell")
        .count();
    draft.apply(&Edit::Set(
        Field::Leader(manchester, Part::Id),
        "earl".into(),
    ));
    draft.apply(&Edit::Set(
        Field::Leader(cromwell, Part::Id),
        "oliver".into(),
    ));
    assert_eq!(draft.leaders[cromwell].superior, "earl");
    assert_eq!(
        draft.units.iter().filter(|u| u.leader == "oliver").count(),
        led_by_cromwell
    );
    assert!(problems(&draft).is_empty(), "{:?}", problems(&draft));
}

/// Builds an army for a system from nothing, as the builder's "New army" does: every
/// required statistic of the first kind at its lowest allowed value, and one leader.
fn build_from_nothing(system_id: &str, name: &str) -> Draft {
    let system = rules::by_id(system_id).expect("a known system");
    let spec = system.army_spec();
    let mut editing = Editing::new(Draft::new(system_id), false);
    editing.apply(&Edit::Set(Field::Name, name.into()));
    editing.apply(&Edit::Set(Field::Side, name.into()));
    editing.apply(&Edit::Add(Roll::Leaders, String::new()));
    for stat in spec.leader_stats.iter().filter(|s| s.required) {
        let field = Field::Leader(0, Part::Stat(stat.key.into()));
        editing.apply(&Edit::Set(field, stat.min.to_string()));
    }
    let kind = spec.unit_kinds[0].name;
    for i in 0..2 {
        editing.apply(&Edit::Add(Roll::Units, kind.into()));
        let leader = editing.draft.leaders[0].id.clone();
        editing.apply(&Edit::Set(Field::Unit(i, Part::Leader), leader));
        for stat in spec
            .unit_stats
            .iter()
            .filter(|s| s.required && s.applies_to(kind))
        {
            let field = Field::Unit(i, Part::Stat(stat.key.into()));
            editing.apply(&Edit::Set(field, stat.min.max(1).min(stat.max).to_string()));
        }
    }
    editing.draft
}

#[test]
fn an_army_built_from_nothing_for_each_system_loads_and_starts_a_battle() {
    for system in rules::standard() {
        let id = system.id();
        let (a, b) = (
            build_from_nothing(id, "First"),
            build_from_nothing(id, "Second"),
        );
        let found = problems(&a);
        assert!(found.is_empty(), "{id}: {found:?}");
        let text = render(&a).text;
        let first = load_army_str("first.ron", &text).unwrap_or_else(|p| panic!("{id}: {p:?}"));
        let second = check(&b).unwrap();
        assert_eq!(first.units.len(), 2);
        Battle::new(id, vec![first, second], 1).unwrap_or_else(|e| panic!("{id}: {e:?}"));
    }
}

/// Before, a comment beside a changed value went with it (`name: /* was "Reds" */ "Blues"`
/// lost its note), and one inside a rewritten list of statistics or traits went too, with no
/// warning either way.
#[test]
fn comments_beside_an_edited_value_stay_and_one_inside_a_rewritten_list_is_named() {
    let text = "Army(\n    version: 1,\n    system: \"rcw\",\n    name: /* was Whites */ \"Reds\" /* for now */,\n    side: \"Red\", // the side\n    units: [\n        Unit(\n            id: \"a\",\n            name: // as the order of battle has it\n                \"A\",\n            kind: \"Infantry\",\n            stats: {\"strength\": /* was 4 */ 5, // at the start\n                \"morale\": 3},\n            traits: [/* none yet */],\n        ),\n    ],\n)\n";
    let source = Source::open(text.to_string()).unwrap();
    let mut draft = source.draft.clone();
    draft.apply(&Edit::Set(Field::Name, "Blues".into()));
    draft.apply(&Edit::Set(Field::Side, "Blue".into()));
    draft.apply(&Edit::Set(Field::Unit(0, Part::Name), "B".into()));
    let strength = Field::Unit(0, Part::Stat("strength".into()));
    draft.apply(&Edit::Set(strength, "6".into()));
    let saved = source.save(&draft);
    assert!(saved.lost_comments.is_empty(), "{:?}", saved.lost_comments);
    for comment in [
        "/* was Whites */ \"Blues\" /* for now */,",
        "\"Blue\", // the side",
        "// as the order of battle has it\n                \"B\",",
        "{\"strength\": /* was 4 */ 6, // at the start",
        "[/* none yet */]",
    ] {
        assert!(
            saved.text.contains(comment),
            "{comment:?} in\n{}",
            saved.text
        );
    }
    assert_eq!(
        Draft::from_text(&saved.text).unwrap(),
        draft,
        "read back as edited"
    );

    // A statistic taken away rewrites the map, a trait added the list: their comments go, and
    // the save says so.
    draft.apply(&Edit::Set(
        Field::Unit(0, Part::Stat("morale".into())),
        String::new(),
    ));
    draft.apply(&Edit::ToggleTrait(
        Field::Unit(0, Part::Traits),
        "Elite".into(),
    ));
    let saved = source.save(&draft);
    assert_eq!(
        saved.lost_comments,
        vec![
            "a comment inside the traits of unit \"a\"",
            "a comment inside the statistics of unit \"a\"",
        ]
    );
    assert!(saved.text.contains("/* was Whites */"), "{}", saved.text);
    assert_eq!(Draft::from_text(&saved.text).unwrap(), draft);
}
