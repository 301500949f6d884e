//! The left column of the battle: every piece of both sides, grouped by leader, each with its
//! status drawn from the rule system's schema. A find box (Ctrl+F) narrows the list by name,
//! kind, leader or side, and on a touch screen (a phone, which shows no keyboard to a
//! canvas) a button for each side narrows it to that side by a tap, "All" to everyone
//! again; a leader's command folds away. A plain click makes the piece the whole
//! pick, Ctrl- or Shift-click adds it; in target mode clicks pick targets, and a row's "Target"
//! button picks that piece as a target in one click. A plain click on a piece already picked
//! as a target keeps it so. A touch screen has no Ctrl or Shift: there "Several" makes each tap
//! add a piece to the pick (or take it out), for a combined melee; its buttons are a finger's
//! size, and only the pieces picked show their step boxes as buttons (a tap on the row picks
//! it first), so a finger cannot mark a step lost on the unit beside it. On a phone, once a
//! piece is picked, the pieces it may aim at take the place of the find box and the sides'
//! buttons, a tap each ([`aim`]). The selection is what procedures are offered for. A leader's row
//! says, under it, which unit he is with ("with …", the rule system's record of a leader
//! stacked with or attached to a unit): one choice of his side's units sets it, "none" clears
//! it, each a logged, undoable correction; the unit's row then says "Colonel X with it".

use std::collections::BTreeSet;

use iced::widget::{Column, button, column, container, lazy, row, scrollable, space, text};
use iced::{Element, Fill, Length};

use adjutant::battle::Battle;
use adjutant::battle::state::Role;
use adjutant::event::PieceId;
use adjutant::status::{Change, Viewer};

use super::{aim, keypad};
use crate::ui::parts;
use crate::ui::theme::{self, Pick, gap, size};
use crate::ui::typing::field;

mod piece_row;
#[cfg(test)]
pub use piece_row::WITH_LABEL;
use piece_row::leaders_with;
pub use piece_row::{Boxes, Row};

/// The widget id of the find box (Ctrl+F focuses it).
pub const FILTER: &str = "piece-filter";

/// The widget id of a side's button (None: All).
pub fn side_id(side: Option<usize>) -> String {
    match side {
        Some(side) => format!("side-filter:{side}"),
        None => "side-filter:all".to_string(),
    }
}

/// What a click picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Actors,
    Targets,
}

/// The selection (who acts and at whom), the find box, the side shown and the folded
/// commands.
#[derive(Debug, Clone, Default)]
pub struct State {
    pub actors: Vec<PieceId>,
    pub targets: Vec<PieceId>,
    mode: Mode,
    filter: String,
    /// The side whose pieces alone are listed (its button tapped), or every side.
    side: Option<usize>,
    folded: BTreeSet<PieceId>,
    /// "Several" is on: a tap adds a piece to the pick, as a Ctrl- or Shift-click does.
    several: bool,
}

#[derive(Debug, Clone)]
pub enum Message {
    /// A click on a piece's row; `adding` when Ctrl or Shift was held.
    PieceClicked {
        id: PieceId,
        adding: bool,
    },
    /// The row's Target button; `adding` when Ctrl or Shift was held.
    TargetClicked {
        id: PieceId,
        adding: bool,
    },
    ModeSelected(Mode),
    Cleared,
    FilterChanged(String),
    /// A side's button: only its pieces listed; None (All) lists everyone, the find box
    /// emptied.
    SideShown(Option<usize>),
    /// A leader's fold button: its command hidden or shown again.
    FoldToggled(PieceId),
    /// "Several" turned on or off.
    SeveralToggled,
    /// A click on a box of a piece's track: a correction by hand.
    Adjust(PieceId, Change),
}

impl State {
    /// What the find box holds.
    #[cfg(test)]
    pub fn filter(&self) -> &str {
        &self.filter
    }

    pub fn update(&mut self, message: Message) {
        match message {
            // Clicking a target again (to be sure of it) leaves the pick as it is.
            Message::PieceClicked { id, adding: false } if self.targets.contains(&id) => {}
            Message::PieceClicked { id, adding } => {
                let (list, other) = match self.mode {
                    Mode::Actors => (&mut self.actors, &mut self.targets),
                    Mode::Targets => (&mut self.targets, &mut self.actors),
                };
                other.retain(|&p| p != id);
                if adding {
                    toggle(list, id);
                } else if list.as_slice() == [id] {
                    list.clear();
                } else {
                    *list = vec![id];
                }
            }
            Message::TargetClicked { id, adding } => {
                self.actors.retain(|&p| p != id);
                if adding {
                    toggle(&mut self.targets, id);
                } else {
                    self.targets = vec![id];
                }
            }
            Message::ModeSelected(mode) => self.mode = mode,
            Message::SeveralToggled => self.several = !self.several,
            Message::Cleared => {
                self.actors.clear();
                self.targets.clear();
            }
            Message::FilterChanged(s) => self.filter = s,
            Message::SideShown(side) => {
                if side.is_none() {
                    self.filter.clear();
                }
                self.side = side;
            }
            // The battle screen carries corrections out.
            Message::Adjust(..) => {}
            Message::FoldToggled(leader) => {
                if !self.folded.remove(&leader) {
                    self.folded.insert(leader);
                }
            }
        }
    }

    /// Whether a tap adds a piece to the pick ("Several" is on).
    pub fn several(&self) -> bool {
        self.several
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

    /// Whether a row offers its one-click Target button: something is picked to act, and
    /// this piece is on another side.
    fn offers_target(&self, game: &Battle, id: PieceId) -> bool {
        let side = game.roster.side_of(id);
        self.mode == Mode::Actors
            && !self.actors.is_empty()
            && self.actors.iter().all(|&a| game.roster.side_of(a) != side)
    }

    /// The panel; `touch` (a phone) adds the sides' buttons and "Several", and sizes every
    /// button for a finger; `strip` (a phone held upright, the pieces a tab of their own)
    /// brings the pieces a pick may aim at up in place of the find box ([`aim`]).
    pub fn view<'a>(
        &'a self,
        game: &'a Battle,
        viewer: Viewer,
        touch: bool,
        strip: bool,
    ) -> Element<'a, Message> {
        // A phone's screen has room for short words only.
        let (actors, targets) = match touch {
            true => (ACTORS_SHORT, TARGETS_SHORT),
            false => ("Pick actors", "Pick targets"),
        };
        let button = |label, on: bool, message| {
            parts::tap(
                parts::touch_text(label, touch)
                    .style(theme::toggle(on))
                    .on_press(message),
                touch,
            )
        };
        let mut modes = row![
            button(
                actors,
                self.mode == Mode::Actors,
                Message::ModeSelected(Mode::Actors)
            ),
            button(
                targets,
                self.mode == Mode::Targets,
                Message::ModeSelected(Mode::Targets)
            ),
        ]
        .spacing(gap::XS);
        if touch {
            modes = modes.push(button(SEVERAL, self.several, Message::SeveralToggled));
        }
        let modes = modes.push(space::horizontal()).push(parts::tap(
            parts::touch_text("Clear", touch)
                .style(theme::quiet)
                .on_press_maybe(
                    (!self.actors.is_empty() || !self.targets.is_empty())
                        .then_some(Message::Cleared),
                ),
            touch,
        ));
        let find = field(
            FILTER,
            "Find (Ctrl+F): name, kind, leader or side",
            &self.filter,
        )
        .on_input(Message::FilterChanged)
        .size(size::BODY)
        .padding(gap::XS + 2.0);
        let words = self.filter.trim().to_lowercase();
        let mut list = Column::new().spacing(gap::XS);
        let mut found = 0;
        // On a phone the side whose phase it is comes first, so the piece to act is near the
        // list's top (the other side's come a tap away in the strip above once it is picked).
        let mut sides: Vec<usize> = (0..game.armies().len()).collect();
        if strip {
            sides.sort_by_key(|&s| s != game.state().side);
        }
        for side in sides {
            let army = &game.armies()[side];
            if self.side.is_some_and(|s| s != side) {
                continue;
            }
            list = list.push(parts::strong(format!("{} — {}", army.side, army.name)));
            for (id, under) in side_order(game, side) {
                if !words.is_empty() {
                    if !matches(game, id, &words) {
                        continue;
                    }
                } else if under.is_some_and(|l| self.folded.contains(&l)) {
                    continue;
                }
                found += 1;
                list = list.push(self.piece_row(game, id, viewer, touch));
            }
            list = list.push(space().height(gap::S));
        }
        let hint = if !words.is_empty() && found == 0 {
            "No piece matches.".to_string()
        } else if touch {
            // No Ctrl or Shift under a finger: one line, for the room of a phone's screen.
            match (self.mode, self.several) {
                (Mode::Targets, false) => "A tap picks the target.",
                (Mode::Targets, true) => "A tap adds a target, or takes it out.",
                (Mode::Actors, false) if strip => {
                    "A tap picks a piece; the pieces it may aim at then show here, a tap each."
                }
                (Mode::Actors, false) => "A tap picks; Target aims at a piece.",
                (Mode::Actors, true) => "A tap adds a piece, or takes it out.",
            }
            .to_string()
        } else if self.mode == Mode::Targets {
            "Click picks the target; Ctrl- or Shift-click adds one.".to_string()
        } else {
            "Click picks; Ctrl- or Shift-click adds; Target aims at a piece.".to_string()
        };
        let list = scrollable(list.padding(iced::padding::right(gap::M))).height(Fill);
        let content = if strip {
            // On a phone, once a piece is picked its targets take the place of the find box,
            // the sides' buttons and the hint, in a space of the same height either way, so
            // the list below moves not at all under the finger that picked.
            let head: Element<'a, Message> = if self.actors.is_empty() {
                column![find, self.sides(game), parts::caption(hint)]
                    .spacing(gap::S)
                    .into()
            } else {
                aim::view(game, &self.actors, &self.targets)
            };
            column![
                modes,
                container(head).height(Length::Fixed(aim::height(game))),
                list
            ]
        } else {
            let sides = touch.then(|| self.sides(game));
            column![modes, find, sides, parts::caption(hint), list]
        }
        .spacing(gap::S);
        if touch {
            // On a phone the Pieces tab, chosen above, names the panel.
            parts::plain_panel(content)
        } else {
            parts::panel("Pieces", content)
        }
    }

    /// A button for each side (its name as the roster has it) and All, a finger's height
    /// ([`keypad::KEY`]): the filter of a screen that shows no keyboard.
    fn sides<'a>(&self, game: &'a Battle) -> Element<'a, Message> {
        let chip = |label: String, on: bool, side: Option<usize>| {
            container(
                button(
                    text(label)
                        .size(size::BODY)
                        .align_y(iced::Center)
                        .height(Fill),
                )
                .height(Length::Fixed(keypad::KEY))
                .padding([0.0, gap::M])
                .style(theme::toggle(on))
                .on_press(Message::SideShown(side)),
            )
            .id(side_id(side))
        };
        let mut chips = row![chip("All".to_string(), self.side.is_none(), None)];
        for (side, army) in game.armies().iter().enumerate() {
            chips = chips.push(chip(army.side.clone(), self.side == Some(side), Some(side)));
        }
        chips
            .spacing(gap::XS)
            .wrap()
            .vertical_spacing(gap::XS)
            .into()
    }

    /// A piece's row, built again only when its status, its pick, its fold, its Target button
    /// or what the viewer may see changed: a battle has a hundred rows and an action changes
    /// one or two.
    fn piece_row<'a>(
        &'a self,
        game: &'a Battle,
        id: PieceId,
        viewer: Viewer,
        touch: bool,
    ) -> Element<'a, Message> {
        let secrets = viewer.sees_secrets_of(game.roster.side_of(id));
        let fold = self.fold_of(game, id);
        let aim = self.offers_target(game, id);
        let pick = self.pick(id);
        // On a phone only the pieces picked have their boxes as buttons (a finger's size),
        // each keeping them while "Several" adds another, so no row moves under the finger.
        let boxes = match touch {
            false => Boxes::Click,
            true if pick != Pick::None => Boxes::Tap,
            true => Boxes::Shown,
        };
        // A unit's row names the leaders recorded with it, so it is built again when they are.
        let led = leaders_with(game, id);
        let key = (
            id,
            pick,
            secrets,
            fold,
            aim,
            boxes,
            game.state().piece(id),
            led,
        );
        container(lazy(
            key,
            move |&(id, pick, secrets, fold, aim, boxes, _, _)| {
                let row = Row {
                    pick,
                    show_secrets: secrets,
                    fold,
                    aim,
                    boxes,
                };
                row.view(game, id)
            },
        ))
        .width(Fill)
        .into()
    }

    /// A leader's fold: `Some(folded)` when it commands anyone, `None` otherwise.
    fn fold_of(&self, game: &Battle, id: PieceId) -> Option<bool> {
        (game.roster.piece(id).role == Role::Leader && !game.roster.commanded_by(id).is_empty())
            .then(|| self.folded.contains(&id))
    }
}

/// The short words of the modes on a phone, and its "Several" (tests tap them).
pub const ACTORS_SHORT: &str = "Actors";
pub const TARGETS_SHORT: &str = "Targets";
pub const SEVERAL: &str = "Several";

/// Whether a piece matches every word of the find box: by its name, its kind, its side (the
/// side's name or its army's), or (for a unit) its leader's name.
fn matches(game: &Battle, id: PieceId, words: &str) -> bool {
    let roster = &game.roster;
    let side = roster.side_of(id);
    let mut hay = roster.name(id).to_lowercase();
    if let Some(army) = roster.armies.get(side) {
        hay.push(' ');
        hay.push_str(&army.side.to_lowercase());
        hay.push(' ');
        hay.push_str(&army.name.to_lowercase());
    }
    if let Some(u) = roster.unit(id) {
        hay.push(' ');
        hay.push_str(&u.kind.to_lowercase());
        if let Some(leader) = u.leader.as_deref().and_then(|l| roster.find(side, l)) {
            hay.push(' ');
            hay.push_str(&roster.name(leader).to_lowercase());
        }
    } else {
        hay.push_str(" leader");
    }
    words.split_whitespace().all(|w| hay.contains(w))
}

/// A side's pieces: each leader followed by the units it commands (with that leader), then
/// units under no leader.
fn side_order(game: &Battle, side: usize) -> Vec<(PieceId, Option<PieceId>)> {
    let roster = &game.roster;
    let mut order = Vec::new();
    let leaders = roster
        .ids()
        .filter(|&id| roster.side_of(id) == side && roster.piece(id).role == Role::Leader);
    for leader in leaders {
        order.push((leader, None));
        order.extend(
            roster
                .commanded_by(leader)
                .into_iter()
                .map(|u| (u, Some(leader))),
        );
    }
    let unled: Vec<(PieceId, Option<PieceId>)> = roster
        .ids()
        .filter(|&id| {
            roster.side_of(id) == side
                && roster.piece(id).role == Role::Unit
                && !order.iter().any(|&(p, _)| p == id)
        })
        .map(|id| (id, None))
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
