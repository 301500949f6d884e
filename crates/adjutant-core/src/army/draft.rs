//! An army being built or edited: every field as the player typed it (statistics as text, so
//! a half-typed number is kept, not lost), the edits the army builder offers (add, duplicate,
//! move, delete, set a field, toggle a trait), and undo and redo over them.
//!
//! A draft is checked by the army loader itself ([`super::write::problems`]), so the builder
//! reports exactly what `adjutant check` would; it is saved by [`super::patch`], which keeps
//! the comments of the file it came from.

use std::collections::BTreeSet;

use super::schema::{ArmySchema, LeaderSchema, Spanned, Stats, UnitSchema, ron_options};

/// An army as the builder holds it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Draft {
    pub system: String,
    pub name: String,
    pub side: String,
    pub description: String,
    pub leaders: Vec<DraftLeader>,
    pub units: Vec<DraftUnit>,
}

/// A leader as typed. Optional references are empty when there are none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DraftLeader {
    pub id: String,
    pub name: String,
    /// Statistics in the order they are written, each value as typed.
    pub stats: Vec<(String, String)>,
    pub traits: Vec<String>,
    pub group: String,
    pub superior: String,
    pub notes: String,
    /// The place of the leader this one was read from in its file; `None` when added here.
    pub(crate) origin: Option<usize>,
}

/// A unit as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DraftUnit {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub leader: String,
    pub stats: Vec<(String, String)>,
    pub traits: Vec<String>,
    pub group: String,
    pub notes: String,
    pub(crate) origin: Option<usize>,
}

/// Which list an edit is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Roll {
    Leaders,
    Units,
}

/// One field of a draft, for edits and for pinning a problem to where it is shown.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    System,
    Name,
    Side,
    Description,
    /// The list of leaders as a whole.
    Leaders,
    /// The list of units as a whole.
    Units,
    Leader(usize, Part),
    Unit(usize, Part),
}

/// One field of a leader or a unit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// The entry as a whole (a missing required statistic is reported here).
    Whole,
    Id,
    Name,
    Kind,
    /// A unit's leader.
    Leader,
    /// A leader's superior.
    Superior,
    Group,
    Notes,
    Traits,
    Stat(String),
}

/// One change a player makes in the builder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Sets a text field (a statistic's value included: empty leaves it out of the file).
    Set(Field, String),
    /// Adds or removes a trait of a leader (`Field::Leader(i, _)`) or unit.
    ToggleTrait(Field, String),
    /// Adds an entry at the end of a list (a unit of `kind`, which may be empty).
    Add(Roll, String),
    /// Adds a copy of entry `i` right after it, with a fresh id.
    Duplicate(Roll, usize),
    /// Moves entry `i` one place up (`-1`) or down (`1`).
    Move(Roll, usize, i32),
    Delete(Roll, usize),
}

impl Draft {
    /// An empty army for a rule system.
    pub fn new(system: &str) -> Draft {
        Draft {
            system: system.to_string(),
            ..Draft::default()
        }
    }

    /// Reads an army file's text as a draft, keeping each value as written (a value of the
    /// wrong shape is kept as its raw text, for the player to fix). Fails only when the
    /// file's brackets cannot be read at all, with RON's message.
    pub fn from_text(text: &str) -> Result<Draft, String> {
        let schema: ArmySchema = ron_options()
            .from_str(text)
            .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        Ok(Draft::from_schema(text, &schema))
    }

    /// The draft a parse of `text` reads as (`schema` must come from parsing `text` itself).
    pub(crate) fn from_schema(text: &str, schema: &ArmySchema) -> Draft {
        let raw = Raw { text };
        let leaders = raw.items(&schema.leaders);
        let units = raw.items(&schema.units);
        Draft {
            system: raw.string(&schema.system),
            name: raw.string(&schema.name),
            side: raw.string(&schema.side),
            description: raw.string(&schema.description),
            leaders: leaders
                .iter()
                .enumerate()
                .map(|(i, l)| raw.leader(l, i))
                .collect(),
            units: units
                .iter()
                .enumerate()
                .map(|(i, u)| raw.unit(u, i))
                .collect(),
        }
    }

    /// Every id in use, leaders and units together.
    pub(crate) fn ids(&self) -> BTreeSet<&str> {
        let leaders = self.leaders.iter().map(|l| l.id.as_str());
        leaders
            .chain(self.units.iter().map(|u| u.id.as_str()))
            .collect()
    }

    /// An id not yet in use, made from `base` ("cromwell_horse", then "cromwell_horse_2"...).
    pub fn fresh_id(&self, base: &str) -> String {
        let base: String = base
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        let base = base.trim_matches('_');
        let base = if base.is_empty() { "entry" } else { base };
        let ids = self.ids();
        if !ids.contains(base) {
            return base.to_string();
        }
        (2..)
            .map(|n| format!("{base}_{n}"))
            .find(|id| !ids.contains(id.as_str()))
            .unwrap_or_default()
    }

    /// Applies one edit. Renaming a leader's id carries its units and juniors along with it.
    /// An edit that names no existing entry changes nothing.
    pub fn apply(&mut self, edit: &Edit) {
        match edit {
            Edit::Set(field, value) => self.set(field, value),
            Edit::ToggleTrait(field, name) => {
                if let Some(traits) = self.traits_mut(field) {
                    match traits.iter().position(|t| t == name) {
                        Some(at) => {
                            traits.remove(at);
                        }
                        None => traits.push(name.clone()),
                    }
                }
            }
            Edit::Add(Roll::Leaders, _) => {
                let id = self.fresh_id("leader");
                self.leaders.push(DraftLeader {
                    name: format!("Leader {}", self.leaders.len() + 1),
                    id,
                    ..DraftLeader::default()
                });
            }
            Edit::Add(Roll::Units, kind) => {
                let id = self.fresh_id(if kind.is_empty() { "unit" } else { kind });
                self.units.push(DraftUnit {
                    name: format!("Unit {}", self.units.len() + 1),
                    kind: kind.clone(),
                    id,
                    ..DraftUnit::default()
                });
            }
            Edit::Duplicate(Roll::Leaders, i) => {
                if let Some(leader) = self.leaders.get(*i) {
                    let mut copy = leader.clone();
                    copy.id = self.fresh_id(&leader.id);
                    copy.name = format!("{} (copy)", leader.name);
                    copy.origin = None;
                    self.leaders.insert(i + 1, copy);
                }
            }
            Edit::Duplicate(Roll::Units, i) => {
                if let Some(unit) = self.units.get(*i) {
                    let mut copy = unit.clone();
                    copy.id = self.fresh_id(&unit.id);
                    copy.name = format!("{} (copy)", unit.name);
                    copy.origin = None;
                    self.units.insert(i + 1, copy);
                }
            }
            Edit::Move(Roll::Leaders, i, by) => shift(&mut self.leaders, *i, *by),
            Edit::Move(Roll::Units, i, by) => shift(&mut self.units, *i, *by),
            Edit::Delete(Roll::Leaders, i) => {
                if *i < self.leaders.len() {
                    self.leaders.remove(*i);
                }
            }
            Edit::Delete(Roll::Units, i) => {
                if *i < self.units.len() {
                    self.units.remove(*i);
                }
            }
        }
    }

    fn set(&mut self, field: &Field, value: &str) {
        if let Field::Leader(i, Part::Id) = field
            && let Some(old) = self.leaders.get(*i).map(|l| l.id.clone())
            && !old.is_empty()
        {
            for unit in self.units.iter_mut().filter(|u| u.leader == old) {
                unit.leader = value.to_string();
            }
            for leader in self.leaders.iter_mut().filter(|l| l.superior == old) {
                leader.superior = value.to_string();
            }
        }
        let slot = match field {
            Field::System => &mut self.system,
            Field::Name => &mut self.name,
            Field::Side => &mut self.side,
            Field::Description => &mut self.description,
            Field::Leaders | Field::Units => return,
            Field::Leader(i, part) => {
                let Some(l) = self.leaders.get_mut(*i) else {
                    return;
                };
                match part {
                    Part::Id => &mut l.id,
                    Part::Name => &mut l.name,
                    Part::Superior => &mut l.superior,
                    Part::Group => &mut l.group,
                    Part::Notes => &mut l.notes,
                    Part::Stat(key) => return set_stat(&mut l.stats, key, value),
                    _ => return,
                }
            }
            Field::Unit(i, part) => {
                let Some(u) = self.units.get_mut(*i) else {
                    return;
                };
                match part {
                    Part::Id => &mut u.id,
                    Part::Name => &mut u.name,
                    Part::Kind => &mut u.kind,
                    Part::Leader => &mut u.leader,
                    Part::Group => &mut u.group,
                    Part::Notes => &mut u.notes,
                    Part::Stat(key) => return set_stat(&mut u.stats, key, value),
                    _ => return,
                }
            }
        };
        *slot = value.to_string();
    }

    fn traits_mut(&mut self, field: &Field) -> Option<&mut Vec<String>> {
        match field {
            Field::Leader(i, _) => self.leaders.get_mut(*i).map(|l| &mut l.traits),
            Field::Unit(i, _) => self.units.get_mut(*i).map(|u| &mut u.traits),
            _ => None,
        }
    }
}

/// Sets a statistic's text; an empty value takes it out, a new one goes at the end.
fn set_stat(stats: &mut Vec<(String, String)>, key: &str, value: &str) {
    let value = value.trim();
    match stats.iter().position(|(k, _)| k == key) {
        Some(at) if value.is_empty() => {
            stats.remove(at);
        }
        Some(at) => stats[at].1 = value.to_string(),
        None if value.is_empty() => {}
        None => stats.push((key.to_string(), value.to_string())),
    }
}

fn shift<T>(list: &mut [T], i: usize, by: i32) {
    let to = i as i64 + i64::from(by);
    if i < list.len() && (0..list.len() as i64).contains(&to) {
        list.swap(i, to as usize);
    }
}

/// Reads values out of a parsed file, falling back to the raw text of a value that did not
/// parse.
struct Raw<'a> {
    text: &'a str,
}

impl Raw<'_> {
    fn raw<T>(&self, spanned: &Spanned<T>) -> String {
        let base = self.text.as_ptr() as usize;
        let start = spanned.addr.wrapping_sub(base);
        self.text
            .get(start..start.saturating_add(spanned.len))
            .unwrap_or_default()
            .to_string()
    }

    fn string(&self, spanned: &Spanned<String>) -> String {
        match &spanned.value {
            Ok(value) => value.clone(),
            Err(_) => self.raw(spanned),
        }
    }

    fn optional(&self, spanned: &Spanned<Option<String>>) -> String {
        match &spanned.value {
            Ok(value) => value.clone().unwrap_or_default(),
            Err(_) => self.raw(spanned),
        }
    }

    fn items<'s, T>(&self, list: &'s Spanned<Vec<Spanned<T>>>) -> Vec<&'s T> {
        let items = list.ok().map_or(&[][..], Vec::as_slice);
        items.iter().filter_map(Spanned::ok).collect()
    }

    fn stats(&self, stats: &Spanned<Stats>) -> Vec<(String, String)> {
        let entries = stats.ok().map_or(&[][..], |s| s.0.as_slice());
        let entry = |(k, v): &(Spanned<String>, Spanned<i64>)| {
            let value = match &v.value {
                Ok(n) => n.to_string(),
                Err(_) => self.raw(v),
            };
            (self.string(k), value)
        };
        entries.iter().map(entry).collect()
    }

    fn traits(&self, traits: &Spanned<Vec<Spanned<String>>>) -> Vec<String> {
        let items = traits.ok().map_or(&[][..], Vec::as_slice);
        items.iter().map(|t| self.string(t)).collect()
    }

    fn leader(&self, l: &LeaderSchema, origin: usize) -> DraftLeader {
        DraftLeader {
            id: self.string(&l.id),
            name: self.string(&l.name),
            stats: self.stats(&l.stats),
            traits: self.traits(&l.traits),
            group: self.optional(&l.group),
            superior: self.optional(&l.superior),
            notes: self.string(&l.notes),
            origin: Some(origin),
        }
    }

    fn unit(&self, u: &UnitSchema, origin: usize) -> DraftUnit {
        DraftUnit {
            id: self.string(&u.id),
            name: self.string(&u.name),
            kind: self.string(&u.kind),
            leader: self.optional(&u.leader),
            stats: self.stats(&u.stats),
            traits: self.traits(&u.traits),
            group: self.optional(&u.group),
            notes: self.string(&u.notes),
            origin: Some(origin),
        }
    }
}

/// A draft with its undo and redo stacks and the state last saved.
#[derive(Debug, Clone)]
pub struct Editing {
    pub draft: Draft,
    undo: Vec<(Draft, Option<Field>)>,
    redo: Vec<Draft>,
    saved: Draft,
}

impl Editing {
    /// Starts editing a draft as it stands on disk (or, for a new army, as nothing saved).
    pub fn new(draft: Draft, saved: bool) -> Editing {
        let on_disk = if saved {
            draft.clone()
        } else {
            Draft::default()
        };
        Editing {
            draft,
            undo: Vec::new(),
            redo: Vec::new(),
            saved: on_disk,
        }
    }

    /// Applies an edit as one undoable step; typing on in the same field stays one step.
    pub fn apply(&mut self, edit: &Edit) {
        let before = self.draft.clone();
        self.draft.apply(edit);
        if self.draft == before {
            return;
        }
        let typing = match edit {
            Edit::Set(field, _) => Some(field.clone()),
            _ => None,
        };
        let same_field = typing.is_some() && self.undo.last().is_some_and(|(_, f)| *f == typing);
        if !same_field {
            self.undo.push((before, typing));
        }
        self.redo.clear();
    }

    pub fn undo(&mut self) -> bool {
        let Some((before, _)) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.draft, before));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        let before = std::mem::replace(&mut self.draft, after);
        self.undo.push((before, None));
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether there are edits not yet saved.
    pub fn is_dirty(&self) -> bool {
        self.draft != self.saved
    }

    /// Records that the draft as it stands has been saved.
    pub fn mark_saved(&mut self) {
        self.saved = self.draft.clone();
    }
}
