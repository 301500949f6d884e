//! The battle screen: both sides' pieces on the left, the turn banner and the procedures in
//! the centre, the dice tray, the cards and the log on the right (laid out in [`screen`]).
//! Panels turn clicks into
//! [`Command`]s; this module carries them out on the battle and saves it before anything is
//! shown, keeping a banner up (with Retry and Save a copy) while the disk refuses. Leaving a
//! battle that is not saved asks first ([`leave`]). F9 swaps the panels for the large-type
//! across-the-table view; the Tables button shows the rule tables in force.
//!
//! The screen holds its battle's file: the one it was opened from, or a new one of its own
//! for a new battle or a copy brought in from elsewhere. It holds that battle's lock while it
//! is up, so another window cannot play the same battle.

mod across;
mod adjust_panel;
mod banner;
mod cards;
mod describe;
pub(super) mod leave;
pub(super) mod log;
pub(super) mod odds;
pub(super) mod procedure_panel;
pub(super) mod roster_panel;
mod screen;
mod status_view;
pub(super) mod tray;

use iced::Element;

use adjutant::army::Army;
use adjutant::battle::adjust::Subject;
use adjutant::battle::{self as game, ActionError};
use adjutant::dice::Dice;
use adjutant::status::{Change, Viewer};
pub use leave::Next;

use super::persist::Store;
use super::tables_view;

/// The widget id of the pieces panel's find box.
pub const FIND_FIELD: &str = roster_panel::FILTER;

/// The battle screen's state.
pub struct Battle {
    game: game::Battle,
    store: Store,
    /// The file the battle is saved to; `None` until its first save.
    file: Option<std::path::PathBuf>,
    /// Why the last save failed; cleared by the next save that works.
    unsaved: Option<adjutant::store::StoreError>,
    /// Where the player wanted to go while the battle was not saved: the question is up.
    leaving: Option<Next>,
    viewer: Viewer,
    /// Ctrl or Shift is held: a click on a piece adds it to the pick.
    adding: bool,
    tab: Tab,
    narrow_tab: Tab,
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
    Procedures,
    Dice,
    Cards,
    Log,
}

/// Below this width (logical pixels: the window's over the zoom) the screen keeps two
/// columns, so the procedures are never squeezed.
pub const NARROW: f32 = 1220.0;

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
    Undo,
    Redo,
}

/// What the battle screen asks the app to do.
pub enum Action {
    None,
    /// Go where the player asked: the battle is saved, or the player chose to discard.
    Leave(Next),
    Print,
    /// Ask where to save a copy of the battle.
    SaveCopy,
}

/// A change to the battle that a panel asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Start(game::Action),
    Roll,
    EnterFaces(String),
    Draw,
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
    /// A correction by hand to a piece's or a side's status.
    Adjust(Subject, Change),
}

impl Battle {
    /// A new battle between these armies, saved before it is shown.
    pub fn start(store: Store, system: &str, armies: Vec<Army>) -> Result<Battle, ActionError> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let game = game::Battle::new_under(&store.systems(), system, armies, seed)?;
        let mut battle = Battle::with(store, game);
        battle.save();
        Ok(battle)
    }

    /// A saved battle, loaded back to be played in its own file.
    pub fn open(store: Store, path: &std::path::Path) -> Result<Battle, String> {
        let game = store.open_battle(path)?;
        let mut battle = Battle::with(store, game);
        battle.file = Some(path.to_path_buf());
        // Remember it as the battle to resume; a failure shows in the banner.
        battle.save();
        Ok(battle)
    }

    /// A battle screen around a battle, which gets a new file of its own at its first save.
    pub fn with(store: Store, game: game::Battle) -> Battle {
        let mode = if store.across_table() {
            Mode::Across
        } else {
            Mode::Desk
        };
        Battle {
            game,
            store,
            file: None,
            unsaved: None,
            leaving: None,
            viewer: Viewer::Umpire,
            adding: false,
            tab: Tab::Dice,
            narrow_tab: Tab::Procedures,
            mode,
            pieces: roster_panel::State::default(),
            procedure: procedure_panel::State::default(),
            tray: tray::State::default(),
            cards: cards::State::default(),
            log: log::State::default(),
        }
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

    /// Whether the last save failed (the banner is up).
    pub fn unsaved(&self) -> bool {
        self.unsaved.is_some()
    }

    /// Whose eyes the screen shows the battle through.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The file the battle is saved to, once it has one.
    #[cfg(test)]
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    pub fn update(&mut self, message: Message) -> Action {
        if self.leaving.is_some()
            && !matches!(message, Message::Leave(_) | Message::AddingChanged(_))
        {
            // The question about leaving is up: the rest of the screen waits for its answer.
            return Action::None;
        }
        match message {
            Message::Pieces(roster_panel::Message::Adjust(id, change)) => {
                let result = self.perform(Command::Adjust(Subject::Piece(id), change));
                self.procedure.finished(result);
            }
            Message::Pieces(roster_panel::Message::PieceClicked { id, .. }) => {
                self.procedure.clear_error();
                self.pieces.update(roster_panel::Message::PieceClicked {
                    id,
                    adding: self.adding,
                })
            }
            Message::Pieces(roster_panel::Message::TargetClicked { id, .. }) => {
                self.procedure.clear_error();
                self.pieces.update(roster_panel::Message::TargetClicked {
                    id,
                    adding: self.adding,
                })
            }
            Message::Pieces(m) => {
                if !matches!(m, roster_panel::Message::FilterChanged(_)) {
                    self.procedure.clear_error();
                }
                self.pieces.update(m)
            }
            Message::Procedure(m) => {
                if let Some(cmd) = self.procedure.update(m, &self.pieces) {
                    let result = self.perform(cmd);
                    self.procedure.finished(result);
                }
            }
            Message::Tray(m) => {
                if let Some(cmd) = self.tray.update(m) {
                    let result = self.perform(cmd);
                    self.tray.finished(result);
                }
            }
            Message::Cards(m) => {
                let cmd = self.cards.update(m);
                let result = self.perform(cmd);
                self.cards.finished(result);
            }
            Message::Log(m) => {
                if let Some(cmd) = self.log.update(m) {
                    self.log_command(cmd);
                }
            }
            Message::Undo => self.log_command(Command::Undo),
            Message::Redo => self.log_command(Command::Redo),
            Message::ViewerSelected(v) => self.viewer = v,
            Message::TabSelected(t) => self.tab = t,
            Message::NarrowTabSelected(t) => self.narrow_tab = t,
            Message::AcrossToggled => self.toggle_across(),
            Message::TablesToggled => self.toggle_tables(),
            Message::ShowDesk => {
                if matches!(self.mode, Mode::Across) {
                    self.toggle_across();
                }
                self.mode = Mode::Desk;
            }
            Message::RetrySave => self.save(),
            Message::SaveCopyPressed => return Action::SaveCopy,
            Message::Leave(m) => return self.answer_leaving(m),
            Message::HomePressed => {
                if self.ready_to_leave(Next::Home) {
                    return Action::Leave(Next::Home);
                }
            }
            Message::PrintPressed => return Action::Print,
            Message::AddingChanged(adding) => self.adding = adding,
        }
        Action::None
    }

    /// Switches to the across-the-table view or back, and remembers it for the next battle.
    fn toggle_across(&mut self) {
        let on = !matches!(self.mode, Mode::Across);
        self.mode = if on { Mode::Across } else { Mode::Desk };
        // Only the choice for next time is lost if the settings cannot be written.
        let _ = self.store.save_across_table(on);
    }

    /// Opens the tables in force (read afresh) or goes back to the panels.
    fn toggle_tables(&mut self) {
        self.mode = match self.mode {
            Mode::Tables(_) => Mode::Desk,
            Mode::Desk | Mode::Across => Mode::Tables(Box::new(tables_view::State::new(
                self.game.rules(),
                &self.store.overrides_dir(),
            ))),
        };
    }

    /// Whether the battle may be left for `next`: it is saved, or saves now. If not, the
    /// question is put up and `next` waits for the answer.
    pub fn ready_to_leave(&mut self, next: Next) -> bool {
        if self.unsaved.is_some() {
            self.save();
        }
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
            leave::Message::Retry => {
                self.save();
                if self.unsaved.is_none()
                    && let Some(next) = self.leaving.take()
                {
                    return Action::Leave(next);
                }
            }
            leave::Message::SaveCopy => return Action::SaveCopy,
            leave::Message::Discard => {
                if let Some(next) = self.leaving.take() {
                    return Action::Leave(next);
                }
            }
            leave::Message::Stay => self.leaving = None,
        }
        Action::None
    }

    fn log_command(&mut self, cmd: Command) {
        let result = self.perform(cmd);
        self.log.finished(result);
    }

    /// Carries out a command; when the battle changed, saves it before returning.
    fn perform(&mut self, cmd: Command) -> Result<(), ActionError> {
        let before = self.game.revision();
        self.procedure.forget_odds();
        let result = self.apply(cmd);
        if self.game.revision() != before {
            self.save();
        }
        result
    }

    fn apply(&mut self, cmd: Command) -> Result<(), ActionError> {
        let g = &mut self.game;
        match cmd {
            Command::Start(action) => g.start(action),
            Command::Roll => g.roll(),
            Command::EnterFaces(text) => g.enter_faces(&text),
            Command::Draw => g.draw(),
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
        };
        row.view(&self.game, id).map(Message::Pieces)
    }

    /// Saves the battle; on failure keeps it in memory and puts up the banner.
    fn save(&mut self) {
        self.unsaved = self.store.save_to(&self.game, &mut self.file).err();
    }
}

impl Drop for Battle {
    /// Lets go of the battle's lock, so another window may open it.
    fn drop(&mut self) {
        if let Some(file) = &self.file {
            self.store.release(file);
        }
    }
}
