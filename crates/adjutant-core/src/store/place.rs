//! Where in a battle file's text a value the load checks found wrong lies, as `line:col`.
//! The checks ([`super::check`]) work on the parsed file and say which list, entry, event and
//! field; only when one fails is the text looked at again (the log's entries and their events
//! read as raw RON), so a file that loads pays nothing for it.

use ron::value::RawValue;
use serde::Deserialize;

use crate::army::locate::{At, Locator};

/// Which part of the file a problem is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum List {
    /// The file's own fields (`system`, `log`).
    Top,
    Log,
    Redo,
    Pending,
}

/// A value in the file: an entry of a list (as the file orders it), an event of it, a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) list: List,
    pub(crate) entry: usize,
    pub(crate) event: Option<usize>,
    pub(crate) field: Option<&'static str>,
}

impl Place {
    /// A field of the file itself.
    pub(crate) fn top(field: &'static str) -> Place {
        Place {
            list: List::Top,
            entry: 0,
            event: None,
            field: Some(field),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "BattleFile")]
struct Lists<'a> {
    #[serde(borrow)]
    log: &'a RawValue,
    #[serde(borrow)]
    redo: &'a RawValue,
    #[serde(borrow)]
    pending: Option<&'a RawValue>,
}

#[derive(Deserialize)]
#[serde(rename = "Entry")]
struct EntryEvents<'a> {
    #[serde(borrow)]
    events: &'a RawValue,
}

#[derive(Deserialize)]
#[serde(rename = "Pending")]
struct PendingEvents<'a> {
    #[serde(borrow)]
    events: &'a RawValue,
}

/// The line and column of `place` in `text`: the value of its field, else the start of its
/// event, entry or list, else the first line.
pub(crate) fn locate(text: &str, place: Place) -> At {
    let loc = Locator::new(text);
    let offset = value_text(text, place)
        .map(|(slice, field)| {
            let start = offset_in(text, slice);
            field
                .and_then(|f| field_value(slice, f))
                .map_or(start, |o| start + o)
        })
        .unwrap_or(0);
    loc.position(offset)
}

/// The text of the event, entry or file the place is in, and the field to find in it.
fn value_text(text: &str, place: Place) -> Option<(&str, Option<&'static str>)> {
    if place.list == List::Top {
        return Some((text, place.field));
    }
    let lists: Lists = ron::from_str(text).ok()?;
    let entry = match place.list {
        List::Log | List::Redo => {
            let list = match place.list {
                List::Log => lists.log,
                _ => lists.redo,
            };
            let entries: Vec<&RawValue> = ron::from_str(list.get_ron()).ok()?;
            entries.get(place.entry)?.get_ron()
        }
        _ => lists.pending?.get_ron(),
    };
    let Some(event) = place.event else {
        return Some((entry, place.field));
    };
    let events = match place.list {
        List::Pending => ron::from_str::<PendingEvents>(entry).ok()?.events,
        _ => ron::from_str::<EntryEvents>(entry).ok()?.events,
    };
    let events: Vec<&RawValue> = ron::from_str(events.get_ron()).ok()?;
    match events.get(event) {
        Some(e) => Some((e.get_ron(), place.field)),
        None => Some((entry, Some("events"))),
    }
}

/// Where a slice of `text` starts in it.
fn offset_in(text: &str, slice: &str) -> usize {
    (slice.as_ptr() as usize)
        .saturating_sub(text.as_ptr() as usize)
        .min(text.len())
}

/// The offset in `text` of the value of its first field named `field` (outside strings and
/// comments).
fn field_value(text: &str, field: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += text[i..].find('\n').unwrap_or(text.len() - i);
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let rest = text[i..].trim_start();
                if &text[start..i] == field && rest.starts_with(':') {
                    let after = &rest[1..];
                    return Some(text.len() - after.trim_start().len());
                }
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_outside_strings() {
        let text = "Clock(label: \"turn: 5\", turn: 7, phase: 2)";
        assert_eq!(field_value(text, "turn"), Some(30));
        assert_eq!(field_value(text, "phase"), Some(40));
        assert_eq!(field_value(text, "side"), None);
    }
}
