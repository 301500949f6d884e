//! How the battle screen is laid out: the top bar, then three columns (pieces; the turn
//! banner over the procedures; the dice tray or cards over the log) — or, in a window too
//! narrow for three (a small window, or a large zoom), the pieces beside one column whose tabs
//! hold the procedures, the dice tray, the cards and the log, with the top bar on two lines.
//! On a phone ([`super::touch`]: narrower than [`PHONE`], or on its side) the top bar is one
//! line — back, the battle's title, Saved and a menu (≡) that holds printing, the tables,
//! across the table and whose eyes — the tabs are one line, and every button a finger's
//! size; upright, the pieces are the first tab.

use iced::widget::{column, container, row, space, stack};
use iced::{Element, Fill, Length};

use adjutant::status::Viewer;

use super::{Battle, Message, Mode, NARROW, PHONE, Tab, across, banner, clock_bar, leave};
use crate::ui::theme::{self, gap};
use crate::ui::{finger, parts};

impl Battle {
    pub fn view(&self) -> Element<'_, Message> {
        if let Mode::Tables(tables) = &self.mode
            && self.leaving.is_none()
        {
            return tables.view(Message::TablesToggled);
        }
        let page: Element<'_, Message> = iced::widget::responsive(move |size| self.page(size))
            .width(Fill)
            .height(Fill)
            .into();
        match (&self.leaving, &self.unsaved) {
            (Some(_), Some(reason)) => leave::over(page, reason),
            _ => page,
        }
    }

    /// The screen at a size: three columns, or (`narrow`, at a small window or a large
    /// zoom) the pieces beside one column whose tabs hold the procedures, the dice tray, the
    /// cards and the log (on a phone held upright, the pieces too).
    fn page(&self, room: iced::Size) -> Element<'_, Message> {
        let (narrow, phone, touch) = (room.width < NARROW, room.width < PHONE, super::touch(room));
        let page = match &self.mode {
            Mode::Desk => column![self.top_bar(narrow, touch)],
            Mode::Across | Mode::Tables(_) => column![],
        }
        .spacing(gap::S);
        if let Mode::Across = self.mode {
            return page
                .push(across::view(&self.game, Message::AcrossToggled))
                .into();
        }
        let pieces = || {
            self.pieces
                .view(&self.game, self.viewer, touch, touch && phone)
                .map(Message::Pieces)
        };
        let left = || {
            container(pieces())
                .width(Length::Fixed(if narrow { PIECES_NARROW } else { PIECES }))
                .height(Fill)
        };
        let nothing_picked = self.pieces.actors.is_empty() && self.pieces.targets.is_empty();
        let procedures = || -> Element<'_, Message> {
            column![
                // So that an action reads top to bottom without scrolling, the banner keeps
                // to the clock and the figures once a piece is picked, and to the clock alone
                // while a procedure is under way; when narrow, to the clock and the figures
                // in small text until a piece is picked, then to the clock (the whole
                // figures show over the narrow layout's log).
                banner::view(
                    &self.game,
                    self.viewer,
                    if touch {
                        banner::Shown::Line
                    } else if self.game.pending().is_some() {
                        banner::Shown::Clock
                    } else if narrow && nothing_picked {
                        banner::Shown::Compact
                    } else if narrow {
                        banner::Shown::Clock
                    } else if !nothing_picked {
                        banner::Shown::Figures
                    } else {
                        banner::Shown::Full
                    }
                ),
                self.procedure
                    .view(&self.game, &self.pieces, self.viewer, touch)
                    .map(Message::Procedure),
            ]
            .spacing(gap::S)
            .width(Fill)
            .height(Fill)
            .into()
        };
        let log = || {
            self.log
                .view(&self.game, self.viewer, touch)
                .map(Message::Log)
        };
        let body = if narrow {
            // On a phone the pieces are one more tab, the first; the tray's name is short
            // there, so the tabs keep to one line.
            let tabs = [
                (Tab::Pieces, "Pieces"),
                (Tab::Procedures, "Procedures"),
                (Tab::Dice, dice_tab(touch)),
                (Tab::Cards, "Cards"),
                (Tab::Log, "Log"),
            ];
            let mut bar = row![].spacing(gap::XS);
            for (tab, label) in tabs.into_iter().filter(|(t, _)| phone || *t != Tab::Pieces) {
                let button = parts::touch_text(label, touch);
                let button = if touch {
                    button.padding([gap::XS, gap::S])
                } else {
                    button
                };
                bar = bar.push(parts::tap(
                    button
                        .style(theme::toggle(self.narrow_tab == tab))
                        .on_press(Message::NarrowTabSelected(tab)),
                    touch,
                ));
            }
            let bar = bar.wrap().vertical_spacing(gap::XS);
            let shown: Element<'_, Message> = match self.narrow_tab {
                Tab::Pieces if phone => pieces(),
                Tab::Pieces | Tab::Procedures => procedures(),
                Tab::Dice | Tab::Cards => self.right_tab_body(self.narrow_tab, touch),
                Tab::Log => column![
                    // On a phone the figures keep to a third of the screen, so the log has the
                    // rest (they scroll there).
                    match touch {
                        true => container(iced::widget::scrollable(banner::view(
                            &self.game,
                            self.viewer,
                            banner::Shown::Figures
                        )))
                        .max_height(room.height * 0.3)
                        .into(),
                        false => banner::view(&self.game, self.viewer, banner::Shown::Figures),
                    },
                    log()
                ]
                .spacing(gap::S)
                .height(Fill)
                .into(),
            };
            let mut centre = column![bar, shown].spacing(gap::S).width(Fill).height(Fill);
            // The centre's width: the window's, less the pieces beside it and the gaps.
            let width = match phone {
                true => room.width - 2.0 * gap::S,
                false => room.width - PIECES_NARROW - 3.0 * gap::S,
            };
            if let Some(clock) = clock_bar::view(&self.game, touch, width) {
                centre = centre.push(clock);
            }
            match phone {
                true => row![centre],
                false => row![left(), centre],
            }
        } else {
            let right = column![
                container(self.right_tab(touch)).height(Length::FillPortion(3)),
                container(log()).height(Length::FillPortion(2)),
            ]
            .spacing(gap::S)
            .width(Length::Fixed(RIGHT))
            .height(Fill);
            let mut centre = column![procedures()]
                .spacing(gap::S)
                .width(Fill)
                .height(Fill);
            let width = room.width - PIECES - RIGHT - 4.0 * gap::S;
            if let Some(clock) = clock_bar::view(&self.game, touch, width) {
                centre = centre.push(clock);
            }
            row![left(), centre, right]
        };
        page.push(body.spacing(gap::S).padding([0.0, gap::S]).height(Fill))
            .push(space().height(gap::XS))
            .into()
    }

    fn top_bar(&self, narrow: bool, touch: bool) -> Element<'_, Message> {
        let names: Vec<String> = self.game.armies().iter().map(|a| a.name.clone()).collect();
        if touch {
            return self.phone_bar();
        }
        let viewers = self.viewers(false);
        let buttons = row![
            parts::button_text("Print…")
                .style(theme::quiet)
                .on_press(Message::PrintPressed),
            parts::button_text("Tables")
                .style(theme::quiet)
                .on_press(Message::TablesToggled),
            parts::button_text("Across (F9)")
                .style(theme::quiet)
                .on_press(Message::AcrossToggled),
        ]
        .spacing(gap::M)
        .align_y(iced::Center);
        let home = parts::button_text("← Home")
            .style(theme::quiet)
            .on_press(Message::HomePressed);
        // The title gives way (and wraps) so the buttons always fit; a long one is set
        // smaller so it keeps to two lines at 1280 px. Narrow, the buttons and the viewers
        // take a second line.
        let bar: Element<'_, Message> = if narrow {
            column![
                row![home, self.title_slot(names.join(" vs ")), self.saved_line()]
                    .spacing(gap::M)
                    .align_y(iced::Center),
                row![buttons, space::horizontal(), viewers]
                    .spacing(gap::M)
                    .align_y(iced::Center),
            ]
            .spacing(gap::XS)
            .into()
        } else {
            row![
                home,
                self.title_slot(names.join(" vs ")),
                buttons,
                self.saved_line(),
                viewers,
            ]
            .spacing(gap::M)
            .align_y(iced::Center)
            .into()
        };
        container(bar)
            .padding([gap::XS, gap::M])
            .width(Fill)
            .style(theme::top_bar)
            .into()
    }

    /// "Saved", or "Not saved" while the disk refuses.
    fn saved_line(&self) -> Element<'_, Message> {
        if self.unsaved.is_none() {
            iced::widget::text("Saved")
                .size(theme::size::CAPTION)
                .style(theme::success_text)
                .into()
        } else {
            iced::widget::text("Not saved")
                .size(theme::size::CAPTION)
                .style(theme::danger_text)
                .into()
        }
    }

    /// "View as" and a button for the umpire and each side (a finger's size when `touch`).
    fn viewers(&self, touch: bool) -> iced::widget::Row<'_, Message> {
        let mut viewers = row![parts::caption("View as")]
            .spacing(gap::XS)
            .align_y(iced::Center);
        let mut choices = vec![(Viewer::Umpire, "Umpire".to_string())];
        choices.extend(
            self.game
                .armies()
                .iter()
                .enumerate()
                .map(|(i, a)| (Viewer::Side(i), a.side.clone())),
        );
        for (viewer, label) in choices {
            viewers = viewers.push(parts::tap(
                parts::touch_text(label, touch)
                    .style(theme::toggle(self.viewer == viewer))
                    .on_press(Message::ViewerSelected(viewer)),
                touch,
            ));
        }
        viewers
    }

    /// A phone's top bar: one line of back, the sides' names (cut at the room there is) and
    /// Saved, with the menu's button (≡) at its end; the menu, when open, on the lines under
    /// it, and the "Not saved" banner on lines of its own.
    fn phone_bar(&self) -> Element<'_, Message> {
        let sides: Vec<String> = self.game.armies().iter().map(|a| a.side.clone()).collect();
        let icon = |glyph: &'static str, on: bool, message: Message| {
            finger::finger(
                iced::widget::button(
                    iced::widget::text(glyph)
                        .size(theme::size::HEADING)
                        .center(),
                )
                .padding(0)
                .style(theme::toggle(on))
                .on_press(message),
            )
        };
        let title = container(
            iced::widget::text(sides.join(" vs "))
                .size(theme::size::BODY)
                .font(theme::BOLD_FONT)
                .wrapping(iced::widget::text::Wrapping::None),
        )
        .width(Fill)
        .clip(true);
        let line = row![
            icon(BACK, false, Message::HomePressed),
            title,
            self.saved_line(),
            icon(MENU, self.menu, Message::MenuToggled),
        ]
        .spacing(gap::S)
        .align_y(iced::Center);
        let mut bar = column![line].spacing(gap::XS);
        bar = bar.push(self.unsaved.as_ref().map(leave::wrapped_banner));
        if self.menu {
            let button = |label, message| {
                parts::tap(
                    parts::touch_text(label, true)
                        .style(theme::quiet)
                        .on_press(message),
                    true,
                )
            };
            bar = bar
                .push(
                    row![
                        button("Print…", Message::PrintPressed),
                        button("Tables", Message::TablesToggled),
                        button("Across the table", Message::AcrossToggled),
                    ]
                    .spacing(gap::XS)
                    .wrap()
                    .vertical_spacing(gap::XS),
                )
                .push(self.viewers(true).wrap().vertical_spacing(gap::XS));
        }
        container(bar)
            .padding([gap::XS, gap::S])
            .width(Fill)
            .style(theme::top_bar)
            .into()
    }

    /// The title's place in the top bar: the battle's title or, while the battle is not saved,
    /// over it and at its size (so that nothing below moves), why, with Retry and Save a copy
    /// (a phone puts the banner on a line of its own instead).
    fn title_slot(&self, names: String) -> Element<'_, Message> {
        // At least a button's height, so the banner's buttons fit over a one-line title.
        let base = row![space().height(BUTTON_HEIGHT), title(names)]
            .align_y(iced::Center)
            .width(Fill);
        let mut slot = stack![base].width(Fill);
        if let Some(reason) = &self.unsaved {
            slot = slot.push(container(leave::banner(reason)).height(Fill).clip(true));
        }
        slot.into()
    }

    fn right_tab(&self, touch: bool) -> Element<'_, Message> {
        let tabs = row![
            parts::tap(
                parts::touch_text("Dice tray", touch)
                    .style(theme::toggle(self.tab == Tab::Dice))
                    .on_press(Message::TabSelected(Tab::Dice)),
                touch
            ),
            parts::tap(
                parts::touch_text("Cards", touch)
                    .style(theme::toggle(self.tab == Tab::Cards))
                    .on_press(Message::TabSelected(Tab::Cards)),
                touch
            ),
        ]
        .spacing(gap::XS);
        container(column![tabs, self.tab_body(self.tab, touch)].spacing(gap::S))
            .padding(gap::S)
            .width(Fill)
            .height(Fill)
            .style(theme::panel)
            .into()
    }

    /// The dice tray or the cards, in a panel of their own (the narrow layout's tabs).
    fn right_tab_body(&self, tab: Tab, touch: bool) -> Element<'_, Message> {
        container(self.tab_body(tab, touch))
            .padding(gap::S)
            .width(Fill)
            .height(Fill)
            .style(theme::panel)
            .into()
    }

    fn tab_body(&self, tab: Tab, touch: bool) -> Element<'_, Message> {
        match tab {
            Tab::Cards => self.cards.view(&self.game, touch).map(Message::Cards),
            _ => self.tray.view(&self.game, touch).map(Message::Tray),
        }
    }
}

/// The pieces column's width, and when narrow; the tray and log column's width.
const PIECES: f32 = 372.0;
const PIECES_NARROW: f32 = 350.0;
const RIGHT: f32 = 384.0;

/// The phone's top bar's back button (home) and its menu's.
pub const BACK: &str = "←";

/// The dice tray's tab: short on a phone, so the tabs keep to one line.
pub(crate) fn dice_tab(touch: bool) -> &'static str {
    if touch { "Dice" } else { "Dice tray" }
}

pub const MENU: &str = "≡";

/// The height of a button of body text ([`parts::button_text`]).
const BUTTON_HEIGHT: f32 = 1.3 * theme::size::BODY + 2.0 * (gap::XS + 2.0);

/// The battle's title in the top bar: heading size, or body bold when it is long.
fn title<'a, M: 'a>(text: String) -> Element<'a, M> {
    if text.chars().count() > 48 {
        parts::strong(text)
    } else {
        parts::heading(text)
    }
}
