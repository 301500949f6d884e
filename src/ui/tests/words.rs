//! The words a player reads in the log, in every rule system: a long walk through the
//! procedures each system offers (actors, targets and answers picked by a fixed sequence, the
//! dice and cards from the battle's seed), and then every entry's title and every line the
//! log draws for it checked for an internal key ("must_melee_at") and for a change that names
//! the same thing on both sides of its arrow ("First player → First player"); and likewise
//! every status chip the battle screen then draws ("First player: First player", a leader's
//! army-file id for his name).

use std::collections::BTreeMap;

use adjutant::army::Army;
use adjutant::battle::{Action, Battle};
use adjutant::event::PieceId;
use adjutant::procedure::{Call, Step};
use adjutant::rules;
use adjutant::status::Viewer;

use crate::ui::battle::describe;
use crate::ui::persist::Store;

/// How many procedures each walk starts.
const STEPS: usize = 300;

/// A fixed sequence of picks (a linear congruential generator), so each run walks alike.
struct Picks(u64);

impl Picks {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// A battle of `system` between its first two shipped armies.
fn battle(system: &str) -> Battle {
    let dir = tempfile::tempdir().unwrap();
    let armies: Vec<Army> = Store::open(Some(dir.path().to_path_buf()))
        .armies()
        .into_iter()
        .filter_map(|f| f.loaded.ok())
        .filter(|a| a.system == system)
        .take(2)
        .collect();
    Battle::new(system, armies, 1642).expect("the battle sets up")
}

/// Starts one allowed procedure for a pick made by `picks` (nothing, a piece, or a piece and an
/// enemy) and answers it to its end; false when none was allowed.
fn play_one(game: &mut Battle, picks: &mut Picks) -> bool {
    let ids: Vec<PieceId> = game.roster.ids().collect();
    let actor = ids[picks.below(ids.len())];
    let enemies: Vec<PieceId> = ids
        .iter()
        .copied()
        .filter(|&p| game.roster.side_of(p) != game.roster.side_of(actor))
        .collect();
    let target = enemies[picks.below(enemies.len())];
    let ctx = game.context();
    let mut calls = Vec::new();
    for (actors, targets) in [
        (vec![], vec![]),
        (vec![actor], vec![]),
        (vec![actor], vec![target]),
    ] {
        for offer in game.rules().offers(&ctx, &actors, &targets) {
            if offer.refused.is_some() {
                continue;
            }
            let params: BTreeMap<String, String> = offer
                .params
                .iter()
                .map(|p| {
                    let pick = picks.below(p.choices.len());
                    let answer = p.choices.get(pick).cloned().unwrap_or_default();
                    (p.key.to_string(), answer)
                })
                .collect();
            calls.push(Call {
                id: offer.id,
                actors: actors.clone(),
                targets: targets.clone(),
                params,
            });
        }
    }
    if calls.is_empty() {
        return false;
    }
    let call = calls.swap_remove(picks.below(calls.len()));
    if game.start(Action::Procedure(call)).is_err() {
        return false;
    }
    while let Some(step) = game.step() {
        let answered = match step {
            Step::Dice(_) => game.roll(),
            Step::Card(_) => game.draw(),
            Step::Choice(req) => game.choose(picks.below(req.options.len())),
            Step::Done(_) => break,
        };
        if answered.is_err() {
            let _ = game.cancel();
            break;
        }
    }
    game.pending().is_none()
}

/// The internal key in a line, if any: a word of letters joined by an underscore.
fn internal_key(line: &str) -> Option<&str> {
    line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|w| w.split('_').count() > 1 && w.split('_').all(|part| !part.is_empty()))
}

/// A change that repeats itself: the words after an arrow are the words just before it.
fn repeated(line: &str) -> bool {
    line.match_indices(" → ").any(|(at, arrow)| {
        let (before, after) = (&line[..at], &line[at + arrow.len()..]);
        let after = after.split("; ").next().unwrap_or(after).trim();
        !after.is_empty() && before.ends_with(after)
    })
}

#[test]
fn the_log_of_every_system_reads_without_internal_keys_or_repeated_labels() {
    let mut problems = Vec::new();
    for system in rules::standard() {
        let mut game = battle(system.id());
        let mut picks = Picks(7);
        let mut played = 0;
        for _ in 0..STEPS {
            if play_one(&mut game, &mut picks) {
                played += 1;
            }
        }
        assert!(played >= 20, "{}: {played} procedures", system.id());
        for entry in game.log() {
            let lines = std::iter::once(entry.title.clone()).chain(
                describe::shown(&game, &entry.events)
                    .map(|e| describe::event(&game, e, Viewer::Umpire)),
            );
            for line in lines {
                if let Some(key) = internal_key(&line) {
                    problems.push(format!("{}: {key:?} in {line:?}", system.id()));
                } else if repeated(&line) {
                    problems.push(format!("{}: {line:?} says it twice", system.id()));
                }
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every text the battle screen draws (panels scrolled or not).
fn screen_texts(game: Battle) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let screen = super::BattleScreen::new(Store::open(Some(dir.path().to_path_buf())), game);
    let mut all = Vec::new();
    let _ = super::simulator(screen.view()).find(|c: iced_test::selector::Candidate<'_>| {
        if let iced_test::selector::Candidate::Text { content, .. } = c {
            all.push(content.to_string());
        }
        None::<()>
    });
    all
}

#[test]
fn the_status_on_screen_of_every_system_reads_without_internal_keys_or_repeated_labels() {
    let mut problems = Vec::new();
    for system in rules::standard() {
        let mut game = battle(system.id());
        let mut picks = Picks(11);
        for _ in 0..STEPS {
            play_one(&mut game, &mut picks);
        }
        for text in screen_texts(game) {
            let repeats = text
                .split_once(": ")
                .is_some_and(|(label, value)| label == value);
            if let Some(key) = internal_key(&text) {
                problems.push(format!("{}: {key:?} in {text:?}", system.id()));
            } else if repeats {
                problems.push(format!("{}: {text:?} says it twice", system.id()));
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_mark_naming_a_leader_by_his_id_reads_as_his_name_in_the_log_and_on_the_screen() {
    use adjutant::rules::victory_without_squares::keys::P_ATTACH;
    let mut game = battle("victory_without_squares");
    let roster = game.roster.clone();
    let fairfax = roster
        .ids()
        .find(|&p| roster.leader(p).is_some_and(|l| l.id == "fairfax"))
        .expect("Naseby's Fairfax");
    let unit = roster
        .ids()
        .find(|&p| roster.side_of(p) == roster.side_of(fairfax) && roster.unit(p).is_some())
        .expect("a body of his side");
    let offer = game
        .rules()
        .offers(&game.context(), &[fairfax], &[unit])
        .into_iter()
        .find(|o| o.id == P_ATTACH)
        .expect("a leader may join a body");
    assert_eq!(offer.refused, None);
    game.start(Action::Procedure(Call {
        id: P_ATTACH.into(),
        actors: vec![fairfax],
        targets: vec![unit],
        ..Call::default()
    }))
    .unwrap();
    assert!(game.pending().is_none(), "joining asks for nothing");
    let name = roster.name(fairfax).into_owned();
    let entry = game.log().last().unwrap();
    let lines: Vec<String> = describe::shown(&game, &entry.events)
        .map(|e| describe::event(&game, e, Viewer::Umpire))
        .collect();
    let want = format!("{}: Leader attached → {name}", roster.name(unit));
    assert!(lines.contains(&want), "{want:?} in {lines:?}");
    let shown = screen_texts(game.clone());
    let chip = format!("Leader attached: {name}");
    assert!(shown.contains(&chip), "{chip:?} on the screen");
    assert!(!shown.iter().any(|t| t.ends_with(": fairfax")));

    // A correction by hand names him too.
    use adjutant::battle::adjust::Subject;
    use adjutant::rules::victory_without_squares::keys::ATTACHED;
    game.adjust(
        Subject::Piece(unit),
        adjutant::status::Change::Mark {
            key: ATTACHED.into(),
            to: None,
        },
    )
    .unwrap();
    let entry = game.log().last().unwrap();
    let lines: Vec<String> = describe::shown(&game, &entry.events)
        .map(|e| describe::event(&game, e, Viewer::Umpire))
        .collect();
    let want = format!(
        "Manual correction: {}: Leader attached {name} → none",
        roster.name(unit)
    );
    assert!(lines.contains(&want), "{want:?} in {lines:?}");
}

#[test]
fn adjacent_offensive_fire_in_royalists_and_roundheads_logs_no_bookkeeping() {
    use adjutant::event::Event;
    use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
    use adjutant::status::Change;

    let fresh = battle("royalists_roundheads");
    let fire_phase = fresh
        .rules()
        .phases()
        .iter()
        .position(|p| p.name == "Fire Combat")
        .expect("a fire phase");
    // Every piece on the map, Henderson's command on an Attack chit, the first side firing.
    let roster = fresh.roster.clone();
    let mut position: Vec<Event> = roster
        .ids()
        .map(|piece| Event::Piece {
            piece,
            change: Change::Flag {
                key: keys::ENTERED.into(),
                on: true,
            },
        })
        .collect();
    position.extend(
        roster
            .ids()
            .filter(|&p| roster.leader(p).is_some())
            .map(|piece| Event::Piece {
                piece,
                change: Change::Mark {
                    key: keys::CHIT.into(),
                    to: Some("Attack".into()),
                },
            }),
    );
    position.push(Event::Clock {
        turn: 3,
        phase: fire_phase,
        side: 0,
    });
    let mut game = fresh.with_position(position);
    let of_side = |side: usize| -> Vec<PieceId> {
        roster
            .ids()
            .filter(|&p| roster.side_of(p) == side && roster.unit(p).is_some())
            .collect()
    };
    let (ours, theirs) = (of_side(0), of_side(1));
    let (firer, target) = ours
        .iter()
        .flat_map(|&a| theirs.iter().map(move |&t| (a, t)))
        .find(|&(a, t)| {
            game.rules()
                .offers(&game.context(), &[a], &[t])
                .iter()
                .any(|o| o.id == proc::FIRE && o.refused.is_none())
        })
        .expect("some unit may fire");
    let params = [(param::RANGE, "1"), (param::TERRAIN, "Clear")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    game.start(Action::Procedure(Call {
        id: proc::FIRE.into(),
        actors: vec![firer],
        targets: vec![target],
        params,
    }))
    .unwrap();
    while let Some(step) = game.step() {
        let _ = match step {
            Step::Dice(_) => game.roll(),
            Step::Card(_) => game.draw(),
            Step::Choice(_) => game.choose(0),
            Step::Done(_) => break,
        };
    }
    assert!(
        game.state().piece(firer).flag(keys::MUST_MELEE),
        "bound to melee"
    );
    let entry = game.log().last().unwrap();
    let lines: Vec<String> = describe::shown(&game, &entry.events)
        .map(|e| describe::event(&game, e, Viewer::Umpire))
        .collect();
    assert!(lines.iter().all(|l| internal_key(l).is_none()), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("must melee that hex")),
        "{lines:?}"
    );
}

#[test]
fn the_checks_catch_what_they_look_for() {
    assert_eq!(
        internal_key("Firer: must_melee_at → 3"),
        Some("must_melee_at")
    );
    assert_eq!(internal_key("Steps lost 0 → 1 (§5_)"), None);
    assert!(repeated("Reds: First player → First player"));
    assert!(!repeated("Reds: First player"));
    assert!(!repeated("Hits → 3"));
}
