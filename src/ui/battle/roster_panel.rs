//! The left column of the battle: every piece of both sides, grouped by leader, each with its
//! status drawn from the rule system's schema. A click picks actors; in target mode, or with
//! shift held, it picks targets instead. The selection is what procedures are offered for.

use iced::widget::{Column, button, column, container, lazy, row, scrollable, space};
use iced::{Element, Fill};

use adjutant::battle::Battle;
use adjutant::battle::state::Role;
use adjutant::event::PieceId;
use adjutant::status::Viewer;

use super::status_view;
use crate::ui::parts;
use crate::ui::theme::{self, Pick, gap};

/// What a click picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Actors,
    Targets,
}

/// The selection: who acts and at whom.
#[derive(Debug, Clone, Default)]
pub struct State {
    pub actors: Vec<PieceId>,
    pub targets: Vec<PieceId>,
    mode: Mode,
}

#[derive(Debug, Clone)]
pub enum Message {
    PieceClicked(PieceId),
    ModeSelected(Mode),
    Cleared,
}

impl State {
    pub fn update(&mut self, message: Message, shift: bool) {
        match message {
            Message::PieceClicked(id) => {
                if shift || self.mode == Mode::Targets {
                    self.actors.retain(|&p| p != id);
                    toggle(&mut self.targets, id);
                } else {
                    self.targets.retain(|&p| p != id);
                    toggle(&mut self.actors, id);
                }
            }
            Message::ModeSelected(mode) => self.mode = mode,
            Message::Cleared => {
                self.actors.clear();
                self.targets.clear();
            }
        }
    }

    pub fn pick(&self, id: PieceId) -> Pick {
        if self.actors.contains(&id) {
            Pick::Actor
        } else if self.targets.contains(&id) {
            Pick::Target
        } else {
            Pick::None
        }
    }

    pub fn view<'a>(&'a self, game: &'a Battle, viewer: Viewer) -> Element<'a, Message> {
        let modes = row![
            parts::button_text("Pick actors")
                .style(theme::toggle(self.mode == Mode::Actors))
                .on_press(Message::ModeSelected(Mode::Actors)),
            parts::button_text("Pick targets")
                .style(theme::toggle(self.mode == Mode::Targets))
                .on_press(Message::ModeSelected(Mode::Targets)),
            space::horizontal(),
            parts::button_text("Clear")
                .style(theme::quiet)
                .on_press_maybe(
                    (!self.actors.is_empty() || !self.targets.is_empty())
                        .then_some(Message::Cleared)
                ),
        ]
        .spacing(gap::XS);
        let mut list = Column::new().spacing(gap::XS);
        for (side, army) in game.armies().iter().enumerate() {
            list = list.push(column![parts::strong(format!(
                "{} — {}",
                army.side, army.name
            )),]);
            for id in side_order(game, side) {
                list = list.push(self.piece_row(game, id, viewer));
            }
            list = list.push(space().height(gap::S));
        }
        let content = column![
            modes,
            parts::caption("Click picks; shift-click picks a target."),
            scrollable(list.padding(iced::padding::right(gap::M))).height(Fill),
        ]
        .spacing(gap::S);
        parts::panel("Pieces", content)
    }

    /// A piece's row, built again only when its status, its pick or what the viewer may see
    /// changed: a battle has a hundred rows and an action changes one or two.
    fn piece_row<'a>(
        &'a self,
        game: &'a Battle,
        id: PieceId,
        viewer: Viewer,
    ) -> Element<'a, Message> {
        let secrets = viewer.sees_secrets_of(game.roster.side_of(id));
        let key = (id, self.pick(id), secrets, game.state().piece(id));
        container(lazy(key, move |&(id, pick, secrets, _)| {
            piece_row(game, id, pick, secrets)
        }))
        .width(Fill)
        .into()
    }
}

/// A piece's row: its name and kind over its status, a button that picks it.
pub fn piece_row(
    game: &Battle,
    id: PieceId,
    pick: Pick,
    show_secrets: bool,
) -> Element<'static, Message> {
    let roster = &game.roster;
    let status = game.state().piece(id);
    let schema = game.piece_schema(id);
    let (name, detail, indent) = match (roster.unit(id), roster.leader(id)) {
        (Some(u), _) => (u.name.clone(), u.kind.clone(), gap::L),
        (_, Some(_)) => (roster.name(id).to_string(), "Leader".to_string(), 0.0),
        _ => (roster.name(id).to_string(), String::new(), 0.0),
    };
    let mut content = column![
        row![
            container(parts::strong(name)).width(Fill),
            parts::caption(detail)
        ]
        .spacing(gap::XS)
        .align_y(iced::Center)
    ]
    .spacing(gap::XS);
    if !status_view::is_empty(schema, status) {
        content = content.push(status_view::view(schema, status, show_secrets));
    }
    row![
        space().width(indent),
        button(content)
            .padding([gap::XS, gap::S])
            .width(Fill)
            .style(theme::piece_row(pick))
            .on_press(Message::PieceClicked(id)),
    ]
    .into()
}

/// A side's pieces: each leader followed by the units it commands, then units under no leader.
fn side_order(game: &Battle, side: usize) -> Vec<PieceId> {
    let roster = &game.roster;
    let mut order = Vec::new();
    let leaders = roster
        .ids()
        .filter(|&id| roster.side_of(id) == side && roster.piece(id).role == Role::Leader);
    for leader in leaders {
        order.push(leader);
        order.extend(roster.commanded_by(leader));
    }
    let unled: Vec<PieceId> = roster
        .ids()
        .filter(|&id| {
            roster.side_of(id) == side
                && roster.piece(id).role == Role::Unit
                && !order.contains(&id)
        })
        .collect();
    order.extend(unled);
    order
}

fn toggle(list: &mut Vec<PieceId>, id: PieceId) {
    if let Some(i) = list.iter().position(|&p| p == id) {
        list.remove(i);
    } else {
        list.push(id);
    }
}
