//! Writing a [`Draft`] as army-file text in the format the loader reads (the layout of the
//! shipped files), remembering where each field's value sits, so that the loader's own
//! problems with the text can be pinned to the field the builder shows them at.

use std::ops::Range;

use super::draft::{Draft, DraftLeader, DraftUnit, Field, Part};
use super::schema::CURRENT_VERSION;
use super::{Army, Problem, load_army_str};

/// Army-file text with the place of every field in it.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub text: String,
    /// Byte ranges of field values (and of whole entries and lists), in text order.
    pub(crate) fields: Vec<(Range<usize>, Field)>,
}

/// A problem the loader found, pinned to the field it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: Field,
    pub message: String,
}

/// Writes a whole draft.
pub fn render(draft: &Draft) -> Rendered {
    let mut w = Writer::default();
    w.line(0, "Army(");
    w.line(1, &format!("version: {CURRENT_VERSION},"));
    w.field(1, "system", &quote(&draft.system), Field::System);
    w.field(1, "name", &quote(&draft.name), Field::Name);
    w.field(1, "side", &quote(&draft.side), Field::Side);
    if !draft.description.is_empty() {
        let description = quote(&draft.description);
        w.field(1, "description", &description, Field::Description);
    }
    if !draft.leaders.is_empty() {
        let start = w.open_list(1, "leaders");
        for (i, leader) in draft.leaders.iter().enumerate() {
            w.leader(2, leader, i);
        }
        w.close_list(1, start, Field::Leaders);
    }
    let start = w.open_list(1, "units");
    for (i, unit) in draft.units.iter().enumerate() {
        w.unit(2, unit, i);
    }
    w.close_list(1, start, Field::Units);
    w.line(0, ")");
    Rendered {
        text: w.text,
        fields: w.fields,
    }
}

/// The text of one leader, `Leader(` to `)`, its inner lines indented one level deeper than
/// `depth` (the closing bracket at `depth`).
pub(crate) fn leader_text(leader: &DraftLeader, depth: usize) -> String {
    let mut w = Writer::default();
    w.leader(depth, leader, 0);
    w.text.trim().trim_end_matches(',').to_string()
}

/// The text of one unit, as [`leader_text`].
pub(crate) fn unit_text(unit: &DraftUnit, depth: usize) -> String {
    let mut w = Writer::default();
    w.unit(depth, unit, 0);
    w.text.trim().trim_end_matches(',').to_string()
}

/// A statistics table, `{"strength": 4, ...}`: a value that is not a whole number is
/// written as quoted text, so the loader names it at its place instead of failing to read
/// the file.
pub(crate) fn stats_text(stats: &[(String, String)]) -> String {
    let entries: Vec<String> = stats
        .iter()
        .map(|(k, v)| format!("{}: {}", quote(k), number(v)))
        .collect();
    format!("{{{}}}", entries.join(", "))
}

/// A list of traits, `["elite", ...]`.
pub(crate) fn traits_text(traits: &[String]) -> String {
    let items: Vec<String> = traits.iter().map(|t| quote(t)).collect();
    format!("[{}]", items.join(", "))
}

/// A statistic's value as the file spells it.
pub(crate) fn number(value: &str) -> String {
    match value.trim().parse::<i64>() {
        Ok(n) => n.to_string(),
        Err(_) => quote(value),
    }
}

/// Text as a RON string literal, escapes included.
pub(crate) fn quote(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// What the loader makes of a draft: the army, or every problem pinned to its field.
pub fn check(draft: &Draft) -> Result<Army, Vec<FieldProblem>> {
    let rendered = render(draft);
    load_army_str("army", &rendered.text).map_err(|problems| {
        let offsets = LineStarts::new(&rendered.text);
        let pin = |p: Problem| FieldProblem {
            field: rendered.field_at(offsets.offset(&rendered.text, p.line, p.col)),
            message: p.message,
        };
        problems.into_iter().map(pin).collect()
    })
}

/// The loader's problems with a draft, each at its field (none for a good army).
pub fn problems(draft: &Draft) -> Vec<FieldProblem> {
    check(draft).err().unwrap_or_default()
}

impl Rendered {
    /// The narrowest field whose value holds a byte offset; the army's name when none does.
    pub(crate) fn field_at(&self, offset: usize) -> Field {
        self.fields
            .iter()
            .filter(|(range, _)| range.start <= offset && offset <= range.end)
            .min_by_key(|(range, _)| range.end - range.start)
            .map_or(Field::Name, |(_, field)| field.clone())
    }
}

/// Byte offsets of line starts, to turn the loader's line and column back into an offset.
struct LineStarts(Vec<usize>);

impl LineStarts {
    fn new(text: &str) -> LineStarts {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1));
        LineStarts(starts.collect())
    }

    /// The byte offset of a 1-based line and column (columns count characters).
    fn offset(&self, text: &str, line: usize, col: usize) -> usize {
        let start = self.0.get(line.saturating_sub(1)).copied().unwrap_or(0);
        let rest = text.get(start..).unwrap_or_default();
        let within = rest
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(rest.len(), |(i, _)| i);
        start + within
    }
}

#[derive(Default)]
struct Writer {
    text: String,
    fields: Vec<(Range<usize>, Field)>,
}

const INDENT: &str = "    ";

impl Writer {
    fn line(&mut self, depth: usize, text: &str) {
        self.text.push_str(&INDENT.repeat(depth));
        self.text.push_str(text);
        self.text.push('\n');
    }

    /// `name: value,` with the value's range recorded.
    fn field(&mut self, depth: usize, name: &str, value: &str, field: Field) {
        self.text.push_str(&INDENT.repeat(depth));
        self.text.push_str(name);
        self.text.push_str(": ");
        let start = self.text.len();
        self.text.push_str(value);
        self.fields.push((start..self.text.len(), field));
        self.text.push_str(",\n");
    }

    fn open_list(&mut self, depth: usize, name: &str) -> usize {
        self.text.push_str(&INDENT.repeat(depth));
        self.text.push_str(name);
        self.text.push_str(": ");
        let start = self.text.len();
        self.text.push_str("[\n");
        start
    }

    fn close_list(&mut self, depth: usize, start: usize, field: Field) {
        self.text.push_str(&INDENT.repeat(depth));
        self.text.push(']');
        self.fields.push((start..self.text.len(), field));
        self.text.push_str(",\n");
    }

    fn leader(&mut self, depth: usize, l: &DraftLeader, i: usize) {
        let at = |part| Field::Leader(i, part);
        let start = self.text.len() + INDENT.len() * depth;
        self.line(depth, "Leader(");
        let inner = depth + 1;
        self.field(inner, "id", &quote(&l.id), at(Part::Id));
        self.field(inner, "name", &quote(&l.name), at(Part::Name));
        self.stats(inner, &l.stats, &|key| at(Part::Stat(key)));
        if !l.traits.is_empty() {
            self.field(inner, "traits", &traits_text(&l.traits), at(Part::Traits));
        }
        self.optional(inner, "group", &l.group, at(Part::Group));
        self.optional(inner, "superior", &l.superior, at(Part::Superior));
        self.optional(inner, "notes", &l.notes, at(Part::Notes));
        self.close_entry(depth, start, at(Part::Whole));
    }

    fn unit(&mut self, depth: usize, u: &DraftUnit, i: usize) {
        let at = |part| Field::Unit(i, part);
        let start = self.text.len() + INDENT.len() * depth;
        self.line(depth, "Unit(");
        let inner = depth + 1;
        self.field(inner, "id", &quote(&u.id), at(Part::Id));
        self.field(inner, "name", &quote(&u.name), at(Part::Name));
        self.field(inner, "kind", &quote(&u.kind), at(Part::Kind));
        self.optional(inner, "leader", &u.leader, at(Part::Leader));
        self.stats(inner, &u.stats, &|key| at(Part::Stat(key)));
        if !u.traits.is_empty() {
            self.field(inner, "traits", &traits_text(&u.traits), at(Part::Traits));
        }
        self.optional(inner, "group", &u.group, at(Part::Group));
        self.optional(inner, "notes", &u.notes, at(Part::Notes));
        self.close_entry(depth, start, at(Part::Whole));
    }

    fn close_entry(&mut self, depth: usize, start: usize, whole: Field) {
        self.text.push_str(&INDENT.repeat(depth));
        self.text.push(')');
        self.fields.push((start..self.text.len(), whole));
        self.text.push_str(",\n");
    }

    fn optional(&mut self, depth: usize, name: &str, value: &str, field: Field) {
        if !value.is_empty() {
            self.field(depth, name, &quote(value), field);
        }
    }

    /// `stats: {...},` with each value's range recorded under its statistic.
    fn stats(&mut self, depth: usize, stats: &[(String, String)], at: &dyn Fn(String) -> Field) {
        if stats.is_empty() {
            return;
        }
        self.text.push_str(&INDENT.repeat(depth));
        self.text.push_str("stats: {");
        for (n, (key, value)) in stats.iter().enumerate() {
            if n > 0 {
                self.text.push_str(", ");
            }
            let key_start = self.text.len();
            self.text.push_str(&quote(key));
            self.text.push_str(": ");
            self.text.push_str(&number(value));
            self.fields
                .push((key_start..self.text.len(), at(key.clone())));
        }
        self.text.push_str("},\n");
    }
}
