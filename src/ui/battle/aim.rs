//! On a phone, the pieces panel's head once a piece is picked to act: "Aim at" and the
//! pieces of the other side, a finger-sized button each in rows of [`COLUMNS`], so a target
//! is a tap away, never a swipe of the list. It takes the place of the find box, the sides'
//! buttons and the hint, in a space the same height with nothing picked and with a pick (the
//! battle's own: room for the largest other side, up to [`MOST_LINES`] rows, the rest
//! scrolled in it), so a pick moves nothing under the finger: the list below keeps its place
//! and its size, and the strip's buttons come where no piece's row was.

use iced::widget::{Column, button, column, container, row, scrollable, space, text};
use iced::{Element, Fill, Length};

use adjutant::battle::Battle;
use adjutant::event::PieceId;

use super::roster_panel::Message;
use crate::ui::finger::TAP;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// The strip's buttons to a row.
pub const COLUMNS: usize = 3;

/// The most rows of buttons the strip keeps room for; a larger side's scroll in it.
pub const MOST_LINES: usize = 5;

/// The words over the buttons, and those when the pieces picked are on every side.
pub const AIM_AT: &str = "Aim at";
pub const NONE: &str = "The pieces picked are on every side: none to aim at.";

/// The widget id of `piece`'s button in the strip.
pub fn id(piece: PieceId) -> String {
    format!("aim:{}", piece.0)
}

/// The pieces `actors` may aim at: every piece of a side none of them is on, side by side in
/// the roster's order. None with nothing picked.
pub fn aimed_at(game: &Battle, actors: &[PieceId]) -> Vec<PieceId> {
    if actors.is_empty() {
        return Vec::new();
    }
    let roster = &game.roster;
    roster
        .ids()
        .filter(|&p| {
            let side = roster.side_of(p);
            actors.iter().all(|&a| roster.side_of(a) != side)
        })
        .collect()
}

/// The rows of buttons the strip keeps room for in `game`: those of the largest side other
/// than one, up to [`MOST_LINES`].
fn lines(game: &Battle) -> usize {
    let roster = &game.roster;
    let total = roster.ids().count();
    let most = (0..game.armies().len())
        .map(|side| total - roster.ids().filter(|&p| roster.side_of(p) == side).count())
        .max()
        .unwrap_or(0);
    most.div_ceil(COLUMNS).clamp(1, MOST_LINES)
}

/// The height of the strip in `game`: its line of words and its rows of buttons, and no
/// less than what it takes the place of with nothing picked (the find box, the sides'
/// buttons and a line of hint).
pub fn height(game: &Battle) -> f32 {
    let lines = lines(game) as f32;
    let strip = size::CAPTION * 1.3 + gap::XS + lines * TAP + (lines - 1.0) * gap::XS;
    let find = size::BODY * 1.3 + 2.0 * (gap::XS + 2.0) + 2.0;
    let unpicked = find + gap::S + TAP + gap::S + size::CAPTION * 1.3;
    strip.max(unpicked)
}

/// The strip: "Aim at" and a button for each piece `actors` may aim at (`targets` marked as
/// aimed at).
pub fn view<'a>(game: &'a Battle, actors: &[PieceId], targets: &[PieceId]) -> Element<'a, Message> {
    let pieces = aimed_at(game, actors);
    let content: Element<'a, Message> = if pieces.is_empty() {
        parts::caption(NONE)
    } else {
        let roster = &game.roster;
        let mut grid = Column::new().spacing(gap::XS);
        for chunk in pieces.chunks(COLUMNS) {
            let mut line = row![].spacing(gap::XS);
            for &p in chunk {
                let label = text(roster.name(p).into_owned())
                    .size(size::CAPTION - 1.0)
                    .wrapping(text::Wrapping::WordOrGlyph)
                    .align_x(iced::Center)
                    .align_y(iced::Center)
                    .width(Fill);
                let chip = button(label)
                    .padding([0.0, 2.0])
                    .width(Fill)
                    .style(theme::toggle(targets.contains(&p)))
                    .on_press(Message::TargetClicked {
                        id: p,
                        adding: false,
                    });
                line = line.push(
                    container(parts::tap(chip, true))
                        .id(id(p))
                        .width(Length::FillPortion(1)),
                );
            }
            // A short last row keeps its buttons the width of the others.
            for _ in chunk.len()..COLUMNS {
                line = line.push(space().width(Length::FillPortion(1)));
            }
            grid = grid.push(line);
        }
        let sides: Vec<&str> = {
            let mut sides: Vec<usize> = pieces.iter().map(|&p| roster.side_of(p)).collect();
            sides.dedup();
            sides
                .into_iter()
                .map(|s| game.armies()[s].side.as_str())
                .collect()
        };
        column![
            parts::caption(format!("{AIM_AT} — {}", sides.join(", "))),
            scrollable(grid.padding(iced::padding::right(gap::M))).height(Fill),
        ]
        .spacing(gap::XS)
        .into()
    };
    container(content)
        .width(Fill)
        .height(Length::Fixed(height(game)))
        .into()
}
