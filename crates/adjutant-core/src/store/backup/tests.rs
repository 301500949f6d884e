//! The backup format: any set of items reads back as it was written, byte for byte; a damaged
//! backup is refused with where (or, where the damage touched no item, reads the same); a
//! file that is no backup says what it is.

use std::path::Path;

use proptest::prelude::*;

use super::*;
use crate::store::StoreError;

fn item(kind: Kind, path: &str, text: &str) -> Item {
    Item {
        kind,
        path: path.into(),
        text: text.into(),
    }
}

fn sample() -> Backup {
    Backup {
        made: "2025-06-01 14:32 UTC".into(),
        items: vec![
            item(
                Kind::Battle,
                "a.ron",
                "BattleFile(\n  seed: 7,\n)\n// Checksum: 0\n",
            ),
            item(
                Kind::Battle,
                "quotes.ron",
                "r#\"x\"# and \"## and \"###\" and \\ and \"#",
            ),
            item(
                Kind::Battle,
                "crlf.ron",
                "line one\r\nline two\r\n\u{feff}\0\u{7}é",
            ),
            item(Kind::Army, "royalists_roundheads/mine.ron", ""),
            item(Kind::Table, "rcw.ron", "(version: 1)"),
            item(Kind::Settings, "settings.ron", "Settings(version: 1)\n"),
        ],
    }
}

fn problem(text: &str) -> StoreError {
    read(text, Path::new("b.ron")).expect_err("refused")
}

/// The line and column of a positioned refusal, checked to lie inside the text.
fn at(err: &StoreError, text: &str) -> (usize, usize) {
    let StoreError::Parse { line, col, .. } = err else {
        panic!("no position: {err:?}");
    };
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(*line >= 1 && *line <= lines.len(), "{err}");
    assert!(
        *col >= 1 && *col <= lines[line - 1].chars().count() + 1,
        "{err}"
    );
    (*line, *col)
}

#[test]
fn a_backup_reads_back_as_it_was_written() {
    let backup = sample();
    let text = write(&backup);
    assert!(text.starts_with("// An Adjutant backup"), "{text}");
    assert!(text.contains("text: r####\"r#\"x\"# and"), "{text}");
    assert_eq!(read(&text, Path::new("b.ron")).unwrap(), backup);
    let with_bom = format!("\u{feff}{text}");
    assert_eq!(
        read_bytes(with_bom.as_bytes(), Path::new("b.ron")).unwrap(),
        backup
    );
}

#[test]
fn a_file_that_is_no_backup_says_what_it_is() {
    let cases = [
        ("", "a backup begins with AdjutantBackup("),
        ("// nothing\n", "a backup begins with AdjutantBackup("),
        (
            "BattleFile(version: 2)",
            "this is a battle file, not a backup",
        ),
        (
            "// an army\nArmy(version: 1)",
            "this is an army file, not a backup",
        ),
        ("Zeppelin(1)", "it begins with \"Zeppelin\""),
    ];
    for (text, says) in cases {
        let err = problem(text);
        assert!(err.to_string().contains(says), "{text:?}: {err}");
        assert!(err.to_string().starts_with("b.ron:"), "{err}");
        at(&err, text);
    }
    let err = problem("// x\nArmy(version: 1)");
    assert_eq!(at(&err, "// x\nArmy(version: 1)"), (2, 1));

    let bytes = [b"AdjutantBackup(\n  made: \"".as_slice(), &[0xff], b"\")"].concat();
    let err = read_bytes(&bytes, Path::new("b.ron")).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("b.ron:2:10: the file is not UTF-8"),
        "{err}"
    );
}

#[test]
fn a_newer_backup_is_named_as_one() {
    let text = write(&sample()).replace("version: 1,", "version: 2,");
    let err = problem(&text);
    assert!(
        matches!(
            err,
            StoreError::Newer {
                found: 2,
                supported: 1,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("newer Adjutant"), "{err}");
    let err = problem(&write(&sample()).replace("version: 1,", "version: 0,"));
    assert!(err.to_string().contains("version 0"), "{err}");
}

#[test]
fn a_damaged_item_is_refused_at_its_checksum() {
    let text = write(&sample());
    let damaged = text.replace("seed: 7", "seed: 8");
    let err = problem(&damaged);
    let (line, col) = at(&err, &damaged);
    let checksum_line = damaged
        .lines()
        .position(|l| l.contains("checksum:"))
        .unwrap()
        + 1;
    assert_eq!((line, col), (checksum_line, 23), "{err}");
    let message = err.to_string();
    assert!(
        message.contains("item 1 (a battle at \"a.ron\")"),
        "{message}"
    );
    assert!(message.contains("does not match its checksum"), "{message}");

    // A path damaged is caught too: the checksum covers it.
    let err = problem(&text.replace("\"a.ron\"", "\"b.ron\""));
    assert!(
        err.to_string().contains("does not match its checksum"),
        "{err}"
    );

    // Without its checksum line, an item is taken as it is (edited on purpose).
    let first = damaged.lines().find(|l| l.contains("checksum:")).unwrap();
    let edited = damaged.replacen(&format!("{first}\n"), "", 1);
    let backup = read(&edited, Path::new("b.ron")).unwrap();
    assert!(backup.items[0].text.contains("seed: 8"));
}

#[test]
fn an_item_that_would_leave_its_folder_is_refused_where_it_is() {
    let escapes = [
        (Kind::Battle, "../x.ron"),
        (Kind::Battle, "sub/x.ron"),
        (Kind::Battle, "/etc/x.ron"),
        (Kind::Battle, ".x.ron.lock"),
        (Kind::Battle, "x.ron.bak"),
        (Kind::Army, "a/../../x.ron"),
        (Kind::Army, "a//x.ron"),
        (Kind::Army, "C:\\x.ron"),
        (Kind::Army, "c:x.ron"),
        (Kind::Army, "a/b/c/d/e/f/g/h/i/x.ron"),
        (Kind::Table, "x\n.ron"),
        (Kind::Settings, "other.ron"),
    ];
    for (kind, path) in escapes {
        let text = write(&Backup {
            made: String::new(),
            items: vec![item(Kind::Battle, "fine.ron", "ok"), item(kind, path, "x")],
        });
        let err = problem(&text);
        let (line, _) = at(&err, &text);
        assert!(
            text.lines().nth(line - 1).unwrap().contains("path:"),
            "{path}: {err}"
        );
        assert!(err.to_string().contains("item 2"), "{path}: {err}");
    }
    let twice = write(&Backup {
        made: String::new(),
        items: vec![
            item(Kind::Army, "a.ron", "1"),
            item(Kind::Army, "a.ron", "2"),
        ],
    });
    assert!(
        problem(&twice).to_string().contains("a second item"),
        "{}",
        problem(&twice)
    );
    let cut = write(&sample());
    let cut = &cut[..cut.len() / 2];
    let err = problem(cut);
    at(&err, cut);
}

/// Any text a file may hold: arbitrary, or made of what could end a raw string early.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[\"#r\\\\\r\n a(),]{0,60}",
        proptest::collection::vec(any::<char>(), 0..200).prop_map(|c| c.into_iter().collect()),
    ]
}

/// A name a file may have in a folder.
fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9][a-zA-Z0-9 _()é-]{0,20}\\.ron"
}

fn any_item() -> impl Strategy<Value = Item> {
    let path = prop_oneof![
        (Just(Kind::Battle), name()),
        (
            Just(Kind::Army),
            (proptest::collection::vec("[a-z_]{1,12}", 0..3), name()).prop_map(|(dirs, n)| [
                dirs,
                vec![n]
            ]
            .concat()
            .join("/"))
        ),
        (Just(Kind::Table), name()),
        (Just(Kind::Settings), Just("settings.ron".to_string())),
    ];
    (path, any_text()).prop_map(|((kind, path), text)| Item { kind, path, text })
}

fn any_backup() -> impl Strategy<Value = Backup> {
    (
        any::<String>(),
        proptest::collection::vec(any_item(), 0..12),
    )
        .prop_map(|(made, items)| {
            let mut seen = std::collections::BTreeSet::new();
            let items = items
                .into_iter()
                .filter(|i| seen.insert((i.kind, i.path.clone())))
                .collect();
            Backup { made, items }
        })
}

// 256 cases each (proptest's default); `PROPTEST_CASES=N` runs more.
proptest! {

    #[test]
    fn any_set_of_items_reads_back_byte_for_byte(backup in any_backup()) {
        let text = write(&backup);
        let back = read_bytes(text.as_bytes(), Path::new("b.ron"));
        prop_assert_eq!(back, Ok(backup));
    }

    #[test]
    fn a_damaged_backup_is_refused_with_where_or_reads_the_same(
        backup in any_backup(),
        at_share in 0.0..1.0f64,
        byte in any::<u8>(),
        how in 0..3u8,
    ) {
        let mut bytes = write(&backup).into_bytes();
        let i = ((bytes.len() as f64) * at_share) as usize % bytes.len();
        match how {
            0 => bytes[i] = byte,
            1 => bytes.insert(i, byte),
            _ => { bytes.remove(i); }
        }
        match read_bytes(&bytes, Path::new("b.ron")) {
            Ok(read) => prop_assert_eq!(read.items, backup.items, "a change read as items"),
            Err(err) => {
                prop_assert!(err.to_string().starts_with("b.ron"), "{}", err);
                if let StoreError::Parse { line, col, .. } = &err {
                    let text = String::from_utf8_lossy(&bytes);
                    let lines: Vec<&str> = text.split('\n').collect();
                    prop_assert!(*line >= 1 && *line <= lines.len(), "{}", err);
                    prop_assert!(*col >= 1 && *col <= lines[line - 1].chars().count() + 1, "{}", err);
                }
            }
        }
    }
}
