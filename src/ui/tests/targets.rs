//! Every tap target of the battle screen on a phone (390×844) is at least 44 logical pixels
//! each way ([`crate::ui::finger::TAP`]), in every rule system: walked over the screens a
//! player meets — the procedures with nothing picked, the top bar's menu, the pieces (with the
//! one piece picked, whose step boxes are buttons; with a leader picked, whose "with" choice
//! is; a side's pieces with their Target buttons and the other side's in the "Aim at"
//! strip the pick brings up), the "Not saved" banner's buttons, the
//! offers for a fire with their questions, the refused ones and the corrections by hand
//! unfolded, the fire under way with its keypad, the dice tray, the cards and the log.
//!
//! A tap target is found as a box on the screen (a button, or a pick list in its box) where the
//! pointer shows a hand and a click does one thing, the same anywhere inside it and not just
//! outside it; a sweep of the screen then checks that every place showing a hand lies in
//! one of the targets found. Text fields (typing on a phone is laid out elsewhere) are not
//! counted.

use iced::{Point, Rectangle};
use iced_test::selector::Candidate;

use adjutant::event::PieceId;
use adjutant::procedure::Step;
use adjutant::status::WITH;

use super::clicks::FIRES;
use super::kept::Kept;
use super::systems::Play;
use crate::ui::battle::{Message, Tab, procedure_panel, roster_panel};
use crate::ui::finger::TAP;

const PHONE: (f32, f32) = (390.0, 844.0);

/// A tap target found: where it is (its whole box, part of which may be scrolled away) and
/// what a click on it does.
#[derive(Debug)]
struct Target {
    bounds: Rectangle,
    does: String,
}

/// The tap targets on show, and the places showing a hand that none of them holds.
fn targets(play: &Play, kept: &mut Kept) -> (Vec<Target>, Vec<Point>) {
    let screen = Rectangle::new(Point::ORIGIN, iced::Size::new(PHONE.0, PHONE.1));
    kept.forget();
    let mut boxes = Vec::new();
    let _ = kept.find(play.screen.view(), |c: Candidate<'_>| {
        if let Candidate::Container {
            bounds,
            visible_bounds: Some(shown),
            ..
        } = c
            && shown.width >= 1.0
            && shown.height >= 1.0
        {
            boxes.push((bounds, shown));
        }
        None::<()>
    });
    boxes.dedup_by(|a, b| a.0 == b.0);
    // The boxes with a hand at their centre; then, each on a screen of its own (a click on a
    // panel's scroll bar would scroll it for the next), its centre, a point just inside each
    // edge and one just outside.
    let centres: Vec<Point> = boxes.iter().map(|(_, v)| v.center()).collect();
    let hands = kept.hands(play.screen.view(), &centres);
    let mut all: Vec<Target> = Vec::new();
    for ((bounds, v), _) in boxes.iter().zip(hands).filter(|(_, hand)| *hand) {
        if all.iter().any(|t| t.bounds == *bounds) {
            continue;
        }
        let (cx, cy) = (v.center_x(), v.center_y());
        let points = [
            Point::new(cx, cy),
            Point::new(v.x + 1.0, cy),
            Point::new(v.x + v.width - 1.0, cy),
            Point::new(cx, v.y + 1.0),
            Point::new(cx, v.y + v.height - 1.0),
            Point::new(v.x - 1.5, cy),
            Point::new(cx, v.y - 1.5),
            Point::new(cx, v.y + v.height + 1.5),
            // Last: beside a panel's right edge is its scroll bar, which a click scrolls.
            Point::new(v.x + v.width + 1.5, cy),
        ];
        let probe = kept.probe(play.screen.view(), &points);
        // The same just inside each edge and not just outside: a button (its message), or a
        // pick list (a hand, and no message until a choice is made). Its middle may hold
        // buttons of its own (a picked piece's row, its step boxes).
        let edge = &probe[1];
        if edge.0 && probe[2..5].iter().all(|p| p == edge) && probe[5..9].iter().all(|p| p != edge)
        {
            all.push(Target {
                bounds: *bounds,
                does: edge.1.clone().unwrap_or_else(|| "a pick list".into()),
            });
        }
    }
    // Every place showing a hand, on a grid of 12 px, lies in a target found.
    let grid: Vec<Point> = (0..(PHONE.1 / 12.0) as usize)
        .flat_map(|j| {
            (0..(PHONE.0 / 12.0) as usize)
                .map(move |i| Point::new(6.0 + 12.0 * i as f32, 6.0 + 12.0 * j as f32))
        })
        .filter(|p| screen.contains(*p))
        .collect();
    let swept = kept.hands(play.screen.view(), &grid);
    let astray = grid
        .iter()
        .zip(swept)
        .filter(|(p, hand)| *hand && !all.iter().any(|t| t.bounds.contains(**p)))
        .map(|(p, _)| *p)
        .collect();
    (all, astray)
}

/// Fails with every target smaller than a finger, and every hand no target holds.
fn check(what: &str, play: &Play, kept: &mut Kept, seen: &mut usize) {
    let (found, astray) = targets(play, kept);
    assert!(!found.is_empty(), "{what}: tap targets are found");
    *seen += found.len();
    let small: Vec<String> = found
        .iter()
        .filter(|t| t.bounds.width < TAP - 0.5 || t.bounds.height < TAP - 0.5)
        .map(|t| {
            format!(
                "  {:.0}×{:.0} at ({:.0}, {:.0}): {}",
                t.bounds.width, t.bounds.height, t.bounds.x, t.bounds.y, t.does
            )
        })
        .collect();
    assert!(
        small.is_empty(),
        "{what}: tap targets smaller than {TAP}×{TAP}:\n{}",
        small.join("\n")
    );
    assert!(
        astray.is_empty(),
        "{what}: a hand shows where no tap target was found: {astray:?}"
    );
}

fn update(play: &mut Play, message: Message) {
    let _ = play.screen.update(message);
}

fn pick(play: &mut Play, id: PieceId) {
    update(
        play,
        Message::Pieces(roster_panel::Message::PieceClicked { id, adding: false }),
    );
}

/// A leader of `side` whose "with" choice the rules keep, if any.
fn leader_with(play: &Play, side: usize) -> Option<PieceId> {
    let game = play.game();
    game.roster.ids().find(|&p| {
        game.roster.side_of(p) == side
            && game.roster.leader(p).is_some()
            && game
                .piece_schema(p)
                .marks
                .iter()
                .any(|m| m.key == WITH && !m.choices.is_empty())
    })
}

#[test]
fn every_tap_target_of_every_systems_battle_screen_is_a_fingers_size_on_a_phone() {
    let mut kept = Kept::new(PHONE);
    let mut report = Vec::new();
    for fire in &FIRES {
        let mut play = (fire.setup)();
        play.size = PHONE;
        let mut seen = 0;
        let what = |screen: &str| format!("{} — {screen}", fire.system);
        check(&what("the procedures"), &play, &mut kept, &mut seen);
        if fire.system == FIRES[0].system {
            // The "Not saved" banner, while the disk refuses (once: it is the same for all).
            let mut refused = (fire.setup)();
            refused.size = PHONE;
            refused.refuse_saves();
            update(&mut refused, Message::NextPhase);
            assert!(refused.screen.unsaved(), "the save was refused");
            check(&what("not saved"), &refused, &mut kept, &mut seen);
        }
        update(&mut play, Message::MenuToggled);
        check(&what("the menu"), &play, &mut kept, &mut seen);
        update(&mut play, Message::MenuToggled);
        update(&mut play, Message::NarrowTabSelected(Tab::Pieces));
        check(&what("the pieces"), &play, &mut kept, &mut seen);
        let (firer, target) = (play.piece(fire.firer), play.piece(fire.target));
        let (own, other) = (
            play.game().roster.side_of(firer),
            play.game().roster.side_of(target),
        );
        if let Some(leader) = leader_with(&play, own) {
            pick(&mut play, leader);
            check(&what("a leader picked"), &play, &mut kept, &mut seen);
        }
        update(
            &mut play,
            Message::Pieces(roster_panel::Message::SideShown(Some(own))),
        );
        pick(&mut play, firer);
        check(&what("the firer picked"), &play, &mut kept, &mut seen);
        update(
            &mut play,
            Message::Pieces(roster_panel::Message::SideShown(Some(other))),
        );
        check(
            &what("the other side, aimed at"),
            &play,
            &mut kept,
            &mut seen,
        );
        update(
            &mut play,
            Message::Pieces(roster_panel::Message::TargetClicked {
                id: target,
                adding: false,
            }),
        );
        check(
            &what("the offers for the fire"),
            &play,
            &mut kept,
            &mut seen,
        );
        update(
            &mut play,
            Message::Procedure(procedure_panel::Message::RefusedToggled),
        );
        update(
            &mut play,
            Message::Procedure(procedure_panel::Message::CorrectToggled),
        );
        check(
            &what("refused offers and corrections unfolded"),
            &play,
            &mut kept,
            &mut seen,
        );
        update(
            &mut play,
            Message::Procedure(procedure_panel::Message::CorrectToggled),
        );
        let offer = play.offer(&[fire.firer], &[fire.target], fire.offer);
        let params = offer
            .params
            .iter()
            .filter_map(|p| Some((p.key.to_string(), p.choices.get(p.assumed())?.clone())))
            .collect();
        update(
            &mut play,
            Message::Procedure(procedure_panel::Message::Started {
                offer: offer.id.clone(),
                params,
            }),
        );
        assert!(
            matches!(play.game().step(), Some(Step::Dice(_))),
            "{}: the fire asks for its dice",
            fire.system
        );
        check(&what("the fire under way"), &play, &mut kept, &mut seen);
        for tab in [Tab::Dice, Tab::Cards, Tab::Log] {
            update(&mut play, Message::NarrowTabSelected(tab));
            check(&what(&format!("{tab:?}")), &play, &mut kept, &mut seen);
        }
        report.push(format!("{}: {seen} tap targets", fire.system));
    }
    println!("{}", report.join("\n"));
}
