//! The battle screen: both sides' pieces on the left, the turn banner and the procedures in
//! the centre, the dice tray, the cards and the log on the right (laid out in [`screen`]).
//! Panels turn clicks into [`Command`]s; this module carries them out on the battle. The
//! screen never touches the disk: when the battle changed (or the player presses Retry) its
//! `update` returns [`Action::Save`], and the app saves it through its store in the same
//! update — before anything is shown — and hands the outcome back with [`Battle::saved`],
//! which keeps a banner up (with Retry and Save a copy) while the disk refuses. Leaving a
//! battle that is not saved asks first ([`leave`]): the app retries the save, then asks
//! [`Battle::ready_to_leave`].
//! F9 swaps the panels for the large-type across-the-table view (the choice is remembered
//! through [`Action::RememberAcross`]); the Tables button shows the rule tables in force.
//! On a phone ([`touch`]) the top bar's menu holds those buttons; a tap on a row's Target
//! there ends the pick and brings the procedures' tab up, and "Several" makes every tap add
//! to the pick as Ctrl or Shift does at the desk.
//!
//! The screen knows its battle's file: the one it was opened from, or a new one of its own
//! for a new battle or a copy brought in from elsewhere, named at its first save. The app's
//! store holds that battle's lock while the screen is up, so another window cannot play the
//! same battle, and lets go of it when the app replaces the screen.

mod across;
mod adjust_panel;
pub(super) mod aim;
mod banner;
pub(super) mod card_keys;
mod cards;
pub(super) mod clock_bar;
pub(super) mod describe;
pub(super) mod keypad;
pub(super) mod leave;
pub(super) mod log;
pub(super) mod odds;
pub(super) mod procedure_panel;
pub(super) mod questions;
pub(super) mod roster_panel;
pub(super) mod screen;
mod status_view;
pub mod tray;

use iced::Element;

use adjutant::army::Army;
use adjutant::battle::adjust::Subject;
use adjutant::battle::{self as game, ActionError};
use adjutant::dice::Dice;
use adjutant::status::{Change, Viewer};
pub use leave::Next;

use super::tables_view;

/// The widget id of the pieces panel's find box.
pub const FIND_FIELD: &str = roster_panel::FILTER;

/// The battle screen's state.
pub struct Battle {
    game: game::Battle,
    /// The file the battle is saved to; `None` until its first save.
    file: Option<std::path::PathBuf>,
    /// Where the player's rule-table override files go (the Tables view names them).
    overrides_dir: std::path::PathBuf,
    /// Why the last save failed; cleared by the next save that works.
    unsaved: Option<adjutant::store::StoreError>,
    /// Where the player wanted to go while the battle was not saved: the question is up.
    leaving: Option<Next>,
    viewer: Viewer,
    /// Ctrl or Shift is held: a click on a piece adds it to the pick.
    adding: bool,
    /// Ctrl (Cmd) is held: what a field would take as typing is a shortcut's key.
    command_held: bool,
    tab: Tab,
    narrow_tab: Tab,
    /// On a phone, the top bar's menu (printing, the tables, across the table, whose eyes) is
    /// open.
    menu: bool,
    mode: Mode,
    pieces: roster_panel::State,
    procedure: procedure_panel::State,
    tray: tray::State,
    cards: cards::State,
    log: log::State,
}

/// What the screen shows: the ordinary panels, the large-type view read from across the
/// table (F9), or the rule system's tables in force.
enum Mode {
    Desk,
    Across,
    Tables(Box<tables_view::State>),
}

/// The tabs of the right column's upper half (Dice, Cards), and of the single column of the
/// narrow layout (all four).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// The pieces, a tab of their own on a phone ([`PHONE`]).
    Pieces,
    Procedures,
    Dice,
    Cards,
    Log,
}

/// Below this width (logical pixels: the window's over the zoom) the screen keeps two
/// columns, so the procedures are never squeezed.
pub const NARROW: f32 = 1220.0;

/// Below this width (a phone, or a tablet's half) the pieces too are a tab of the one
/// column, instead of a column beside it.
pub const PHONE: f32 = 760.0;

/// Below this height (a phone on its side) the screen is laid out for a finger as a phone's
/// is, though its pieces keep their column: a top bar of one line, and every button a finger's
/// size ([`crate::ui::finger::TAP`]).
pub(crate) const SHORT: f32 = 500.0;

/// Whether a screen of `size` (logical pixels) is laid out for a finger: a phone either way
/// up.
pub(crate) fn touch(size: iced::Size) -> bool {
    size.width < PHONE || size.height < SHORT
}

#[derive(Debug, Clone)]
pub enum Message {
    Pieces(roster_panel::Message),
    Procedure(procedure_panel::Message),
    Tray(tray::Message),
    Cards(cards::Message),
    Log(log::Message),
    ViewerSelected(Viewer),
    TabSelected(Tab),
    /// A tab of the narrow layout's single column.
    NarrowTabSelected(Tab),
    /// The phone's top bar: its menu opened or closed.
    MenuToggled,
    /// F9 or the Across button: the across-the-table view and back.
    AcrossToggled,
    /// The Tables button: the tables in force and back.
    TablesToggled,
    /// Back to the ordinary panels (Ctrl+F, before the find box takes the keyboard).
    ShowDesk,
    RetrySave,
    /// Save a copy elsewhere (the banner's and the leaving question's button).
    SaveCopyPressed,
    Leave(leave::Message),
    HomePressed,
    PrintPressed,
    /// Ctrl or Shift pressed or released.
    AddingChanged(bool),
    /// Ctrl (Cmd) pressed or released: while it is held, keys are shortcuts, not typing.
    CommandHeld(bool),
    /// Return, pressed with no field taking it: enters the faces or the card tapped.
    EnterPressed,
    Undo,
    Redo,
    /// F8 or the Start at the foot of the centre: the procedure that moves the clock on.
    NextPhase,
}

/// What the battle screen asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    None,
    /// Save the battle now, before anything is shown, and hand the outcome to
    /// [`Battle::saved`] (which may ask for more: going on where the player was going).
    Save,
    /// The player asks to leave for `next`: go if the battle is saved or saves now; otherwise
    /// [`Battle::ready_to_leave`] puts the question up.
    Leave(Next),
    /// Go to `next` at once: the battle is saved, or the player chose to discard.
    Go(Next),
    Print,
    /// Ask where to save a copy of the battle.
    SaveCopy,
    /// Remember for the next battle whether it opens on the across-the-table view.
    RememberAcross(bool),
}

/// A change to the battle that a panel asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Start(game::Action),
    Roll,
    EnterFaces(String),
    Draw,
    /// The card drawn from the deck on the table, for the procedure under way.
    EnterCard(adjutant::cards::Card),
    Choose(usize),
    Cancel,
    Undo,
    Redo,
    /// Dice from the tray, rolled by Adjutant.
    TrayRoll(Dice),
    /// Dice from the tray, faces typed by the player (already checked by the tray).
    TrayFaces(Dice, String),
    /// Dice of several kinds from the tray, rolled by Adjutant.
    TrayRollMixed(Vec<Dice>),
    /// Dice of several kinds, faces typed (already checked by the tray), one text per kind.
    TrayFacesMixed(Vec<Dice>, Vec<String>),
    /// A card from the card panel.
    TrayDraw,
    /// The card drawn from the deck on the table, entered on the card panel.
    TrayCard(adjutant::cards::Card),
    /// A correction by hand to a piece's or a side's status.
    Adjust(Subject, Change),
}

/// Whether a message is text typed into a field (the find box, a faces field).
fn typing(message: &Message) -> bool {
    matches!(
        message,
        Message::Pieces(roster_panel::Message::FilterChanged(_))
            | Message::Procedure(procedure_panel::Message::FacesChanged(_))
            | Message::Tray(tray::Message::FacesChanged(..))
    )
}

/// A new battle between these armies under `systems` (the tables in force), with a seed
/// from the clock.
pub fn new_game(
    systems: &adjutant::rules::Systems,
    system: &str,
    armies: Vec<Army>,
) -> Result<game::Battle, ActionError> {
    let seed = adjutant::clock::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    game::Battle::new_under(systems, system, armies, seed)
}

impl Battle {
    /// A battle screen around a battle, which gets a new file of its own at its first save;
    /// `across_table` opens it on the across-the-table view, and `overrides_dir` is where the
    /// player's table overrides go. The app saves it before it is shown.
    pub fn new(
        game: game::Battle,
        across_table: bool,
        overrides_dir: std::path::PathBuf,
    ) -> Battle {
        let mode = if across_table {
            Mode::Across
        } else {
            Mode::Desk
        };
        Battle {
            game,
            file: None,
            overrides_dir,
            unsaved: None,
            leaving: None,
            viewer: Viewer::Umpire,
            adding: false,
            command_held: false,
            tab: Tab::Dice,
            narrow_tab: Tab::Procedures,
            menu: false,
            mode,
            pieces: roster_panel::State::default(),
            procedure: procedure_panel::State::default(),
            tray: tray::State::default(),
            cards: cards::State::default(),
            log: log::State::default(),
        }
    }

    /// This screen, playing its battle in `path` (a battle loaded from there).
    pub fn in_file(mut self, path: &std::path::Path) -> Battle {
        self.file = Some(path.to_path_buf());
        self
    }

    /// The battle as it stands.
    pub fn game(&self) -> &game::Battle {
        &self.game
    }

    /// The pieces picked to act and to be acted on.
    #[cfg(test)]
    pub fn selection(&self) -> &roster_panel::State {
        &self.pieces
    }

    /// Whether the player has answered the question `key` of `offer` for the pick on screen.
    #[cfg(test)]
    pub fn answer_given(&self, offer: &str, key: &str) -> bool {
        self.procedure.answer_given(&self.pieces, offer, key)
    }

    /// Whether the last save failed (the banner is up).
    pub fn unsaved(&self) -> bool {
        self.unsaved.is_some()
    }

    /// Whose eyes the screen shows the battle through.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The file the battle is saved to, once it has one.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    /// What the app saves: the battle, and its file — `None` until the first save, which
    /// then names the new file.
    pub fn for_saving(&mut self) -> (&game::Battle, &mut Option<std::path::PathBuf>) {
        (&self.game, &mut self.file)
    }

    /// How the save the screen asked for went: a failure keeps the battle in memory and puts
    /// up the banner; a save that works takes it down. When the question about leaving is up
    /// and the save now works, the player goes on where they were going.
    pub fn saved(&mut self, result: Result<(), adjutant::store::StoreError>) -> Action {
        self.unsaved = result.err();
        if self.unsaved.is_none()
            && let Some(next) = self.leaving.take()
        {
            return Action::Go(next);
        }
        Action::None
    }

    /// Carries out a message. When the battle changed, the answer is [`Action::Save`]: the
    /// app saves it before anything is shown.
    pub fn update(&mut self, message: Message) -> Action {
        if self.leaving.is_some()
            && !matches!(
                message,
                Message::Leave(_) | Message::AddingChanged(_) | Message::CommandHeld(_)
            )
        {
            // The question about leaving is up: the rest of the screen waits for its answer.
            return Action::None;
        }
        // Ctrl+0, Ctrl+= and Ctrl+- zoom: the field with the keyboard does not take the key.
        if self.command_held && typing(&message) {
            return Action::None;
        }
        if matches!(
            message,
            Message::ViewerSelected(_)
                | Message::AcrossToggled
                | Message::TablesToggled
                | Message::PrintPressed
        ) {
            // The menu's buttons close it (F9 and Ctrl+P too).
            self.menu = false;
        }
        match message {
            Message::Pieces(roster_panel::Message::Adjust(id, change)) => {
                let (result, action) = self.perform(Command::Adjust(Subject::Piece(id), change));
                self.procedure.finished(result);
                return action;
            }
            Message::Pieces(roster_panel::Message::PieceClicked { id, .. }) => {
                self.procedure.clear_error();
                self.pieces.update(roster_panel::Message::PieceClicked {
                    id,
                    adding: self.adding || self.pieces.several(),
                })
            }
            Message::Pieces(roster_panel::Message::TargetClicked { id, .. }) => {
                self.procedure.clear_error();
                self.pieces.update(roster_panel::Message::TargetClicked {
                    id,
                    adding: self.adding || self.pieces.several(),
                });
                // On a phone, aiming ends the pick: the procedures for it come up.
                if self.narrow_tab == Tab::Pieces {
                    self.narrow_tab = Tab::Procedures;
                }
            }
            Message::Pieces(m) => {
                if !matches!(m, roster_panel::Message::FilterChanged(_)) {
                    self.procedure.clear_error();
                }
                self.pieces.update(m)
            }
            Message::Procedure(m) => {
                if let Some(cmd) = self.procedure.update(m, &self.pieces) {
                    let (result, action) = self.perform(cmd);
                    self.procedure.finished(result);
                    return action;
                }
            }
            Message::Tray(m) => {
                if let Some(cmd) = self.tray.update(m) {
                    let (result, action) = self.perform(cmd);
                    self.tray.finished(result);
                    return action;
                }
            }
            Message::Cards(m) => {
                if let Some(cmd) = self.cards.update(m) {
                    let (result, action) = self.perform(cmd);
                    self.cards.finished(result);
                    return action;
                }
            }
            Message::Log(m) => {
                if let Some(cmd) = self.log.update(m) {
                    return self.log_command(cmd);
                }
            }
            Message::NextPhase => {
                if let (Mode::Desk, Some(action)) = (&self.mode, clock_bar::call(&self.game)) {
                    let (result, action) = self.perform(Command::Start(action));
                    self.procedure.finished(result);
                    return action;
                }
            }
            Message::Undo => return self.log_command(Command::Undo),
            Message::Redo => return self.log_command(Command::Redo),
            Message::ViewerSelected(v) => self.viewer = v,
            Message::TabSelected(t) => self.tab = t,
            Message::NarrowTabSelected(t) => self.narrow_tab = t,
            Message::MenuToggled => self.menu = !self.menu,
            Message::AcrossToggled => return self.toggle_across(),
            Message::TablesToggled => self.toggle_tables(),
            Message::ShowDesk => {
                let leaving_across = matches!(self.mode, Mode::Across);
                self.mode = Mode::Desk;
                if leaving_across {
                    return Action::RememberAcross(false);
                }
            }
            Message::RetrySave => return Action::Save,
            Message::SaveCopyPressed => return Action::SaveCopy,
            Message::Leave(m) => return self.answer_leaving(m),
            Message::HomePressed => return Action::Leave(Next::Home),
            Message::PrintPressed => return Action::Print,
            Message::AddingChanged(adding) => self.adding = adding,
            Message::CommandHeld(held) => self.command_held = held,
            Message::EnterPressed => {
                if let (Mode::Desk, Some(m)) = (&self.mode, self.procedure.on_return(&self.game)) {
                    return self.update(Message::Procedure(m));
                }
            }
        }
        Action::None
    }

    /// Switches to the across-the-table view or back, and asks to remember it for the next
    /// battle.
    fn toggle_across(&mut self) -> Action {
        let on = !matches!(self.mode, Mode::Across);
        self.mode = if on { Mode::Across } else { Mode::Desk };
        Action::RememberAcross(on)
    }

    /// Opens the tables in force (read afresh) or goes back to the panels.
    fn toggle_tables(&mut self) {
        self.mode = match self.mode {
            Mode::Tables(_) => Mode::Desk,
            Mode::Desk | Mode::Across => Mode::Tables(Box::new(tables_view::State::new(
                self.game.rules(),
                &self.overrides_dir,
            ))),
        };
    }

    /// Whether the battle may be left for `next`: it is saved (the app retries a refused save
    /// first). If not, the question is put up and `next` waits for the answer.
    pub fn ready_to_leave(&mut self, next: Next) -> bool {
        if self.unsaved.is_some() {
            self.leaving = Some(next);
            return false;
        }
        true
    }

    /// Where the player wanted to go, once a copy of the battle is safe elsewhere.
    pub fn take_leaving(&mut self) -> Option<Next> {
        self.leaving.take()
    }

    /// The answer to the question about leaving a battle that is not saved.
    fn answer_leaving(&mut self, answer: leave::Message) -> Action {
        match answer {
            // Once the save works, [`Battle::saved`] goes on where the player was going.
            leave::Message::Retry => return Action::Save,
            leave::Message::SaveCopy => return Action::SaveCopy,
            leave::Message::Discard => {
                if let Some(next) = self.leaving.take() {
                    return Action::Go(next);
                }
            }
            leave::Message::Stay => self.leaving = None,
        }
        Action::None
    }

    fn log_command(&mut self, cmd: Command) -> Action {
        let (result, action) = self.perform(cmd);
        self.log.finished(result);
        action
    }

    /// Carries out a command; when the battle changed, asks for it to be saved.
    fn perform(&mut self, cmd: Command) -> (Result<(), ActionError>, Action) {
        let before = self.game.revision();
        self.procedure.forget_odds();
        let result = self.apply(cmd);
        let action = if self.game.revision() != before {
            Action::Save
        } else {
            Action::None
        };
        (result, action)
    }

    fn apply(&mut self, cmd: Command) -> Result<(), ActionError> {
        let g = &mut self.game;
        match cmd {
            Command::Start(action) => g.start(action),
            Command::Roll => g.roll(),
            Command::EnterFaces(text) => g.enter_faces(&text),
            Command::Draw => g.draw(),
            Command::EnterCard(card) => g.enter_card(card),
            Command::Choose(i) => g.choose(i),
            Command::Cancel => g.cancel(),
            Command::Undo => g.undo(),
            Command::Adjust(subject, change) => g.adjust(subject, change),
            Command::Redo => g.redo(),
            Command::TrayRoll(dice) => {
                g.start(game::Action::Roll(dice))?;
                g.roll().inspect_err(|_| {
                    let _ = g.cancel();
                })
            }
            Command::TrayFaces(dice, text) => {
                g.start(game::Action::Roll(dice))?;
                g.enter_faces(&text).inspect_err(|_| {
                    let _ = g.cancel();
                })
            }
            Command::TrayRollMixed(groups) => {
                let kinds = groups.len();
                g.start(game::Action::RollMixed(groups))?;
                (0..kinds).try_for_each(|_| g.roll())
            }
            Command::TrayFacesMixed(groups, texts) => {
                g.start(game::Action::RollMixed(groups))?;
                texts.iter().try_for_each(|t| g.enter_faces(t))
            }
            Command::TrayDraw => {
                g.start(game::Action::Draw)?;
                g.draw().inspect_err(|_| {
                    let _ = g.cancel();
                })
            }
            Command::TrayCard(card) => {
                g.start(game::Action::Draw)?;
                g.enter_card(card).inspect_err(|_| {
                    let _ = g.cancel();
                })
            }
        }
    }

    /// The pieces panel's row for one piece, built afresh as it is when the piece changes
    /// (the panel keeps unchanged rows); `benches/action.rs` times it.
    #[allow(dead_code)]
    pub fn piece_row(&self, id: adjutant::event::PieceId) -> Element<'static, Message> {
        let row = roster_panel::Row {
            pick: self.pieces.pick(id),
            show_secrets: self.viewer.sees_secrets_of(self.game.roster.side_of(id)),
            fold: None,
            aim: false,
            boxes: roster_panel::Boxes::Click,
        };
        row.view(&self.game, id).map(Message::Pieces)
    }
}
