//! Events: the facts a procedure produces ("morale check failed", "step lost", "card drawn:
//! 7♣"), with the dice and cards inside them. A battle's state is the fold of its events.

use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::dice::Rolled;
use crate::status::Change;

/// Index of a piece (unit or leader) in a battle's roster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u16);

/// What a fact is about, for the log's icons, the after-action report and the tone of the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FactKind {
    Note,
    Command,
    Movement,
    Fire,
    Melee,
    Morale,
    Rout,
    Rally,
    Loss,
    Eliminated,
    LeaderCasualty,
    Reinforcement,
    Supply,
    Turn,
    Victory,
}

/// One fact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Dice were rolled (or typed) for a purpose. Each roll is recorded once, when given.
    Rolled {
        label: String,
        rolled: Rolled,
        /// The side that rolled, when the procedure says (both sides roll in a melee or a
        /// roll-off); otherwise the acting side's. Left out of the file when not known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<usize>,
    },
    /// The top card of the deck was drawn onto the discard pile; or, `typed`, the card drawn
    /// from the real deck on the table was entered, and taken out of the deck wherever it
    /// lay in it (the order of the cards left unchanged).
    Drew {
        label: String,
        card: Card,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        typed: bool,
    },
    /// The deck was shuffled into this order (top card last).
    Shuffled { order: Vec<Card> },
    /// Something happened, in words, about a piece or the whole battle.
    Fact {
        kind: FactKind,
        piece: Option<PieceId>,
        text: String,
    },
    /// A piece's status changed.
    Piece { piece: PieceId, change: Change },
    /// A side's status changed (loss points, commander hits, activations).
    Side { side: usize, change: Change },
    /// The turn, phase or side to play moved on.
    Clock {
        turn: u32,
        phase: usize,
        side: usize,
    },
    /// The battle is over, with its result in words.
    Ended { result: String },
}

impl Event {
    /// A fact about a piece.
    pub fn fact(kind: FactKind, piece: Option<PieceId>, text: impl Into<String>) -> Event {
        Event::Fact {
            kind,
            piece,
            text: text.into(),
        }
    }
}
