//! Builders of the parts of a status schema (flags, tracks, marks) every system declares its
//! pieces' and sides' status with.

use crate::status::{FlagSpec, MarkSpec, TrackSpec, TrackStyle};

/// A flag: on or off.
pub(crate) fn flag(key: &'static str, label: &str) -> FlagSpec {
    FlagSpec {
        key,
        label: label.into(),
    }
}

/// A track counted from 0 to `max`, shown in `style`.
pub(crate) fn track(key: &'static str, label: &str, max: i32, style: TrackStyle) -> TrackSpec {
    TrackSpec {
        key,
        label: label.into(),
        min: 0,
        max,
        style,
    }
}

/// A mark with named choices, open to both players.
pub(crate) fn mark(key: &'static str, label: &str, choices: Vec<String>) -> MarkSpec {
    MarkSpec {
        key,
        label: label.into(),
        choices,
        secret: false,
    }
}

/// A mark with named choices, kept from the other player (it can tell what a chit says).
pub(crate) fn secret_mark(key: &'static str, label: &str, choices: Vec<String>) -> MarkSpec {
    MarkSpec {
        secret: true,
        ..mark(key, label, choices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_built_as_declared() {
        assert_eq!(flag("k", "K").label, "K");
        let t = track("t", "T", 4, TrackStyle::Boxes);
        assert_eq!((t.min, t.max), (0, 4));
        let m = mark("m", "M", vec!["a".into()]);
        assert!(!m.secret);
        assert_eq!(m.choices, ["a"]);
        assert!(secret_mark("s", "S", Vec::new()).secret);
    }
}
