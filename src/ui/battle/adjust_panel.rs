//! "Correct by hand": every track, ladder, flag and mark of the one picked piece (or, with
//! nothing picked, of each side) with a control that sets it — − and + for a track, a list of
//! rungs or choices, a toggle for a flag. Each change is a logged, undoable manual correction.
//! Secret marks the viewer may not see are left out. On a phone (`touch`) each control is a
//! finger's size.

use iced::widget::{Column, column, pick_list, row, space, text};
use iced::{Element, Fill};

use adjutant::battle::Battle;
use adjutant::battle::adjust::Subject;
use adjutant::status::{Change, Status, StatusSchema, Viewer};

use crate::ui::kept_inside::kept_inside;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// The mark value that means "no mark".
pub(crate) const NONE: &str = "none";

/// The controls for one subject, each answering with the change it asks for.
pub fn view<'a, M: Clone + 'a>(
    game: &'a Battle,
    subject: Subject,
    viewer: Viewer,
    on_change: impl Fn(Subject, Change) -> M + Clone + 'a,
    touch: bool,
) -> Element<'a, M> {
    let (name, schema, status, side): (String, &StatusSchema, &Status, usize) = match subject {
        Subject::Piece(id) => (
            game.roster.name(id).to_string(),
            game.piece_schema(id),
            game.state().piece(id),
            game.roster.side_of(id),
        ),
        Subject::Side(s) => (
            game.armies()
                .get(s)
                .map_or_else(String::new, |a| a.side.clone()),
            game.side_schema(),
            match game.state().sides.get(s) {
                Some(status) => status,
                None => return column![].into(),
            },
            s,
        ),
    };
    let change = move |c: Change| on_change(subject, c);
    let mut col = Column::new().spacing(gap::XS).push(parts::strong(name));
    let line = |label: String, control: Element<'a, M>| -> Element<'a, M> {
        row![text(label).size(size::BODY).width(Fill), control]
            .spacing(gap::S)
            .align_y(iced::Center)
            .into()
    };
    for t in &schema.tracks {
        let v = status.track(t.key);
        let key = t.key.to_string();
        let set = |to: i32| {
            change(Change::Track {
                key: key.clone(),
                to,
            })
        };
        col = col.push(line(
            t.label.clone(),
            row![
                parts::tap(
                    parts::touch_text("−", touch)
                        .style(theme::quiet)
                        .on_press_maybe((v > t.min).then(|| set(v - 1))),
                    touch
                ),
                text(v.to_string()).size(size::BODY).font(theme::BOLD_FONT),
                parts::tap(
                    parts::touch_text("+", touch)
                        .style(theme::quiet)
                        .on_press_maybe((v < t.max).then(|| set(v + 1))),
                    touch
                ),
            ]
            .spacing(gap::XS)
            .align_y(iced::Center)
            .into(),
        ));
    }
    for l in &schema.ladders {
        let current = l.rungs.get(usize::from(status.rung(l.key))).cloned();
        let (key, rungs, change) = (l.key.to_string(), l.rungs.clone(), change.clone());
        col = col.push(line(
            l.label.clone(),
            parts::tap(
                kept_inside(
                    pick_list(l.rungs.clone(), current, move |r: String| {
                        let to = rungs.iter().position(|x| *x == r).unwrap_or(0) as u8;
                        change(Change::Ladder {
                            key: key.clone(),
                            to,
                        })
                    })
                    .text_size(size::BODY),
                ),
                touch,
            ),
        ));
    }
    for f in &schema.flags {
        let on = status.flag(f.key);
        col = col.push(line(
            f.label.clone(),
            parts::tap(
                parts::touch_text(if on { "Yes" } else { "No" }, touch)
                    .style(theme::toggle(on))
                    .on_press(change(Change::Flag {
                        key: f.key.to_string(),
                        on: !on,
                    })),
                touch,
            ),
        ));
    }
    for m in &schema.marks {
        if m.secret && !viewer.sees_secrets_of(side) {
            continue;
        }
        let mut choices = vec![NONE.to_string()];
        choices.extend(m.choices.iter().cloned());
        let current = Some(status.mark(m.key).unwrap_or(NONE).to_string());
        let (key, change) = (m.key.to_string(), change.clone());
        col = col.push(line(
            m.label.clone(),
            parts::tap(
                kept_inside(
                    pick_list(choices, current, move |v: String| {
                        change(Change::Mark {
                            key: key.clone(),
                            to: (v != NONE).then_some(v),
                        })
                    })
                    .text_size(size::BODY),
                ),
                touch,
            ),
        ));
    }
    if schema.tracks.is_empty()
        && schema.ladders.is_empty()
        && schema.flags.is_empty()
        && schema.marks.is_empty()
    {
        col = col.push(parts::caption("Nothing to correct."));
    }
    col.push(space().height(gap::XS)).into()
}
