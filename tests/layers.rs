//! The layers hold: iced (the window toolkit) is used only by the window, `src/ui/` and
//! `src/main.rs`; and the window never names a rule system — it reaches every system through
//! the `RuleSystem` trait and the system list.
//!
//! Every Rust file is read as tokens, so that a word inside a comment or a string is told apart
//! from code:
//!
//! - **iced**: no code token `iced` or `iced_*` (a crate path, a `use`, a macro) in `src/` and `crates/`
//!   outside `src/ui/` and `src/main.rs`, nor in `tests/`, `benches/` or `fuzz/`. The one
//!   program allowed it outside is `examples/empty_window.rs`, the empty iced window the memory
//!   and first-frame benchmarks compare the app against.
//! - **systems in the window**: in `src/ui/` (not its tests) no identifier, string or comment
//!   names a system: its id, the folder under `src/rules/` (`royalists_roundheads`, `d3_ecw`,
//!   …), its type (`RoyalistsRoundheads`, `D3Ecw`, …), its short names (`vws`, the registry's
//!   `d3` module) or its name as players know it ("Royalists & Roundheads", "D3 English Civil
//!   War", "D3 ECW", "Russian Civil War", "RCW"). The names are made from each system's id and
//!   name in the registry (`rules::standard()`), so a new system is looked for with no edit
//!   here. The dice tray's D3 die is no system.
//! - **the window's tests** (`src/ui/tests/`) play each system on the screen, so they may name
//!   one in three ways only: its id as a whole string or as a folder in a path (`"d3_ecw"`,
//!   what the system list is looked up by, and `"armies/d3_ecw/…"`, where its shipped armies
//!   are filed), its published keys (`adjutant::rules::d3_ecw::keys`, the procedure and
//!   parameter ids a test presses), and a test module named after it (`mod d3_ecw;`). Comments
//!   there may say which system a test plays.

#[path = "layers/lex.rs"]
mod lex;

use adjutant::rules;
use lex::lex;
use std::fs;
use std::path::{Path, PathBuf};

/// What names a rule system, from the registry (`rules::standard()`), so a system added there
/// is looked for with no edit here: its id, its type and short names, and its name as players
/// know it.
struct Names {
    /// The ids (folders under `crates/adjutant-core/src/rules/`).
    ids: Vec<String>,
    /// Identifiers compared whole and case-sensitively: the type (`D3Ecw`), an id of one word
    /// in capitals (`RCW`), the capitalised initials of a longer one (`Vws`).
    idents: Vec<String>,
    /// Short names in lower case: the initials of an id of three words or more (`vws`), found
    /// anywhere, and, after `registry::` only, the initials or first word of any id of more
    /// than one (`d3`).
    short: Vec<String>,
    registry_short: Vec<String>,
    /// Words and phrases compared in lower case on word boundaries: the id, with spaces for
    /// its underscores, and the name without its parenthesis, with `and` for its `&`.
    phrases: Vec<String>,
}

fn names() -> &'static Names {
    static NAMES: std::sync::LazyLock<Names> = std::sync::LazyLock::new(|| {
        let mut n = Names {
            ids: Vec::new(),
            idents: Vec::new(),
            short: Vec::new(),
            registry_short: Vec::new(),
            phrases: Vec::new(),
        };
        for system in rules::standard() {
            let id = system.id();
            let words: Vec<&str> = id.split('_').collect();
            let capital = |w: &str| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default()
            };
            let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
            n.ids.push(id.to_string());
            n.idents.push(words.iter().map(|w| capital(w)).collect());
            if words.len() == 1 {
                n.idents.push(id.to_uppercase());
            }
            if words.len() >= 3 {
                n.idents.push(capital(&initials));
                n.short.push(initials.clone());
            }
            if words.len() > 1 {
                n.registry_short.push(initials);
                n.registry_short.push(words[0].to_string());
            }
            let name = system.name().to_lowercase();
            let name = name.split(" (").next().unwrap_or_default().to_string();
            let spaced = id.replace('_', " ");
            for phrase in [id.to_string(), spaced, name.replace(" & ", " and "), name] {
                if !n.phrases.contains(&phrase) {
                    n.phrases.push(phrase);
                }
            }
        }
        n
    });
    &NAMES
}

/// Whether `phrase` occurs in `text` (lower case) with no letter, digit or `_` either side.
fn names_phrase(text: &str, phrase: &str) -> bool {
    let text = text.to_lowercase();
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(phrase).any(|(start, _)| {
        !word(text[..start].chars().next_back())
            && !word(text[start + phrase.len()..].chars().next())
    })
}

/// The iced uses in one file's code: `line: token`.
fn iced_uses(source: &str) -> Vec<String> {
    lex(source)
        .tokens
        .iter()
        .filter(|(_, t)| t == "iced" || t.starts_with("iced_"))
        .map(|(line, t)| format!("{line}: {t}"))
        .collect()
}

/// The places one window file names a rule system: `line: what`. `in_tests` allows the three
/// ways the window's tests may name one (see the module comment).
fn system_names(source: &str, in_tests: bool) -> Vec<String> {
    let lexed = lex(source);
    let mut found = Vec::new();
    let tokens = &lexed.tokens;
    let text = |k: usize| tokens.get(k).map_or("", |(_, t)| t.as_str());
    for (k, (line, token)) in tokens.iter().enumerate() {
        let names = names();
        let is_id = names.ids.contains(token);
        let registry_module = names.registry_short.contains(token)
            && k >= 2
            && text(k - 1) == "::"
            && text(k - 2) == "registry";
        if !(is_id
            || names.idents.contains(token)
            || names.short.contains(token)
            || registry_module)
        {
            continue;
        }
        let keys_path = k >= 2
            && text(k - 1) == "::"
            && text(k - 2) == "rules"
            && text(k + 1) == "::"
            && text(k + 2) == "keys";
        let test_module = k >= 1 && text(k - 1) == "mod" && text(k + 1) == ";";
        if in_tests && is_id && (keys_path || test_module) {
            continue;
        }
        found.push(format!("{line}: identifier {token}"));
    }
    for (line, string) in &lexed.strings {
        // In the tests an id may be the whole string or a folder of a path ("armies/rcw/…").
        let prose = if in_tests {
            let parts = string
                .split('/')
                .filter(|part| !names().ids.iter().any(|id| id == part));
            parts.collect::<Vec<_>>().join("/")
        } else {
            string.clone()
        };
        for phrase in &names().phrases {
            if names_phrase(&prose, phrase) {
                found.push(format!("{line}: string {string:?} names {phrase:?}"));
            }
        }
    }
    if !in_tests {
        for (line, comment) in &lexed.comments {
            for phrase in &names().phrases {
                if names_phrase(comment, phrase) {
                    found.push(format!("{line}: comment names {phrase:?}"));
                }
            }
        }
    }
    found
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable folder entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn iced_is_used_only_by_the_window() {
    let root = root();
    let mut offences = Vec::new();
    let mut scanned = 0;
    for dir in ["src", "crates", "tests", "benches", "fuzz"] {
        for path in rust_files(&root.join(dir)) {
            let name = relative(&path);
            if name.starts_with("src/ui/") || name == "src/main.rs" || name == "tests/layers.rs" {
                continue;
            }
            scanned += 1;
            offences.extend(
                iced_uses(&read(&path))
                    .into_iter()
                    .map(|o| format!("{name}:{o}")),
            );
        }
    }
    for path in rust_files(&root.join("examples")) {
        let name = relative(&path);
        if name != "examples/empty_window.rs" {
            scanned += 1;
            offences.extend(
                iced_uses(&read(&path))
                    .into_iter()
                    .map(|o| format!("{name}:{o}")),
            );
        }
    }
    assert!(
        scanned > 50,
        "only {scanned} files outside the window were found to scan"
    );
    assert!(
        offences.is_empty(),
        "iced is used outside src/ui/ and src/main.rs (the window):\n  {}",
        offences.join("\n  ")
    );
}

#[test]
fn the_window_names_no_rule_system() {
    let ui = root().join("src/ui");
    let mut offences = Vec::new();
    let (mut window_files, mut test_files) = (0, 0);
    for path in rust_files(&ui) {
        let name = relative(&path);
        let in_tests = name.starts_with("src/ui/tests/");
        if in_tests {
            test_files += 1;
        } else {
            window_files += 1;
        }
        offences.extend(
            system_names(&read(&path), in_tests)
                .into_iter()
                .map(|o| format!("{name}:{o}")),
        );
    }
    assert!(
        window_files > 20 && test_files > 5,
        "src/ui/ has {window_files} files and {test_files} tests"
    );
    assert!(
        offences.is_empty(),
        "the window names a rule system (it must reach systems through the RuleSystem trait):\n  {}",
        offences.join("\n  ")
    );
}

#[test]
fn the_system_list_matches_the_rules_folders() {
    // The names this test looks for are the folders of the core's src/rules/ that hold a system.
    let mut folders: Vec<String> = fs::read_dir(root().join("crates/adjutant-core/src/rules"))
        .expect("crates/adjutant-core/src/rules is readable")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.is_dir() && p.join("mod.rs").is_file() && p.join("keys.rs").is_file())
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    folders.sort();
    let mut ids = names().ids.clone();
    ids.sort();
    assert_eq!(
        folders, ids,
        "a system's folder and the registry (rules::standard()) disagree"
    );
}

/// Each registered system has its own tests where a new system's recipe (docs/architecture.md)
/// puts them, each declared beside the others': the rules' own numbers in the core's test
/// binary (or, for one that reads its table file from disk, the app's), a play-through in the
/// window's tests.
#[test]
fn every_system_has_its_own_tests() {
    let binaries = [
        ("crates/adjutant-core/tests", "core_tests.rs"),
        ("tests", "app.rs"),
    ];
    let window = read(&root().join("src/ui/tests/systems/mod.rs"));
    let declared = |text: &str, id: &str| text.lines().any(|l| l.trim() == format!("mod {id};"));
    for id in &names().ids {
        let own = binaries.iter().find(|(dir, root_file)| {
            root().join(dir).join(format!("{id}.rs")).is_file()
                && declared(&read(&root().join(dir).join(root_file)), id)
        });
        assert!(
            own.is_some(),
            "{id} has no tests of its own: crates/adjutant-core/tests/{id}.rs, declared in \
             core_tests.rs"
        );
        assert!(
            root()
                .join(format!("src/ui/tests/systems/{id}.rs"))
                .is_file()
                && declared(&window, id),
            "{id} has no play-through in the window's tests: src/ui/tests/systems/{id}.rs, \
             declared in src/ui/tests/systems/mod.rs"
        );
    }
}

#[test]
fn the_scanner_finds_iced_in_code_only() {
    assert_eq!(iced_uses("use iced::widget::text;\n"), ["1: iced"]);
    assert_eq!(
        iced_uses("fn f() {}\nfn g() -> iced::Result { todo!() }\n"),
        ["2: iced"]
    );
    assert_eq!(
        iced_uses("let t = iced_test::simulator(x);"),
        ["1: iced_test"]
    );
    // Prose and data are not uses.
    assert!(
        iced_uses("//! drawn by iced\n/* iced */ let s = \"iced::x\"; let r = r#\"iced\"#;")
            .is_empty()
    );
    assert!(iced_uses("let sliced = spliced; let c = 'i'; fn f<'a>(x: &'a str) {}").is_empty());
}

#[test]
fn the_scanner_finds_systems_in_window_code() {
    let window = |s: &str| system_names(s, false);
    assert_eq!(
        window("use crate::rules::rcw::tables;"),
        ["1: identifier rcw"]
    );
    assert_eq!(
        window("if id == \"d3_ecw\" {}"),
        ["1: string \"d3_ecw\" names \"d3_ecw\""]
    );
    assert_eq!(window("let x = D3Ecw::default();"), ["1: identifier D3Ecw"]);
    assert_eq!(window("text(\"Victory Without Squares (v2)\")").len(), 1);
    assert_eq!(window("// like Royalists & Roundheads' fire\n").len(), 1);
    assert_eq!(
        window("use crate::rules::registry::d3;"),
        ["1: identifier d3"]
    );
    // The dice tray's D3 die and words that merely contain an id are not systems.
    assert!(window("//! D3, D6 or D10\nlet die = Die::D3; let sources = 1;\n").is_empty());
    assert!(window("let arcwise = \"marcwell\";").is_empty());
}

#[test]
fn the_scanner_allows_the_three_test_forms_only() {
    let test = |s: &str| system_names(s, true);
    assert!(test("use adjutant::rules::rcw::keys::*;").is_empty());
    assert!(test("mod d3_ecw;").is_empty());
    assert!(
        test("let play = Play::new(\"victory_without_squares\", [\"A\", \"B\"], 1645);").is_empty()
    );
    assert!(test("//! Royalists & Roundheads with the Winceby armies").is_empty());
    assert!(test("let p = root.join(\"armies/rcw/tsaritsyn_reds.ron\");").is_empty());
    assert_eq!(test("let p = \"armies/rcw_old/x.ron\";").len(), 0);
    assert_eq!(test("let t = \"the rcw rules\";").len(), 1);
    assert_eq!(
        test("use adjutant::rules::rcw::tables::Table;"),
        ["1: identifier rcw"]
    );
    assert_eq!(test("assert_eq!(title, \"Russian Civil War\");").len(), 1);
    assert_eq!(
        test("let s = adjutant::rules::rcw::Rcw;"),
        ["1: identifier rcw", "1: identifier Rcw"]
    );
}
