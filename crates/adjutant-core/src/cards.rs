//! Playing cards: a 52-card deck (jokers optional) with a draw pile and a discard pile.
//! Shuffling takes an injected random generator and yields the new order, which the battle
//! log records, so a replay deals the same cards and nobody can peek by undoing.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A suit. Hearts and diamonds are red; clubs and spades are black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The printed symbol: ♠ ♥ ♦ ♣.
    pub(crate) fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// A rank, ace (1) to king (13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "RawRank")]
pub struct Rank(u8);

/// A rank as a file stores it, checked on load: a damaged file must not smuggle in a rank 0 or
/// 14, which would make [`Card`]'s `Display` panic.
#[derive(Deserialize)]
#[serde(rename = "Rank")]
struct RawRank(u8);

impl TryFrom<RawRank> for Rank {
    type Error = String;

    fn try_from(raw: RawRank) -> Result<Rank, String> {
        Rank::new(raw.0).ok_or_else(|| format!("rank {} is not 1 (ace) to 13 (king)", raw.0))
    }
}

impl Rank {
    pub const ACE: Rank = Rank(1);

    /// A rank from 1 (ace) to 13 (king).
    pub fn new(value: u8) -> Option<Rank> {
        (1..=13).contains(&value).then_some(Rank(value))
    }

    pub fn value(self) -> u8 {
        self.0
    }

    /// Jack, queen or king.
    pub(crate) fn is_picture(self) -> bool {
        self.0 >= 11
    }

    fn label(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][usize::from(self.0 - 1)]
    }
}

/// One card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    Suited(Rank, Suit),
    /// A joker, numbered so the two of a deck are told apart.
    Joker(u8),
}

impl Card {
    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Suited(_, s) => Some(s),
            Card::Joker(_) => None,
        }
    }

    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Suited(r, _) => Some(r),
            Card::Joker(_) => None,
        }
    }

    pub fn is_red(self) -> bool {
        self.suit().is_some_and(Suit::is_red)
    }

    pub fn is_picture(self) -> bool {
        self.rank().is_some_and(Rank::is_picture)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Suited(r, s) => write!(f, "{}{}", r.label(), s.symbol()),
            Card::Joker(n) => write!(f, "Joker {n}"),
        }
    }
}

/// Why a typed card was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "'{0}' is not a card: write a rank (A, 2–10, J, Q, K) then a suit (♠ ♥ ♦ ♣ or S H D C), e.g. 7♣ or QH"
)]
pub struct CardParseError(pub String);

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || CardParseError(text.to_string());
        // Emoji keyboards send a suit as the symbol plus U+FE0F (emoji presentation).
        let t = text.trim().trim_end_matches('\u{fe0f}');
        if let Some(n) = t
            .get(..5)
            .filter(|head| head.eq_ignore_ascii_case("joker"))
            .map(|_| t[5..].trim())
        {
            // As `Display` writes it: "Joker 1" or "Joker 2".
            return match n {
                "1" => Ok(Card::Joker(1)),
                "2" => Ok(Card::Joker(2)),
                _ => Err(bad()),
            };
        }
        let mut chars: Vec<char> = t.chars().collect();
        let suit = match chars.pop().ok_or_else(bad)?.to_ascii_uppercase() {
            '♠' | 'S' => Suit::Spades,
            '♥' | 'H' => Suit::Hearts,
            '♦' | 'D' => Suit::Diamonds,
            '♣' | 'C' => Suit::Clubs,
            _ => return Err(bad()),
        };
        let rank: String = chars.into_iter().collect::<String>().to_ascii_uppercase();
        let value = match rank.as_str() {
            "A" | "1" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => n
                .parse::<u8>()
                .ok()
                .filter(|v| (2..=10).contains(v))
                .ok_or_else(bad)?,
        };
        Ok(Card::Suited(Rank(value), suit))
    }
}

/// Why a card entered as drawn on the table is not in the deck as Adjutant knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum NotInDeck {
    #[error(
        "{0} is in the discard pile: it has been drawn since the deck was last shuffled (if the table's deck was shuffled, reshuffle Adjutant's too)"
    )]
    Discarded(Card),
    #[error("{0}: this deck has no jokers")]
    NoJokers(Card),
    #[error("{0} is not in this deck")]
    Missing(Card),
}

/// When the discards are shuffled back into the deck without the player asking.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refill {
    /// When the draw pile runs out.
    #[default]
    WhenEmpty,
    /// Never: an empty deck deals nothing until the player reshuffles it.
    Never,
    /// Before every draw: each card comes from the whole deck, freshly shuffled (drawing with
    /// replacement).
    EveryDraw,
}

impl Refill {
    /// Whether a draw from a pile holding `left` cards shuffles the discards back in first.
    pub(crate) fn before_draw(self, left: usize) -> bool {
        match self {
            Refill::WhenEmpty => left == 0,
            Refill::Never => false,
            Refill::EveryDraw => true,
        }
    }

    /// How the rule reads, for tables and notes.
    pub fn describe(self) -> &'static str {
        match self {
            Refill::WhenEmpty => "reshuffled when empty",
            Refill::Never => "never reshuffled by itself: an empty deck waits for Reshuffle",
            Refill::EveryDraw => "reshuffled whole before every draw (drawing with replacement)",
        }
    }
}

/// A deck: the cards still to draw (top is the end of the vector) and the discard pile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub draw_pile: Vec<Card>,
    pub discards: Vec<Card>,
    pub jokers: bool,
    /// When the discards go back in by themselves.
    pub refill: Refill,
}

impl Default for Deck {
    fn default() -> Self {
        Deck::new(false)
    }
}

impl Deck {
    /// Every card of a deck, in a fixed order, the two jokers last if wanted.
    pub fn full(jokers: bool) -> Vec<Card> {
        let mut cards: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&s| (1..=13).map(move |r| Card::Suited(Rank(r), s)))
            .collect();
        if jokers {
            cards.extend([Card::Joker(1), Card::Joker(2)]);
        }
        cards
    }

    /// A fresh deck, unshuffled; every card is in the draw pile.
    pub fn new(jokers: bool) -> Deck {
        Deck {
            draw_pile: Deck::full(jokers),
            discards: Vec::new(),
            jokers,
            refill: Refill::WhenEmpty,
        }
    }

    /// The order a shuffle of every card (draw pile and discards) would give.
    pub fn shuffled_order<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<Card> {
        let mut cards: Vec<Card> = self
            .draw_pile
            .iter()
            .chain(&self.discards)
            .copied()
            .collect();
        cards.sort();
        cards.shuffle(rng);
        cards
    }

    /// Puts the cards in the given order into the draw pile and empties the discards.
    pub fn apply_shuffle(&mut self, order: &[Card]) {
        self.draw_pile = order.to_vec();
        self.discards.clear();
    }

    /// Takes the top card onto the discard pile. `None` when the draw pile is empty.
    pub fn draw(&mut self) -> Option<Card> {
        let card = self.draw_pile.pop()?;
        self.discards.push(card);
        Some(card)
    }

    /// Takes `card` out of the draw pile wherever it lies onto the discard pile — the card
    /// drawn from the real deck on the table — leaving the order of the rest as it was; or
    /// says why the deck as Adjutant knows it does not hold it.
    pub fn take(&mut self, card: Card) -> Result<(), NotInDeck> {
        match self.draw_pile.iter().position(|&c| c == card) {
            Some(i) => {
                self.draw_pile.remove(i);
                self.discards.push(card);
                Ok(())
            }
            None if self.discards.contains(&card) => Err(NotInDeck::Discarded(card)),
            None if matches!(card, Card::Joker(_)) && !self.jokers => {
                Err(NotInDeck::NoJokers(card))
            }
            None => Err(NotInDeck::Missing(card)),
        }
    }

    /// The card the next draw takes, for replaying a recorded draw; never shown to players.
    pub fn top(&self) -> Option<Card> {
        self.draw_pile.last().copied()
    }

    /// Whether the next draw shuffles every card (draw pile and discards) first.
    pub(crate) fn reshuffles_before_draw(&self) -> bool {
        self.refill.before_draw(self.draw_pile.len())
    }

    pub fn cards_left(&self) -> usize {
        self.draw_pile.len()
    }

    /// The cards not yet drawn, sorted, so their order is not revealed.
    pub fn unseen(&self) -> Vec<Card> {
        let mut cards = self.draw_pile.clone();
        cards.sort();
        cards
    }
}
