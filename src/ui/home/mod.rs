//! The home screen: the shipped and the player's armies grouped by rule system (files that
//! failed to load show every problem), a new-battle picker with one army per side, the last
//! battle to resume and the list of saved battles. A battle whose file is missing or damaged
//! says why and, when its backup loads, offers to restore it.

mod armies;
pub(super) mod picker;

use std::path::PathBuf;

use iced::widget::{Column, column, container, pick_list, row, scrollable, space};
use iced::{Element, Fill, Length};

use adjutant::army::{Army, ArmyFile};

use super::battle::PHONE;

/// Below this height (logical pixels: a phone on its side) the home screen's right-hand
/// column scrolls as one.
const SHORT: f32 = 600.0;
use super::parts;
use super::persist::{SavedBattle, Store};
use super::theme::{self, Choice, gap};
pub use picker::{ArmyPick, SystemPick};

/// The button that puts a damaged battle's backup in its place.
pub const RESTORE: &str = "Restore the backup";

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
}

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
        }
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
            Message::NoticeDismissed => {
                self.notice = None;
                self.store_problem = None;
                Action::None
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
        for problem in self.store_problem.iter().chain(&self.notice) {
            page = page.push(
                container(parts::error_banner(
                    problem.as_str(),
                    Some(("Dismiss", Message::NoticeDismissed)),
                ))
                .padding([0.0, side]),
            );
        }
        if phone {
            let body = column![
                container(self.picker.view(&self.armies)).height(Length::Shrink),
                container(self.saved_panel(true)).height(Length::FillPortion(1)),
                container(armies::panel(&self.armies, &self.user_dir))
                    .height(Length::FillPortion(1)),
            ]
            .spacing(gap::S)
            .padding([0.0, side]);
            return page.push(body).push(space().height(gap::S)).into();
        }
        let right = column![
            container(self.picker.view(&self.armies)).height(Length::Shrink),
            self.saved_panel(!short)
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

    /// The saved battles; scrolling in a panel of the height given it (`scrolls`), or as
    /// tall as they are, to go in a scrolling column.
    fn saved_panel(&self, scrolls: bool) -> Element<'_, Message> {
        let mut list = Column::new().spacing(gap::S);
        match &self.last {
            Some(last) => {
                list = list.push(
                    parts::button_text(format!("Resume: {}", last.title))
                        .style(theme::action)
                        .width(Fill)
                        .on_press(Message::BattleOpened(last.path.clone())),
                );
            }
            None if self.saved_problem.is_none() => {
                list = list.push(parts::body("No saved battle to resume yet."));
            }
            None => {}
        }
        if let Some(why) = &self.saved_problem {
            list = list.push(parts::error_line(why.as_str()));
        }
        list = list.push(
            row![
                container(parts::body("Open the last battle when Adjutant starts")).width(Fill),
                parts::button_text(if self.reopen_last { "On" } else { "Off" })
                    .style(theme::toggle(self.reopen_last))
                    .on_press(Message::ReopenToggled),
            ]
            .spacing(gap::S)
            .align_y(iced::Center),
        );
        for saved in &self.saved {
            let detail = if saved.loads {
                parts::caption(saved.detail.as_str())
            } else {
                parts::error_line(saved.detail.as_str())
            };
            let mut about = column![parts::body(saved.title.as_str()), detail].width(Fill);
            let button = match &saved.backup {
                Some(backup) => {
                    about = about.push(parts::body(backup.as_str()));
                    parts::button_text(RESTORE)
                        .style(theme::action)
                        .on_press(Message::RestorePressed(saved.path.clone()))
                }
                None => parts::button_text("Open")
                    .style(theme::quiet)
                    .on_press_maybe(
                        saved
                            .loads
                            .then(|| Message::BattleOpened(saved.path.clone())),
                    ),
            };
            list = list.push(parts::card(
                row![about, button].spacing(gap::S).align_y(iced::Center),
            ));
        }
        if !scrolls {
            return container(column![parts::heading("Saved battles"), list].spacing(gap::S))
                .padding(gap::M)
                .width(Fill)
                .style(theme::panel)
                .into();
        }
        parts::panel(
            "Saved battles",
            scrollable(list.padding(iced::padding::right(gap::M))).height(Fill),
        )
    }
}
