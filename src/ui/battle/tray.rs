//! The dice tray: any number (1–6) of D3, D6 or D10 with modifiers the player adds, rolled by
//! Adjutant or typed in from the table, with the exact odds of every total and the recent
//! tray rolls. Each roll is a log entry, so undo and the saved battle cover it.

use iced::widget::{Column, button, column, row, scrollable, space, text, text_input};
use iced::{Element, Fill, Length};

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::event::Event;

use super::Command;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// The widget ids of the tray's text fields (tests and focus use them).
pub const FACES: &str = "tray-faces";
pub const MOD_LABEL: &str = "tray-modifier-label";
pub const MOD_VALUE: &str = "tray-modifier-value";

/// How many tray rolls the history shows.
const HISTORY: usize = 8;

pub struct State {
    die: Die,
    count: u8,
    modifiers: Vec<Modifier>,
    label: String,
    value: String,
    faces: String,
    modifier_error: Option<String>,
    error: Option<String>,
}

impl Default for State {
    fn default() -> Self {
        State {
            die: Die::D6,
            count: 2,
            modifiers: Vec::new(),
            label: String::new(),
            value: String::new(),
            faces: String::new(),
            modifier_error: None,
            error: None,
        }
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    DieSelected(Die),
    CountSelected(u8),
    LabelChanged(String),
    ValueChanged(String),
    ModifierAdded,
    ModifierRemoved(usize),
    Roll,
    FacesChanged(String),
    FacesEntered,
}

impl State {
    fn dice(&self) -> Dice {
        Dice {
            count: self.count,
            die: self.die,
            modifiers: self.modifiers.clone(),
            hits_on: None,
        }
    }

    pub fn update(&mut self, message: Message) -> Option<Command> {
        match message {
            Message::DieSelected(d) => self.die = d,
            Message::CountSelected(n) => self.count = n,
            Message::LabelChanged(s) => self.label = s,
            Message::ValueChanged(s) => self.value = s,
            Message::ModifierAdded => self.add_modifier(),
            Message::ModifierRemoved(i) => {
                if i < self.modifiers.len() {
                    self.modifiers.remove(i);
                }
            }
            Message::Roll => return Some(Command::TrayRoll(self.dice())),
            Message::FacesChanged(s) => {
                self.faces = s;
                self.error = None;
            }
            Message::FacesEntered => return self.typed(),
        }
        None
    }

    /// Checks typed faces here, so a 7 on a D6 is refused before anything is recorded.
    fn typed(&mut self) -> Option<Command> {
        let dice = self.dice();
        match dice.parse_faces(&self.faces) {
            Ok(_) => Some(Command::TrayFaces(dice, self.faces.clone())),
            Err(e) => {
                self.error = Some(e.to_string());
                None
            }
        }
    }

    fn add_modifier(&mut self) {
        let text = self.value.trim().trim_start_matches('+');
        match text.parse::<i32>() {
            Ok(v) if v != 0 && v.abs() <= 99 => {
                let label = match self.label.trim() {
                    "" => "modifier".to_string(),
                    l => l.to_string(),
                };
                self.modifiers.push(Modifier::new(v, label, ""));
                self.label.clear();
                self.value.clear();
                self.modifier_error = None;
            }
            _ => {
                self.modifier_error = Some(format!(
                    "'{}' is not a modifier: write a whole number such as +1 or -2",
                    self.value.trim()
                ));
            }
        }
    }

    pub fn finished(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.faces.clear();
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    pub fn view<'a>(&'a self, game: &'a Battle) -> Element<'a, Message> {
        let mut dice_row = row![].spacing(gap::XS).align_y(iced::Center);
        for d in Die::ALL {
            dice_row = dice_row.push(small_toggle(
                d.name().to_string(),
                self.die == d,
                Message::DieSelected(d),
            ));
        }
        dice_row = dice_row.push(space().width(gap::S));
        for n in 1..=6u8 {
            dice_row = dice_row.push(small_toggle(
                n.to_string(),
                self.count == n,
                Message::CountSelected(n),
            ));
        }

        let mut mods = Column::new().spacing(gap::XS);
        for (i, m) in self.modifiers.iter().enumerate() {
            mods = mods.push(
                row![
                    parts::body(format!("{:+} {}", m.value, m.label)),
                    space::horizontal(),
                    parts::button_text("Remove")
                        .style(theme::quiet)
                        .on_press(Message::ModifierRemoved(i)),
                ]
                .align_y(iced::Center),
            );
        }
        let add = row![
            text_input("Modifier (e.g. uphill)", &self.label)
                .id(MOD_LABEL)
                .on_input(Message::LabelChanged)
                .on_submit(Message::ModifierAdded)
                .size(size::BODY)
                .width(Fill),
            text_input("+1", &self.value)
                .id(MOD_VALUE)
                .on_input(Message::ValueChanged)
                .on_submit(Message::ModifierAdded)
                .size(size::BODY)
                .width(Length::Fixed(56.0)),
            parts::button_text("Add")
                .style(theme::quiet)
                .on_press(Message::ModifierAdded),
        ]
        .spacing(gap::XS);

        let dice = self.dice();
        let act = row![
            parts::button_text(format!("Roll {dice}"))
                .style(theme::action)
                .on_press(Message::Roll),
            text_input("faces, e.g. 3 4", &self.faces)
                .id(FACES)
                .on_input(Message::FacesChanged)
                .on_submit(Message::FacesEntered)
                .size(size::BODY)
                .width(Fill),
            parts::button_text("Enter")
                .style(theme::quiet)
                .on_press(Message::FacesEntered),
        ]
        .spacing(gap::XS)
        .align_y(iced::Center);

        let mut content = column![dice_row, mods, add].spacing(gap::S);
        if let Some(e) = &self.modifier_error {
            content = content.push(parts::error_line(e.as_str()));
        }
        content = content.push(act);
        if let Some(e) = &self.error {
            content = content.push(parts::error_line(e.as_str()));
        }
        content = content.push(history(game));
        content = content.push(parts::strong(format!("Odds of each total ({dice})")));
        let dist = dice.distribution();
        for (total, ways) in &dist.counts {
            content = content.push(parts::odds_row(total.to_string(), *ways, dist.outcomes));
        }
        scrollable(content.padding(iced::padding::right(gap::M)))
            .height(Fill)
            .into()
    }
}

/// The recent tray rolls, newest first, the latest with its total large.
fn history(game: &Battle) -> Element<'_, Message> {
    let rolls: Vec<_> = game
        .log()
        .iter()
        .rev()
        .filter(|e| matches!(e.action, Action::Roll(_)))
        .flat_map(|e| e.events.iter().rev())
        .filter_map(|e| match e {
            Event::Rolled { rolled, .. } => Some(rolled),
            _ => None,
        })
        .take(HISTORY)
        .collect();
    let Some(last) = rolls.first() else {
        return parts::caption("No tray rolls yet.");
    };
    let mut list = column![
        row![
            parts::figure(last.total().to_string()),
            parts::body(last.to_string()),
        ]
        .spacing(gap::M)
        .align_y(iced::Center)
    ]
    .spacing(2);
    for r in rolls.iter().skip(1) {
        list = list.push(parts::caption(r.to_string()));
    }
    list.into()
}

fn small_toggle<'a>(label: String, on: bool, message: Message) -> Element<'a, Message> {
    button(text(label).size(size::BODY))
        .padding([gap::XS, gap::S])
        .style(theme::toggle(on))
        .on_press(message)
        .into()
}
