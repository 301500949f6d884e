//! A pick list stays inside its panel: a parameter's picker cut by the edge of the procedures
//! panel — at its foot as the screen opens, at its top once scrolled — draws nothing over the
//! panels around it, at 1280×800 and at 150 % zoom. The check is on the pixels: the screen is
//! drawn with the panel's inside covered, with the cut picker set to one choice and then
//! another; the two pictures must be the same.

use iced::widget::{container, space, stack};
use iced::{Element, Length, Rectangle, mouse};
use iced_test::Simulator;
use iced_test::selector::{Candidate, id};

use adjutant::procedure::Offer;
use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::column::{FIRED_AT, FIRER, winceby_fire_combat};
use super::systems::{Play, SIZES, at};
use crate::ui::battle::{Message, procedure_panel};

/// The screen at `size`, with `cover` (if any) painted over, and the procedures panel
/// scrolled down by `by` pixels.
fn screen<'a>(
    play: &'a Play,
    size: (f32, f32),
    offer: &Offer,
    by: f32,
    cover: Option<Rectangle>,
) -> Simulator<'a, Message> {
    let view: Element<'a, Message> = match cover {
        None => play.screen.view(),
        Some(r) => stack![
            play.screen.view(),
            container(
                container(space())
                    .width(Length::Fixed(r.width))
                    .height(Length::Fixed(r.height))
                    .style(|_| container::Style::default().background(iced::Color::BLACK)),
            )
            .padding(iced::Padding {
                top: r.y,
                left: r.x,
                ..iced::Padding::ZERO
            })
        ]
        .into(),
    };
    let mut ui = at(size, view);
    if by > 0.0 {
        let label = ui.find(offer.label.clone()).expect("the offer").bounds();
        ui.point_at(label.center());
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::WheelScrolled {
            delta: mouse::ScrollDelta::Pixels { x: 0.0, y: -by },
        })]);
    }
    ui
}

/// The picker of `key` when the panel's edge cuts it: the panel's visible area.
fn cut(ui: &mut Simulator<'_, Message>, offer: &Offer, key: &str) -> Option<Rectangle> {
    let picker = ui
        .find(id(procedure_panel::param_id(&offer.id, key)))
        .ok()?;
    let (whole, shown) = (picker.bounds(), picker.visible_bounds());
    if shown.is_some_and(|s| (s.height - whole.height).abs() < 0.5) {
        return None;
    }
    let mut panels: Vec<Rectangle> = Vec::new();
    let _ = ui.find(|c: Candidate<'_>| {
        if let Candidate::Scrollable {
            content_bounds,
            visible_bounds: Some(v),
            ..
        } = c
            && content_bounds.contains(whole.center())
        {
            panels.push(v);
        }
        None::<()>
    });
    // The renderer's clip falls on whole pixels of the doubled picture: a pixel's margin.
    panels
        .into_iter()
        .min_by(|a, b| (a.width * a.height).total_cmp(&(b.width * b.height)))
        .map(|v| v.expand(MARGIN))
}

/// What the renderer may draw past a panel's visible area, in logical pixels: well under the
/// panel's padding, and under half a line of the picker's text.
const MARGIN: f32 = 4.0;

#[test]
fn a_picker_cut_by_its_panels_edge_draws_nothing_outside_it() {
    let dir = tempfile::tempdir().unwrap();
    let theme = iced::Theme::Light;
    let mut checked = 0;
    for size in SIZES {
        for by in [0.0, 2000.0] {
            let mut play = winceby_fire_combat();
            play.size = size;
            play.pick(FIRER);
            play.target(FIRED_AT);
            let offer = play.offer(&[FIRER], &[FIRED_AT], rr::FIRE);
            for p in &offer.params {
                let Some(panel) = cut(&mut screen(&play, size, &offer, by, None), &offer, p.key)
                else {
                    continue;
                };
                let path = dir.path().join(format!("{checked}.png"));
                let _ = screen(&play, size, &offer, by, Some(panel))
                    .snapshot(&theme)
                    .unwrap()
                    .matches_image(&path);
                let other = p
                    .choices
                    .iter()
                    .find(|c| **c != p.choices[p.assumed()])
                    .expect("another choice")
                    .clone();
                let _ =
                    play.screen
                        .update(Message::Procedure(procedure_panel::Message::ParamPicked {
                            offer: offer.id.clone(),
                            key: p.key.to_string(),
                            value: other.clone(),
                        }));
                let same = screen(&play, size, &offer, by, Some(panel))
                    .snapshot(&theme)
                    .unwrap()
                    .matches_image(&path)
                    .unwrap();
                assert!(
                    same,
                    "at {size:?}, scrolled {by}: the picker {} cut by its panel's edge draws \
                     {other:?} outside it",
                    p.key
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 1, "cut pickers checked: {checked}");
}
