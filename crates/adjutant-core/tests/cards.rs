//! Cards: the deck's contents, parsing and printing cards, drawing and reshuffling, and
//! chi-square goodness of fit of seeded shuffles.

use std::collections::{BTreeSet, HashMap};

use adjutant_core::cards::{Card, Deck, Rank, Suit};
use rand::SeedableRng;
use rand_pcg::Pcg64;

/// χ² critical value at p = 0.001 with 51 degrees of freedom (52 bins).
const CHI2_DF51: f64 = 87.968;

const SHUFFLES: usize = 20_000;

fn card(rank: u8, suit: Suit) -> Card {
    Card::Suited(Rank::new(rank).expect("a rank"), suit)
}

#[test]
fn a_full_deck_has_52_distinct_cards_or_54_with_jokers() {
    for (jokers, size) in [(false, 52), (true, 54)] {
        let cards = Deck::full(jokers);
        assert_eq!(cards.len(), size);
        assert_eq!(cards.iter().collect::<BTreeSet<_>>().len(), size);
        assert_eq!(cards.contains(&Card::Joker(1)), jokers);
        let deck = Deck::new(jokers);
        assert_eq!(deck.cards_left(), size);
        assert!(deck.discards.is_empty());
    }
    for suit in Suit::ALL {
        let n = Deck::full(false)
            .iter()
            .filter(|c| c.suit() == Some(suit))
            .count();
        assert_eq!(n, 13, "{suit:?}");
    }
}

#[test]
fn ranks() {
    assert_eq!(Rank::new(0), None);
    assert_eq!(Rank::new(14), None);
    assert_eq!(Rank::new(1), Some(Rank::ACE));
    assert_eq!(Rank::new(13).map(Rank::value), Some(13));
}

#[test]
fn parsing_cards() {
    let table = [
        ("7♣", card(7, Suit::Clubs)),
        ("QH", card(12, Suit::Hearts)),
        ("10d", card(10, Suit::Diamonds)),
        ("A♠", card(1, Suit::Spades)),
        ("ks", card(13, Suit::Spades)),
        (" J♦ ", card(11, Suit::Diamonds)),
        ("2c", card(2, Suit::Clubs)),
        ("7♥\u{fe0f}", card(7, Suit::Hearts)),
        ("Joker 1", Card::Joker(1)),
        ("joker 2", Card::Joker(2)),
    ];
    for (text, expected) in table {
        assert_eq!(text.parse::<Card>(), Ok(expected), "{text:?}");
    }
    for text in ["11H", "Z", "", "0S", "10", "♠", "QX", "Joker 3", "Joker"] {
        let error = text.parse::<Card>().expect_err(text);
        assert_eq!(
            error.to_string(),
            format!(
                "'{text}' is not a card: write a rank (A, 2–10, J, Q, K) then a suit \
                 (♠ ♥ ♦ ♣ or S H D C), e.g. 7♣ or QH"
            )
        );
    }
}

#[test]
fn cards_print_with_suit_symbols_and_parse_back() {
    let table = [
        (card(1, Suit::Spades), "A♠"),
        (card(10, Suit::Hearts), "10♥"),
        (card(12, Suit::Diamonds), "Q♦"),
        (card(7, Suit::Clubs), "7♣"),
        (Card::Joker(2), "Joker 2"),
    ];
    for (c, text) in table {
        assert_eq!(c.to_string(), text);
    }
    for c in Deck::full(true) {
        assert_eq!(c.to_string().parse::<Card>(), Ok(c), "{c}");
    }
}

#[test]
fn a_damaged_file_cannot_hold_a_bad_rank() {
    let seven = card(7, Suit::Clubs);
    let text = ron::to_string(&seven).expect("serialise");
    assert_eq!(ron::from_str::<Card>(&text).ok(), Some(seven), "{text}");
    for bad in [0, 14, 255] {
        let damaged = text.replace("7", &bad.to_string());
        assert!(ron::from_str::<Card>(&damaged).is_err(), "{damaged}");
    }
}

#[test]
fn colour_and_picture_predicates() {
    // (card, red, picture)
    let table = [
        (card(1, Suit::Spades), false, false),
        (card(10, Suit::Hearts), true, false),
        (card(11, Suit::Diamonds), true, true),
        (card(12, Suit::Clubs), false, true),
        (card(13, Suit::Hearts), true, true),
        (Card::Joker(1), false, false),
    ];
    for (c, red, picture) in table {
        assert_eq!((c.is_red(), c.is_picture()), (red, picture), "{c}");
    }
    let deck = Deck::full(false);
    assert_eq!(deck.iter().filter(|c| c.is_red()).count(), 26);
    assert_eq!(deck.iter().filter(|c| c.is_picture()).count(), 12);
    assert!(Suit::Hearts.is_red() && Suit::Diamonds.is_red());
    assert!(!Suit::Spades.is_red() && !Suit::Clubs.is_red());
}

#[test]
fn drawing_moves_cards_to_the_discards() {
    let mut deck = Deck::new(false);
    let top = deck.top().expect("a top card");
    assert_eq!(deck.draw(), Some(top));
    assert_eq!(deck.cards_left(), 51);
    assert_eq!(deck.discards, vec![top]);
    assert!(!deck.unseen().contains(&top));
    let unseen = deck.unseen();
    assert!(unseen.windows(2).all(|w| w[0] < w[1]), "unseen is sorted");
    for _ in 0..51 {
        deck.draw().expect("a card");
    }
    assert_eq!(deck.draw(), None);
    assert_eq!(deck.top(), None);
    assert_eq!(deck.discards.len(), 52);
}

#[test]
fn every_card_once_per_cycle() {
    let mut rng = Pcg64::seed_from_u64(52);
    let mut deck = Deck::new(true);
    let order = deck.shuffled_order(&mut rng);
    deck.apply_shuffle(&order);
    for cycle in 0..5 {
        let mut seen = BTreeSet::new();
        while let Some(c) = deck.draw() {
            assert!(seen.insert(c), "{c} drawn twice in cycle {cycle}");
        }
        assert_eq!(seen.len(), 54, "cycle {cycle}");
        assert_eq!(deck.discards.len(), 54);
        let order = deck.shuffled_order(&mut rng);
        assert_eq!(order.iter().collect::<BTreeSet<_>>().len(), 54);
        deck.apply_shuffle(&order);
        assert!(deck.discards.is_empty());
        assert_eq!(
            deck.top(),
            order.last().copied(),
            "the top is the end of the order"
        );
    }
}

#[test]
fn a_shuffle_mid_deck_gathers_the_discards() {
    let mut rng = Pcg64::seed_from_u64(7);
    let mut deck = Deck::new(false);
    for _ in 0..20 {
        deck.draw();
    }
    let order = deck.shuffled_order(&mut rng);
    assert_eq!(order.iter().collect::<BTreeSet<_>>().len(), 52);
    // The shuffle depends on the seed, not on where the cards were.
    let mut fresh = Pcg64::seed_from_u64(7);
    assert_eq!(Deck::new(false).shuffled_order(&mut fresh), order);
}

#[test]
fn shuffles_fit_a_uniform_distribution() {
    let mut rng = Pcg64::seed_from_u64(2024);
    let deck = Deck::new(false);
    let index: HashMap<Card, usize> = Deck::full(false).into_iter().zip(0..).collect();
    let ace = card(1, Suit::Spades);
    let mut top = [0u64; 52];
    let mut ace_at = [0u64; 52];
    for _ in 0..SHUFFLES {
        let order = deck.shuffled_order(&mut rng);
        top[index[order.last().expect("52 cards")]] += 1;
        ace_at[order.iter().position(|&c| c == ace).expect("the ace")] += 1;
    }
    let expected = SHUFFLES as f64 / 52.0;
    for (what, observed) in [("top card", top), ("ace of spades' place", ace_at)] {
        let chi2: f64 = observed
            .iter()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < CHI2_DF51, "{what}: χ² = {chi2:.2} ≥ {CHI2_DF51}");
    }
}
