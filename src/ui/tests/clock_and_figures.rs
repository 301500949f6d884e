//! The battle's head and foot at the table: the clock bar that moves the clock on keeps one
//! place and F8 in every system, and its reminder keeps to one line the bar holds at 1280×800,
//! at 150 % and on a phone; at 150 % each side's figures stay over the procedures until a
//! piece is picked.

use iced::Rectangle;
use iced_test::selector::Candidate;

use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::column::{
    FIRED_AT, FIRER, answer_open, fire_combat, in_view, tap_start_of, whole, winceby_fire_combat,
};
use super::systems::{Play, SIZES, at, every_system};
use crate::ui::battle::Message;
use crate::ui::theme::size;

/// Where the clock bar's Start shows: the last "Start" drawn (the bar is at the column's foot).
pub(super) fn clock_start(play: &Play, size: (f32, f32)) -> Option<Rectangle> {
    let mut ui = at(size, play.screen.view());
    let mut last = None;
    let _ = ui.find(|c: Candidate<'_>| {
        if let Candidate::Text {
            content,
            bounds,
            visible_bounds: Some(shown),
            ..
        } = c
            && content == "Start"
            && (shown.height - bounds.height).abs() < 1.0
            && shown.y + shown.height <= size.1
        {
            last = Some(shown);
        }
        None::<()>
    });
    last
}

#[test]
fn the_clock_moves_on_from_one_fixed_place_in_every_system_and_on_f8() {
    for (system, sides) in every_system() {
        let play = Play::new(system, sides, 7);
        let game = play.game();
        let id = game.rules().clock_offer().expect("the rules name it");
        let offer = game
            .rules()
            .offers(&game.context(), &[], &[])
            .into_iter()
            .find(|o| o.id == id)
            .expect("offered with nothing picked");
        for size in SIZES {
            let label = in_view(&play, size, &offer.label)
                .unwrap_or_else(|| panic!("{system}: {} in view at {size:?}", offer.label));
            let start = clock_start(&play, size).expect("its Start");
            assert!(
                (start.center_y() - label.center_y()).abs() < 40.0,
                "{system} at {size:?}: its Start beside it"
            );
            assert!(
                in_view(&play, size, crate::ui::battle::clock_bar::KEY).is_some(),
                "{system} at {size:?}: its key"
            );
            // Once: the bar is the only place that offers it.
            let mut ui = at(size, play.screen.view());
            let mut n = 0;
            let _ = ui.find(|c: Candidate<'_>| {
                if let Candidate::Text { content, .. } = c
                    && content == offer.label
                {
                    n += 1;
                }
                None::<()>
            });
            assert_eq!(n, 1, "{system} at {size:?}: {} once", offer.label);
        }
    }

    // Winceby: the bar stays put whatever is picked and while a procedure is under way, and
    // F8 (handed over even while a text field has the keyboard) moves the phase on.
    let mut play = fire_combat();
    for size in SIZES {
        let picked = clock_start(&play, size).expect("the bar with a pick");
        play.clear();
        let none = clock_start(&play, size).expect("the bar with nothing picked");
        assert!(
            (picked.y - none.y).abs() < 0.5,
            "{size:?}: {picked:?} {none:?}"
        );
        play.pick(FIRER);
        play.target(FIRED_AT);
    }
    // While a procedure is under way, the bar gives its room to the request and F8 waits.
    play.start_offer(&[FIRER], &[FIRED_AT], rr::FIRE);
    let _ = play.screen.update(Message::NextPhase);
    assert!(
        play.game().pending().is_some(),
        "the fire is still under way"
    );
    assert!(!play.shows(crate::ui::battle::clock_bar::KEY));
    play.click("Cancel");
    assert!(play.game().pending().is_none(), "the fire is cancelled");
    let press = super::key_press(
        iced::keyboard::Key::Named(iced::keyboard::key::Named::F8),
        iced::keyboard::Modifiers::default(),
    );
    assert!(matches!(
        crate::ui::shortcut(
            press,
            iced::event::Status::Captured,
            iced::window::Id::unique()
        ),
        Some(crate::ui::Message::NextPhasePressed)
    ));
    let phase = play.game().state().phase;
    let _ = play.screen.update(Message::NextPhase);
    assert_ne!(play.game().state().phase, phase, "F8 moved the phase on");
}

#[test]
fn at_150_percent_each_sides_loss_points_and_what_wins_stay_over_the_procedures() {
    let play = winceby_fire_combat();
    let size = SIZES[1];
    let mut ui = at(size, play.screen.view());
    for side in ["Royalist:", "Parliament:"] {
        assert!(
            whole(&mut ui, size, |t| t == side).is_some(),
            "{side} heads its figures at 150 %"
        );
    }
    let figures = whole(&mut ui, size, |t| {
        t.starts_with("Loss points 0 · ") && t.contains("win at 10 loss points")
    });
    assert!(
        figures.is_some(),
        "the Royalists' loss points and what wins show whole at 150 %"
    );
    drop(ui);
    // Once a piece is picked the banner keeps to the clock, so the action reads top to bottom.
    let mut play = play;
    play.pick(FIRER);
    play.target(FIRED_AT);
    assert!(
        in_view(&play, size, "Parliament:").is_none(),
        "the figures give way to the pick"
    );
    let offer = play.offer(&[FIRER], &[FIRED_AT], rr::FIRE);
    let mut clicks = 0;
    answer_open(&mut play, size, &offer.label, &mut clicks);
    tap_start_of(&mut play, size, &offer.label, &mut clicks);
    assert!(play.game().pending().is_some(), "the fire is under way");
    assert!(
        in_view(&play, size, "Parliament:").is_none(),
        "the figures give way to the fire"
    );
}

/// How wide `line` is drawn on one line at the caption's size, in the body font.
fn one_line_width(line: &str) -> f32 {
    use iced_graphics::core::text::{self, Paragraph as _};
    let paragraph = iced_graphics::text::Paragraph::with_text(text::Text {
        content: line,
        bounds: iced::Size::INFINITE,
        size: size::CAPTION.into(),
        line_height: text::LineHeight::default(),
        font: crate::ui::theme::BODY_FONT,
        align_x: text::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: text::Shaping::Advanced,
        wrapping: text::Wrapping::None,
    });
    paragraph.min_bounds().width
}

#[test]
fn the_clock_bars_reminder_keeps_to_one_whole_line_at_every_size() {
    // Winceby's Movement: the reminder (a leader's chit to place) is longer than a line.
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    play.start_offer(&[], &[], rr::NEXT_PHASE);
    assert!(play.shows("Turn 1 · Movement · Royalist"));
    for size in [SIZES[0], SIZES[1], (390.0, 844.0)] {
        let mut ui = at(size, play.screen.view());
        let mut seen = None;
        let _ = ui.find(|c: Candidate<'_>| {
            if let Candidate::Text {
                content, bounds, ..
            } = c
                && content.starts_with("Now, Movement: ")
                && seen.is_none()
            {
                seen = Some((content.to_string(), bounds));
            }
            None::<()>
        });
        let (line, bounds) = seen.unwrap_or_else(|| panic!("no reminder at {size:?}"));
        // The room the bar leaves its words: from where they start to the Start beside them.
        let start = ui
            .find(|c: Candidate<'_>| match c {
                Candidate::Text {
                    content: "Start",
                    bounds,
                    ..
                } => Some(bounds),
                _ => None,
            })
            .map(|b| b.x)
            .unwrap_or(size.0);
        let room = start - bounds.x;
        assert!(
            one_line_width(&line) <= room,
            "{line:?} ({} px) is cut by the bar at {size:?} (room {room} px)",
            one_line_width(&line)
        );
        assert!(
            line.ends_with(" …") || !line.contains('…'),
            "{line:?} ends at a whole word"
        );
    }
}
