//! Saving an edited army over the file it came from while keeping the file as its author
//! wrote it: a changed value is replaced where it stands (the comments before and after it
//! stay where they are), an unchanged leader or unit is kept word for word (comments
//! included), and only what changed is written anew in the shipped files' layout. Where a
//! change does take comments with it (a comment inside a leader or unit whose fields were
//! rewritten, inside a list of statistics or traits written anew, or between entries of a
//! list that was reordered), [`Source::save`] says which, so the builder can warn before the
//! first save.

use std::ops::Range;

use super::draft::{Draft, DraftLeader, DraftUnit};
use super::locate::{first_token_offset, last_token_end};
use super::schema::{ArmySchema, LeaderSchema, Spanned, Stats, UnitSchema, ron_options};
use super::write::{leader_text, number, quote, render, stats_text, traits_text, unit_text};

/// An army file as it was read, for saving edits back over it.
#[derive(Debug, Clone)]
pub struct Source {
    pub(crate) text: String,
    /// The draft the text reads as, before any edit.
    pub draft: Draft,
    spans: Spans,
}

/// The text to write and the comments it does not keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    pub text: String,
    /// Where comments of the file are dropped ("a comment inside unit \"x\""); empty when
    /// every comment is kept.
    pub lost_comments: Vec<String>,
}

#[derive(Debug, Clone, Default)]
struct Spans {
    system: Option<Range<usize>>,
    name: Option<Range<usize>>,
    side: Option<Range<usize>>,
    description: Option<Range<usize>>,
    leaders: Option<Range<usize>>,
    units: Option<Range<usize>>,
    leader_items: Vec<Entry>,
    unit_items: Vec<Entry>,
}

/// Where one leader or unit and its fields sit.
#[derive(Debug, Clone, Default)]
struct Entry {
    whole: Range<usize>,
    id: Option<Range<usize>>,
    name: Option<Range<usize>>,
    kind: Option<Range<usize>>,
    link: Option<Range<usize>>,
    group: Option<Range<usize>>,
    notes: Option<Range<usize>>,
    stats: Option<Range<usize>>,
    stat_values: Vec<Option<Range<usize>>>,
    traits: Option<Range<usize>>,
}

impl Source {
    /// Reads a file's text; fails as [`Draft::from_text`] does.
    pub fn open(text: String) -> Result<Source, String> {
        // One parse gives both the draft and where each of its values sits.
        let schema: ArmySchema = ron_options()
            .from_str(&text)
            .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        let draft = Draft::from_schema(&text, &schema);
        let spans = {
            let at = At(text.as_ptr() as usize, text.len());
            Spans {
                system: at.range(&schema.system),
                name: at.range(&schema.name),
                side: at.range(&schema.side),
                description: at.range(&schema.description),
                leaders: at.range(&schema.leaders),
                units: at.range(&schema.units),
                leader_items: at.entries(&schema.leaders, |l: &LeaderSchema, whole| Entry {
                    id: at.range(&l.id),
                    name: at.range(&l.name),
                    link: at.range(&l.superior),
                    group: at.range(&l.group),
                    notes: at.range(&l.notes),
                    traits: at.range(&l.traits),
                    ..at.stats(&l.stats, whole)
                }),
                unit_items: at.entries(&schema.units, |u: &UnitSchema, whole| Entry {
                    id: at.range(&u.id),
                    name: at.range(&u.name),
                    kind: at.range(&u.kind),
                    link: at.range(&u.leader),
                    group: at.range(&u.group),
                    notes: at.range(&u.notes),
                    traits: at.range(&u.traits),
                    ..at.stats(&u.stats, whole)
                }),
            }
        };
        Ok(Source { text, draft, spans })
    }

    /// The text that saves `draft` over this file, keeping what did not change.
    pub fn save(&self, draft: &Draft) -> Saved {
        let mut patch = Patch::default();
        if self.top(draft, &mut patch).is_none()
            || self.list(draft, List::Leaders, &mut patch).is_none()
            || self.list(draft, List::Units, &mut patch).is_none()
        {
            let mut lost = Vec::new();
            if has_comment(&self.text) {
                lost.push("every comment in the file (it is written anew)".to_string());
            }
            return Saved {
                text: render(draft).text,
                lost_comments: lost,
            };
        }
        let lost_comments = std::mem::take(&mut patch.lost);
        Saved {
            text: patch.apply(&self.text),
            lost_comments,
        }
    }

    /// The army's own fields: replaced where they stand; a description the file left out
    /// goes in after the side.
    fn top(&self, draft: &Draft, patch: &mut Patch) -> Option<()> {
        let old = &self.draft;
        let s = &self.spans;
        for (before, after, span) in [
            (&old.system, &draft.system, &s.system),
            (&old.name, &draft.name, &s.name),
            (&old.side, &draft.side, &s.side),
        ] {
            if before != after {
                patch.value(&self.text, span.clone()?, quote(after), String::new);
            }
        }
        if old.description != draft.description {
            match &s.description {
                Some(span) => patch.value(
                    &self.text,
                    span.clone(),
                    quote(&draft.description),
                    String::new,
                ),
                None => {
                    let side = s.side.clone()?;
                    let comma = self.text[side.end..].find(',')? + side.end + 1;
                    let line = format!("\n    description: {},", quote(&draft.description));
                    patch.replace(comma..comma, line);
                }
            }
        }
        Some(())
    }

    /// One list: each entry kept, patched or written anew.
    fn list(&self, draft: &Draft, list: List, patch: &mut Patch) -> Option<()> {
        let (span, entries, count, old_count) = match list {
            List::Leaders => (
                &self.spans.leaders,
                &self.spans.leader_items,
                draft.leaders.len(),
                self.draft.leaders.len(),
            ),
            List::Units => (
                &self.spans.units,
                &self.spans.unit_items,
                draft.units.len(),
                self.draft.units.len(),
            ),
        };
        if entries.len() != old_count {
            return None; // an entry that did not read as one: write the file anew
        }
        let origins: Vec<Option<usize>> = (0..count).map(|i| self.origin(draft, list, i)).collect();
        let in_place = count == old_count && origins.iter().enumerate().all(|(i, o)| *o == Some(i));
        if in_place {
            for (i, entry) in entries.iter().enumerate() {
                if let Some(text) = self.entry(draft, list, i, i, patch) {
                    patch.replace(entry.whole.clone(), text);
                }
            }
            return Some(());
        }
        let span = span.clone()?;
        let inner = span.start + 1..span.end.saturating_sub(1);
        let outside_entries = gaps(inner, entries.iter().map(|e| e.whole.clone()));
        if outside_entries
            .iter()
            .any(|r| has_comment(&self.text[r.clone()]))
        {
            patch
                .lost
                .push(format!("the comments between {}", list.plural()));
        }
        let mut text = String::from("[\n");
        for (i, origin) in origins.iter().enumerate() {
            let item = match origin {
                Some(o) => self
                    .entry(draft, list, i, *o, patch)
                    .unwrap_or_else(|| self.text[entries[*o].whole.clone()].to_string()),
                None => list.fresh(draft, i),
            };
            text.push_str("        ");
            text.push_str(&item);
            text.push_str(",\n");
        }
        text.push_str("    ]");
        patch.replace(span, text);
        Some(())
    }

    /// The file entry a draft entry came from, if it is still there to come from.
    fn origin(&self, draft: &Draft, list: List, i: usize) -> Option<usize> {
        let (origin, count) = match list {
            List::Leaders => (draft.leaders[i].origin, self.draft.leaders.len()),
            List::Units => (draft.units[i].origin, self.draft.units.len()),
        };
        origin.filter(|&o| o < count)
    }

    /// Entry `i` of the draft over entry `o` of the file: `None` when it is unchanged, else
    /// its new text (the file's text with the changed values replaced, or written anew when
    /// a changed field was not in the file).
    fn entry(
        &self,
        draft: &Draft,
        list: List,
        i: usize,
        o: usize,
        patch: &mut Patch,
    ) -> Option<String> {
        let (old, new, entry) = match list {
            List::Leaders => (
                Fields::leader(&self.draft.leaders[o]),
                Fields::leader(&draft.leaders[i]),
                &self.spans.leader_items[o],
            ),
            List::Units => (
                Fields::unit(&self.draft.units[o]),
                Fields::unit(&draft.units[i]),
                &self.spans.unit_items[o],
            ),
        };
        if old == new {
            return None;
        }
        let base = entry.whole.start;
        let original = &self.text[entry.whole.clone()];
        let local = |r: &Range<usize>| r.start - base..r.end - base;
        let mut inner = Patch::default();
        let mut written_anew = false;
        let inside = |what: &'static str| {
            let (kind, id) = (list.singular(), new.id);
            move || format!("a comment inside the {what} of {kind} \"{id}\"")
        };
        for (before, after, span) in [
            (old.id, new.id, &entry.id),
            (old.name, new.name, &entry.name),
            (old.kind, new.kind, &entry.kind),
            (old.link, new.link, &entry.link),
            (old.group, new.group, &entry.group),
            (old.notes, new.notes, &entry.notes),
        ] {
            if before != after {
                match span {
                    Some(span) => inner.value(original, local(span), quote(after), String::new),
                    None => written_anew = true,
                }
            }
        }
        if old.traits != new.traits {
            match &entry.traits {
                Some(span) => inner.value(
                    original,
                    local(span),
                    traits_text(new.traits),
                    inside("traits"),
                ),
                None => written_anew = true,
            }
        }
        if old.stats != new.stats {
            let same_keys = old
                .stats
                .iter()
                .map(|s| &s.0)
                .eq(new.stats.iter().map(|s| &s.0));
            match (&entry.stats, same_keys) {
                (_, true) if entry.stat_values.iter().all(Option::is_some) => {
                    for ((before, after), span) in
                        old.stats.iter().zip(new.stats).zip(&entry.stat_values)
                    {
                        if before.1 != after.1 {
                            let span = span.as_ref()?;
                            inner.value(original, local(span), number(&after.1), String::new);
                        }
                    }
                }
                (Some(span), _) => inner.value(
                    original,
                    local(span),
                    stats_text(new.stats),
                    inside("statistics"),
                ),
                (None, _) => written_anew = true,
            }
        }
        if !written_anew {
            patch.lost.append(&mut inner.lost);
            return Some(inner.apply(original));
        }
        // A comment just before the entry belongs to it and stays; one inside it goes.
        let (lead, body) = original.split_at(first_token_offset(original));
        if has_comment(body) {
            patch.lost.push(format!(
                "a comment inside {} \"{}\"",
                list.singular(),
                new.id
            ));
        }
        Some(format!("{lead}{}", list.fresh(draft, i)))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    Leaders,
    Units,
}

impl List {
    fn plural(self) -> &'static str {
        match self {
            List::Leaders => "leaders",
            List::Units => "units",
        }
    }

    fn singular(self) -> &'static str {
        match self {
            List::Leaders => "leader",
            List::Units => "unit",
        }
    }

    /// Entry `i` of the draft, written anew.
    fn fresh(self, draft: &Draft, i: usize) -> String {
        match self {
            List::Leaders => leader_text(&draft.leaders[i], 2),
            List::Units => unit_text(&draft.units[i], 2),
        }
    }
}

/// A leader's or unit's fields side by side, to compare and patch them alike.
#[derive(PartialEq, Eq)]
struct Fields<'a> {
    id: &'a str,
    name: &'a str,
    kind: &'a str,
    /// A unit's leader or a leader's superior.
    link: &'a str,
    group: &'a str,
    notes: &'a str,
    stats: &'a [(String, String)],
    traits: &'a [String],
}

impl<'a> Fields<'a> {
    fn leader(l: &'a DraftLeader) -> Fields<'a> {
        Fields {
            id: &l.id,
            name: &l.name,
            kind: "",
            link: &l.superior,
            group: &l.group,
            notes: &l.notes,
            stats: &l.stats,
            traits: &l.traits,
        }
    }

    fn unit(u: &'a DraftUnit) -> Fields<'a> {
        Fields {
            id: &u.id,
            name: &u.name,
            kind: &u.kind,
            link: &u.leader,
            group: &u.group,
            notes: &u.notes,
            stats: &u.stats,
            traits: &u.traits,
        }
    }
}

/// Replacements of byte ranges, applied together.
#[derive(Debug, Default)]
struct Patch {
    edits: Vec<(Range<usize>, String)>,
    lost: Vec<String>,
}

impl Patch {
    fn replace(&mut self, range: Range<usize>, text: String) {
        self.edits.push((range, text));
    }

    /// Replaces a value of `text` by `new`. `range` is where the parse placed the value, which
    /// takes in the comments and spaces around it: only the value itself, from its first
    /// token to its last, is replaced, so those comments stay. A comment inside the value (a
    /// list or map written anew) goes with it, and is named by `what`.
    fn value(
        &mut self,
        text: &str,
        range: Range<usize>,
        new: String,
        what: impl FnOnce() -> String,
    ) {
        let written = &text[range.clone()];
        let start = range.start + first_token_offset(written);
        let end = (range.start + last_token_end(written)).max(start);
        if has_comment(&text[start..end]) {
            self.lost.push(what());
        }
        self.replace(start..end, new);
    }

    fn apply(mut self, text: &str) -> String {
        self.edits.sort_by_key(|(r, _)| (r.start, r.end));
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for (range, new) in &self.edits {
            out.push_str(&text[at..range.start.max(at)]);
            out.push_str(new);
            at = at.max(range.end);
        }
        out.push_str(&text[at..]);
        out
    }
}

/// Turns the addresses kept by a parse into byte ranges of the parsed text.
struct At(usize, usize);

impl At {
    fn range<T>(&self, spanned: &Spanned<T>) -> Option<Range<usize>> {
        let start = spanned.addr.checked_sub(self.0)?;
        let end = start.checked_add(spanned.len)?;
        (spanned.is_given() && end <= self.1).then_some(start..end)
    }

    fn entries<T>(
        &self,
        list: &Spanned<Vec<Spanned<T>>>,
        entry: impl Fn(&T, Range<usize>) -> Entry,
    ) -> Vec<Entry> {
        let items = list.ok().map_or(&[][..], Vec::as_slice);
        let read = |item: &Spanned<T>| {
            let whole = self.range(item)?;
            let mut e = entry(item.ok()?, whole.clone());
            e.whole = whole;
            Some(e)
        };
        items.iter().filter_map(read).collect()
    }

    fn stats(&self, stats: &Spanned<Stats>, whole: Range<usize>) -> Entry {
        let values = stats.ok().map_or(&[][..], |s| s.0.as_slice());
        Entry {
            whole,
            stats: self.range(stats),
            stat_values: values.iter().map(|(_, v)| self.range(v)).collect(),
            ..Entry::default()
        }
    }
}

/// The parts of `within` that none of `taken` covers.
fn gaps(within: Range<usize>, taken: impl Iterator<Item = Range<usize>>) -> Vec<Range<usize>> {
    let mut gaps = Vec::new();
    let mut at = within.start;
    for range in taken {
        if range.start > at {
            gaps.push(at..range.start);
        }
        at = at.max(range.end);
    }
    if within.end > at {
        gaps.push(at..within.end);
    }
    gaps
}

/// Whether RON text holds a `//` or `/* */` comment outside its strings.
pub fn has_comment(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        match (in_string, bytes[i], bytes.get(i + 1)) {
            (true, b'\\', _) => i += 1,
            (true, b'"', _) => in_string = false,
            (false, b'"', _) => in_string = true,
            (false, b'/', Some(b'/' | b'*')) => return true,
            _ => {}
        }
        i += 1;
    }
    false
}
