//! The home screen: the shipped and the player's armies grouped by rule system (files that
//! failed to load show every problem), a new-battle picker with one army per side, the last
//! battle to resume and the list of saved battles ([`saved`]). A battle whose file is missing
//! or damaged says why and, when its backup loads, offers to restore it. A battle another tab
//! plays (in a browser) is not opened, and the notice offers to take it over. Every battle can
//! be deleted into the bin, and put back from it or deleted for good ([`bin`]); everything can
//! be backed up into one file, or restored from one, and the screen says when the last backup
//! was made. In a browser the saved battles end with whether the browser keeps them for good
//! and the room left.

mod armies;
mod bin;
pub(super) mod picker;
mod saved;

use std::path::PathBuf;

use iced::widget::{Column, column, container, pick_list, row, scrollable, space};
use iced::{Element, Fill, Length};

use adjutant::army::{Army, ArmyFile};

use super::battle::PHONE;

/// Below this height (logical pixels: a phone on its side) the home screen's right-hand
/// column scrolls as one.
const SHORT: f32 = 600.0;
use super::parts;
use super::persist::{BinnedBattle, SavedBattle, Store};
use super::theme::{self, Choice, gap};
pub use picker::{ArmyPick, SystemPick};

/// The button that puts a damaged battle's backup in its place.
pub const RESTORE: &str = "Restore the backup";
/// The button that writes (or downloads) one backup file of everything.
pub const BACK_UP: &str = "Back up everything…";
/// The button that restores a backup file.
pub const RESTORE_BACKUP: &str = "Restore from a backup…";
/// The button beside a saved battle that moves it into the bin.
pub const DELETE: &str = "Delete";
/// The buttons beside a battle in the bin.
pub const PUT_BACK: &str = "Put back";
pub const DELETE_FOR_GOOD: &str = "Delete for good";

/// The home screen's state.
pub struct Home {
    armies: Vec<ArmyFile>,
    saved: Vec<SavedBattle>,
    /// Why the saved battles could not be listed (their folder cannot be read).
    saved_problem: Option<String>,
    last: Option<SavedBattle>,
    user_dir: PathBuf,
    picker: picker::Picker,
    /// Something the player should know: a battle that would not open, settings not saved.
    pub notice: Option<String>,
    store_problem: Option<String>,
    /// Whether Adjutant opens the last battle when it starts (a setting).
    reopen_last: bool,
    /// The battle the notice says another tab plays, offered to be taken over.
    take_over: Option<PathBuf>,
    /// Whether the browser keeps the battles, and the room left (nothing on the desktop).
    keeping: Vec<String>,
    /// When the last backup was made, in words.
    last_backup: String,
    /// The battles in the bin.
    bin: Vec<BinnedBattle>,
    /// The bin is shown in place of the saved battles.
    showing_bin: bool,
    /// The battle in the bin whose Delete for good waits to be confirmed.
    confirming: Option<PathBuf>,
}

#[derive(Debug, Clone)]
pub enum Message {
    RosterOpened(usize),
    SystemSelected(SystemPick),
    ArmySelected(usize, ArmyPick),
    SidesSwapped,
    NewBattle,
    BattleOpened(PathBuf),
    RestorePressed(PathBuf),
    ThemeSelected(Choice),
    NoticeDismissed,
    OpenPressed,
    /// "New army" for a rule system (its id).
    NewArmyPressed(SystemPick),
    /// "Edit" on an army file (its place in the list).
    EditPressed(usize),
    ReopenToggled,
    /// "Take it over" beside the notice that another tab plays a battle.
    TakeOverPressed(PathBuf),
    BackUpPressed,
    RestoreBackupPressed,
    /// Delete beside a saved battle (its file).
    DeletePressed(PathBuf),
    /// Bin (N), or back to the saved battles.
    BinToggled,
    /// Put back beside a battle in the bin (its id there).
    PutBackPressed(PathBuf),
    /// Delete for good beside a battle in the bin: asks first.
    DeleteForGoodPressed(PathBuf),
    /// The question's answer: delete it for good (true) or keep it.
    DeleteForGoodAnswered(bool),
}

/// The button that takes a battle over from the tab that plays it.
pub const TAKE_OVER: &str = "Take it over";

/// What the home screen asks the app to do.
pub enum Action {
    None,
    OpenRoster(Box<Army>),
    NewBattle {
        system: String,
        armies: Vec<Army>,
    },
    OpenBattle(PathBuf),
    /// Put the backup of this damaged battle in its place.
    Restore(PathBuf),
    ThemeChosen(Choice),
    OpenFile,
    /// Build a new army for this rule system.
    NewArmy(String),
    /// Edit this army file in the builder (a shipped one is saved as the player's copy).
    EditArmy {
        path: PathBuf,
        shipped: bool,
    },
    /// The player turned reopening the last battle on start on or off.
    ReopenChosen(bool),
    /// Take this battle over from the tab that plays it, and open it.
    TakeOver(PathBuf),
    /// Write (or download) a backup of everything.
    BackUp,
    /// Restore a backup file the player picks.
    RestoreBackup,
    /// Move this saved battle into the bin.
    Delete(PathBuf),
    /// Put this battle back from the bin.
    PutBack(PathBuf),
    /// Delete this battle in the bin for good.
    DeleteForGood(PathBuf),
}

impl Home {
    /// The home screen with the armies and battles found in the store.
    pub fn new(store: &Store) -> Home {
        let (saved, saved_problem) = match store.battles() {
            Ok(saved) => (saved, None),
            Err(why) => (Vec::new(), Some(why)),
        };
        let armies = store.armies();
        Home {
            saved_problem,
            picker: picker::Picker::new(&armies),
            armies,
            last: store.last_battle(&saved),
            saved,
            user_dir: store.user_armies_dir(),
            notice: None,
            store_problem: store.problem.clone(),
            reopen_last: store.reopen_last(),
            take_over: None,
            keeping: super::platform::keeping(),
            last_backup: store.last_backup(),
            bin: store.bin(),
            showing_bin: false,
            confirming: None,
        }
    }

    /// How many saved battles are listed.
    pub fn saved_count(&self) -> usize {
        self.saved.len()
    }

    /// Offers, beside the notice, to take over `path`, which another tab plays.
    pub fn offer_take_over(&mut self, path: PathBuf) {
        self.take_over = Some(path);
    }

    /// The saved battles listed again from the store (another tab changed them), and what
    /// the browser says of keeping them.
    pub fn refresh_saved(&mut self, store: &Store) {
        (self.saved, self.saved_problem) = match store.battles() {
            Ok(saved) => (saved, None),
            Err(why) => (Vec::new(), Some(why)),
        };
        self.last = store.last_battle(&self.saved);
        self.keeping = super::platform::keeping();
        self.bin = store.bin();
    }

    /// Shows the bin in place of the saved battles (while it holds any).
    pub fn show_bin(&mut self) {
        self.showing_bin = !self.bin.is_empty();
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::RosterOpened(i) => match self.armies.get(i).map(|f| &f.loaded) {
                Some(Ok(army)) => Action::OpenRoster(Box::new(army.clone())),
                _ => Action::None,
            },
            Message::SystemSelected(s) => {
                self.picker.select_system(&self.armies, s);
                Action::None
            }
            Message::ArmySelected(side, pick) => {
                self.picker.select_army(side, pick);
                Action::None
            }
            Message::SidesSwapped => {
                self.picker.swap();
                Action::None
            }
            Message::NewBattle => match self.picker.chosen(&self.armies) {
                Some((system, armies)) => Action::NewBattle { system, armies },
                None => {
                    self.notice =
                        Some("Pick a rule system and one army for each side first.".into());
                    Action::None
                }
            },
            Message::BattleOpened(path) => Action::OpenBattle(path),
            Message::RestorePressed(path) => Action::Restore(path),
            Message::ThemeSelected(c) => Action::ThemeChosen(c),
            Message::OpenPressed => Action::OpenFile,
            Message::NewArmyPressed(system) => Action::NewArmy(system.id.to_string()),
            Message::EditPressed(i) => match self.armies.get(i) {
                Some(file) => Action::EditArmy {
                    path: file.path.clone(),
                    shipped: file.origin == adjutant::army::Origin::Shipped,
                },
                None => Action::None,
            },
            Message::ReopenToggled => {
                self.reopen_last = !self.reopen_last;
                Action::ReopenChosen(self.reopen_last)
            }
            Message::BackUpPressed => Action::BackUp,
            Message::RestoreBackupPressed => Action::RestoreBackup,
            Message::DeletePressed(path) => Action::Delete(path),
            Message::BinToggled => {
                self.showing_bin = !self.showing_bin && !self.bin.is_empty();
                self.confirming = None;
                Action::None
            }
            Message::PutBackPressed(id) => Action::PutBack(id),
            Message::DeleteForGoodPressed(id) => {
                self.confirming = Some(id);
                Action::None
            }
            Message::DeleteForGoodAnswered(yes) => match self.confirming.take() {
                Some(id) if yes => Action::DeleteForGood(id),
                _ => Action::None,
            },
            Message::NoticeDismissed => {
                self.notice = None;
                self.store_problem = None;
                self.take_over = None;
                Action::None
            }
            Message::TakeOverPressed(path) => {
                self.notice = None;
                self.take_over = None;
                Action::TakeOver(path)
            }
        }
    }

    pub fn view(&self, theme_choice: Choice) -> Element<'_, Message> {
        iced::widget::responsive(move |size| {
            self.page(theme_choice, size.width < PHONE, size.height < SHORT)
        })
        .width(Fill)
        .height(Fill)
        .into()
    }

    /// The home screen; on a `phone` the panels one above the other, and less padding.
    fn page(&self, theme_choice: Choice, phone: bool, short: bool) -> Element<'_, Message> {
        let side = if phone { gap::S } else { gap::L };
        let top = container(
            row![
                parts::title("Adjutant"),
                space::horizontal(),
                parts::button_text("Open file…")
                    .style(theme::quiet)
                    .on_press(Message::OpenPressed),
            ]
            .push((!phone).then(|| parts::caption("Theme")))
            .push(
                pick_list(Choice::ALL, Some(theme_choice), Message::ThemeSelected)
                    .text_size(theme::size::BODY),
            )
            .spacing(if phone { gap::S } else { gap::M })
            .align_y(iced::Center),
        )
        .padding([gap::S, side])
        .width(Fill)
        .style(theme::top_bar);

        let mut page = Column::new().spacing(gap::M).push(top);
        for problem in self.store_problem.iter() {
            page = page.push(
                container(parts::error_banner(
                    problem.as_str(),
                    Some(("Dismiss", Message::NoticeDismissed)),
                ))
                .padding([0.0, side]),
            );
        }
        if let Some(notice) = &self.notice {
            let action = match &self.take_over {
                Some(path) => (TAKE_OVER, Message::TakeOverPressed(path.clone())),
                None => ("Dismiss", Message::NoticeDismissed),
            };
            page = page.push(
                container(parts::error_banner(notice.as_str(), Some(action))).padding([0.0, side]),
            );
        }
        if phone {
            let body = column![
                container(self.picker.view(&self.armies)).height(Length::Shrink),
                container(self.saved_panel(true, true)).height(Length::FillPortion(3)),
                container(armies::panel(&self.armies, &self.user_dir))
                    .height(Length::FillPortion(2)),
            ]
            .spacing(gap::S)
            .padding([0.0, side]);
            return page.push(body).push(space().height(gap::S)).into();
        }
        let right = column![
            container(self.picker.view(&self.armies)).height(Length::Shrink),
            self.saved_panel(!short, false)
        ]
        .spacing(gap::M);
        // A short window (a phone on its side) scrolls the picker and the saved battles as
        // one, so Start the battle is never cut off.
        let right: Element<'_, Message> = match short {
            true => scrollable(right).height(Fill).into(),
            false => right.into(),
        };
        let body = row![
            container(armies::panel(&self.armies, &self.user_dir)).width(Length::FillPortion(3)),
            container(right).width(Length::FillPortion(2)),
        ]
        .spacing(gap::M)
        .padding([0.0, gap::L]);
        page.push(body).push(space().height(gap::S)).into()
    }
}
