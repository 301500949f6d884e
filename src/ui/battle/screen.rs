//! How the battle screen is laid out: the top bar, then three columns (pieces; the turn
//! banner over the procedures; the dice tray or cards over the log) — or, in a window too
//! narrow for three (a small window, or a large zoom), the pieces beside one column whose tabs
//! hold the procedures, the dice tray, the cards and the log, with the top bar on two lines.

use iced::widget::{column, container, row, space, stack};
use iced::{Element, Fill, Length};

use adjutant::status::Viewer;

use super::{Battle, Message, Mode, NARROW, PHONE, Tab, across, banner, clock_bar, leave};
use crate::ui::parts;
use crate::ui::theme::{self, gap};

impl Battle {
    pub fn view(&self) -> Element<'_, Message> {
        if let Mode::Tables(tables) = &self.mode
            && self.leaving.is_none()
        {
            return tables.view(Message::TablesToggled);
        }
        let page: Element<'_, Message> =
            iced::widget::responsive(move |size| self.page(size.width))
                .width(Fill)
                .height(Fill)
                .into();
        match (&self.leaving, &self.unsaved) {
            (Some(_), Some(reason)) => leave::over(page, reason),
            _ => page,
        }
    }

    /// The screen at a width: three columns, or (`narrow`, at a small window or a large
    /// zoom) the pieces beside one column whose tabs hold the procedures, the dice tray, the
    /// cards and the log.
    fn page(&self, width: f32) -> Element<'_, Message> {
        let (narrow, phone) = (width < NARROW, width < PHONE);
        let page = match &self.mode {
            Mode::Desk => column![self.top_bar(narrow, phone)],
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
                .view(&self.game, self.viewer, phone)
                .map(Message::Pieces)
        };
        let left = || {
            container(pieces())
                .width(Length::Fixed(if narrow { 350.0 } else { 372.0 }))
                .height(Fill)
        };
        let procedures = || -> Element<'_, Message> {
            column![
                // So that an action reads top to bottom without scrolling, the banner keeps
                // to the clock and the figures once a piece is picked, and to the clock alone
                // while a procedure is under way and always when narrow (the figures show
                // over the narrow layout's log).
                banner::view(
                    &self.game,
                    self.viewer,
                    if narrow || self.game.pending().is_some() {
                        banner::Shown::Clock
                    } else if !(self.pieces.actors.is_empty() && self.pieces.targets.is_empty()) {
                        banner::Shown::Figures
                    } else {
                        banner::Shown::Full
                    }
                ),
                self.procedure
                    .view(&self.game, &self.pieces, self.viewer)
                    .map(Message::Procedure),
            ]
            .spacing(gap::S)
            .width(Fill)
            .height(Fill)
            .into()
        };
        let log = || self.log.view(&self.game, self.viewer).map(Message::Log);
        let body = if narrow {
            // On a phone the pieces are one more tab, the first.
            let tabs = [
                (Tab::Pieces, "Pieces"),
                (Tab::Procedures, "Procedures"),
                (Tab::Dice, "Dice tray"),
                (Tab::Cards, "Cards"),
                (Tab::Log, "Log"),
            ];
            let mut bar = row![].spacing(gap::XS);
            for (tab, label) in tabs.into_iter().filter(|(t, _)| phone || *t != Tab::Pieces) {
                bar = bar.push(
                    parts::button_text(label)
                        .style(theme::toggle(self.narrow_tab == tab))
                        .on_press(Message::NarrowTabSelected(tab)),
                );
            }
            let bar = bar.wrap().vertical_spacing(gap::XS);
            let shown: Element<'_, Message> = match self.narrow_tab {
                Tab::Pieces if phone => pieces(),
                Tab::Pieces | Tab::Procedures => procedures(),
                Tab::Dice | Tab::Cards => self.right_tab_body(self.narrow_tab),
                Tab::Log => column![
                    banner::view(&self.game, self.viewer, banner::Shown::Figures),
                    log()
                ]
                .spacing(gap::S)
                .height(Fill)
                .into(),
            };
            let mut centre = column![bar, shown].spacing(gap::S).width(Fill).height(Fill);
            if let Some(clock) = clock_bar::view(&self.game) {
                centre = centre.push(clock);
            }
            match phone {
                true => row![centre],
                false => row![left(), centre],
            }
        } else {
            let right = column![
                container(self.right_tab()).height(Length::FillPortion(3)),
                container(log()).height(Length::FillPortion(2)),
            ]
            .spacing(gap::S)
            .width(Length::Fixed(384.0))
            .height(Fill);
            let mut centre = column![procedures()]
                .spacing(gap::S)
                .width(Fill)
                .height(Fill);
            if let Some(clock) = clock_bar::view(&self.game) {
                centre = centre.push(clock);
            }
            row![left(), centre, right]
        };
        page.push(body.spacing(gap::S).padding([0.0, gap::S]).height(Fill))
            .push(space().height(gap::XS))
            .into()
    }

    fn top_bar(&self, narrow: bool, phone: bool) -> Element<'_, Message> {
        let names: Vec<String> = self.game.armies().iter().map(|a| a.name.clone()).collect();
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
            viewers = viewers.push(
                parts::button_text(label)
                    .style(theme::toggle(self.viewer == viewer))
                    .on_press(Message::ViewerSelected(viewer)),
            );
        }
        let saved = if self.unsaved.is_none() {
            iced::widget::text("Saved")
                .size(theme::size::CAPTION)
                .style(theme::success_text)
        } else {
            iced::widget::text("Not saved")
                .size(theme::size::CAPTION)
                .style(theme::danger_text)
        };
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
        let bar: Element<'_, Message> = if phone {
            // A phone: the buttons and the viewers on lines of their own.
            column![
                row![home, self.title_slot(names.join(" vs "), false), saved]
                    .spacing(gap::S)
                    .align_y(iced::Center),
            ]
            .push(self.unsaved.as_ref().map(leave::wrapped_banner))
            .push(buttons.wrap().vertical_spacing(gap::XS))
            .push(viewers.wrap().vertical_spacing(gap::XS))
            .spacing(gap::XS)
            .into()
        } else if narrow {
            column![
                row![home, self.title_slot(names.join(" vs "), true), saved]
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
                self.title_slot(names.join(" vs "), true),
                buttons,
                saved,
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

    /// The title's place in the top bar: the battle's title or, while the battle is not saved,
    /// over it and at its size (so that nothing below moves), why, with Retry and Save a copy
    /// (when `banner`: a phone puts the banner on a line of its own instead).
    fn title_slot(&self, names: String, banner: bool) -> Element<'_, Message> {
        // At least a button's height, so the banner's buttons fit over a one-line title.
        let base = row![space().height(BUTTON_HEIGHT), title(names)]
            .align_y(iced::Center)
            .width(Fill);
        let mut slot = stack![base].width(Fill);
        if let Some(reason) = self.unsaved.as_ref().filter(|_| banner) {
            slot = slot.push(container(leave::banner(reason)).height(Fill).clip(true));
        }
        slot.into()
    }

    fn right_tab(&self) -> Element<'_, Message> {
        let tabs = row![
            parts::button_text("Dice tray")
                .style(theme::toggle(self.tab == Tab::Dice))
                .on_press(Message::TabSelected(Tab::Dice)),
            parts::button_text("Cards")
                .style(theme::toggle(self.tab == Tab::Cards))
                .on_press(Message::TabSelected(Tab::Cards)),
        ]
        .spacing(gap::XS);
        container(column![tabs, self.tab_body(self.tab)].spacing(gap::S))
            .padding(gap::S)
            .width(Fill)
            .height(Fill)
            .style(theme::panel)
            .into()
    }

    /// The dice tray or the cards, in a panel of their own (the narrow layout's tabs).
    fn right_tab_body(&self, tab: Tab) -> Element<'_, Message> {
        container(self.tab_body(tab))
            .padding(gap::S)
            .width(Fill)
            .height(Fill)
            .style(theme::panel)
            .into()
    }

    fn tab_body(&self, tab: Tab) -> Element<'_, Message> {
        match tab {
            Tab::Cards => self.cards.view(&self.game).map(Message::Cards),
            _ => self.tray.view(&self.game).map(Message::Tray),
        }
    }
}

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
