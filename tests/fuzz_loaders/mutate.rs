//! Mutations of a file's bytes for the fuzz tests: bit flips, bytes set, truncation, runs
//! deleted or duplicated, and tokens of RON (and of army and battle files) put in.

use proptest::prelude::*;
use proptest::sample::Index;

/// Bits of RON, and of army and battle files, that make interesting insertions.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "\n",
    "r#\"",
    "\"#",
    "#",
    "\\",
    "\\u{",
    "\\u{110000}",
    "Some(",
    "None",
    "true",
    "-",
    "-1",
    "0",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "1e309",
    "18446744073709551616",
    "-9223372036854775809",
    "0x",
    "0b",
    "1.5",
    "inf",
    "NaN",
    "()",
    "\u{feff}",
    "é",
    "𝄞",
    "\0",
    "\r",
    "\t",
    "#![enable(implicit_some)]",
    "version: 0,",
    "version: 1,",
    "version: 2,",
    "units: [],",
    "leaders: [],",
    "Army(",
    "Unit(",
    "Leader(",
    "stats: {",
    "traits: [",
    "superior: ",
    "BattleFile(",
    "Entry(",
    "PieceId(",
    "piece: 65535,",
    "side: 9,",
    "Rank(0)",
    "Rank(14)",
    "Joker(9)",
    "Suited(",
    "faces: [",
    "count: 0,",
    "count: 255,",
    "D10",
    "Rolled(",
    "Shuffled(order: [])",
    "Drew(",
    "Clock(",
    "pending: Some(",
    "redo: [",
];

/// One change to a file's bytes.
#[derive(Debug, Clone)]
pub enum Mutation {
    Flip(Index, u8),
    Set(Index, u8),
    Truncate(Index),
    Insert(Index, Index),
    Delete(Index, u8),
    Duplicate(Index, u8),
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Set(i, b)),
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Mutation::Insert(i, t)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
    ]
}

pub fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len().max(1);
        match m {
            Mutation::Flip(i, bit) if !bytes.is_empty() => bytes[i.index(len)] ^= 1 << bit,
            Mutation::Set(i, b) if !bytes.is_empty() => bytes[i.index(len)] = *b,
            Mutation::Truncate(i) => bytes.truncate(i.index(len)),
            Mutation::Insert(i, t) => {
                let at = i.index(bytes.len() + 1);
                let token = TOKENS[t.index(TOKENS.len())].as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
            Mutation::Delete(i, n) => {
                let at = i.index(len).min(bytes.len());
                let end = (at + usize::from(*n)).min(bytes.len());
                bytes.drain(at..end);
            }
            Mutation::Duplicate(i, n) if !bytes.is_empty() => {
                let at = i.index(len);
                let end = (at + usize::from(*n)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => {}
        }
    }
    bytes
}
