//! Army files: parsing text into the [`schema`](super::schema) types and validating those
//! against the rule system's [`ArmySpec`] into the domain types — reporting every problem
//! found, each at the line and column of the value it is about.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use super::locate::{At, Reporter, first_token_offset};
use super::schema::{
    ArmySchema, CURRENT_VERSION, EmbeddedArmySchema, LeaderSchema, Spanned, Stats, UnitSchema,
    VersionProbe, did_you_mean, explain, ron_options,
};
use super::{Army, ArmySpec, Leader, StatSpec, Unit};
use crate::rules;
use crate::words::{escaped, quoted};

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
            self.path,
            self.line,
            self.col,
            crate::words::one_line(&self.message)
        )
    }
}

impl Problem {
    /// A problem with the file as a whole, reported at its start.
    pub fn whole_file(path: &str, message: String) -> Problem {
        Problem {
            path: path.to_string(),
            line: 1,
            col: 1,
            message,
        }
    }
}

/// Army files bigger than this are refused unread (the shipped ones are a few kilobytes).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// The message for a file over [`MAX_FILE_BYTES`].
pub fn too_big(bytes: u64) -> String {
    format!(
        "the file is {:.1} MiB; army files may be at most {} MiB, so this is not one",
        bytes as f64 / (1024.0 * 1024.0),
        MAX_FILE_BYTES / (1024 * 1024)
    )
}

/// Loads and validates army text; `path` is only used to label the problems.
pub fn load_army_str(path: &str, text: &str) -> Result<Army, Vec<Problem>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![Problem::whole_file(path, too_big(text.len() as u64))]);
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = &*super::locate::lf_line_ends(text);
    let mut file = Reporter::new(text);

    // A newer file may be shaped differently, so its version alone is the message.
    let probe = ron_options().from_str::<VersionProbe>(text);
    let army = match probe.map(|p| p.version) {
        Ok(version) if version.ok().is_some_and(|&v| v > CURRENT_VERSION) => {
            let v = version.ok().copied().unwrap_or_default();
            let message = format!(
                "army file version {v} was written by a newer Adjutant; \
                 this one reads version {CURRENT_VERSION} (please update Adjutant)"
            );
            file.report(file.loc.at(&version, (1, 1)), message);
            None
        }
        _ => match ron_options().from_str::<ArmySchema>(text) {
            Ok(schema) => {
                let top = file.loc.first_token();
                Some(Checker::new(&mut file).army(&schema, top))
            }
            Err(e) => {
                let (at, message) = file.loc.syntax_problem(&e);
                file.report(at, message);
                None
            }
        },
    };
    match army {
        Some(army) if file.is_clean() => Ok(army),
        _ => Err(file.into_problems(path)),
    }
}

/// Validates an army held inside a larger file (a battle file) as an army file is validated:
/// `whole` is that file's text and `army` the slice of it that holds the army, so problems are
/// placed by line and column in the whole file. An army of another rule system than
/// `system` is a problem too.
pub(crate) fn load_embedded_army(
    path: &str,
    whole: &str,
    army: &str,
    system: &str,
) -> Result<Army, Vec<Problem>> {
    let mut file = Reporter::new(whole);
    let start = (army.as_ptr() as usize)
        .saturating_sub(whole.as_ptr() as usize)
        .min(whole.len());
    let (slice, top) = (
        file.loc.position(start),
        file.loc.position(start + first_token_offset(army)),
    );
    let army = match ron_options().from_str::<EmbeddedArmySchema>(army) {
        Ok(schema) => {
            let schema = ArmySchema::from(schema);
            let army = Checker::new(&mut file).army(&schema, top);
            if army.system != system
                && rules::by_id(&army.system).is_some()
                && rules::by_id(system).is_some()
            {
                let message = format!(
                    "this army is for {} but the battle is fought under {}; a battle's armies \
                     are of its own rule system",
                    quoted(&army.system),
                    quoted(system)
                );
                file.report_at(&schema.system, top, message);
            }
            Some(army)
        }
        Err(e) => {
            let inner = (e.span.start.line, e.span.start.col);
            let at = match inner.0 {
                0 | 1 => (slice.0, slice.1 + inner.1.saturating_sub(1)),
                n => (slice.0 + n - 1, inner.1.max(1)),
            };
            file.report(at, explain(&e.code));
            None
        }
    };
    match army {
        Some(army) if file.is_clean() => Ok(army),
        _ => Err(file.into_problems(path)),
    }
}

/// Walks the schema, building the domain types and collecting problems.
struct Checker<'r, 'a> {
    file: &'r mut Reporter<'a>,
    /// Every id seen so far (leaders and units share one namespace), with its line.
    ids: HashMap<String, usize>,
}

impl<'r, 'a> Checker<'r, 'a> {
    fn new(file: &'r mut Reporter<'a>) -> Self {
        Checker {
            file,
            ids: HashMap::new(),
        }
    }

    /// An id: not empty, and not already used in this file.
    fn id(&mut self, spanned: &Spanned<String>, what: &str, fallback: At) -> String {
        let id = self.file.text(spanned, what, fallback);
        let at = self.file.loc.at(spanned, fallback);
        if let Some(line) = self.ids.get(&id) {
            self.file.report(
                at,
                format!(
                    "duplicate id {}: it is already used on line {line}",
                    quoted(&id)
                ),
            );
        } else if !id.trim().is_empty() {
            self.ids.insert(id.clone(), at.0);
        }
        id
    }

    /// The army; `top` is where problems with the army as a whole are reported.
    fn army(&mut self, s: &ArmySchema, top: At) -> Army {
        if let Some(&version) = self.file.value(&s.version, top)
            && version != CURRENT_VERSION
        {
            let message = format!(
                "unsupported army file version {version}; the current version is {CURRENT_VERSION}"
            );
            self.file.report_at(&s.version, top, message);
        }
        let system = self.file.text(&s.system, "the rule system", top);
        let spec = rules::by_id(&system).map(|r| r.army_spec());
        if spec.is_none() && !system.trim().is_empty() {
            let ids: Vec<&str> = rules::standard().iter().map(|r| r.id()).collect();
            self.file.report_at(
                &s.system,
                top,
                unknown("rule system", &system, &ids, "Adjutant knows"),
            );
        }
        let spec = spec.as_ref();
        let name = self.file.text(&s.name, "the army's name", top);
        let side = self.file.text(&s.side, "the side", top);
        let description = self
            .file
            .notes(&s.description, "the army's description", top);

        let mut leaders = Vec::new();
        let mut superiors = Vec::new();
        for item in self.file.list(&s.leaders, top) {
            let at = self.file.loc.at(item, top);
            if let Some(leader) = self.file.value(item, at) {
                leaders.push(self.leader(leader, spec, at));
                superiors.push(&leader.superior);
            }
        }
        let leader_ids: HashSet<&str> = leaders.iter().map(|l| l.id.as_str()).collect();
        let in_circles = leaders_in_circles(&leaders);
        for (leader, superior) in leaders.iter().zip(superiors) {
            let Some(id) = &leader.superior else { continue };
            let at = self.file.loc.at(superior, top);
            if id == &leader.id {
                self.file
                    .report(at, "a leader cannot be their own superior");
            } else if !leader_ids.contains(id.as_str()) {
                self.file.report(at, no_such_leader(id, &leaders));
            } else if in_circles.contains(leader.id.as_str()) {
                let id = &leader.id;
                let message = format!(
                    "the chain of superiors from {} goes round in a circle",
                    quoted(id)
                );
                self.file.report(at, message);
            }
        }

        let mut units = Vec::new();
        let given = self.file.list(&s.units, top);
        if given.is_empty() && s.units.ok().is_some() {
            self.file.report_at(&s.units, top, "the army has no units");
        }
        for item in given {
            let at = self.file.loc.at(item, top);
            if let Some(unit) = self.file.value(item, at) {
                units.push(self.unit(unit, spec, (&leaders, &leader_ids), at));
            }
        }
        Army {
            system,
            name,
            side,
            description,
            leaders,
            units,
        }
    }

    fn leader(&mut self, l: &LeaderSchema, spec: Option<&ArmySpec>, at: At) -> Leader {
        let id = self.id(&l.id, "the leader's id", at);
        let owner = format!("leader {}", quoted(&id));
        let allowed = spec.map(|s| Allowed {
            stats: &s.leader_stats,
            traits: &s.leader_traits,
            kind: None,
            whose: "leaders",
        });
        Leader {
            name: self.file.text(&l.name, "the leader's name", at),
            stats: self.stats(&l.stats, allowed.as_ref(), &owner, at),
            traits: self.traits(&l.traits, allowed.as_ref(), at),
            group: self.file.optional(&l.group, "the leader's group", at),
            superior: self.file.optional(&l.superior, "the leader's superior", at),
            notes: self.file.notes(&l.notes, "the leader's notes", at),
            id,
        }
    }

    /// A unit; `leaders` are the army's, with their ids gathered for quick look-up.
    fn unit(
        &mut self,
        u: &UnitSchema,
        spec: Option<&ArmySpec>,
        (leaders, leader_ids): (&[Leader], &HashSet<&str>),
        at: At,
    ) -> Unit {
        let id = self.id(&u.id, "the unit's id", at);
        let name = self.file.text(&u.name, "the unit's name", at);
        let kind = self.file.text(&u.kind, "the unit's kind", at);
        let known_kind = match spec {
            Some(spec) if spec.kind(&kind).is_some() => Some(kind.as_str()),
            Some(spec) if !kind.trim().is_empty() => {
                let kinds: Vec<&str> = spec.unit_kinds.iter().map(|k| k.name).collect();
                self.file.report_at(
                    &u.kind,
                    at,
                    unknown("unit kind", &kind, &kinds, "the kinds are"),
                );
                None
            }
            _ => None,
        };
        let leader = self.file.optional(&u.leader, "the unit's leader", at);
        if let Some(leader_id) = &leader
            && !leader_ids.contains(leader_id.as_str())
        {
            self.file
                .report_at(&u.leader, at, no_such_leader(leader_id, leaders));
        }
        let owner = format!("unit {}", quoted(&id));
        let allowed = spec.map(|s| Allowed {
            stats: &s.unit_stats,
            traits: &s.unit_traits,
            kind: known_kind,
            whose: "units",
        });
        Unit {
            stats: self.stats(&u.stats, allowed.as_ref(), &owner, at),
            traits: self.traits(&u.traits, allowed.as_ref(), at),
            group: self.file.optional(&u.group, "the unit's group", at),
            notes: self.file.notes(&u.notes, "the unit's notes", at),
            id,
            name,
            kind,
            leader,
        }
    }

    /// Checks a stats table against what the rule system allows (nothing is checked for an
    /// unknown rule system); `owner` names the unit or leader in messages.
    fn stats(
        &mut self,
        spanned: &Spanned<Stats>,
        allowed: Option<&Allowed>,
        owner: &str,
        at: At,
    ) -> BTreeMap<String, i32> {
        let mut stats = BTreeMap::new();
        let Some(entries) = self.file.value(spanned, at) else {
            return stats;
        };
        let (mut seen, mut meant) = (HashSet::new(), Vec::new());
        for (key_spanned, value_spanned) in &entries.0 {
            let key_at = self.file.loc.at(key_spanned, at);
            let Some(key) = self.stat_name(key_spanned, at) else {
                continue;
            };
            if !seen.insert(key.clone()) {
                self.file
                    .report(key_at, format!("stat {} is given twice", quoted(&key)));
                continue;
            }
            let Some(&value) = self.file.value(value_spanned, key_at) else {
                continue;
            };
            let value_at = self.file.loc.at(value_spanned, key_at);
            let kind = allowed.and_then(|a| a.kind);
            match allowed.map(|a| a.stats.iter().find(|s| s.key == key)) {
                Some(None) => {
                    let keys = allowed.map_or(Vec::new(), Allowed::stat_keys);
                    let message = unknown("stat", &key, &keys, &format!("{owner} may have"));
                    self.file.report(key_at, message);
                    // A misspelt stat is not also reported missing.
                    meant.extend(did_you_mean(&key, keys.iter().copied()));
                }
                Some(Some(s)) if kind.is_some_and(|k| !s.applies_to(k)) => {
                    let (kind, only) = (kind.unwrap_or_default(), s.kinds.join(", "));
                    let message = format!(
                        "stat {} does not apply to {} units, only to {only}",
                        quoted(&key),
                        escaped(kind)
                    );
                    self.file.report(key_at, message);
                }
                Some(Some(s)) if value < i64::from(s.min) || value > i64::from(s.max) => {
                    let (label, min, max) = (s.label, s.min, s.max);
                    let message = format!(
                        "{key} {value} is out of range: {label} must be from {min} to {max}"
                    );
                    self.file.report(value_at, message);
                }
                _ => match i32::try_from(value) {
                    Ok(value) => {
                        stats.insert(key, value);
                    }
                    Err(_) => self.file.report(value_at, "this number is too large"),
                },
            }
        }
        for s in allowed.map_or(&[][..], |a| a.stats) {
            let given = seen.contains(s.key) || meant.contains(&s.key);
            if s.required && allowed.is_some_and(|a| a.has(s)) && !given {
                let (key, label, min, max) = (s.key, s.label, s.min, s.max);
                let message = format!(
                    "{owner} is missing the required stat \"{key}\" ({label}, {min} to {max})"
                );
                self.file.report(at, message);
            }
        }
        stats
    }

    /// A stat's name; one written without quotes is reported and then taken as meant.
    fn stat_name(&mut self, key: &Spanned<String>, at: At) -> Option<String> {
        if let Err(e) = &key.value
            && e.code == ron::Error::ExpectedString
            && let Some(word) = self.file.loc.text_of(key)
            && word.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            let message = format!("write the stat name in double quotes: {}", quoted(word));
            self.file.report_at(key, at, message);
            return Some(word.to_string());
        }
        self.file.value(key, at).cloned()
    }

    /// Checks traits against those the rule system knows.
    fn traits(
        &mut self,
        spanned: &Spanned<Vec<Spanned<String>>>,
        allowed: Option<&Allowed>,
        at: At,
    ) -> BTreeSet<String> {
        let mut traits = BTreeSet::new();
        for item in self.file.list(spanned, at) {
            let Some(name) = self.file.value(item, at) else {
                continue;
            };
            match allowed {
                Some(a) if !a.traits.contains(&name.as_str()) => {
                    let these = format!("{} may have", a.whose);
                    self.file
                        .report_at(item, at, unknown("trait", name, a.traits, &these));
                }
                _ => {
                    traits.insert(name.clone());
                }
            }
        }
        traits
    }
}

/// What the rule system allows one unit or leader, for checking its stats and traits.
struct Allowed<'s> {
    stats: &'s [StatSpec],
    traits: &'s [&'static str],
    /// The unit's kind, when it is one the rule system knows.
    kind: Option<&'s str>,
    /// "units" or "leaders", for messages.
    whose: &'static str,
}

impl Allowed<'_> {
    /// Whether a statistic belongs here (with the kind unknown: only those for every kind).
    fn has(&self, stat: &StatSpec) -> bool {
        self.kind
            .map_or(stat.kinds.is_empty(), |k| stat.applies_to(k))
    }

    fn stat_keys(&self) -> Vec<&'static str> {
        let applicable = self
            .stats
            .iter()
            .filter(|s| self.kind.is_none_or(|k| s.applies_to(k)));
        applicable.map(|s| s.key).collect()
    }
}

/// "unknown WHAT "NAME"; did you mean "X"?" or "unknown WHAT "NAME"; THESE: "a", "b"".
fn unknown(what: &str, name: &str, allowed: &[&str], these: &str) -> String {
    match did_you_mean(name, allowed.iter().copied()) {
        Some(meant) => format!("unknown {what} {}; did you mean \"{meant}\"?", quoted(name)),
        None if allowed.is_empty() => format!("unknown {what} {}; {these}: none", quoted(name)),
        None => {
            let list: Vec<String> = allowed.iter().map(|a| quoted(a)).collect();
            format!(
                "unknown {what} {}; {these}: {}",
                quoted(name),
                list.join(", ")
            )
        }
    }
}

fn no_such_leader(id: &str, leaders: &[Leader]) -> String {
    // Listing or matching against hundreds of leaders helps no one and costs time.
    if leaders.len() > 50 {
        return format!("unknown leader {}", quoted(id));
    }
    let ids = leaders.iter().map(|l| l.id.as_str());
    let ids: Vec<&str> = ids.filter(|id| !id.trim().is_empty()).collect();
    unknown("leader", id, &ids, "the leaders are")
}

/// The ids of the leaders whose chain of superiors comes back to them. Each leader is
/// walked over once, so a long chain in a hostile file costs no more than a short one.
fn leaders_in_circles(leaders: &[Leader]) -> HashSet<&str> {
    let superior_of: HashMap<&str, &str> = leaders
        .iter()
        .filter_map(|l| Some((l.id.as_str(), l.superior.as_deref()?)))
        .collect();
    let mut walked_by: HashMap<&str, usize> = HashMap::new();
    let mut in_circles = HashSet::new();
    for (walk, leader) in leaders.iter().enumerate() {
        let mut path = Vec::new();
        let mut current = Some(leader.id.as_str());
        while let Some(id) = current {
            match walked_by.get(id) {
                Some(&w) if w == walk => {
                    let from = path.iter().position(|&p| p == id).unwrap_or(0);
                    in_circles.extend(path.drain(from..));
                    break;
                }
                Some(_) => break,
                None => {
                    walked_by.insert(id, walk);
                    path.push(id);
                    current = superior_of.get(id).copied();
                }
            }
        }
    }
    in_circles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn army(name: &str, unit: &str, notes: &str) -> String {
        format!(
            "Army(\n  version: 1,\n  system: \"rcw\",\n  name: \"{name}\",\n  side: \"Reds\",\n  \
             units: [\n    Unit(id: \"hq\", name: \"{unit}\", kind: \"HQ\", notes: \"{notes}\"),\n  \
             ],\n)\n"
        )
    }

    fn refused(text: &str) -> Vec<(usize, usize, String)> {
        let problems = load_army_str("a.ron", text).expect_err("refused");
        problems
            .into_iter()
            .map(|p| (p.line, p.col, p.message))
            .collect()
    }

    /// A name is at most 200 characters (an army's, a side's, a leader's or a unit's, an id, a
    /// kind, a group), notes and a description at most 10 000: longer is refused at the
    /// value, saying how long it is, without echoing it. Before, a 300 000-character name
    /// loaded, and printing it took 10 s and 600 MB.
    #[test]
    fn names_and_notes_over_their_bounds_are_refused_where_they_are() {
        assert!(load_army_str("a.ron", &army("Reds", "HQ", "")).is_ok());
        let (name, notes) = ("Ж".repeat(200), "n".repeat(10_000));
        let at_bound = load_army_str("a.ron", &army(&name, &name, &notes));
        assert!(at_bound.is_ok(), "at the bounds: {at_bound:?}");
        let long = "Ж".repeat(300_000);
        assert_eq!(
            refused(&army(&long, "HQ", "")),
            [(
                4,
                9,
                "the army's name is 300000 characters long, more than the 200 a name may have"
                    .to_string()
            )]
        );
        assert_eq!(
            refused(&army("Reds", &"u".repeat(201), "")),
            [(
                7,
                26,
                "the unit's name is 201 characters long, more than the 200 a name may have"
                    .to_string()
            )]
        );
        let found = refused(&army("Reds", "HQ", &"n".repeat(10_001)));
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].2,
            "the unit's notes are 10001 characters long, more than the 10000 notes may have"
        );
        let side = army("The army", "HQ", "").replace("Reds\"", &format!("{}\"", "s".repeat(201)));
        assert_eq!(refused(&side).len(), 1, "a side");
        let id = army("Reds", "HQ", "").replace("\"hq\"", &format!("\"{}\"", "i".repeat(201)));
        assert_eq!(refused(&id).len(), 1, "an id");
    }
}
