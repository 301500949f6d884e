//! Army files: reading one from disk (refusing what is too big or not text), parsing it into
//! the [`schema`](super::schema) types and validating those against the rule system's
//! [`ArmySpec`] into the domain types — reporting every problem found, each at the line and
//! column of the value it is about.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::io::Read;
use std::path::Path;

use super::locate::Locator;
use super::schema::{
    ArmySchema, CURRENT_VERSION, LeaderSchema, Spanned, Stats, UnitSchema, VersionProbe, explain,
    ron_options,
};
use super::{Army, ArmySpec, Leader, StatSpec, Unit};
use crate::rules;

/// Army files bigger than this are refused unread (the shipped ones are a few kilobytes).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// One problem in an army file, at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    /// `path:line:col: message`, the form editors and terminals link to.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path, self.line, self.col, self.message
        )
    }
}

/// Loads and validates an army file.
pub fn load_army(path: &Path) -> Result<Army, Vec<Problem>> {
    let name = path.display().to_string();
    let text = read_text(path, &name).map_err(|p| vec![p])?;
    load_army_str(&name, &text)
}

/// Loads and validates army text; `path` is only used to label the problems.
pub fn load_army_str(path: &str, text: &str) -> Result<Army, Vec<Problem>> {
    let problem = |(line, col), message: String| Problem {
        path: path.to_string(),
        line,
        col,
        message,
    };
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![problem((1, 1), too_big(text.len() as u64))]);
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let loc = Locator::new(text);

    // A newer file may be shaped differently, so its version alone is the message.
    if let Ok(probe) = ron_options().from_str::<VersionProbe>(text)
        && let Ok(version) = probe.version.value
        && version > CURRENT_VERSION
    {
        let message = format!(
            "army file version {version} was written by a newer Adjutant; \
             this one reads version {CURRENT_VERSION} (please update Adjutant)"
        );
        return Err(vec![problem(loc.at(&probe.version, (1, 1)), message)]);
    }

    let schema = ron_options().from_str::<ArmySchema>(text).map_err(|e| {
        let at = match e.code {
            ron::Error::MissingStructField { .. } => loc.first_token(),
            _ => (e.span.start.line, e.span.start.col),
        };
        vec![problem(at, explain(&e.code))]
    })?;

    let mut checker = Checker {
        loc,
        found: Vec::new(),
        ids: HashMap::new(),
    };
    let army = checker.army(&schema);
    if checker.found.is_empty() {
        return Ok(army);
    }
    checker.found.sort_by_key(|(at, _)| *at);
    Err(checker
        .found
        .into_iter()
        .map(|(at, message)| problem(at, message))
        .collect())
}

/// Reads a file as text, refusing folders, huge files and anything that is not UTF-8.
fn read_text(path: &Path, name: &str) -> Result<String, Problem> {
    let problem = |(line, col), message: String| Problem {
        path: name.to_string(),
        line,
        col,
        message,
    };
    let file = std::fs::File::open(path)
        .map_err(|e| problem((1, 1), format!("cannot open the file: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| problem((1, 1), format!("cannot read the file: {e}")))?;
    if meta.is_dir() {
        return Err(problem((1, 1), "this is a folder, not an army file".into()));
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(problem((1, 1), too_big(meta.len())));
    }
    // The size can lie (pipes, files still growing), so never read past the limit either.
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| problem((1, 1), format!("cannot read the file: {e}")))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(problem((1, 1), too_big(bytes.len() as u64)));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let prefix = std::str::from_utf8(&e.as_bytes()[..good]).unwrap_or_default();
        let byte = e.as_bytes().get(good).copied().unwrap_or(0);
        let message = format!(
            "the file is not UTF-8 text (byte 0x{byte:02X} here); \
             save it as UTF-8 in your text editor"
        );
        problem(Locator::new(prefix).position(good), message)
    })
}

fn too_big(bytes: u64) -> String {
    format!(
        "the file is {:.1} MiB; army files may be at most {} MiB, so this is not one",
        bytes as f64 / (1024.0 * 1024.0),
        MAX_FILE_BYTES / (1024 * 1024)
    )
}

type At = (usize, usize);

/// Walks the schema, building the domain types and collecting problems.
struct Checker<'a> {
    loc: Locator<'a>,
    found: Vec<(At, String)>,
    /// Every id seen so far (leaders and units share one namespace), with its line.
    ids: HashMap<String, usize>,
}

impl Checker<'_> {
    fn report(&mut self, at: At, message: impl Into<String>) {
        self.found.push((at, message.into()));
    }

    /// The parsed value, or `None` after reporting why its text did not parse.
    fn value<'s, T>(&mut self, spanned: &'s Spanned<T>, fallback: At) -> Option<&'s T> {
        match &spanned.value {
            Ok(value) => Some(value),
            Err(e) => {
                let at = match e.code {
                    // RON puts these at the closing bracket; the item's start is clearer.
                    ron::Error::MissingStructField { .. } => self.loc.at(spanned, fallback),
                    _ => self.loc.within(spanned, e.span.start, fallback),
                };
                self.report(at, explain(&e.code));
                None
            }
        }
    }

    /// A string that must not be empty.
    fn text(&mut self, spanned: &Spanned<String>, what: &str, fallback: At) -> String {
        let value = self.value(spanned, fallback).cloned().unwrap_or_default();
        if spanned.ok().is_some_and(|v| v.trim().is_empty()) {
            self.report(self.loc.at(spanned, fallback), format!("{what} is empty"));
        }
        value
    }

    /// An optional reference or label: left out, `None` and `""` all mean none.
    fn optional(&mut self, spanned: &Spanned<Option<String>>, fallback: At) -> Option<String> {
        let value = self.value(spanned, fallback)?.as_deref()?.trim();
        (!value.is_empty()).then(|| value.to_string())
    }

    /// An id: not empty, and not already used in this file.
    fn id(&mut self, spanned: &Spanned<String>, what: &str, fallback: At) -> String {
        let id = self.text(spanned, what, fallback);
        let at = self.loc.at(spanned, fallback);
        if id.trim().is_empty() {
            return id;
        }
        match self.ids.get(&id) {
            Some(line) => {
                let message = format!("duplicate id \"{id}\": it is already used on line {line}");
                self.report(at, message);
            }
            None => {
                self.ids.insert(id.clone(), at.0);
            }
        }
        id
    }

    fn army(&mut self, s: &ArmySchema) -> Army {
        let top = self.loc.first_token();
        if let Some(&version) = self.value(&s.version, top)
            && version != CURRENT_VERSION
        {
            let message = format!(
                "unsupported army file version {version}; the current version is {CURRENT_VERSION}"
            );
            self.report(self.loc.at(&s.version, top), message);
        }
        let system = self.text(&s.system, "the rule system", top);
        let spec = match rules::by_id(&system) {
            Some(rule_system) => Some(rule_system.army_spec()),
            None if system.trim().is_empty() => None,
            None => {
                let known: Vec<String> = rules::all().iter().map(|r| quoted(r.id())).collect();
                let message = format!(
                    "unknown rule system \"{system}\"; Adjutant knows: {}",
                    known.join(", ")
                );
                self.report(self.loc.at(&s.system, top), message);
                None
            }
        };
        let spec = spec.as_ref();
        let name = self.text(&s.name, "the army's name", top);
        let side = self.text(&s.side, "the side", top);
        let description = self.value(&s.description, top).cloned();

        let mut leaders = Vec::new();
        let mut superiors = Vec::new();
        for item in self.value(&s.leaders, top).map_or(&[][..], Vec::as_slice) {
            let at = self.loc.at(item, top);
            if let Some(leader) = self.value(item, at) {
                leaders.push(self.leader(leader, spec, at));
                superiors.push(&leader.superior);
            }
        }
        for (leader, superior) in leaders.iter().zip(superiors) {
            let Some(id) = &leader.superior else { continue };
            let at = self.loc.at(superior, top);
            if id == &leader.id {
                self.report(at, "a leader cannot be their own superior");
            } else if !leaders.iter().any(|l| &l.id == id) {
                self.report(at, no_such_leader(id, &leaders));
            } else if in_a_circle(&leader.id, &leaders) {
                self.report(
                    at,
                    format!(
                        "the chain of superiors from \"{}\" goes round in a circle",
                        leader.id
                    ),
                );
            }
        }

        let mut units = Vec::new();
        let given = self.value(&s.units, top).map_or(&[][..], Vec::as_slice);
        if given.is_empty() && s.units.ok().is_some() {
            self.report(self.loc.at(&s.units, top), "the army has no units");
        }
        for item in given {
            let at = self.loc.at(item, top);
            if let Some(unit) = self.value(item, at) {
                units.push(self.unit(unit, spec, &leaders, at));
            }
        }

        Army {
            system,
            name,
            side,
            description: description.unwrap_or_default(),
            leaders,
            units,
        }
    }

    fn leader(&mut self, l: &LeaderSchema, spec: Option<&ArmySpec>, at: At) -> Leader {
        let id = self.id(&l.id, "the leader's id", at);
        let owner = format!("leader \"{id}\"");
        Leader {
            name: self.text(&l.name, "the leader's name", at),
            stats: self.stats(
                &l.stats,
                spec.map(|s| &s.leader_stats[..]),
                None,
                &owner,
                at,
            ),
            traits: self.traits(&l.traits, spec.map(|s| &s.leader_traits[..]), "leaders", at),
            group: self.optional(&l.group, at),
            superior: self.optional(&l.superior, at),
            notes: self.value(&l.notes, at).cloned().unwrap_or_default(),
            id,
        }
    }

    fn unit(
        &mut self,
        u: &UnitSchema,
        spec: Option<&ArmySpec>,
        leaders: &[Leader],
        at: At,
    ) -> Unit {
        let id = self.id(&u.id, "the unit's id", at);
        let name = self.text(&u.name, "the unit's name", at);
        let kind = self.text(&u.kind, "the unit's kind", at);
        let known_kind = match spec {
            Some(spec) if spec.kind(&kind).is_some() => Some(kind.as_str()),
            Some(spec) if !kind.trim().is_empty() => {
                let kinds: Vec<String> = spec.unit_kinds.iter().map(|k| quoted(k.name)).collect();
                let message = format!(
                    "unknown unit kind \"{kind}\"; the kinds are: {}",
                    kinds.join(", ")
                );
                self.report(self.loc.at(&u.kind, at), message);
                None
            }
            _ => None,
        };
        let leader = self.optional(&u.leader, at);
        if let Some(leader_id) = &leader
            && !leaders.iter().any(|l| &l.id == leader_id)
        {
            self.report(
                self.loc.at(&u.leader, at),
                no_such_leader(leader_id, leaders),
            );
        }
        let owner = format!("unit \"{id}\"");
        Unit {
            stats: self.stats(
                &u.stats,
                spec.map(|s| &s.unit_stats[..]),
                known_kind,
                &owner,
                at,
            ),
            traits: self.traits(&u.traits, spec.map(|s| &s.unit_traits[..]), "units", at),
            group: self.optional(&u.group, at),
            notes: self.value(&u.notes, at).cloned().unwrap_or_default(),
            id,
            name,
            kind,
            leader,
        }
    }

    /// Checks a stats table against the statistics the rule system allows for `kind` (a
    /// leader's when `None`); `owner` names the unit or leader in messages.
    fn stats(
        &mut self,
        spanned: &Spanned<Stats>,
        specs: Option<&[StatSpec]>,
        kind: Option<&str>,
        owner: &str,
        at: At,
    ) -> BTreeMap<String, i32> {
        let mut stats = BTreeMap::new();
        let Some(entries) = self.value(spanned, at) else {
            return stats;
        };
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (key_spanned, value_spanned) in &entries.0 {
            let key_at = self.loc.at(key_spanned, at);
            let Some(key) = self.stat_name(key_spanned, at) else {
                continue;
            };
            if let Some(line) = seen.get(key) {
                self.report(
                    key_at,
                    format!("stat \"{key}\" is given twice (first on line {line})"),
                );
                continue;
            }
            seen.insert(key, key_at.0);
            let Some(&value) = self.value(value_spanned, key_at) else {
                continue;
            };
            let value_at = self.loc.at(value_spanned, key_at);
            if let Some(specs) = specs {
                let allowed = || allowed_stats(specs, kind);
                match specs.iter().find(|s| s.key == key) {
                    None => self.report(
                        key_at,
                        format!("unknown stat \"{key}\"; {owner} may have: {}", allowed()),
                    ),
                    Some(s) if kind.is_some_and(|k| !s.applies_to(k)) => {
                        let only = s.kinds.join(", ");
                        let kind = kind.unwrap_or_default();
                        self.report(
                            key_at,
                            format!(
                                "stat \"{key}\" does not apply to {kind} units, only to {only}"
                            ),
                        );
                    }
                    Some(s) if value < i64::from(s.min) || value > i64::from(s.max) => {
                        let message = format!(
                            "{key} {value} is out of range: {} must be from {} to {}",
                            s.label, s.min, s.max
                        );
                        self.report(value_at, message);
                    }
                    Some(_) => {}
                }
            }
            match i32::try_from(value) {
                Ok(value) => {
                    stats.insert(key.to_string(), value);
                }
                Err(_) if specs.is_none() => self.report(value_at, format!("{value} is too large")),
                Err(_) => {}
            }
        }
        for s in specs.unwrap_or_default() {
            let applies = kind.map_or(s.kinds.is_empty(), |k| s.applies_to(k));
            if s.required && applies && !seen.contains_key(s.key) {
                let message = format!(
                    "{owner} is missing the required stat \"{}\" ({}, {} to {})",
                    s.key, s.label, s.min, s.max
                );
                self.report(at, message);
            }
        }
        stats
    }

    /// A stat's name, explaining the usual slip of leaving off the quotes.
    fn stat_name<'s>(&mut self, key: &'s Spanned<String>, at: At) -> Option<&'s str> {
        if let Err(e) = &key.value
            && e.code == ron::Error::ExpectedString
            && let Some(word) = self.loc.text_of(key)
            && word.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            let message = format!("write the stat name in double quotes: \"{word}\"");
            self.report(self.loc.at(key, at), message);
            return None;
        }
        self.value(key, at).map(String::as_str)
    }

    /// Checks traits against those the rule system knows for `whose` ("units", "leaders").
    fn traits(
        &mut self,
        spanned: &Spanned<Vec<Spanned<String>>>,
        known: Option<&[&str]>,
        whose: &str,
        at: At,
    ) -> BTreeSet<String> {
        let mut traits = BTreeSet::new();
        for item in self.value(spanned, at).map_or(&[][..], Vec::as_slice) {
            let Some(name) = self.value(item, at) else {
                continue;
            };
            if let Some(known) = known
                && !known.contains(&name.as_str())
            {
                let list: Vec<String> = known.iter().map(|t| quoted(t)).collect();
                let message = match list.is_empty() {
                    true => format!(
                        "unknown trait \"{name}\"; this rule system has no traits for {whose}"
                    ),
                    false => format!(
                        "unknown trait \"{name}\"; {whose} may have: {}",
                        list.join(", ")
                    ),
                };
                self.report(self.loc.at(item, at), message);
            }
            traits.insert(name.clone());
        }
        traits
    }
}

fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

/// The statistics allowed for a unit of `kind` (or a leader, or a unit of unknown kind).
fn allowed_stats(specs: &[StatSpec], kind: Option<&str>) -> String {
    let keys: Vec<&str> = specs
        .iter()
        .filter(|s| kind.is_none_or(|k| s.applies_to(k)))
        .map(|s| s.key)
        .collect();
    keys.join(", ")
}

fn no_such_leader(id: &str, leaders: &[Leader]) -> String {
    let ids: Vec<String> = leaders.iter().map(|l| quoted(&l.id)).collect();
    match ids.is_empty() {
        true => format!("there is no leader with id \"{id}\"; this army has no leaders"),
        false => format!(
            "there is no leader with id \"{id}\"; the leaders are: {}",
            ids.join(", ")
        ),
    }
}

/// Whether following superiors up from `start` comes back to it.
fn in_a_circle(start: &str, leaders: &[Leader]) -> bool {
    let superior_of = |id: &str| leaders.iter().find(|l| l.id == id)?.superior.clone();
    let mut current = superior_of(start);
    for _ in 0..leaders.len() {
        match current {
            Some(id) if id == start => return true,
            Some(id) => current = superior_of(&id),
            None => return false,
        }
    }
    false
}
