//! The centre of the battle: the procedures the rule system offers for the selection — the
//! allowed ones first, each with a picker for each parameter (when several are allowed, each
//! one's questions fold into one line of the answers its Start uses, with "Change" to open
//! them, so the next offer's Start stays in view), the refused ones folded under one
//! line that unfolds to each with the rule that forbids it — and, once one is under way, its
//! request at the top — the dice with the Roll row and its keypad right under the question,
//! the exact odds of each band and every modifier, a card to draw or a choice to make — with
//! the notes and the odds of the whole procedure below. A message never moves what can be
//! clicked: it shows below the request, or at the foot of the offers.
//!
//! On a phone (`touch`) every button is a finger's size, and the column is laid out so the
//! finger need not move: the first offer's Start heads the column (the pick is said under
//! the offers), and once it is started the request heads it with its Roll in Start's place,
//! the same for every roll after; what each roll so far came to follows the keypad, and the
//! last procedure's result says its dice too, so the faces Adjutant rolled are in view
//! without scrolling.

use std::collections::{BTreeMap, BTreeSet};

use iced::widget::{Column, column, container, pick_list, row, scrollable};
use iced::{Element, Fill};

use adjutant::battle::{Action, Battle, Pending};
use adjutant::procedure::{Call, DiceRequest, Offer, Reading, Step};
use adjutant::status::Viewer;

use super::roster_panel::State as Selection;
use crate::ui::kept_inside::kept_inside;
use std::cell::RefCell;

use adjutant::odds::Odds;

use super::{Command, adjust_panel, describe, keypad, odds};
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};
use adjutant::battle::adjust::Subject;
use adjutant::status::Change;

/// How many lines of the last procedure's result the panel repeats (the log has them all,
/// with the dice and cards).
const LAST_LINES: usize = 3;

/// The widest a parameter's picker grows.
const PICKER_MAX: f32 = 240.0;

/// The widget id of the field for faces rolled on the table.
pub const FACES: &str = "procedure-faces";

/// The widget id of the picker for one parameter of one offer (tests and focus use it).
pub fn param_id(offer: &str, key: &str) -> String {
    format!("param:{offer}:{key}")
}

/// A question's label without its explanation in brackets ("Target in cover (small arms −1)"
/// reads "Target in cover"), for the one line of a folded offer's answers.
fn short_label(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label).trim_end()
}

/// The widget id of an offer's "Change" / "Fold" beside its folded questions.
pub fn questions_id(offer: &str) -> String {
    format!("questions:{offer}")
}

#[derive(Debug, Clone, Default)]
pub struct State {
    /// The answers picked so far, by offer id and parameter key.
    params: BTreeMap<(String, String), String>,
    /// The faces typed for the request under way, and what was wrong with the last entered
    /// (or with the offer started).
    faces: parts::Faces,
    /// The odds of the procedure under way, worked out at its first drawing after a change
    /// (the walk can take milliseconds; the view is drawn far more often than the battle
    /// changes).
    odds: RefCell<Option<Odds>>,
    /// Whether "Correct by hand" is open.
    correcting: bool,
    /// Whether the refused offers are unfolded.
    refused_open: bool,
    /// The offers whose questions are unfolded while several offers are allowed (each is
    /// then one line of answers, so the next offer's Start stays in view).
    questions_open: BTreeSet<String>,
}

#[derive(Debug, Clone)]
pub enum Message {
    ParamPicked {
        offer: String,
        key: String,
        value: String,
    },
    Started {
        offer: String,
        params: BTreeMap<String, String>,
    },
    Roll,
    FacesChanged(String),
    /// A face tapped on the keypad.
    FaceTapped(u8),
    /// The keypad's Clear.
    FacesCleared,
    /// The line over the refused offers: unfold or fold them.
    RefusedToggled,
    /// An offer's "Change" beside its answers: unfold or fold its questions.
    QuestionsToggled(String),
    FacesEntered,
    Draw,
    Chose(usize),
    Cancel,
    /// "Correct by hand" opened or closed.
    CorrectToggled,
    /// A correction by hand.
    Adjust(Subject, Change),
}

impl State {
    pub fn update(&mut self, message: Message, selection: &Selection) -> Option<Command> {
        match message {
            Message::ParamPicked { offer, key, value } => {
                self.params.insert((offer, key), value);
                self.faces.error = None;
                None
            }
            Message::Started { offer, params } => Some(Command::Start(Action::Procedure(Call {
                id: offer,
                actors: selection.actors.clone(),
                targets: selection.targets.clone(),
                params,
            }))),
            Message::Roll => Some(Command::Roll),
            Message::FacesChanged(s) => {
                self.faces.set(s);
                None
            }
            Message::FaceTapped(face) => {
                self.faces.set(keypad::typed(&self.faces.typed, face));
                None
            }
            Message::FacesCleared => {
                self.faces.set(String::new());
                None
            }
            Message::RefusedToggled => {
                self.refused_open = !self.refused_open;
                None
            }
            Message::QuestionsToggled(offer) => {
                if !self.questions_open.remove(&offer) {
                    self.questions_open.insert(offer);
                }
                None
            }
            Message::FacesEntered => Some(Command::EnterFaces(self.faces.typed.clone())),
            Message::Draw => Some(Command::Draw),
            Message::Chose(i) => Some(Command::Choose(i)),
            Message::Cancel => Some(Command::Cancel),
            Message::CorrectToggled => {
                self.correcting = !self.correcting;
                None
            }
            Message::Adjust(subject, change) => Some(Command::Adjust(subject, change)),
        }
    }

    pub fn finished(&mut self, result: Result<(), adjutant::battle::ActionError>) {
        self.faces.finished(result);
    }

    pub fn view<'a>(
        &'a self,
        game: &'a Battle,
        selection: &Selection,
        viewer: Viewer,
        touch: bool,
    ) -> Element<'a, Message> {
        let content = match game.pending() {
            Some(pending) => self.pending_view(game, pending, viewer, touch),
            None => self.offers_view(game, selection, viewer, touch),
        };
        // A phone's room is narrow: the panel's margin is too (not the room kept for the
        // scroll bar, which takes a press before what is under it).
        container(scrollable(content.padding(iced::padding::right(gap::M))).height(Fill))
            .padding(if touch { gap::S } else { gap::M })
            .width(Fill)
            .height(Fill)
            .style(theme::panel)
            .into()
    }

    fn offers_view<'a>(
        &'a self,
        game: &'a Battle,
        sel: &Selection,
        viewer: Viewer,
        touch: bool,
    ) -> Column<'a, Message> {
        let names = |ids: &[adjutant::event::PieceId]| {
            ids.iter()
                .map(|&id| game.roster.name(id).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let picked = match (sel.actors.is_empty(), sel.targets.is_empty()) {
            (true, true) => "Nothing picked: procedures for the battle and the phase.".to_string(),
            (false, true) => format!("Acting: {}", names(&sel.actors)),
            (true, false) => format!("At: {}", names(&sel.targets)),
            (false, false) => format!(
                "Acting: {} — at: {}",
                names(&sel.actors),
                names(&sel.targets)
            ),
        };
        // The last procedure's result first, at the top of the column; then the offers.
        let mut col = Column::new().spacing(gap::S);
        // The result of the last procedure, while nothing is picked or the pick is still the
        // one it was started with: picking again (another target, the unit just activated
        // aiming at one) starts the next action, and its offers take the room.
        let nothing_picked = sel.actors.is_empty() && sel.targets.is_empty();
        if let Some(last) = game.log().last().filter(|e| match &e.action {
            Action::Procedure(call) => {
                nothing_picked || (call.actors == sel.actors && call.targets == sel.targets)
            }
            _ => false,
        }) {
            let mut lines = Column::new()
                .spacing(2)
                .push(parts::strong(format!("Last: {}", last.title)));
            // The result in words first (the facts: "fails its morale check", "routs"), then
            // the changes of status; the log keeps the detail in order.
            let mut outcome = describe::outcome(game, last);
            outcome.sort_by_key(|e| match e {
                adjutant::event::Event::Fact { kind, .. }
                    if *kind != adjutant::event::FactKind::Note =>
                {
                    0
                }
                adjutant::event::Event::Fact { .. } | adjutant::event::Event::Ended { .. } => 1,
                _ => 2,
            });
            for e in outcome.iter().take(LAST_LINES) {
                lines = lines.push(parts::body(describe::event(game, e, viewer)));
            }
            if outcome.len() > LAST_LINES {
                lines = lines.push(parts::caption("… the rest is in the log"));
            }
            // A phone shows no log beside it: the dice the result came of are said here.
            if touch {
                for e in last
                    .events
                    .iter()
                    .filter(|e| matches!(e, adjutant::event::Event::Rolled { .. }))
                {
                    lines = lines.push(parts::caption(describe::event(game, e, viewer)));
                }
            }
            col = col.push(
                container(lines)
                    .padding(gap::S)
                    .width(Fill)
                    .style(theme::info_banner),
            );
        }
        // The pick heads the offers (the panel or its tab is named "Procedures"): one line
        // less between the pick and the first Start. On a phone the first Start heads them,
        // where the Roll will be, and the pick follows the offers allowed.
        if !touch {
            col = col.push(parts::strong(picked.clone()));
        }
        let offers = game
            .rules()
            .offers(&game.context(), &sel.actors, &sel.targets);
        if offers.is_empty() {
            col = col.push(parts::caption(
                "The rules offer nothing for this selection.",
            ));
        }
        // The procedure that moves the clock on has its own place, at the column's foot.
        let clock = game.rules().clock_offer();
        let (allowed, refused): (Vec<Offer>, Vec<Offer>) = offers
            .into_iter()
            .filter(|o| Some(o.id.as_str()) != clock)
            .partition(|o| o.refused.is_none());
        // With several offers allowed, each one's questions fold into a line of its answers.
        let fold = allowed.len() > 1;
        for offer in allowed {
            col = col.push(self.offer_view(offer, fold, touch));
        }
        if touch {
            col = col.push(parts::strong(picked));
        }
        if !refused.is_empty() {
            col = col.push(parts::tap(
                parts::touch_text(format!("{} not allowed — why", refused.len()), touch)
                    .style(theme::toggle(self.refused_open))
                    .on_press(Message::RefusedToggled),
                touch,
            ));
            if self.refused_open {
                for offer in refused {
                    col = col.push(self.offer_view(offer, false, touch));
                }
            }
        }
        col = col.push(self.correct_view(game, sel, viewer, touch));
        // At the foot, so a message shifts nothing that can be clicked.
        if let Some(e) = &self.faces.error {
            col = col.push(parts::error_line(e.as_str()));
        }
        col
    }

    /// "Correct by hand", folded until opened: the one picked piece, or each side.
    fn correct_view<'a>(
        &'a self,
        game: &'a Battle,
        sel: &Selection,
        viewer: Viewer,
        touch: bool,
    ) -> Element<'a, Message> {
        let toggle = parts::tap(
            parts::touch_text(if self.correcting { "Hide" } else { "Show" }, touch)
                .style(theme::quiet)
                .on_press(Message::CorrectToggled),
            touch,
        );
        let mut col = column![
            row![
                container(parts::strong("Correct by hand")).width(Fill),
                toggle
            ]
            .spacing(gap::S)
            .align_y(iced::Center)
        ]
        .spacing(gap::XS);
        if !self.correcting {
            return parts::card(col);
        }
        col = col.push(parts::caption(
            "When the table and Adjutant disagree: each change is logged as a manual correction and can be undone.",
        ));
        let picked: Vec<_> = sel.actors.iter().chain(&sel.targets).copied().collect();
        let subjects: Vec<Subject> = match picked.as_slice() {
            [] => (0..game.armies().len()).map(Subject::Side).collect(),
            [one] => vec![Subject::Piece(*one)],
            _ => {
                col = col.push(parts::caption("Pick one piece to correct it."));
                Vec::new()
            }
        };
        for subject in subjects {
            col = col.push(adjust_panel::view(
                game,
                subject,
                viewer,
                Message::Adjust,
                touch,
            ));
        }
        parts::card(col)
    }

    /// One offer: its label and Start, then its questions — or, `fold`ed and not opened, one
    /// line of the answers Start will use, with "Change" to unfold them. On a phone Start
    /// keeps to the top of the card, where the request's Roll comes.
    fn offer_view<'a>(&'a self, offer: Offer, fold: bool, touch: bool) -> Element<'a, Message> {
        let folded = fold && !offer.params.is_empty() && !self.questions_open.contains(&offer.id);
        let mut said = Vec::new();
        let mut answers = BTreeMap::new();
        let mut pickers = Column::new().spacing(gap::XS);
        for p in &offer.params {
            let chosen = self
                .params
                .get(&(offer.id.clone(), p.key.to_string()))
                .filter(|v| p.choices.contains(v))
                .cloned()
                .or_else(|| p.choices.get(p.default).cloned());
            if let Some(v) = &chosen {
                answers.insert(p.key.to_string(), v.clone());
                said.push(format!("{}: {v}", short_label(&p.label)));
            }
            let (id, key) = (offer.id.clone(), p.key.to_string());
            let picker = pick_list(p.choices.clone(), chosen, move |value| {
                Message::ParamPicked {
                    offer: id.clone(),
                    key: key.clone(),
                    value,
                }
            })
            .text_size(size::BODY);
            // The label wraps; the picker keeps its own width (up to a share of the row, its
            // choice clipped beyond), so it never shrinks to its arrow or runs out of the card.
            pickers = pickers.push(
                row![
                    container(parts::body(p.label.clone())).width(Fill),
                    container(parts::tap(kept_inside(picker), touch))
                        .id(param_id(&offer.id, p.key))
                        .max_width(PICKER_MAX),
                ]
                .spacing(gap::S)
                .align_y(iced::Center),
            );
        }
        let start = parts::tap(
            parts::touch_text("Start", touch)
                .style(theme::action)
                .on_press_maybe(offer.refused.is_none().then(|| Message::Started {
                    offer: offer.id.clone(),
                    params: answers,
                })),
            touch,
        );
        let mut col =
            column![head_row(parts::strong(offer.label.clone()), start, touch)].spacing(gap::XS);
        let toggle = |label| {
            container(parts::tap(
                parts::touch_text(label, touch)
                    .style(theme::quiet)
                    .on_press(Message::QuestionsToggled(offer.id.clone())),
                touch,
            ))
            .id(questions_id(&offer.id))
        };
        match &offer.refused {
            Some(r) => {
                col = col.push(parts::caption(format!(
                    "Not allowed: {} ({})",
                    r.reason, r.rule
                )))
            }
            None if folded => {
                col = col.push(
                    row![
                        container(parts::caption(said.join(" · "))).width(Fill),
                        toggle("Change")
                    ]
                    .spacing(gap::S)
                    .align_y(iced::Center),
                )
            }
            None if fold && !offer.params.is_empty() => {
                col = col.push(pickers).push(toggle("Fold"))
            }
            None => col = col.push(pickers),
        }
        parts::card(col)
    }

    fn pending_view<'a>(
        &'a self,
        game: &'a Battle,
        pending: &'a Pending,
        viewer: Viewer,
        touch: bool,
    ) -> Column<'a, Message> {
        let can_cancel = pending.events.is_empty();
        let title = row![
            container(if touch {
                parts::strong(pending.title.as_str())
            } else {
                parts::heading(pending.title.as_str())
            })
            .width(Fill),
            parts::tap(
                parts::touch_text("Cancel", touch)
                    .style(theme::quiet)
                    .on_press_maybe(can_cancel.then_some(Message::Cancel)),
                touch
            ),
        ]
        .spacing(gap::S)
        .align_y(iced::Center);
        // What each roll so far came to: on a phone, in the request under its keypad.
        let so_far = describe::pending_lines(game, pending, viewer);
        let mut col = Column::new().spacing(gap::S);
        let mut title = Some(title);
        if !touch {
            col = col.push(title.take());
        }
        let request: Element<'a, Message> = match game.step() {
            Some(Step::Dice(req)) => self.dice_view(req, touch.then_some(&so_far[..])),
            Some(Step::Card(req)) => {
                let draws = if req.draws > 1 {
                    format!("Draw {} cards; the better one counts.", req.draws)
                } else {
                    "Draw one card.".to_string()
                };
                let draw = parts::tap(
                    parts::touch_text("Draw", touch)
                        .style(theme::action)
                        .on_press(Message::Draw),
                    touch,
                );
                match touch {
                    // Draw in Start's place, as the Roll is.
                    true => column![
                        head_row(parts::strong(req.label), draw, true),
                        parts::caption(req.rule),
                        parts::body(draws),
                    ],
                    false => column![
                        parts::strong(req.label),
                        parts::caption(req.rule),
                        parts::body(draws),
                        draw,
                    ],
                }
                .push(touch.then(|| lines(&so_far)))
                .spacing(gap::S)
                .into()
            }
            Some(Step::Choice(req)) => {
                let mut c =
                    column![parts::strong(req.label), parts::caption(req.rule)].spacing(gap::S);
                for (i, option) in req.options.into_iter().enumerate() {
                    let label = if i == req.assumed {
                        format!("{option} (the odds assume this)")
                    } else {
                        option
                    };
                    c = c.push(parts::tap(
                        parts::touch_text(label, touch)
                            .style(theme::action)
                            .on_press(Message::Chose(i)),
                        touch,
                    ));
                }
                c.push(touch.then(|| lines(&so_far))).into()
            }
            Some(Step::Done(_)) | None => parts::body("Nothing is asked for."),
        };
        // On a phone the request heads the column, its Roll in the first Start's place (the
        // cards' padding), with the title and Cancel under it.
        col = col.push(
            container(request)
                .padding(if touch { gap::S } else { gap::M })
                .width(Fill)
                .style(theme::request),
        );
        col = col.push(title);
        // Under the request: a message moves only what is read below it.
        if let Some(e) = &self.faces.error {
            col = col.push(parts::error_line(e.as_str()));
        }
        if !can_cancel {
            col = col.push(parts::caption(
                "Cancel is refused: dice are already rolled for this procedure. Finish it, then undo it.",
            ));
        }
        if let Some(procedure) = game.pending_procedure() {
            for note in procedure.notes() {
                col = col.push(parts::body(format!("• {note}")));
            }
        }
        if !touch {
            for line in so_far {
                col = col.push(parts::body(line));
            }
        }
        let mut cached = self.odds.borrow_mut();
        let odds = cached.get_or_insert_with(|| odds::of(game, pending));
        col.push(odds::view(game, odds.clone()))
    }

    /// Drops the error on show: what it was about (the selection) has changed.
    pub fn clear_error(&mut self) {
        self.faces.error = None;
    }

    /// Forgets the odds worked out for the procedure under way: the battle changed.
    pub fn forget_odds(&mut self) {
        *self.odds.get_mut() = None;
    }

    /// A dice request: its question, Roll, the faces field and the keypad, the odds of each
    /// band and the modifiers. On a phone (`so_far` given: what the rolls before came to) Roll
    /// is at the top right, in the first Start's place, and `so_far` follows the keypad.
    fn dice_view<'a>(
        &'a self,
        req: DiceRequest,
        so_far: Option<&[String]>,
    ) -> Element<'a, Message> {
        let reading = match req.reading {
            Reading::Total => format!("Roll {}", req.dice),
            Reading::Successes { at_least } => {
                format!(
                    "Roll {}; count the dice showing {at_least} or more",
                    req.dice
                )
            }
        };
        let on = parts::RollMessages {
            roll: Message::Roll,
            typed: Message::FacesChanged,
            enter: Message::FacesEntered,
        };
        let keys = keypad::view(req.dice.die, Message::FaceTapped, Message::FacesCleared);
        // The question, then at once what answers it: Roll, the field and the keypad; the
        // odds of each band and the modifiers below.
        let mut c = match so_far {
            None => column![
                parts::strong(req.label.clone()),
                parts::body(reading),
                self.faces
                    .row("Roll", "faces rolled, e.g. 3 4", FACES, on, false),
                keys,
            ],
            Some(so_far) => {
                let roll = parts::tap(
                    parts::touch_text("Roll", true)
                        .style(theme::action)
                        .on_press(on.roll.clone()),
                    true,
                );
                let question = column![parts::strong(req.label.clone()), parts::body(reading)]
                    .spacing(gap::XS);
                column![
                    head_row(question, roll, true),
                    keys,
                    parts::faces_field(
                        "faces rolled, e.g. 3 4",
                        &self.faces.typed,
                        FACES,
                        on,
                        true
                    ),
                    lines(so_far),
                ]
            }
        }
        .spacing(gap::S);
        let (readings, _) = req.readings();
        let low = readings.keys().next().copied().unwrap_or(0);
        let high = readings.keys().last().copied().unwrap_or(0);
        for (band, ways, outcomes) in req.band_odds() {
            c = c.push(parts::odds_row(
                odds::band_label(band.from, band.to, low, high, &band.label),
                ways,
                outcomes,
            ));
        }
        if req.dice.modifiers.is_empty() {
            c = c.push(parts::caption("No modifiers."));
        }
        for m in &req.dice.modifiers {
            let rule = if m.rule.is_empty() {
                String::new()
            } else {
                format!("  ({})", m.rule)
            };
            c = c.push(parts::body(format!("{:+}  {}{rule}", m.value, m.label)));
        }
        if !req.rule.is_empty() {
            c = c.push(parts::caption(req.rule.clone()));
        }
        c.into()
    }
}

/// A card's first line: its words, and at its right its button (an offer's Start, a request's
/// Roll). On a phone the button keeps to the top of the line however the words wrap, so a
/// Start and the Roll after it are in one place.
fn head_row<'a>(
    words: impl Into<Element<'a, Message>>,
    button: Element<'a, Message>,
    touch: bool,
) -> Element<'a, Message> {
    row![container(words).width(Fill), button]
        .spacing(gap::S)
        .align_y(if touch {
            iced::alignment::Vertical::Top
        } else {
            iced::alignment::Vertical::Center
        })
        .into()
}

/// What the rolls of the procedure under way came to so far, one line each.
fn lines<'a>(so_far: &[String]) -> Element<'a, Message> {
    Column::with_children(so_far.iter().map(|l| parts::body(l.clone())))
        .spacing(2)
        .into()
}
