//! Broken battle files: each gets its message, is quarantined, and is left byte for byte.

use super::*;

/// Writes `content` as a battle file, expects `load` to fail with a message containing each
/// of `expected`, and checks the file is untouched and will not be saved over.
pub(super) fn assert_refused(content: &[u8], expected: &[&str]) -> StoreError {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    fs::write(&path, content).unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let err = store.load(&path).unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with(&path.display().to_string()), "{msg}");
    for e in expected {
        assert!(msg.contains(e), "{msg:?} lacks {e:?}");
    }
    assert!(store.is_quarantined(&path));
    let refused = store.save_as(&battle(5), &path).unwrap_err();
    assert!(
        matches!(refused, StoreError::Quarantined { .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("not overwritten"), "{refused}");
    // A fresh store, which never tried to load it, refuses too.
    let mut fresh = BattleStore::in_dir(dir.path());
    assert!(fresh.save_as(&battle(5), &path).is_err());
    // Listing shows it as broken; saving a new battle picks another name.
    let list = fresh.list();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].title, "broken");
    assert!(list[0].ok_or_error.is_err());
    assert!(fresh.last().is_none());
    let new_path = fresh.save(&battle(6)).unwrap();
    assert_ne!(new_path, path);
    assert_eq!(
        fs::read(&path).unwrap(),
        content,
        "the file is byte for byte as it was"
    );
    assert!(!dir.path().join("broken.ron.bak").exists());
    err
}

fn good_text() -> String {
    battle_to_ron(&battle(7)).unwrap()
}

#[test]
fn a_corrupt_file_gives_line_and_column() {
    let text = good_text().replacen("seed: 7", "seed: seven", 1);
    let line = text
        .lines()
        .position(|l| l.contains("seed: seven"))
        .unwrap()
        + 1;
    // ron points just before the bad value: "  seed:" is 7 characters.
    let err = assert_refused(text.as_bytes(), &[&format!(":{line}:8: Expected integer")]);
    assert!(matches!(err, StoreError::Parse { col: 8, .. }), "{err}");
}

#[test]
fn a_truncated_file_is_refused() {
    let text = good_text();
    // The checksum line is a comment after what the file holds.
    let body = text.len() - text.lines().last().unwrap().len() - 1;
    // Cut anywhere: the error points at the line where the file stops.
    for cut in [text.len() / 3, text.len() / 2, body - 3] {
        let line = text[..cut].lines().count();
        let err = assert_refused(&text.as_bytes()[..cut], &[&format!(":{line}:")]);
        assert!(matches!(err, StoreError::Parse { .. }), "{err}");
    }
    // Only the last parenthesis missing.
    let cut = text[..body].trim_end().len() - 1;
    let line = text[..cut].lines().count();
    assert_refused(
        &text.as_bytes()[..cut],
        &[&format!(":{line}:"), "Unexpected end of RON"],
    );
}

#[test]
fn an_empty_file_and_a_binary_file_are_refused() {
    assert_refused(b"", &[":1:1: the file is empty: there is no battle in it"]);
    assert_refused(
        &[0xff, 0xfe, 0x00, 0x42],
        &[":1:1: the file is not UTF-8 text (byte 0xFF here)"],
    );
    assert_refused(
        b"BattleFile(\n  system: \"\xE9t\xE9\",",
        &[":2:12: the file is not UTF-8 text (byte 0xE9 here)"],
    );
    assert_refused(b"BattleFile(system: \"x\")", &["no version"]);
}

#[test]
fn a_newer_version_is_refused_with_both_versions() {
    let text = good_text().replacen("version: 2,", "version: 9, future_field: [1, 2],", 1);
    let err = assert_refused(
        text.as_bytes(),
        &["written by a newer Adjutant (version 9); this one reads up to 2"],
    );
    assert!(matches!(
        err,
        StoreError::Newer {
            found: 9,
            supported: 2,
            ..
        }
    ));
}

#[test]
fn events_about_a_piece_that_does_not_exist_make_the_file_corrupt() {
    let mut b = battle(8);
    b.start(Action::Roll(Dice::new(1, Die::D6))).unwrap();
    b.roll().unwrap();
    let text = battle_to_ron(&b).unwrap();
    let text = text.replacen("piece: None", "piece: Some(PieceId(9999))", 1);
    assert!(text.contains("PieceId(9999)"));
    assert_refused(
        text.as_bytes(),
        &[
            "corrupt battle file",
            "piece 9999 does not exist (this battle has 3 pieces)",
        ],
    );
}

#[test]
fn impossible_dice_cards_and_sides_make_the_file_corrupt() {
    let text = good_text();
    let faces = text.find("faces: [").unwrap() + "faces: [".len();
    let seven = format!("{}7{}", &text[..faces], &text[faces + 1..]);
    assert_refused(seven.as_bytes(), &["a D6 shows 7, but its faces are 1–6"]);
    let drawn = text.find("Drew(").unwrap();
    let card = drawn + text[drawn..].find("Rank(").unwrap() + "Rank(".len();
    let end = card + text[card..].find(')').unwrap();
    let value: u8 = text[card..end].parse().unwrap();
    let other = if value == 1 { 2 } else { 1 };
    let wrong = format!("{}{other}{}", &text[..card], &text[end..]);
    assert_refused(wrong.as_bytes(), &["but the card on top of the deck was"]);
    let fourteen = format!("{}14{}", &text[..card], &text[end..]);
    assert_refused(
        fourteen.as_bytes(),
        &["rank 14 is not 1 (ace) to 13 (king)"],
    );
    let system = text.replacen(SYSTEM, "no_such_rules", 1);
    assert_refused(system.as_bytes(), &["unknown rule system 'no_such_rules'"]);
}

/// The text of a battle file without its checksum line: a copy edited by hand on purpose.
fn unsealed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("// Checksum: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Where `needle` first is in `text`, as `line:col` (counted from 1).
fn at(text: &str, needle: &str) -> String {
    position(text, text.find(needle).unwrap())
}

/// The `line:col` of a byte offset.
fn position(text: &str, offset: usize) -> String {
    let line = text[..offset].matches('\n').count() + 1;
    let col = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!(":{line}:{col}: ")
}

/// A one-digit edit of the clock loaded without a word and changed play: `Clock(turn: 99`
/// made three phase advances end the battle "by the end of turn 13", and a phase of 2^64−1
/// wrapped to 0 in the report. Now each is refused with what is wrong, at its line and column.
#[test]
fn a_clock_that_jumps_or_has_no_such_phase_is_refused_where_it_is() {
    let text = unsealed(&good_text());
    let turn = text.replacen("Clock(turn: 1,", "Clock(turn: 99,", 1);
    assert_refused(
        turn.as_bytes(),
        &[
            &at(&turn, "99,"),
            "corrupt battle file",
            "log entry 0 \"Battle set up\": event ",
            "the clock goes from turn 1, Orders phase, side 1 to turn 99, Orders phase, side 1",
        ],
    );
    let phase = text.replacen("phase: 0,", "phase: 18446744073709551615,", 1);
    assert_refused(
        phase.as_bytes(),
        &[
            &at(&phase, "18446744073709551615"),
            "there is no phase 18446744073709551615: Royalists & Roundheads has 6",
        ],
    );
    let zero = text.replacen("Clock(turn: 1,", "Clock(turn: 0,", 1);
    assert_refused(zero.as_bytes(), &["turns count from 1, not 0"]);
}

/// A status value its schema never allows (a count below where it starts) is refused where
/// it is.
#[test]
fn a_status_value_out_of_its_range_is_refused_where_it_is() {
    let mut b = battle(8);
    let change = adjutant::status::Change::Track {
        key: "steps_lost".into(),
        to: 1,
    };
    let piece = adjutant::battle::adjust::Subject::Piece(adjutant::event::PieceId(0));
    b.adjust(piece, change).unwrap();
    let text = unsealed(&battle_to_ron(&b).unwrap());
    let needle = "key: \"steps_lost\", to: 1)";
    assert!(text.contains(needle), "{text}");
    let wrong = text.replace(needle, "key: \"steps_lost\", to: -1)");
    let err = assert_refused(
        wrong.as_bytes(),
        &["Steps lost never goes below 0, so it cannot be -1"],
    );
    // The event that sets it, not the action that asked for it.
    let event = position(&wrong, wrong.rfind("-1)").unwrap());
    assert!(err.to_string().contains(&event), "{err}");
}

/// A file changed in a way that could be true (a die's face, a typed roll's faces) does not
/// match the checksum it was saved with: it is refused as damaged, saying how to load a copy
/// edited on purpose; with the checksum line deleted, it loads by what it holds.
#[test]
fn a_file_that_does_not_match_its_checksum_is_refused_until_the_line_is_deleted() {
    let mut b = battle(8);
    b.start(Action::Roll(Dice::new(1, Die::D6))).unwrap();
    b.enter_faces("3").unwrap();
    let text = battle_to_ron(&b).unwrap();
    assert!(text.ends_with(")\n") || text.lines().last().unwrap().starts_with("// Checksum: "));
    let needle = "faces: [3], typed: true";
    assert!(text.contains(needle), "{text}");
    let edited = text.replace(needle, "faces: [4], typed: true");
    let last = edited.lines().count();
    assert_refused(
        edited.as_bytes(),
        &[
            &format!(":{last}:1: corrupt battle file: the file does not match the checksum"),
            "damaged, or changed outside Adjutant",
            "delete this line",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.ron");
    fs::write(&path, unsealed(&edited)).unwrap();
    let loaded = read_battle(&path).expect("loaded by what it holds");
    assert_ne!(loaded, b);
    assert_eq!(
        read_battle(&{
            fs::write(&path, unsealed(&text)).unwrap();
            path.clone()
        })
        .unwrap(),
        b,
        "an unsealed file that was not changed loads as it was"
    );
}

/// Nothing written after the checksum line turns it off: a die's face edited in a file with
/// a blank line, a comment or Windows line ends (CR LF) added is still refused at the
/// checksum line; blank lines after it and CR LF line ends alone load as the battle saved; a
/// comment or other text after it is refused where it is, saying why.
#[test]
fn what_follows_the_checksum_line_never_turns_it_off() {
    let mut b = battle(8);
    b.start(Action::Roll(Dice::new(1, Die::D6))).unwrap();
    b.enter_faces("3").unwrap();
    let text = battle_to_ron(&b).unwrap();
    let needle = "faces: [3], typed: true";
    let edited = text.replace(needle, "faces: [4], typed: true");
    let sum_line = text.lines().count();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.ron");
    let load = |bytes: &str| {
        fs::write(&path, bytes).unwrap();
        read_battle(&path)
    };
    for blank in ["\n", "\n\n\n", "   \n\t", "\r\n"] {
        assert_eq!(
            load(&format!("{text}{blank}")).unwrap(),
            b,
            "{blank:?} after"
        );
        let err = load(&format!("{edited}{blank}")).unwrap_err().to_string();
        assert!(
            err.contains(&format!(
                ":{sum_line}:1: corrupt battle file: the file does not match"
            )),
            "an edit with {blank:?} after the checksum line: {err}"
        );
    }
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(load(&crlf).unwrap(), b, "Windows line ends");
    assert_eq!(load(crlf.trim_end()).unwrap(), b, "and no last line end");
    let err = load(&edited.replace('\n', "\r\n")).unwrap_err().to_string();
    assert!(err.contains("does not match the checksum"), "{err}");
    for added in [
        "// a note\n",
        "\n/* x */\n",
        "\n// Checksum: 0123456789abcdef\n",
    ] {
        for body in [&text, &edited] {
            let err = load(&format!("{body}{added}")).unwrap_err().to_string();
            let first = sum_line + 1 + added.len() - added.trim_start().len();
            assert!(
                err.contains(&format!(
                    ":{first}:1: corrupt battle file: there is text after"
                )),
                "{added:?} after the checksum line: {err}"
            );
            assert!(err.contains("delete it"), "{err}");
        }
    }
}

/// A roll from the tray whose action no longer asks for the dice it records (a count edited)
/// is refused at the action.
#[test]
fn a_tray_roll_that_records_other_dice_than_it_asked_for_is_refused() {
    let text = unsealed(&good_text());
    let needle = "action: Roll(Dice(count: 2,";
    assert!(text.contains(needle), "{text}");
    let three = text.replacen(needle, "action: Roll(Dice(count: 3,", 1);
    assert_refused(
        three.as_bytes(),
        &[
            &at(&three, "Roll(Dice(count: 3,"),
            "log entry 1 \"Roll 2D6\": it asks for 3D6 but records a roll of 2D6",
        ],
    );
}
