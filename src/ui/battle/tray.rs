//! The dice tray: any number (1–12) of D3, D6 or D10 with modifiers the player adds, rolled by
//! Adjutant or typed in from the table, with the exact odds of every total and the recent
//! tray rolls. Each roll is a log entry, so undo and the saved battle cover it.

use iced::widget::{Column, button, column, row, scrollable, space, text};
use iced::{Element, Fill, Length};

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::event::Event;

use super::Command;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};
use crate::ui::typing::{Kind, field};

/// The widget ids of the tray's text fields (tests and focus use them).
pub const FACES: &str = "tray-faces";
pub const MOD_LABEL: &str = "tray-modifier-label";
pub const MOD_VALUE: &str = "tray-modifier-value";

/// The most dice of one kind the tray rolls at once.
pub const MAX_COUNT: u8 = 12;

/// The most kinds of dice in one roll.
pub const MAX_KINDS: usize = 4;

/// How many tray rolls the history shows.
const HISTORY: usize = 8;

pub struct State {
    /// Dice of other kinds already added to the roll ("2D6 + …"), before the kind on show.
    more: Vec<(u8, Die)>,
    die: Die,
    count: u8,
    modifiers: Vec<Modifier>,
    label: String,
    value: String,
    /// The faces typed, and what was wrong with the last entered.
    faces: parts::Faces,
    modifier_error: Option<String>,
}

impl Default for State {
    fn default() -> Self {
        State {
            more: Vec::new(),
            die: Die::D6,
            count: 2,
            modifiers: Vec::new(),
            label: String::new(),
            value: String::new(),
            faces: parts::Faces::default(),
            modifier_error: None,
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
    /// The kind on show joins the roll, and another kind can be picked.
    KindAdded,
    KindRemoved(usize),
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

    /// Every kind of the roll, the modifiers on the first.
    fn groups(&self) -> Vec<Dice> {
        let mut all: Vec<Dice> = self
            .more
            .iter()
            .map(|&(n, d)| Dice::new(n, d))
            .chain([Dice::new(self.count, self.die)])
            .collect();
        all[0].modifiers = self.modifiers.clone();
        all
    }

    /// The roll in words: "2D6 + D3 +1".
    fn name(&self) -> String {
        adjutant::battle::tray::mixed_name(&self.groups())
    }

    pub fn update(&mut self, message: Message) -> Option<Command> {
        match message {
            Message::DieSelected(d) => self.die = d,
            Message::CountSelected(n) => self.count = n.clamp(1, MAX_COUNT),
            Message::LabelChanged(s) => self.label = s,
            Message::ValueChanged(s) => self.value = s,
            Message::ModifierAdded => self.add_modifier(),
            Message::ModifierRemoved(i) => {
                if i < self.modifiers.len() {
                    self.modifiers.remove(i);
                }
            }
            Message::Roll if self.more.is_empty() => return Some(Command::TrayRoll(self.dice())),
            Message::Roll => return Some(Command::TrayRollMixed(self.groups())),
            Message::KindAdded => {
                if self.more.len() < MAX_KINDS - 1 {
                    self.more.push((self.count, self.die));
                    self.count = 1;
                }
            }
            Message::KindRemoved(i) => {
                if i < self.more.len() {
                    self.more.remove(i);
                }
            }
            Message::FacesChanged(s) => self.faces.set(s),
            Message::FacesEntered => return self.typed(),
        }
        None
    }

    /// Checks typed faces here, so a 7 on a D6 is refused before anything is recorded.
    fn typed(&mut self) -> Option<Command> {
        if self.more.is_empty() {
            let dice = self.dice();
            return match dice.parse_faces(&self.faces.typed) {
                Ok(_) => Some(Command::TrayFaces(dice, self.faces.typed.clone())),
                Err(e) => {
                    self.faces.error = Some(e.to_string());
                    None
                }
            };
        }
        // Several kinds: the faces in the order the kinds are listed, shared out by count;
        // or, as a numeric keyboard with no space types them, one run of a digit a die.
        let groups = self.groups();
        let wanted: usize = groups.iter().map(|d| usize::from(d.count)).sum();
        let mut words: Vec<&str> = self
            .faces
            .typed
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|w| !w.is_empty())
            .collect();
        if let [run] = words[..]
            && wanted > 1
            && run.len() == wanted
            && run.bytes().all(|b| b.is_ascii_digit())
        {
            words = (0..wanted).map(|i| &run[i..=i]).collect();
        }
        if words.len() != wanted {
            self.faces.error = Some(format!(
                "expected {wanted} faces for {}, in that order; got {}",
                self.name(),
                words.len()
            ));
            return None;
        }
        let mut texts = Vec::new();
        let mut at = 0;
        for d in &groups {
            let text = words[at..at + usize::from(d.count)].join(" ");
            at += usize::from(d.count);
            if let Err(e) = d.parse_faces(&text) {
                self.faces.error = Some(e.to_string());
                return None;
            }
            texts.push(text);
        }
        Some(Command::TrayFacesMixed(groups, texts))
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

    pub fn finished(&mut self, result: Result<(), adjutant::battle::ActionError>) {
        self.faces.finished(result);
    }

    /// The tray; `touch` sizes its buttons for a finger.
    pub fn view<'a>(&'a self, game: &'a Battle, touch: bool) -> Element<'a, Message> {
        let small = |label: &str| {
            button(
                text(label.to_string())
                    .size(size::BODY)
                    .align_x(iced::Center)
                    .align_y(iced::Center),
            )
            .padding([gap::XS, gap::S])
        };
        let mut dice_row = row![].spacing(gap::XS).align_y(iced::Center);
        for d in Die::ALL {
            dice_row = dice_row.push(parts::tap(
                small(d.name())
                    .style(theme::toggle(self.die == d))
                    .on_press(Message::DieSelected(d)),
                touch,
            ));
        }
        dice_row = dice_row.push(space().width(gap::S));
        // How many: 1 to 12, a step at a time.
        dice_row = dice_row.push(parts::tap(
            small("−")
                .style(theme::quiet)
                .on_press_maybe((self.count > 1).then(|| Message::CountSelected(self.count - 1))),
            touch,
        ));
        dice_row = dice_row.push(
            text(format!("×{}", self.count))
                .size(size::BODY)
                .font(theme::BOLD_FONT),
        );
        dice_row = dice_row.push(parts::tap(
            small("+").style(theme::quiet).on_press_maybe(
                (self.count < MAX_COUNT).then(|| Message::CountSelected(self.count + 1)),
            ),
            touch,
        ));

        let mut kinds = Column::new().spacing(gap::XS);
        for (i, &(n, d)) in self.more.iter().enumerate() {
            kinds = kinds.push(
                row![
                    parts::body(format!("{} +", Dice::new(n, d))),
                    space::horizontal(),
                    parts::tap(
                        parts::touch_text("Remove", touch)
                            .style(theme::quiet)
                            .on_press(Message::KindRemoved(i)),
                        touch
                    ),
                ]
                .align_y(iced::Center),
            );
        }
        dice_row = dice_row.push(space::horizontal());
        dice_row = dice_row.push(parts::tap(
            small("+ kind")
                .style(theme::quiet)
                .on_press_maybe((self.more.len() < MAX_KINDS - 1).then_some(Message::KindAdded)),
            touch,
        ));
        let mut mods = Column::new().spacing(gap::XS);
        for (i, m) in self.modifiers.iter().enumerate() {
            mods = mods.push(
                row![
                    parts::body(format!("{:+} {}", m.value, m.label)),
                    space::horizontal(),
                    parts::tap(
                        parts::touch_text("Remove", touch)
                            .style(theme::quiet)
                            .on_press(Message::ModifierRemoved(i)),
                        touch
                    ),
                ]
                .align_y(iced::Center),
            );
        }
        let add = row![
            field(MOD_LABEL, "Modifier (e.g. uphill)", &self.label)
                .on_input(Message::LabelChanged)
                .on_submit(Message::ModifierAdded)
                .size(size::BODY)
                .width(Fill),
            field(MOD_VALUE, "+1", &self.value)
                .kind(Kind::Signed)
                .on_input(Message::ValueChanged)
                .on_submit(Message::ModifierAdded)
                .size(size::BODY)
                .width(Length::Fixed(56.0)),
            parts::tap(
                parts::touch_text("Add", touch)
                    .style(theme::quiet)
                    .on_press(Message::ModifierAdded),
                touch
            ),
        ]
        .spacing(gap::XS)
        // A finger's Add is taller than the fields beside it.
        .align_y(if touch {
            iced::alignment::Vertical::Center
        } else {
            iced::alignment::Vertical::Top
        });

        let name = self.name();
        let act = self.faces.row(
            format!("Roll {name}"),
            "faces, e.g. 3 4",
            FACES,
            parts::RollMessages {
                roll: Message::Roll,
                typed: Message::FacesChanged,
                enter: Message::FacesEntered,
            },
            touch,
        );

        // Messages under the Roll row, so they move only what is read below them.
        let mut content = column![kinds, dice_row, mods, add, act].spacing(gap::S);
        for e in [&self.modifier_error, &self.faces.error]
            .into_iter()
            .flatten()
        {
            content = content.push(parts::error_line(e.as_str()));
        }
        content = content.push(history(game));
        content = content.push(parts::strong(format!("Odds of each total ({name})")));
        let dist = sum_distribution(&self.groups());
        for (total, ways) in &dist.counts {
            content = content.push(parts::odds_row(total.to_string(), *ways, dist.outcomes));
        }
        scrollable(content.padding(iced::padding::right(gap::M)))
            .height(Fill)
            .into()
    }
}

/// The recent tray rolls, newest first, the latest with its total large; a roll of several
/// kinds is one line ("2D6 [3 5] + D3 [2] = 10").
fn history(game: &Battle) -> Element<'_, Message> {
    let rolls: Vec<(i32, String)> = game
        .log()
        .iter()
        .rev()
        .filter(|e| matches!(e.action, Action::Roll(_) | Action::RollMixed(_)))
        .filter_map(|e| {
            let rolled: Vec<_> = e
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Rolled { rolled, .. } => Some(rolled),
                    _ => None,
                })
                .collect();
            match rolled.as_slice() {
                [] => None,
                [one] => Some((one.total(), one.to_string())),
                many => {
                    let total: i32 = many.iter().map(|r| r.total()).sum();
                    let parts: Vec<String> = many
                        .iter()
                        .map(|r| format!("{} {:?}", r.dice, r.faces).replace(',', ""))
                        .collect();
                    Some((total, format!("{} = {total}", parts.join(" + "))))
                }
            }
        })
        .take(HISTORY)
        .collect();
    let Some((total, last)) = rolls.first() else {
        return parts::caption("No tray rolls yet.");
    };
    let mut list = column![
        row![parts::figure(total.to_string()), parts::body(last.clone()),]
            .spacing(gap::M)
            .align_y(iced::Center)
    ]
    .spacing(2);
    for (_, r) in rolls.iter().skip(1) {
        list = list.push(parts::caption(r.clone()));
    }
    list.into()
}

/// The exact distribution of the sum of several kinds' totals.
fn sum_distribution(groups: &[Dice]) -> adjutant::dice::Distribution {
    let mut counts = std::collections::BTreeMap::from([(0i32, 1u128)]);
    let mut outcomes = 1u128;
    for d in groups {
        let dist = d.distribution();
        let mut next = std::collections::BTreeMap::new();
        for (&a, &n) in &counts {
            for (&b, &m) in &dist.counts {
                *next.entry(a + b).or_insert(0) += n * m;
            }
        }
        counts = next;
        outcomes *= dist.outcomes;
    }
    adjutant::dice::Distribution { counts, outcomes }
}
