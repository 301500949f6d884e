//! The write-ahead journal: each write of the store kept, small, in the page's local storage
//! (synchronous, so it is there before the write's result is shown) until IndexedDB has
//! committed it, and replayed into IndexedDB at the next start if the page went before that
//! (a crash, a closed tab).
//!
//! A [`Record`] is one write: its [`Op`]s, each saying what the value was before (the
//! [`Stamp`] of its base) and what it is after (the stamp of its result), so replaying it is
//! idempotent — an op whose result is there already is passed over, one whose base is not
//! there (the store moved on) is refused, never applied to another value. A battle file
//! changes only near its end (new entries, the checksum line), so a value's new text is kept
//! as the part that differs from the old one between the prefix and the suffix they share
//! ([`cut`]): a record stays small even for a battle of 10,000 events. The backup a write
//! keeps (`<name>.bak`) is a copy of the value already there ([`Op::Copy`]).

use std::collections::BTreeMap;
use std::rc::Rc;

use super::Stamp;

/// The prefix of the journal's keys in local storage: `adjutant-journal/<tab>/<seq>`.
pub const PREFIX: &str = "adjutant-journal/";

/// The longest record the journal takes (characters of its text). A longer write is not
/// journaled: it is not shown as saved until IndexedDB has committed it.
pub const LIMIT: usize = 1 << 20;

/// One write of the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The tab that wrote it.
    pub tab: u64,
    /// Its place among that tab's writes, from 1.
    pub seq: u64,
    /// When it was written, in milliseconds since 1970.
    pub at: u64,
    pub ops: Vec<Op>,
}

/// One change a record makes, with what it expects and what it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// `to` becomes a copy of `from`, whose value is `of`.
    Copy { from: String, to: String, of: Stamp },
    /// The value at `key` (`base`; `None` when there was none) becomes `result`: its first
    /// `start` bytes, then `middle`, then its last `end` bytes.
    Patch {
        key: String,
        base: Option<Stamp>,
        start: usize,
        middle: String,
        end: usize,
        result: Stamp,
    },
    /// The value at `key`, `base`, is removed.
    Remove { key: String, base: Stamp },
}

/// What replaying an op found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replayed {
    /// It was applied.
    Applied,
    /// Its result was there already.
    There,
    /// Its base was not there: the value moved on, and the op was not applied.
    Moved { key: String },
}

/// The key of a record in local storage.
pub fn key(tab: u64, seq: u64) -> String {
    format!("{PREFIX}{tab}/{seq}")
}

/// How `after` differs from `before`: the bytes kept from the start, the new middle and the
/// bytes kept from the end (on character boundaries).
pub fn cut<'a>(before: &str, after: &'a str) -> (usize, &'a str, usize) {
    let (b, a) = (before.as_bytes(), after.as_bytes());
    let mut start = b.iter().zip(a).take_while(|(x, y)| x == y).count();
    while !after.is_char_boundary(start) {
        start -= 1;
    }
    let room = b.len().min(a.len()) - start;
    let mut end = b
        .iter()
        .rev()
        .zip(a.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    while !after.is_char_boundary(a.len() - end) {
        end -= 1;
    }
    (start, &after[start..a.len() - end], end)
}

/// The record for replacing `before` (`None`: nothing there) with `after` at `key`, keeping
/// `before` as `backup` when there is one and it differs.
pub fn write(
    (tab, seq, at): (u64, u64, u64),
    key: &str,
    backup: &str,
    before: Option<(&str, Stamp)>,
    after: &str,
) -> Record {
    let mut ops = Vec::new();
    if let Some((_, of)) = before {
        ops.push(Op::Copy {
            from: key.to_string(),
            to: backup.to_string(),
            of,
        });
    }
    let (start, middle, end) = cut(before.map_or("", |(text, _)| text), after);
    ops.push(Op::Patch {
        key: key.to_string(),
        base: before.map(|(_, stamp)| stamp),
        start,
        middle: middle.to_string(),
        end,
        result: Stamp::of_text(after),
    });
    Record { tab, seq, at, ops }
}

impl Record {
    /// The record as local storage keeps it: a first line `adjutant-journal 1 <tab> <seq>
    /// <at>`, then each op on a line of its own — `copy <stamp> <from>\t<to>`, `patch <base>
    /// <start> <end> <result> <bytes> <key>` followed by the middle's bytes, `remove <base>
    /// <key>` — a stamp written `<len>:<hash>` (`-` for none).
    pub fn encode(&self) -> String {
        let mut text = format!("adjutant-journal 1 {} {} {}\n", self.tab, self.seq, self.at);
        for op in &self.ops {
            match op {
                Op::Copy { from, to, of } => {
                    text.push_str(&format!("copy {} {from}\t{to}\n", stamp_text(Some(*of))));
                }
                Op::Patch {
                    key,
                    base,
                    start,
                    middle,
                    end,
                    result,
                } => {
                    text.push_str(&format!(
                        "patch {} {start} {end} {} {} {key}\n",
                        stamp_text(*base),
                        stamp_text(Some(*result)),
                        middle.len()
                    ));
                    text.push_str(middle);
                    text.push('\n');
                }
                Op::Remove { key, base } => {
                    text.push_str(&format!("remove {} {key}\n", stamp_text(Some(*base))));
                }
            }
        }
        text
    }

    /// A record read back; `None` when the text is not one.
    pub fn decode(text: &str) -> Option<Record> {
        let (head, mut rest) = text.split_once('\n')?;
        let mut words = head.split(' ');
        if (words.next()?, words.next()?) != ("adjutant-journal", "1") {
            return None;
        }
        let mut number = || words.next()?.parse::<u64>().ok();
        let (tab, seq, at) = (number()?, number()?, number()?);
        let mut ops = Vec::new();
        while !rest.is_empty() {
            let (line, after) = rest.split_once('\n')?;
            rest = after;
            let (kind, line) = line.split_once(' ')?;
            match kind {
                "copy" => {
                    let (of, keys) = line.split_once(' ')?;
                    let (from, to) = keys.split_once('\t')?;
                    ops.push(Op::Copy {
                        from: from.to_string(),
                        to: to.to_string(),
                        of: stamp_of_text(of)??,
                    });
                }
                "patch" => {
                    let mut parts = line.splitn(6, ' ');
                    let base = stamp_of_text(parts.next()?)?;
                    let start = parts.next()?.parse().ok()?;
                    let end = parts.next()?.parse().ok()?;
                    let result = stamp_of_text(parts.next()?)??;
                    let bytes: usize = parts.next()?.parse().ok()?;
                    let key = parts.next()?.to_string();
                    let middle = rest.get(..bytes)?.to_string();
                    rest = rest.get(bytes..)?.strip_prefix('\n')?;
                    ops.push(Op::Patch {
                        key,
                        base,
                        start,
                        middle,
                        end,
                        result,
                    });
                }
                "remove" => {
                    let (base, key) = line.split_once(' ')?;
                    ops.push(Op::Remove {
                        key: key.to_string(),
                        base: stamp_of_text(base)??,
                    });
                }
                _ => return None,
            }
        }
        Some(Record { tab, seq, at, ops })
    }

    /// The keys it changes.
    pub fn keys(&self) -> Vec<&str> {
        self.ops
            .iter()
            .map(|op| match op {
                Op::Copy { to, .. } => to.as_str(),
                Op::Patch { key, .. } | Op::Remove { key, .. } => key.as_str(),
            })
            .collect()
    }

    /// What each op leaves at its key: the key and its stamp (`None`: removed).
    pub fn results(&self) -> Vec<(&str, Option<Stamp>)> {
        self.ops
            .iter()
            .map(|op| match op {
                Op::Copy { to, of, .. } => (to.as_str(), Some(*of)),
                Op::Patch { key, result, .. } => (key.as_str(), Some(*result)),
                Op::Remove { key, .. } => (key.as_str(), None),
            })
            .collect()
    }

    /// Applies the record to `values` op by op, each only onto the value it expects; says
    /// what each op found.
    pub fn replay(&self, values: &mut BTreeMap<String, Rc<str>>) -> Vec<Replayed> {
        self.ops.iter().map(|op| op.replay(values)).collect()
    }
}

/// A stamp as a record writes it: `<len>:<hash>`, `-` for none.
fn stamp_text(stamp: Option<Stamp>) -> String {
    match stamp {
        Some(s) => {
            let (len, hash) = s.parts();
            format!("{len}:{hash:x}")
        }
        None => "-".into(),
    }
}

/// A stamp read back: `Some(None)` for `-`, `None` when it is not one.
fn stamp_of_text(text: &str) -> Option<Option<Stamp>> {
    if text == "-" {
        return Some(None);
    }
    let (len, hash) = text.split_once(':')?;
    Some(Some(Stamp::from_parts(
        len.parse().ok()?,
        u64::from_str_radix(hash, 16).ok()?,
    )))
}

fn stamp_of(values: &BTreeMap<String, Rc<str>>, key: &str) -> Option<Stamp> {
    values.get(key).map(|t| Stamp::of_text(t))
}

impl Op {
    fn replay(&self, values: &mut BTreeMap<String, Rc<str>>) -> Replayed {
        match self {
            Op::Copy { from, to, of } => {
                if stamp_of(values, to) == Some(*of) {
                    return Replayed::There;
                }
                match values.get(from) {
                    Some(text) if Stamp::of_text(text) == *of => {
                        let text = text.clone();
                        values.insert(to.clone(), text);
                        Replayed::Applied
                    }
                    _ => Replayed::Moved { key: to.clone() },
                }
            }
            Op::Patch {
                key,
                base,
                start,
                middle,
                end,
                result,
            } => {
                let now = stamp_of(values, key);
                if now == Some(*result) {
                    return Replayed::There;
                }
                if now != *base {
                    return Replayed::Moved { key: key.clone() };
                }
                let old: &str = values.get(key).map_or("", |t| t);
                let made = (start + end <= old.len()
                    && old.is_char_boundary(*start)
                    && old.is_char_boundary(old.len() - end))
                .then(|| [&old[..*start], middle, &old[old.len() - end..]].concat());
                match made {
                    Some(text) if Stamp::of_text(&text) == *result => {
                        values.insert(key.clone(), text.into());
                        Replayed::Applied
                    }
                    _ => Replayed::Moved { key: key.clone() },
                }
            }
            Op::Remove { key, base } => match stamp_of(values, key) {
                None => Replayed::There,
                Some(now) if now == *base => {
                    values.remove(key);
                    Replayed::Applied
                }
                Some(_) => Replayed::Moved { key: key.clone() },
            },
        }
    }
}
