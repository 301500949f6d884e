//! A battle as plain text, to keep beside a saved battle as what it must load back to: the
//! folded state (the clock, the result, the deck card by card, each side's and each piece's
//! status), every entry of the log and of the redo stack (its title, its action, each roll with
//! its faces and who rolled it, each card drawn, the rest counted), and the procedure under way
//! with its inputs and what it asks for next.
//!
//! Only the battle's own fields are written out, each as the file spells it (`Suited(Rank(5),
//! Clubs)`, not `5♣`), so the text changes when what a file means changes, not when the window's
//! wording does.

use std::fmt::Write;

use adjutant::battle::{Action, Battle, Entry};
use adjutant::dice::{Dice, Rolled};
use adjutant::event::Event;
use adjutant::procedure::{Input, Step};
use adjutant::status::Status;

/// The battle as text, one fact a line.
pub fn state_text(battle: &Battle) -> String {
    let mut out = String::new();
    let state = battle.state();
    let w = &mut out;
    line(w, format!("system {}, seed {}", battle.system, battle.seed));
    line(
        w,
        format!(
            "turn {}, phase {}, side {}, result {:?}",
            state.turn, state.phase, state.side, state.result
        ),
    );
    let deck = &state.deck;
    line(
        w,
        format!(
            "deck: jokers {}, refill {:?}, {} to draw, {} discarded",
            deck.jokers,
            deck.refill,
            deck.draw_pile.len(),
            deck.discards.len()
        ),
    );
    line(w, format!("  to draw (top last): {:?}", deck.draw_pile));
    line(w, format!("  discarded (last on top): {:?}", deck.discards));
    for (side, status) in state.sides.iter().enumerate() {
        let army = &battle.armies()[side];
        line(
            w,
            format!(
                "side {side} {:?} ({:?}):{}",
                army.side,
                army.name,
                status_text(status)
            ),
        );
    }
    for id in battle.roster.ids() {
        line(
            w,
            format!(
                "piece {} {:?} of side {}:{}",
                id.0,
                battle.roster.own_name(id),
                battle.roster.side_of(id),
                status_text(state.piece(id))
            ),
        );
    }
    line(w, format!("log: {} entries", battle.log().len()));
    for (i, entry) in battle.log().iter().enumerate() {
        entry_text(w, i, entry);
    }
    line(
        w,
        format!(
            "undone: {} entries, the next to redo last",
            battle.redo_stack().len()
        ),
    );
    for (i, entry) in battle.redo_stack().iter().enumerate() {
        entry_text(w, i, entry);
    }
    match battle.pending() {
        None => line(w, "under way: nothing".into()),
        Some(p) => {
            line(
                w,
                format!("under way: {:?}, {}", p.title, action_text(&p.action)),
            );
            for input in &p.inputs {
                let given = match input {
                    Input::Dice(rolled) => rolled_text(rolled),
                    Input::Card(card) => format!("card {card:?}"),
                    Input::Choice(n) => format!("choice {n}"),
                };
                line(w, format!("  given {given}"));
            }
            events_text(w, "  ", &p.events);
            let asks = match battle.step() {
                Some(Step::Dice(req)) => format!("dice {}", dice_text(&req.dice)),
                Some(Step::Card(_)) => "a card".into(),
                Some(Step::Choice(req)) => format!("a choice of {}", req.options.len()),
                other => format!("{other:?}"),
            };
            line(w, format!("  asks for {asks}"));
        }
    }
    out
}

fn line(out: &mut String, text: String) {
    writeln!(out, "{text}").expect("a string takes any text");
}

fn status_text(status: &Status) -> String {
    let mut parts = Vec::new();
    if !status.tracks.is_empty() {
        parts.push(format!("tracks {:?}", status.tracks));
    }
    if !status.ladders.is_empty() {
        parts.push(format!("ladders {:?}", status.ladders));
    }
    if !status.flags.is_empty() {
        parts.push(format!("flags {:?}", status.flags));
    }
    if !status.marks.is_empty() {
        parts.push(format!("marks {:?}", status.marks));
    }
    match parts.is_empty() {
        true => " fresh".into(),
        false => format!(" {}", parts.join("; ")),
    }
}

fn dice_text(dice: &Dice) -> String {
    let mods: i32 = dice.modifiers.iter().map(|m| m.value).sum();
    let hits = dice
        .hits_on
        .map_or(String::new(), |h| format!(" hits on {h}+"));
    format!(
        "{}{}{} ({} modifiers{})",
        dice.count,
        dice.die,
        hits,
        dice.modifiers.len(),
        match mods {
            0 => String::new(),
            m => format!(", {m:+}"),
        }
    )
}

fn rolled_text(rolled: &Rolled) -> String {
    format!(
        "{} faces {:?}{}",
        dice_text(&rolled.dice),
        rolled.faces,
        if rolled.typed { " typed" } else { "" }
    )
}

fn action_text(action: &Action) -> String {
    match action {
        Action::Setup => "set-up".into(),
        Action::Roll(dice) => format!("tray roll {}", dice_text(dice)),
        Action::RollMixed(groups) => format!(
            "tray roll {}",
            groups.iter().map(dice_text).collect::<Vec<_>>().join(" + ")
        ),
        Action::Draw => "draw".into(),
        Action::Reshuffle => "reshuffle".into(),
        Action::Procedure(call) => format!(
            "procedure {} by {:?} at {:?} with {:?}",
            call.id,
            call.actors.iter().map(|p| p.0).collect::<Vec<_>>(),
            call.targets.iter().map(|p| p.0).collect::<Vec<_>>(),
            call.params
        ),
        Action::Adjust { subject, change } => format!("adjust {subject:?}: {change:?}"),
    }
}

fn entry_text(out: &mut String, i: usize, entry: &Entry) {
    line(
        out,
        format!("  {i}. {:?}, {}", entry.title, action_text(&entry.action)),
    );
    events_text(out, "    ", &entry.events);
}

/// Each roll and card, then how many of each other kind of event.
fn events_text(out: &mut String, indent: &str, events: &[Event]) {
    let (mut facts, mut pieces, mut sides, mut clocks, mut shuffles) = (0, 0, 0, 0, 0);
    for event in events {
        match event {
            Event::Rolled { label, rolled, by } => line(
                out,
                format!(
                    "{indent}rolled {label:?}: {}{}",
                    rolled_text(rolled),
                    by.map_or(String::new(), |s| format!(" by side {s}"))
                ),
            ),
            Event::Drew { label, card, typed } => {
                let how = if *typed { " (entered)" } else { "" };
                line(out, format!("{indent}drew {label:?}: {card:?}{how}"));
            }
            Event::Ended { result } => line(out, format!("{indent}ended: {result:?}")),
            Event::Fact { .. } => facts += 1,
            Event::Piece { .. } => pieces += 1,
            Event::Side { .. } => sides += 1,
            Event::Clock { .. } => clocks += 1,
            Event::Shuffled { .. } => shuffles += 1,
        }
    }
    line(
        out,
        format!(
            "{indent}{facts} facts, {pieces} piece changes, {sides} side changes, \
             {clocks} clock moves, {shuffles} shuffles"
        ),
    );
}
