//! The roster screen: one army's leaders and units with every statistic, grouped by leader,
//! with column headers taken from the rule system's army description. On a phone
//! ([`crate::ui::battle::touch`]), or wherever the table would not fit across, each unit is
//! a card of its own, its statistics as words that wrap, and the top bar's buttons are a
//! finger's size.

use std::path::PathBuf;

use iced::widget::{Column, column, container, row, scrollable, space, table, text};
use iced::{Element, Fill, Length};

use adjutant::army::{Army, ArmySpec, Leader, StatSpec, Unit};
use adjutant::rules;

use super::parts;
use super::theme::{self, gap, size};

/// The narrowest a statistic's column is; long headers wrap between words.
const STAT_WIDTH: f32 = 84.0;

/// The units' table's name and kind columns, and the least room its notes need.
const NAME_WIDTH: f32 = 230.0;
const KIND_WIDTH: f32 = 100.0;
const NOTES_WIDTH: f32 = 120.0;

/// The width of a bold caption character, rounded up (DejaVu Sans Bold's widest lower-case
/// letters at the caption size), for fitting a header's longest word.
pub const CAPTION_BOLD_CHAR: f32 = 11.5;

/// A statistic's column: wide enough for the longest word of its header, so a header wraps
/// between words and never runs into the next column.
pub fn stat_width(label: &str) -> f32 {
    let longest = label
        .split_whitespace()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0);
    (longest as f32 * CAPTION_BOLD_CHAR + 2.0 * gap::S + 4.0).max(STAT_WIDTH)
}

/// The roster screen's state.
pub struct Roster {
    army: Army,
    spec: ArmySpec,
    system_name: String,
    /// The army's file, when it was opened from outside the listed folders.
    offered: Option<PathBuf>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Back,
    PrintPressed,
    KeepPressed(PathBuf),
}

/// What the roster screen asks the app to do.
pub enum Action {
    Back,
    Print,
    /// Copy this army file into the player's armies.
    Keep(PathBuf),
}

impl Roster {
    pub fn new(army: Army) -> Roster {
        let system = rules::by_id(&army.system);
        Roster {
            spec: system.as_ref().map(|s| s.army_spec()).unwrap_or_default(),
            system_name: system.map_or_else(|| army.system.clone(), |s| s.name().to_string()),
            army,
            offered: None,
        }
    }

    /// Offers to keep the army, opened from the file at `path`, for new battles.
    pub fn offering(mut self, path: PathBuf) -> Roster {
        self.offered = Some(path);
        self
    }

    /// The army on show.
    pub fn army(&self) -> &Army {
        &self.army
    }

    pub fn update(&mut self, message: Message) -> Action {
        match message {
            Message::Back => Action::Back,
            Message::PrintPressed => Action::Print,
            Message::KeepPressed(path) => Action::Keep(path),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        iced::widget::responsive(move |room| {
            if crate::ui::battle::touch(room) || room.width < self.table_width() {
                self.phone_view()
            } else {
                self.desk_view()
            }
        })
        .into()
    }

    /// The width the units' table needs: its name and kind columns, a column for each
    /// statistic, room for the notes, and the margins around it.
    fn table_width(&self) -> f32 {
        let stats: f32 = self
            .spec
            .unit_stats
            .iter()
            .filter(|s| self.army.units.iter().any(|u| s.applies_to(&u.kind)))
            .map(|s| stat_width(s.label))
            .sum();
        NAME_WIDTH + KIND_WIDTH + stats + NOTES_WIDTH + 2.0 * (gap::L + gap::M) + gap::M
    }

    fn desk_view(&self) -> Element<'_, Message> {
        let top = container(
            row![
                parts::button_text("← Home")
                    .style(theme::quiet)
                    .on_press(Message::Back),
                parts::title(self.army.name.as_str()),
                space::horizontal(),
                parts::body(format!("{} · {}", self.army.side, self.system_name)),
                self.offered.as_ref().map(|path| {
                    parts::button_text("Use in a new battle")
                        .style(theme::quiet)
                        .on_press(Message::KeepPressed(path.clone()))
                }),
                parts::button_text("Print…")
                    .style(theme::quiet)
                    .on_press(Message::PrintPressed),
            ]
            .spacing(gap::M)
            .align_y(iced::Center),
        )
        .padding([gap::S, gap::L])
        .width(Fill)
        .style(theme::top_bar);

        let mut body = Column::new()
            .spacing(gap::L)
            .padding(iced::Padding::from([gap::M, gap::L]).right(gap::L + gap::M));
        if !self.army.description.is_empty() {
            body = body.push(parts::body(self.army.description.as_str()));
        }
        for leader in &self.army.leaders {
            let units: Vec<&Unit> = self
                .army
                .units
                .iter()
                .filter(|u| u.leader.as_deref() == Some(leader.id.as_str()))
                .collect();
            body = body.push(self.leader_group(leader, units, false));
        }
        let unled: Vec<&Unit> = self
            .army
            .units
            .iter()
            .filter(|u| {
                !self
                    .army
                    .leaders
                    .iter()
                    .any(|l| u.leader.as_deref() == Some(l.id.as_str()))
            })
            .collect();
        if !unled.is_empty() {
            body = body.push(
                container(
                    column![
                        parts::heading("Units under no leader"),
                        self.units(unled, false)
                    ]
                    .spacing(gap::S),
                )
                .padding(gap::M)
                .width(Fill)
                .style(theme::panel),
            );
        }
        column![top, scrollable(body).height(Fill)].into()
    }

    /// The roster on a phone (or a screen too narrow for the table): back, the army's name
    /// and Print on the top bar, the side and rule system under it, then each leader with his
    /// units as cards.
    fn phone_view(&self) -> Element<'_, Message> {
        let button = |label, message| {
            parts::tap(
                parts::touch_text(label, true)
                    .style(theme::quiet)
                    .on_press(message),
                true,
            )
        };
        let top = container(
            column![
                row![
                    button("←", Message::Back),
                    container(parts::heading(self.army.name.as_str())).width(Fill),
                    button("Print…", Message::PrintPressed),
                ]
                .spacing(gap::S)
                .align_y(iced::Center),
                parts::caption(format!("{} · {}", self.army.side, self.system_name)),
            ]
            .push(
                self.offered
                    .as_ref()
                    .map(|path| button("Use in a new battle", Message::KeepPressed(path.clone()))),
            )
            .spacing(gap::XS),
        )
        .padding([gap::XS, gap::S])
        .width(Fill)
        .style(theme::top_bar);
        let mut body = Column::new()
            .spacing(gap::M)
            .padding(iced::Padding::from([gap::S, gap::S]).right(gap::M + gap::S));
        if !self.army.description.is_empty() {
            body = body.push(parts::body(self.army.description.as_str()));
        }
        for leader in &self.army.leaders {
            body = body.push(self.leader_group(leader, self.units_of(Some(leader)), true));
        }
        let unled = self.units_of(None);
        if !unled.is_empty() {
            body = body.push(
                container(
                    column![
                        parts::heading("Units under no leader"),
                        self.units(unled, true)
                    ]
                    .spacing(gap::S),
                )
                .padding(gap::S)
                .width(Fill)
                .style(theme::panel),
            );
        }
        column![top, scrollable(body).height(Fill)].into()
    }

    /// The units `leader` commands, or (None) those under no leader of the army.
    fn units_of(&self, leader: Option<&Leader>) -> Vec<&Unit> {
        self.army
            .units
            .iter()
            .filter(|u| match leader {
                Some(l) => u.leader.as_deref() == Some(l.id.as_str()),
                None => !self
                    .army
                    .leaders
                    .iter()
                    .any(|l| u.leader.as_deref() == Some(l.id.as_str())),
            })
            .collect()
    }

    /// A table of units at the desk, a card for each on a phone.
    fn units<'a>(&'a self, units: Vec<&'a Unit>, phone: bool) -> Element<'a, Message> {
        if !phone {
            return self.unit_table(units);
        }
        let mut cards = Column::new().spacing(gap::S);
        for u in units {
            let stats: Vec<String> = self
                .spec
                .unit_stats
                .iter()
                .filter(|s| s.applies_to(&u.kind))
                .filter_map(|s| u.stats.get(s.key).map(|v| format!("{} {v}", s.label)))
                .collect();
            let mut notes: Vec<String> = u.traits.iter().cloned().collect();
            notes.extend(u.group.iter().map(|g| format!("group {g}")));
            if !u.notes.is_empty() {
                notes.push(u.notes.clone());
            }
            let mut card = column![
                row![
                    container(parts::strong(u.name.as_str())).width(Fill),
                    parts::caption(u.kind.as_str())
                ]
                .spacing(gap::S),
                parts::body(stats.join(" · ")),
            ]
            .spacing(gap::XS);
            if !notes.is_empty() {
                card = card.push(parts::caption(notes.join(", ")));
            }
            cards = cards.push(parts::card(card));
        }
        cards.into()
    }

    fn leader_group<'a>(
        &'a self,
        leader: &'a Leader,
        units: Vec<&'a Unit>,
        phone: bool,
    ) -> Element<'a, Message> {
        let stats: Vec<String> = self
            .spec
            .leader_stats
            .iter()
            .filter_map(|s| leader.stats.get(s.key).map(|v| format!("{} {v}", s.label)))
            .collect();
        let mut extra: Vec<String> = leader.traits.iter().cloned().collect();
        extra.extend(leader.group.iter().map(|g| format!("group {g}")));
        let head: Element<'a, Message> = if phone {
            column![
                parts::heading(leader.name.as_str()),
                parts::body(stats.join(" · "))
            ]
            .spacing(gap::XS)
            .into()
        } else {
            row![
                parts::heading(leader.name.as_str()),
                parts::body(stats.join(" · "))
            ]
            .spacing(gap::L)
            .align_y(iced::Center)
            .into()
        };
        let mut group = column![head].spacing(gap::S);
        if !extra.is_empty() {
            group = group.push(parts::caption(extra.join(", ")));
        }
        if !leader.notes.is_empty() {
            group = group.push(parts::caption(leader.notes.as_str()));
        }
        group = if units.is_empty() {
            group.push(parts::caption("Commands no units."))
        } else {
            group.push(self.units(units, phone))
        };
        container(group)
            .padding(if phone { gap::S } else { gap::M })
            .width(Fill)
            .style(theme::panel)
            .into()
    }

    /// A table of units: name, kind, then every statistic the rule system defines for them.
    fn unit_table<'a>(&'a self, units: Vec<&'a Unit>) -> Element<'a, Message> {
        let stats: Vec<&StatSpec> = self
            .spec
            .unit_stats
            .iter()
            .filter(|s| units.iter().any(|u| s.applies_to(&u.kind)))
            .collect();
        let header = |label: &'a str| text(label).size(size::CAPTION).font(theme::BOLD_FONT);
        let mut columns = vec![
            table::column(header("Unit"), |u: &'a Unit| {
                text(u.name.as_str())
                    .size(size::BODY)
                    .font(theme::BOLD_FONT)
            })
            .width(Length::Fixed(NAME_WIDTH)),
            table::column(header("Kind"), |u: &'a Unit| {
                text(u.kind.as_str()).size(size::BODY)
            })
            .width(Length::Fixed(KIND_WIDTH)),
        ];
        for stat in stats {
            columns.push(
                table::column(header(stat.label), move |u: &'a Unit| {
                    let value = u
                        .stats
                        .get(stat.key)
                        .map_or_else(|| "—".to_string(), i32::to_string);
                    text(value).size(size::BODY)
                })
                .width(Length::Fixed(stat_width(stat.label)))
                .align_x(iced::Center),
            );
        }
        columns.push(
            table::column(header("Notes"), |u: &'a Unit| {
                let mut notes: Vec<String> = u.traits.iter().cloned().collect();
                notes.extend(u.group.iter().map(|g| format!("group {g}")));
                if !u.notes.is_empty() {
                    notes.push(u.notes.clone());
                }
                text(notes.join(", "))
                    .size(size::CAPTION)
                    .style(theme::muted)
            })
            .width(Fill),
        );
        table::table(columns, units)
            .padding_x(gap::S)
            .padding_y(gap::XS)
            .width(Fill)
            .into()
    }
}
