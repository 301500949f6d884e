//! Army files end to end: every shipped army loads, the Winceby armies hold the default
//! order of battle, each file in the broken corpus (`tests/broken_armies/`) gives exactly the
//! problems in its `.expected` file, and hostile input (deep nesting, huge files, bytes that
//! are not text, mangled files) gives errors, never a crash.

use std::path::{Path, PathBuf};

use adjutant::army::discover::{
    built_in_armies, built_in_text, check_files, discover, shipped_armies_dir,
};
use adjutant::army::{Army, Origin, Problem, load_army, load_army_str};
use proptest::prelude::*;

const CORPUS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/broken_armies");

/// Set this to rewrite each `tests/broken_armies/*.expected` from what loading now reports
/// (then read the diff before committing it).
const BLESS_VAR: &str = "ADJUTANT_BLESS";

fn winceby(side: &str) -> Army {
    let path = shipped_armies_dir().join(format!("royalists_roundheads/winceby_{side}.ron"));
    load_army(&path).unwrap_or_else(|problems| panic!("{path:?}: {problems:#?}"))
}

fn stat_total(army: &Army, kinds: &[&str], key: &str) -> i32 {
    let units = army
        .units
        .iter()
        .filter(|u| kinds.contains(&u.kind.as_str()));
    units.map(|u| u.stat(key)).sum()
}

/// The armies built into the program are every army file of the source tree's `armies/`
/// folder, each as it is there, and they are listed without that folder: filed under a folder
/// that does not exist, each loads, as a shipped army, as its file does.
#[test]
fn the_built_in_armies_are_the_shipped_files_and_need_no_folder() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies");
    let on_disk = discover(&[(source.clone(), Origin::Shipped)]);
    let nowhere = Path::new("/no/such/folder/armies");
    let built_in = built_in_armies(nowhere);
    assert_eq!(
        built_in.len(),
        on_disk.len(),
        "an army file is not built in"
    );
    for (file, disk) in built_in.iter().zip(&on_disk) {
        let rel = disk.path.strip_prefix(&source).expect("under armies/");
        assert_eq!(file.path, nowhere.join(rel));
        assert_eq!(file.origin, Origin::Shipped);
        let text = std::fs::read_to_string(&disk.path).expect("readable");
        let shipped = adjutant::army::shipped::by_path(&rel.to_string_lossy()).expect("built in");
        assert_eq!(
            shipped.text,
            text,
            "{} differs from its file",
            rel.display()
        );
        assert_eq!(
            file.loaded.as_ref().expect("loads"),
            disk.loaded.as_ref().expect("loads")
        );
    }
}

/// A shipped army the home screen lists is edited from its built-in copy (so the builder
/// needs no folder either, as in a browser); any other path has none.
#[test]
fn a_listed_shipped_army_has_its_built_in_text() {
    for file in adjutant::army::shipped::ARMIES {
        let listed = shipped_armies_dir().join(file.path);
        assert_eq!(built_in_text(&listed), Some(file.text), "{}", file.path);
        let elsewhere = Path::new("/no/such/folder").join(file.path);
        assert_eq!(built_in_text(&elsewhere), None, "{}", file.path);
    }
    let unknown = shipped_armies_dir().join("rcw/not_shipped.ron");
    assert_eq!(built_in_text(&unknown), None);
}

#[test]
fn every_shipped_army_loads() {
    let found = discover(&[(shipped_armies_dir(), Origin::Shipped)]);
    assert!(
        found.len() >= 2,
        "no shipped armies in {:?}",
        shipped_armies_dir()
    );
    for file in &found {
        assert_eq!(file.origin, Origin::Shipped);
        if let Err(problems) = &file.loaded {
            let lines: Vec<String> = problems.iter().map(Problem::to_string).collect();
            panic!(
                "{} does not load:\n{}",
                file.path.display(),
                lines.join("\n")
            );
        }
    }
}

#[test]
fn winceby_royalists_follow_w4() {
    let army = winceby("royalists");
    assert_eq!(
        (army.system.as_str(), army.side.as_str()),
        ("royalists_roundheads", "Royalist")
    );
    assert_eq!((army.leaders.len(), army.units.len()), (3, 12));
    assert_eq!(stat_total(&army, &["Cavalry", "Dragoons"], "strength"), 36);
    assert_eq!(stat_total(&army, &["Infantry"], "strength"), 8);
    let widdrington = &army.leaders[0];
    assert!(widdrington.has("overall") && !widdrington.stats.contains_key("command"));
    for unit in army.units.iter().filter(|u| u.kind == "Infantry") {
        assert_eq!(
            unit.leader.as_deref(),
            Some("henderson"),
            "the Array answers to Henderson"
        );
        assert!(unit.has("entry_roll") && unit.stat("entry_turn") == 7);
    }
    let dragoons = army.units.iter().filter(|u| u.kind == "Dragoons");
    assert!(dragoons.clone().all(|u| u.stat("movement_dismounted") == 4));
    assert_eq!(dragoons.count(), 2);
}

#[test]
fn winceby_parliament_follows_w4() {
    let army = winceby("parliament");
    assert_eq!(army.side, "Parliament");
    assert_eq!((army.leaders.len(), army.units.len()), (5, 15));
    assert_eq!(stat_total(&army, &["Cavalry", "Dragoons"], "strength"), 42);
    assert_eq!(stat_total(&army, &["Infantry"], "strength"), 12);
    let overall: Vec<&str> = army
        .leaders
        .iter()
        .filter(|l| l.has("overall"))
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(overall, ["manchester"]);
    let cromwell = army.leaders.iter().find(|l| l.id == "cromwell").unwrap();
    let ratings = ["command", "span", "bonus", "entry_turn"].map(|k| cromwell.stat(k));
    assert_eq!(ratings, [5, 4, 2, 1]);
    let hobart = army
        .units
        .iter()
        .filter(|u| u.leader.as_deref() == Some("hobart"));
    assert!(
        hobart
            .clone()
            .all(|u| u.has("entry_roll") && u.stat("entry_turn") == 7 && u.stat("morale") == 6)
    );
    assert_eq!(hobart.count(), 3);
}

#[test]
fn shipped_values_are_marked_as_estimates_once() {
    for army in [winceby("royalists"), winceby("parliament")] {
        assert!(
            army.description
                .contains("Estimated values — edit the army file"),
            "{}: the description says the values are estimates",
            army.name
        );
        let notes = army
            .leaders
            .iter()
            .map(|l| &l.notes)
            .chain(army.units.iter().map(|u| &u.notes));
        for note in notes {
            assert!(
                !note.contains("placeholder"),
                "{}: a piece repeats the estimate note: {note:?}",
                army.name
            );
        }
    }
}

/// Each `tests/broken_armies/NAME.ron` gives exactly the problems in `NAME.expected`, one
/// `line:col: message` a line (`{systems}` stands for the known rule systems, a list that
/// grows). Every mismatch is shown together.
#[test]
fn broken_corpus_gives_exact_problems() {
    let systems: Vec<String> = adjutant::rules::standard()
        .iter()
        .map(|r| format!("\"{}\"", r.id()))
        .collect();
    let systems = systems.join(", ");
    let mut files: Vec<PathBuf> = std::fs::read_dir(CORPUS_DIR)
        .expect("the broken corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 22, "only {} broken files", files.len());

    let mut mismatches = Vec::new();
    for file in &files {
        let got: String = match load_army(file) {
            Ok(_) => String::new(),
            Err(problems) => problems
                .iter()
                .map(|p| format!("{}:{}: {}\n", p.line, p.col, p.message))
                .collect(),
        };
        let expected_path = file.with_extension("expected");
        if std::env::var_os(BLESS_VAR).is_some() {
            std::fs::write(&expected_path, got.replace(&systems, "{systems}")).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&expected_path)
            .unwrap_or_default()
            .replace("{systems}", &systems);
        if got.is_empty() || got != want {
            mismatches.push(format!(
                "{}:\n--- want\n{want}--- got\n{got}",
                file.display()
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn a_file_with_many_problems_reports_them_all() {
    let path = Path::new(CORPUS_DIR).join("several_problems.ron");
    let problems = load_army(&path).unwrap_err();
    assert!(problems.len() >= 8, "{problems:#?}");
    let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
    assert!(
        lines.windows(2).all(|w| w[0] <= w[1]),
        "problems come in file order"
    );
}

#[test]
fn problems_print_as_path_line_col_message() {
    let problem = Problem {
        path: "armies/x.ron".into(),
        line: 12,
        col: 5,
        message: "the army has no units".into(),
    };
    assert_eq!(
        problem.to_string(),
        "armies/x.ron:12:5: the army has no units"
    );
    let problems = load_army_str("mine.ron", "Army(version: 1,\n  system: \"chess\",").unwrap_err();
    assert_eq!(
        problems[0].to_string(),
        "mine.ron:2:18: the file ends too soon: a bracket or a quote is never closed"
    );
}

/// `depth` brackets (of each kind RON has) inside an otherwise good unit's traits.
fn nested(open: &str, close: &str, depth: usize) -> String {
    format!(
        "Army(version: 1, system: \"royalists_roundheads\", name: \"Deep\", side: \"Royalist\",\n\
         units: [Unit(id: \"u\", name: \"U\", kind: \"Cavalry\", traits: [{}{}])])",
        open.repeat(depth),
        close.repeat(depth)
    )
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for (open, close) in [("[", "]"), ("(", ")"), ("Some(", ")"), ("{\"a\":", "}")] {
        let text = nested(open, close, 200_000);
        let problems = load_army_str("deep.ron", &text).unwrap_err();
        assert_eq!(problems.len(), 1, "{open}: {problems:#?}");
        assert_eq!(problems[0].line, 2, "{open}");
        assert!(
            problems[0].message.contains("nested too deeply"),
            "{open}: {problems:#?}"
        );
    }
    let comments = format!("{}Army()", "/*".repeat(200_000));
    let problems = load_army_str("comments.ron", &comments).unwrap_err();
    assert_eq!(problems[0].message, "a /* comment */ is never closed");
}

#[test]
fn a_huge_file_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.ron");
    let mut text = String::from("Army(version: 1, units: [\n");
    while text.len() < 50 * 1024 * 1024 {
        text.push_str("    Unit(id: \"u\", name: \"Padding\", kind: \"Cavalry\", stats: {\"strength\": 4}),\n");
    }
    std::fs::write(&path, &text).unwrap();
    let started = std::time::Instant::now();
    let problems = load_army(&path).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert_eq!((problems[0].line, problems[0].col), (1, 1));
    assert!(
        problems[0].message.contains("at most 4 MiB"),
        "{}",
        problems[0]
    );
    assert!(
        started.elapsed().as_secs() < 2,
        "took {:?}",
        started.elapsed()
    );
    let problems = load_army_str("huge.ron", &text).unwrap_err();
    assert_eq!((problems.len(), problems[0].line), (1, 1));
}

/// A file just under the size limit, made to be slow: a circle of leaders thousands long
/// and thousands of units naming leaders who do not exist.
#[test]
fn a_large_hostile_file_is_checked_quickly() {
    let mut text = String::from(
        "Army(version: 1, system: \"royalists_roundheads\", name: \"Big\", side: \"S\", leaders: [\n",
    );
    let n = 15_000;
    for i in 0..n {
        let next = (i + 1) % n;
        text.push_str(&format!(
            "Leader(id: \"l{i}\", name: \"L\", superior: \"l{next}\"),\n"
        ));
    }
    text.push_str("], units: [\n");
    for i in 0..n {
        text.push_str(&format!(
            "Unit(id: \"u{i}\", name: \"U\", kind: \"Cavalry\", leader: \"x{i}\"),\n"
        ));
    }
    text.push_str("])\n");
    assert!(text.len() < 4 * 1024 * 1024, "{} bytes", text.len());
    // Again with everything on one line, where columns are long to count; and one unit
    // with a huge table of made-up stats.
    let stats: Vec<String> = (0..100_000).map(|i| format!("\"s{i}\": 1")).collect();
    let stats = format!(
        "Army(version: 1, system: \"royalists_roundheads\", name: \"B\", side: \"S\", \
         units: [Unit(id: \"u\", name: \"U\", kind: \"Cavalry\", stats: {{{}}})])",
        stats.join(", ")
    );
    for text in [text.clone(), text.replace('\n', " "), stats] {
        let started = std::time::Instant::now();
        let problems = load_army_str("big.ron", &text).unwrap_err();
        let elapsed = started.elapsed();
        // Generous, for a debug build on a busy machine: the point is that it ends.
        assert!(elapsed.as_secs() < 60, "took {elapsed:?}");
        assert_eq!(problems.len(), adjutant::army::locate::MAX_PROBLEMS + 1);
        let last = &problems.last().unwrap().message;
        assert!(
            last.starts_with("... and ") && last.ends_with(" more problems"),
            "{last}"
        );
        assert!(
            problems[0].message.contains("missing the required stat"),
            "{}",
            problems[0]
        );
    }
}

#[test]
fn byte_order_marks_and_windows_line_endings_are_fine() {
    let path = shipped_armies_dir().join("royalists_roundheads/winceby_royalists.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let windows = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    assert_eq!(
        load_army_str("crlf.ron", &windows),
        load_army_str("lf.ron", &text)
    );

    let broken =
        std::fs::read_to_string(Path::new(CORPUS_DIR).join("several_problems.ron")).unwrap();
    let at = |text: &str| -> Vec<(usize, usize)> {
        let problems = load_army_str("x.ron", text).unwrap_err();
        problems.iter().map(|p| (p.line, p.col)).collect()
    };
    assert_eq!(at(&broken.replace('\n', "\r\n")), at(&broken));
}

#[test]
fn an_empty_file_says_so() {
    for text in ["", "  \n\n"] {
        let problems = load_army_str("empty.ron", text).unwrap_err();
        assert_eq!(
            problems[0].message,
            "the file is empty; an army file starts with `Army(`"
        );
    }
}

#[test]
fn missing_folders_and_binary_files_give_errors_with_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere.ron");
    let problems = load_army(&missing).unwrap_err();
    let line = problems[0].to_string();
    assert!(
        line.starts_with(&format!(
            "{}:1:1: cannot open the file: ",
            missing.display()
        )),
        "{line}"
    );

    let problems = load_army(dir.path()).unwrap_err();
    assert_eq!(problems[0].message, "this is a folder, not an army file");

    let binary = dir.path().join("binary.ron");
    std::fs::write(&binary, b"Army(\n  name: \"\xff\xfe\x00\x01\"").unwrap();
    let problems = load_army(&binary).unwrap_err();
    assert_eq!((problems[0].line, problems[0].col), (2, 10));
    assert!(
        problems[0]
            .message
            .starts_with("the file is not UTF-8 text (byte 0xFF here)")
    );
}

#[test]
fn discover_lists_ron_files_recursively_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(
        shipped_armies_dir().join("royalists_roundheads/winceby_royalists.ron"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.path().join("b/deeper")).unwrap();
    std::fs::write(dir.path().join("b/deeper/z.ron"), &good).unwrap();
    std::fs::write(dir.path().join("a.ron"), "Army(").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not an army").unwrap();
    let found = discover(&[
        (dir.path().to_path_buf(), Origin::User),
        (dir.path().join("absent"), Origin::User),
    ]);
    let names: Vec<PathBuf> = found
        .iter()
        .map(|f| f.path.strip_prefix(dir.path()).unwrap().to_path_buf())
        .collect();
    assert_eq!(
        names,
        [PathBuf::from("a.ron"), PathBuf::from("b/deeper/z.ron")]
    );
    assert!(found[0].loaded.is_err() && found[1].loaded.is_ok());
    assert!(found.iter().all(|f| f.origin == Origin::User));
}

#[test]
fn check_files_reports_ok_lines_and_problem_lines() {
    let good = shipped_armies_dir().join("royalists_roundheads/winceby_royalists.ron");
    let (report, all_ok) = check_files(std::slice::from_ref(&good));
    assert!(all_ok);
    assert_eq!(
        report,
        format!(
            "{}: ok (Winceby Royalists, 12 units, 3 leaders)\n",
            good.display()
        )
    );

    let bad = Path::new(CORPUS_DIR).join("unknown_kind.ron");
    let (report, all_ok) = check_files(&[good, bad.clone()]);
    assert!(!all_ok);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[1].starts_with(&format!("{}:13:", bad.display())),
        "{report}"
    );

    let (report, all_ok) = check_files(&[shipped_armies_dir().join("royalists_roundheads")]);
    assert!(all_ok, "{report}");
    assert_eq!(report.lines().count(), 2, "{report}");
}

/// Whether a problem points inside the text (or just past its end).
fn well_placed(problem: &Problem, text: &str) -> bool {
    let lines = text.split('\n').count();
    problem.line >= 1 && problem.col >= 1 && problem.line <= lines && !problem.message.is_empty()
}

#[test]
fn every_truncation_of_a_shipped_file_is_an_error() {
    let text = std::fs::read_to_string(Path::new(CORPUS_DIR).join("several_problems.ron")).unwrap();
    for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        let problems = load_army_str("cut.ron", &text[..end]).unwrap_err();
        assert!(
            problems.iter().all(|p| well_placed(p, &text[..end])),
            "cut at {end}: {problems:#?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Splicing random text into a shipped file never panics, and every problem found is
    /// placed inside the file.
    #[test]
    fn mangled_files_never_panic(at in 0.0..1.0f64, cut in 0usize..40, insert in "[\\[\\](){}:,\"'a-z0-9 \n/*é-]{0,12}") {
        let text = std::fs::read_to_string(shipped_armies_dir().join("royalists_roundheads/winceby_parliament.ron")).unwrap();
        let mut start = (at * text.len() as f64) as usize;
        while !text.is_char_boundary(start) { start -= 1; }
        let mut end = (start + cut).min(text.len());
        while !text.is_char_boundary(end) { end += 1; }
        let mangled = format!("{}{insert}{}", &text[..start], &text[end..]);
        if let Err(problems) = load_army_str("mangled.ron", &mangled) {
            prop_assert!(!problems.is_empty());
            for p in &problems {
                prop_assert!(well_placed(p, &mangled), "{p}");
            }
        }
    }
}
