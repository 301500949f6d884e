//! A scripted game: a battle between the shipped armies of one rule system, played one step
//! at a time by a fixed script — the system's own procedures (with their dice, cards and
//! choices), tray rolls (rolled by Adjutant or typed), draws, reshuffles, cancels, undos and
//! redos. Step `i` depends only on the game's seed, `i` and the battle as it stands, so a
//! battle loaded from a file carries on exactly as one that was never put down.

use std::collections::BTreeMap;
use std::path::PathBuf;

use adjutant::army::Army;
use adjutant::army::discover::shipped_armies_dir;
use adjutant::army::load_army;
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::event::PieceId;
use adjutant::procedure::{Call, Step};
use adjutant::rules;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// The rule systems the script plays, one per game in turn.
pub fn systems() -> Vec<&'static str> {
    rules::standard().iter().map(|s| s.id()).collect()
}

/// The shipped army files of a rule system, sorted by path.
pub fn shipped_army_paths(system: &str) -> Vec<PathBuf> {
    let dir = shipped_armies_dir().join(system);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    paths
}

/// The shipped armies of a rule system, each loaded and validated.
pub fn shipped_armies(system: &str) -> Vec<Army> {
    shipped_army_paths(system)
        .iter()
        .map(|p| load_army(p).unwrap_or_else(|e| panic!("{}: {e:?}", p.display())))
        .collect()
}

/// Step 0: the battle set up.
pub fn start(system: &str, seed: u64) -> Battle {
    Battle::new(system, shipped_armies(system), seed).expect("a shipped rule system")
}

/// The generator for step `i` of the game with this seed.
fn rng(seed: u64, i: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17))
}

/// Does step `i` (from 1) of the script, and says what it did.
pub fn step(battle: &mut Battle, seed: u64, i: u64) -> String {
    let mut rng = rng(seed, i);
    if battle.pending().is_some() {
        return answer(battle, &mut rng);
    }
    let roll = rng.random_range(0..100u32);
    match roll {
        0..45 => procedure(battle, &mut rng).unwrap_or_else(|| tray_roll(battle, &mut rng)),
        45..58 => tray_roll(battle, &mut rng),
        58..68 => {
            battle.start(Action::Draw).expect("nothing under way");
            "start a draw".into()
        }
        68..71 => {
            battle.start(Action::Reshuffle).expect("nothing under way");
            "reshuffle".into()
        }
        71..86 if battle.can_undo() => {
            battle.undo().expect("can_undo");
            "undo".into()
        }
        86..100 if battle.can_redo() => {
            battle.redo().expect("can_redo");
            "redo".into()
        }
        _ => tray_roll(battle, &mut rng),
    }
}

/// Gives the procedure under way what it asks for: dice (rolled or typed), a card or a choice.
/// Now and then cancels one that has nothing rolled yet instead.
pub fn answer(battle: &mut Battle, rng: &mut Pcg64) -> String {
    let untouched = battle.pending().is_some_and(|p| p.events.is_empty());
    if untouched && rng.random_range(0..10u32) == 0 {
        battle.cancel().expect("nothing rolled yet");
        return "cancel".into();
    }
    match battle.step() {
        Some(Step::Dice(req)) if rng.random_bool(0.5) => {
            let faces: Vec<String> = (0..req.dice.count)
                .map(|_| rng.random_range(req.dice.die.min()..=req.dice.die.max()))
                .map(|f| f.to_string())
                .collect();
            let text = faces.join(" ");
            battle
                .enter_faces(&text)
                .unwrap_or_else(|e| panic!("faces {text:?} for {}: {e}", req.dice));
            format!("type {text} for {}", req.label)
        }
        Some(Step::Dice(req)) => {
            battle.roll().expect("the procedure waits for dice");
            format!("roll {} for {}", req.dice, req.label)
        }
        Some(Step::Card(req)) => {
            battle.draw().expect("the deck reshuffles when it runs out");
            format!("draw for {}", req.label)
        }
        Some(Step::Choice(req)) => {
            let option = rng.random_range(0..req.options.len());
            battle.choose(option).expect("an offered option");
            format!("choose {} for {}", req.options[option], req.label)
        }
        other => panic!("a pending procedure asks for nothing: {other:?}"),
    }
}

/// Starts a procedure the rule system offers for a random selection, with random answers to
/// its parameters; `None` when nothing allowed is offered for it.
pub fn procedure(battle: &mut Battle, rng: &mut Pcg64) -> Option<String> {
    let ids: Vec<PieceId> = battle.roster.ids().collect();
    let (mut actors, mut targets) = (Vec::new(), Vec::new());
    if !ids.is_empty() && rng.random_range(0..10u32) >= 3 {
        let actor = ids[rng.random_range(0..ids.len())];
        actors.push(actor);
        let side = battle.roster.piece(actor).side;
        let foes: Vec<PieceId> = ids
            .iter()
            .copied()
            .filter(|&p| battle.roster.piece(p).side != side)
            .collect();
        if !foes.is_empty() && rng.random_bool(0.5) {
            targets.push(foes[rng.random_range(0..foes.len())]);
        }
    }
    let offers = battle.rules().offers(&battle.context(), &actors, &targets);
    let allowed: Vec<_> = offers.iter().filter(|o| o.refused.is_none()).collect();
    if allowed.is_empty() {
        return None;
    }
    let offer = allowed[rng.random_range(0..allowed.len())];
    let params: BTreeMap<String, String> = offer
        .params
        .iter()
        .filter(|p| !p.choices.is_empty())
        .map(|p| {
            let pick = rng.random_range(0..p.choices.len());
            (p.key.to_string(), p.choices[pick].clone())
        })
        .collect();
    let call = Call {
        id: offer.id.clone(),
        actors,
        targets,
        params,
    };
    battle.start(Action::Procedure(call)).ok()?;
    Some(format!("start {}", offer.label))
}

/// Starts a roll of one to three dice of a random kind from the tray.
fn tray_roll(battle: &mut Battle, rng: &mut Pcg64) -> String {
    let die = Die::ALL[rng.random_range(0..Die::ALL.len())];
    let dice = Dice::new(rng.random_range(1..=3), die);
    let text = format!("start a tray roll of {dice}");
    battle.start(Action::Roll(dice)).expect("nothing under way");
    text
}

/// The battle after steps 0..=n of the game, each one in turn.
pub fn states(system: &str, seed: u64, n: u64) -> Vec<Battle> {
    let mut battle = start(system, seed);
    let mut out = vec![battle.clone()];
    for i in 1..=n {
        step(&mut battle, seed, i);
        out.push(battle.clone());
    }
    out
}
