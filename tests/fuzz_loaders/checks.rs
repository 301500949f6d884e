//! What every input to a loader must give, whatever its bytes: no panic, and either a value
//! that behaves or errors that each say what is wrong and where. Shared by the proptest fuzz
//! tests (`tests/fuzz_loaders.rs`) and the cargo-fuzz targets (`fuzz/`), so a crash either
//! one finds is the same check.

use std::path::Path;

use adjutant::army::{Problem, load_army_str};
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::{StoreError, battle_from_ron, battle_to_ron};

/// The name army and battle texts are loaded under.
pub const ARMY_NAME: &str = "fuzz/army.ron";
pub const BATTLE_NAME: &str = "fuzz/battle.ron";

/// Lines in a text, as an editor counts them (a last line without a newline counts).
fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

/// Checks one reported position against the text it is about (its lines as the loaders read
/// them: a text whose lines end in a carriage return alone has those lines).
fn check_position(text: &str, line: usize, col: usize, what: &str) {
    let text = &*adjutant::army::locate::lf_line_ends(text);
    assert!(line >= 1 && col >= 1, "{what}: positions count from 1");
    assert!(
        line <= line_count(text),
        "{what}: line {line} is past the end ({} lines)",
        line_count(text)
    );
    let width = text
        .split('\n')
        .nth(line - 1)
        .map_or(0, |l| l.chars().count());
    assert!(
        col <= width + 1,
        "{what}: column {col} is past the end of line {line} ({width} characters)"
    );
}

/// Checks army problems: each names the file, says something, and points into the text.
pub fn check_problems(text: &str, name: &str, problems: &[Problem]) {
    assert!(!problems.is_empty(), "a refused army file has a problem");
    // A leading byte-order mark is not part of what the player sees.
    let seen = text.strip_prefix('\u{feff}').unwrap_or(text);
    for p in problems {
        let shown = p.to_string();
        assert_eq!(p.path, name, "{shown}");
        assert!(!p.message.trim().is_empty(), "an empty message: {shown}");
        check_position(seen, p.line, p.col, &shown);
        assert!(shown.starts_with(&format!("{name}:{}:{}: ", p.line, p.col)));
    }
}

/// Army text: loads, or every problem is well formed.
pub fn check_army_text(text: &str) {
    match load_army_str(ARMY_NAME, text) {
        Ok(army) => {
            assert!(!army.units.is_empty(), "an army loads with its units");
            assert!(
                army.units.iter().all(|u| !u.id.trim().is_empty()),
                "{army:?}"
            );
        }
        Err(problems) => check_problems(text, ARMY_NAME, &problems),
    }
}

/// Checks a battle-file error: it names the file, and a parse error points into the text.
pub fn check_store_error(text: &str, path: &Path, err: &StoreError) {
    let shown = err.to_string();
    let name = path.display().to_string();
    assert!(shown.contains(&name), "the message names the file: {shown}");
    assert_eq!(err.path(), Some(path), "{shown}");
    match err {
        StoreError::Parse {
            line, col, message, ..
        } => {
            assert!(!message.trim().is_empty(), "{shown}");
            check_position(text, *line, *col, &shown);
        }
        StoreError::Corrupt { message, .. } => assert!(!message.trim().is_empty(), "{shown}"),
        StoreError::Untrue {
            line, col, message, ..
        } => {
            assert!(!message.trim().is_empty(), "{shown}");
            check_position(text, *line, *col, &shown);
        }
        StoreError::Armies { problems, .. } => {
            assert!(!problems.is_empty(), "{shown}");
            for p in problems {
                assert_eq!(p.path, name, "{shown}");
                assert!(!p.message.trim().is_empty(), "{shown}");
                check_position(text, p.line, p.col, &shown);
            }
        }
        StoreError::Newer {
            found, supported, ..
        } => assert!(found > supported, "{shown}"),
        other => panic!("a loader error that is not about the text: {other}"),
    }
}

/// Battle text: refused with a good error, or loaded into a battle that behaves — it saves
/// and loads back equal, its rule system answers about every piece, and it plays on.
pub fn check_battle_text(text: &str) {
    let path = Path::new(BATTLE_NAME);
    match battle_from_ron(text, path) {
        Ok(battle) => exercise(battle),
        Err(err) => check_store_error(text, path, &err),
    }
}

/// Uses a loaded battle the ways the window does.
fn exercise(battle: Battle) {
    let saved = battle_to_ron(&battle).expect("a loaded battle saves");
    let back = battle_from_ron(&saved, Path::new(BATTLE_NAME)).expect("and loads back");
    assert_eq!(back, battle, "save then load is the identity");
    let rules = battle.rules();
    let ctx = battle.context();
    let _ = (rules.figures(&ctx), rules.reminders(&ctx), rules.phases());
    let _ = rules.offers(&ctx, &[], &[]);
    for id in battle.roster.ids() {
        let _ = rules.piece_schema(&battle.roster, id);
        let _ = rules.offers(&ctx, &[id], &[]);
        let _ = battle.state().piece(id);
    }
    for entry in battle.log().iter().chain(battle.redo_stack()) {
        let _ = format!("{entry:?}");
    }
    let _ = (battle.step(), battle.pending_procedure().map(|p| p.title()));
    let mut played = battle.clone();
    if played.pending().is_some() {
        let _ = played.roll();
        let _ = played.draw();
        let _ = played.choose(0);
        let _ = played.cancel();
    } else {
        for action in [Action::Draw, Action::Roll(Dice::new(2, Die::D6))] {
            played.start(action).expect("nothing under way");
            let _ = played.draw();
            let _ = played.roll();
        }
    }
    let mut undone = battle.clone();
    let mut steps = 0;
    while undone.undo().is_ok() {
        steps += 1;
    }
    for _ in 0..steps {
        undone.redo().expect("what was undone redoes");
    }
    if battle.pending().is_none() {
        assert_eq!(undone.log(), battle.log(), "undo all then redo all");
    }
}

/// Typed faces for every kind of die and a few counts: accepted faces are the right number of
/// faces the die shows; refused ones say why.
pub fn check_faces_text(text: &str) {
    for die in Die::ALL {
        for count in [0u8, 1, 2, 3, 6, 255] {
            let dice = Dice::new(count, die);
            match dice.parse_faces(text) {
                Ok(faces) => {
                    assert_eq!(faces.len(), usize::from(count), "{text:?} as {count}{die}");
                    assert!(
                        faces.iter().all(|&f| die.can_show(f)),
                        "{text:?}: {faces:?}"
                    );
                    let _ = Dice::total(&dice, &faces);
                }
                Err(err) => assert!(!err.to_string().trim().is_empty()),
            }
        }
    }
}

/// Faces given as numbers: the same promise as typed text.
pub fn check_face_values(die: Die, count: u8, values: &[i64]) {
    let dice = Dice::new(count, die);
    match dice.check_faces(values) {
        Ok(faces) => {
            assert_eq!(faces.len(), values.len());
            assert_eq!(faces.len(), usize::from(count));
            for (&f, &v) in faces.iter().zip(values) {
                assert!(die.can_show(f) && i64::from(f) == v, "{v} read as {f}");
            }
        }
        Err(err) => assert!(!err.to_string().trim().is_empty()),
    }
}
