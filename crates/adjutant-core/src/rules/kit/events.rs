//! The events every system writes: a piece's or a side's status changed (a flag, a track, a
//! rung of a ladder, a mark). One constructor each, so no system spells out an
//! [`Event::Piece`] by hand; the bare [`Change`]s are here too for code that builds the
//! change first.

use crate::event::{Event, PieceId};
use crate::status::Change;

/// A piece's status changed.
pub fn piece_change(piece: PieceId, change: Change) -> Event {
    Event::Piece { piece, change }
}

/// A side's status changed.
pub(crate) fn side_change(side: usize, change: Change) -> Event {
    Event::Side { side, change }
}

/// A flag set or cleared.
pub(crate) fn flag(key: &str, on: bool) -> Change {
    Change::Flag {
        key: key.into(),
        on,
    }
}

/// A track set to a value.
pub(crate) fn track(key: &str, to: i32) -> Change {
    Change::Track {
        key: key.into(),
        to,
    }
}

/// A ladder set to a rung.
pub(crate) fn rung(key: &str, to: u8) -> Change {
    Change::Ladder {
        key: key.into(),
        to,
    }
}

/// A mark set (`Some`) or cleared (`None`).
pub(crate) fn mark(key: &str, to: Option<String>) -> Change {
    Change::Mark {
        key: key.into(),
        to,
    }
}

/// A piece's flag set or cleared.
pub fn set_flag(piece: PieceId, key: &str, on: bool) -> Event {
    piece_change(piece, flag(key, on))
}

/// A piece's track set.
pub fn set_track(piece: PieceId, key: &str, to: i32) -> Event {
    piece_change(piece, track(key, to))
}

/// A piece's ladder set to a rung.
pub fn set_rung(piece: PieceId, key: &str, to: u8) -> Event {
    piece_change(piece, rung(key, to))
}

/// A piece's mark set or cleared.
pub fn set_mark(piece: PieceId, key: &str, to: Option<String>) -> Event {
    piece_change(piece, mark(key, to))
}

/// A side's flag set or cleared.
pub fn side_flag(side: usize, key: &str, on: bool) -> Event {
    side_change(side, flag(key, on))
}

/// A side's track set.
pub fn side_track(side: usize, key: &str, to: i32) -> Event {
    side_change(side, track(key, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_constructor_builds_the_change_it_names() {
        let p = PieceId(3);
        assert_eq!(
            set_flag(p, "pinned", true),
            Event::Piece {
                piece: p,
                change: Change::Flag {
                    key: "pinned".into(),
                    on: true
                }
            }
        );
        assert_eq!(
            set_rung(p, "formation", 2),
            Event::Piece {
                piece: p,
                change: Change::Ladder {
                    key: "formation".into(),
                    to: 2
                }
            }
        );
        assert_eq!(
            side_track(1, "losses", 4),
            Event::Side {
                side: 1,
                change: Change::Track {
                    key: "losses".into(),
                    to: 4
                }
            }
        );
        assert_eq!(
            set_mark(p, "orders", None),
            piece_change(
                p,
                Change::Mark {
                    key: "orders".into(),
                    to: None
                }
            )
        );
    }
}
