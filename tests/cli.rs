//! The command line, driving the real binary: `adjutant print` of every shipped army (read
//! back with pdftotext), quick-reference cards with the player's overrides in force, paper
//! sizes (pdfinfo), broken armies and unwritable outputs refused with nothing written, and
//! `print --battle` and `report` of a battle saved by the library.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use adjutant::army::load_army;
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::BattleStore;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

use crate::common;

use common::adjutant as run;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn ok(out: &Output) {
    assert!(out.status.success(), "failed: {}", stderr(out));
}

/// A PDF's text, whitespace collapsed.
fn pdf_text(file: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-raw".as_ref(), file.as_os_str(), "-".as_ref()])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext is needed ({e}): run scripts/setup-tests.sh"));
    assert!(out.status.success(), "pdftotext refused {}", file.display());
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn page_size(file: &Path) -> String {
    let out = Command::new("pdfinfo")
        .arg(file)
        .output()
        .expect("pdfinfo runs");
    let info = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = info.lines().find(|l| l.starts_with("Page size:"));
    line.expect("pdfinfo gives a page size").to_string()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn shipped_armies() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for system in std::fs::read_dir(manifest().join("armies")).unwrap() {
        for file in std::fs::read_dir(system.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 8, "the shipped armies are missing");
    files
}

fn army(rel: &str) -> String {
    manifest().join("armies").join(rel).display().to_string()
}

#[test]
fn every_shipped_army_prints_with_its_units() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out_dir = dir.path().join("sheets");
    std::fs::create_dir(&out_dir).unwrap();
    for file in shipped_armies() {
        let shown = file.display().to_string();
        ok(&run(dir.path(), &data, &["print", &shown, "-o", "sheets"]));
        let stem = file.file_stem().unwrap().to_string_lossy();
        let text = pdf_text(&out_dir.join(format!("{stem}.pdf")));
        let army = load_army(&file).unwrap();
        assert!(text.contains(&army.name), "{}: no army name", shown);
        for unit in &army.units {
            let name = unit.name.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(text.contains(&name), "{shown}: unit {name:?} missing");
        }
    }
}

#[test]
fn default_output_goes_to_the_current_folder_on_a4() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = run(
        dir.path(),
        &data,
        &["print", &army("d3_ecw/edgehill_royalists.ron")],
    );
    ok(&out);
    let sheet = dir.path().join("edgehill_royalists.pdf");
    assert!(page_size(&sheet).contains("(A4)"), "{}", page_size(&sheet));
    assert!(String::from_utf8_lossy(&out.stdout).contains("edgehill_royalists.pdf"));
}

#[test]
fn quick_ref_and_letter_paper() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let args = [
        "print",
        &army("rcw/tsaritsyn_reds.ron"),
        "--quick-ref",
        "--paper",
        "letter",
    ];
    ok(&run(
        dir.path(),
        &data,
        &[&args[..], &["-o", "reds.pdf"]].concat(),
    ));
    assert_eq!(files_in(dir.path()), ["reds-rcw-quick-ref.pdf", "reds.pdf"]);
    let card = dir.path().join("reds-rcw-quick-ref.pdf");
    let text = pdf_text(&card);
    assert!(
        text.contains("Sequence of play") && text.contains("Unit table"),
        "{text}"
    );
    assert!(!text.contains("[OVERRIDE"), "no override given");
    for sheet in ["reds.pdf", "reds-rcw-quick-ref.pdf"] {
        let size = page_size(&dir.path().join(sheet));
        assert!(size.contains("612 x 792"), "{sheet}: {size}");
    }
}

#[test]
fn an_unknown_paper_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        dir.path(),
        &["print", &army("rcw/tsaritsyn_reds.ron"), "--paper", "a3"],
    );
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("'a3'") && stderr(&out).contains("letter"),
        "{}",
        stderr(&out)
    );
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
}

#[test]
fn the_quick_ref_prints_the_players_override_and_a_broken_one_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let tables = data.join("config").join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let rcw = tables.join("rcw.ron");
    std::fs::write(&rcw, "(\n    version: 1,\n    to_hit: (open: 3),\n)").unwrap();
    let d3 = tables.join("d3_ecw.ron");
    std::fs::write(&d3, "(\n    options: (rout_at: 0),\n)").unwrap();
    let args = [
        "print",
        &army("rcw/tsaritsyn_whites.ron"),
        &army("d3_ecw/edgehill_parliament.ron"),
    ];
    let out = run(dir.path(), &data, &[&args[..], &["--quick-ref"]].concat());
    ok(&out);
    let warning = format!("{}:2:15: rout_at 0 must be from 1 to 99 hits", d3.display());
    assert!(stderr(&out).contains(&warning), "{}", stderr(&out));
    let rcw_card = pdf_text(&dir.path().join("rcw-quick-ref.pdf"));
    assert!(
        rcw_card.contains(&format!("[OVERRIDE {}]", rcw.display())),
        "{rcw_card}"
    );
    assert!(rcw_card.contains("In the open 3+"), "{rcw_card}");
    let d3_card = pdf_text(&dir.path().join("d3_ecw-quick-ref.pdf"));
    assert!(
        !d3_card.contains("[OVERRIDE") && d3_card.contains("at 7 hits"),
        "{d3_card}"
    );
}

#[test]
fn a_broken_army_exits_1_with_every_problem_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let text = std::fs::read_to_string(army("rcw/tsaritsyn_reds.ron")).unwrap();
    let text = text.replacen("kind: \"Infantry\"", "kind: \"Pikemen\"", 1);
    std::fs::write(&bad, text).unwrap();
    let good = army("rcw/tsaritsyn_whites.ron");
    let out = run(
        dir.path(),
        &dir.path().join("data"),
        &["print", &good, "bad.ron", "-o", "x.pdf"],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let line = err
        .lines()
        .find(|l| l.contains("Pikemen"))
        .expect("the problem is named");
    let parts: Vec<&str> = line.splitn(4, ':').collect();
    assert!(parts[0].ends_with("bad.ron"), "{line}");
    assert!(
        parts[1].parse::<usize>().is_ok() && parts[2].parse::<usize>().is_ok(),
        "{line}"
    );
    assert_eq!(files_in(dir.path()), ["bad.ron"], "nothing written");
}

#[test]
#[cfg(unix)] // a read-only folder by its mode bits
fn an_unwritable_output_exits_1_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::write(dir.path().join("a-file"), "x").unwrap();
    let reds = army("rcw/tsaritsyn_reds.ron");
    let out = run(dir.path(), &data, &["print", &reds, "-o", "a-file/out.pdf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("a-file/out.pdf"), "{}", stderr(&out));
    assert_eq!(files_in(dir.path()), ["a-file"]);

    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    let mut perms = std::fs::metadata(&locked).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&locked, perms).unwrap();
    // Root writes anywhere; the read-only case can only be checked as an ordinary user.
    if std::fs::write(locked.join("probe"), "x").is_err() {
        let out = run(dir.path(), &data, &["print", &reds, "-o", "locked/out.pdf"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("locked/out.pdf"), "{}", stderr(&out));
        assert!(files_in(&locked).is_empty());
    }
    let several = run(
        dir.path(),
        &data,
        &[
            "print",
            &reds,
            &army("rcw/tsaritsyn_whites.ron"),
            "-o",
            "one.pdf",
        ],
    );
    assert_eq!(several.status.code(), Some(1));
    assert!(
        stderr(&several).contains("existing folder"),
        "{}",
        stderr(&several)
    );
    assert!(!dir.path().join("one.pdf").exists());
}

/// A small Winceby battle saved by the store: set up, and one tray roll of 2D6.
fn saved_battle(dir: &Path) -> (PathBuf, Battle) {
    let armies = ["winceby_royalists.ron", "winceby_parliament.ron"]
        .map(|f| load_army(&manifest().join("armies/royalists_roundheads").join(f)).unwrap());
    let mut battle = Battle::new("royalists_roundheads", armies.to_vec(), 7).unwrap();
    battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    battle.roll().unwrap();
    let path = dir.join("winceby.ron");
    BattleStore::in_dir(dir).save_as(&battle, &path).unwrap();
    (path, battle)
}

#[test]
fn a_saved_battle_prints_as_it_stands_and_as_a_report() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (path, battle) = saved_battle(dir.path());
    let file = path.display().to_string();

    ok(&run(
        dir.path(),
        &data,
        &["print", "--battle", &file, "--paper", "letter"],
    ));
    let sheet = dir.path().join("winceby.pdf");
    assert!(page_size(&sheet).contains("612 x 792"));
    let text = pdf_text(&sheet);
    for army in battle.armies() {
        assert!(text.contains(&army.name), "{} missing", army.name);
    }

    ok(&run(dir.path(), &data, &["report", &file]));
    let report = pdf_text(&dir.path().join("winceby-report.pdf"));
    assert!(
        report.contains("Turn 1") && report.contains("Dice"),
        "{report}"
    );

    let md = run(dir.path(), &data, &["report", &file, "--markdown"]);
    ok(&md);
    let md = String::from_utf8(md.stdout).unwrap();
    assert!(md.starts_with("# ") && md.contains("## Turn 1"), "{md}");
    assert!(md.contains("| tray | D6 | 2 |"), "the roll is named: {md}");
    assert!(
        md.contains("Winceby, 11 October 1643"),
        "the set-up is named: {md}"
    );

    ok(&run(
        dir.path(),
        &data,
        &["report", &file, "--markdown", "-o", "aar.md"],
    ));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("aar.md")).unwrap(),
        md
    );
}

#[test]
fn a_missing_battle_file_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        &dir.path().join("data"),
        &["report", "nothing.ron"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("nothing.ron"), "{}", stderr(&out));
    assert_eq!(files_in(dir.path()), Vec::<String>::new());
}
