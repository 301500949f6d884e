//! The core's tests, in one test binary: the rule systems with fixed faces, cards and choices,
//! the battle, dice, cards and exact odds, and the store on in-memory storage — with no
//! window, file or clock (armies from `army::shipped`). Each module is a file of its own beside
//! this one; `common` holds what they share.

mod common;

mod backup;
mod bin;
mod cards;
mod d3_ecw;
mod dice;
mod explore_check;
mod odds;
mod questions_decide;
mod rcw;
mod rcw_fidelity;
mod storage;
mod victory_without_squares;
