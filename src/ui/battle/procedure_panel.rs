//! The centre of the battle: the procedures the rule system offers for the selection — the
//! allowed ones first, each with its questions ([`super::questions`]: a question the rules
//! give no answer to starts unanswered and its Start waits for it; when several offers are
//! allowed, the questions the rules answer fold into one line of the answers Start uses, with
//! "Change" to open them, so the next offer's Start stays in view), with the odds of the whole
//! procedure as the answers stand once they are given; the refused ones folded under one line
//! that unfolds to each with the rule that forbids it — and, once one is under way, its
//! request at the top — the dice with the Roll row and its keypad right under the question,
//! the exact odds of each band and every modifier, a card to draw (or to enter as drawn on
//! the table, on the card keys) or a choice to make — with the notes and the odds of the whole
//! procedure below. A message never moves what can be clicked: it shows below the request, or
//! at the foot of the offers.
//!
//! Nothing moves under the pointer within one pick: the offers keep the places they were first
//! shown in (new ones come after), one that was started and is no longer offered leaves a
//! "done" line in its place, an offer that acts at once on what the table cannot take back
//! comes after the others and asks once before it acts (its "Not now" where Start was). The
//! answers are the pick's: picking again, or starting the offer, forgets them.
//!
//! On a phone (`touch`) every button is a finger's size, and the column is laid out so the
//! finger need not move: the first offer's Start heads the column (the pick is said under
//! the offers), and once it is started the request heads it with its Roll in Start's place,
//! the same for every roll after; what each roll so far came to follows the keypad, and the
//! last procedure's result says its dice too, so the faces Adjutant rolled are in view
//! without scrolling.

use std::collections::{BTreeMap, BTreeSet};

use iced::widget::{Column, column, container, row, scrollable, space};
use iced::{Element, Fill};

use adjutant::battle::{Action, Battle, Pending};
use adjutant::event::PieceId;
use adjutant::procedure::{Call, DiceRequest, Offer, Reading, Step};
use adjutant::status::Viewer;

use super::roster_panel::State as Selection;
use std::cell::RefCell;

use adjutant::odds::Odds;

use super::{Command, adjust_panel, card_keys, describe, keypad, odds, questions};
use crate::ui::parts;
use crate::ui::theme::{self, gap};
use adjutant::battle::adjust::Subject;
use adjutant::status::Change;

/// How many lines of the last procedure's result the panel repeats (the log has them all,
/// with the dice and cards).
const LAST_LINES: usize = 3;

/// The widget id of the field for faces rolled on the table.
pub const FACES: &str = "procedure-faces";

/// The widget id of one parameter of one offer (tests and focus use it).
#[cfg(test)]
pub use super::questions::param_id;

/// How many odds previews are kept before the oldest go.
const PREVIEWS: usize = 32;

/// The widget id of an offer's "Change" / "Fold" beside its folded questions.
pub fn questions_id(offer: &str) -> String {
    format!("questions:{offer}")
}

#[derive(Debug, Clone, Default)]
pub struct State {
    /// The answers picked so far, by offer id and parameter key, for the pick in `answered_for`.
    params: BTreeMap<(String, String), String>,
    /// The pick (actors, targets) the answers were given for: another pick starts afresh.
    answered_for: (Vec<PieceId>, Vec<PieceId>),
    /// The offer just started, whose answers go (and whose place is kept) once it is done.
    started: Option<String>,
    /// The offer asking, before it acts, whether the player means it: id and answers.
    confirming: Option<(String, BTreeMap<String, String>)>,
    /// Where each offer shows for the pick on screen, so nothing moves under the pointer.
    places: RefCell<Places>,
    /// The odds of the calls the answers make, worked out once each (in words).
    previews: RefCell<Vec<(Call, Vec<String>)>>,
    /// The card being entered as drawn on the table.
    card: card_keys::State,
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

/// The places of the offers of one pick at one moment of the clock: in the order first shown,
/// and the ones started and no longer offered.
#[derive(Debug, Clone, Default, PartialEq)]
struct Places {
    key: (Vec<PieceId>, Vec<PieceId>, (u32, usize, usize)),
    order: Vec<(String, String)>,
    done: BTreeSet<String>,
}

/// One place in the list of offers: an offer, or one done since it was started.
enum Slot {
    Offer(Offer),
    Done(String),
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
    /// Start of an offer that acts at once on what the table cannot take back: ask first.
    ConfirmAsked {
        offer: String,
        params: BTreeMap<String, String>,
    },
    /// The answer to that question: go ahead, or not now.
    Confirmed(bool),
    /// The card keys.
    Card(card_keys::Message),
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
                let pick = (selection.actors.clone(), selection.targets.clone());
                if self.answered_for != pick {
                    self.params.clear();
                    self.answered_for = pick;
                }
                self.params.insert((offer, key), value);
                self.faces.error = None;
                None
            }
            Message::Started { offer, params } => {
                self.confirming = None;
                self.started = Some(offer.clone());
                Some(Command::Start(Action::Procedure(Call {
                    id: offer,
                    actors: selection.actors.clone(),
                    targets: selection.targets.clone(),
                    params,
                })))
            }
            Message::ConfirmAsked { offer, params } => {
                self.confirming = Some((offer, params));
                None
            }
            Message::Confirmed(yes) => {
                let (offer, params) = self.confirming.take()?;
                yes.then(|| self.update(Message::Started { offer, params }, selection))
                    .flatten()
            }
            Message::Card(m) => self.card.update(m).map(|card_keys::Entered::Card(c)| {
                self.faces.error = None;
                Command::EnterCard(c)
            }),
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
        // An offer started: its answers were used (the next one starts afresh), and its place
        // is kept while the pick stays.
        if let Some(offer) = self.started.take()
            && result.is_ok()
        {
            self.params.retain(|(o, _), _| *o != offer);
            self.places.get_mut().done.insert(offer);
        }
        self.card.finished(&result);
        self.faces.finished(result);
    }

    /// Whether the question `key` of `offer` has been answered under the pick `sel`.
    #[cfg(test)]
    pub fn answer_given(&self, sel: &Selection, offer: &str, key: &str) -> bool {
        self.answers_of(sel, offer).contains_key(key)
    }

    /// The answers given for `offer` under the pick `sel` (none when they were for another).
    fn answers_of<'s>(&'s self, sel: &Selection, offer: &str) -> BTreeMap<&'s str, &'s String> {
        if self.answered_for.0 != sel.actors || self.answered_for.1 != sel.targets {
            return BTreeMap::new();
        }
        self.params
            .iter()
            .filter(|((o, _), _)| o == offer)
            .map(|((_, k), v)| (k.as_str(), v))
            .collect()
    }

    /// The offers in their places: those shown before in the places they had (one started
    /// and no longer offered as a "done" line), then the new ones — those that act at once on
    /// what the table cannot take back after the others.
    fn arrange(&self, game: &Battle, sel: &Selection, mut allowed: Vec<Offer>) -> Vec<Slot> {
        allowed.sort_by_key(|o| o.confirm.is_some());
        let s = game.state();
        let key = (
            sel.actors.clone(),
            sel.targets.clone(),
            (s.turn, s.phase, s.side),
        );
        let mut places = self.places.borrow_mut();
        if places.key != key {
            *places = Places {
                key,
                ..Places::default()
            };
        }
        let mut slots = Vec::new();
        for (id, label) in &places.order {
            match allowed.iter().position(|o| &o.id == id) {
                Some(i) => slots.push(Slot::Offer(allowed.remove(i))),
                None if places.done.contains(id) => slots.push(Slot::Done(label.clone())),
                None => {}
            }
        }
        for offer in allowed {
            places.order.push((offer.id.clone(), offer.label.clone()));
            slots.push(Slot::Offer(offer));
        }
        slots
    }

    /// The odds of `call` in a line or two at a glance, worked out once per call.
    fn preview(&self, game: &Battle, call: &Call) -> Vec<String> {
        let mut cache = self.previews.borrow_mut();
        if let Some((_, lines)) = cache.iter().find(|(c, _)| c == call) {
            return lines.clone();
        }
        let lines = match game.rules().procedure(&game.context(), call) {
            Ok(p) => odds::preview(
                game,
                &adjutant::odds::procedure_odds(p.as_ref(), &game.context(), &[]),
            ),
            Err(r) => vec![format!("Not allowed: {} ({})", r.reason, r.rule)],
        };
        if cache.len() >= PREVIEWS {
            cache.clear();
        }
        cache.push((call.clone(), lines.clone()));
        lines
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
        // With several offers allowed, the questions the rules answer fold into a line.
        let fold = allowed.len() > 1;
        for slot in self.arrange(game, sel, allowed) {
            col = col.push(match slot {
                Slot::Offer(offer) => self.offer_view(game, sel, offer, fold, touch),
                Slot::Done(label) => done_view(label, touch),
            });
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
                    col = col.push(self.offer_view(game, sel, offer, false, touch));
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

    /// One offer: its label and Start, then its questions — or, `fold`ed and not opened, the
    /// ones the rules answer in one line of those answers, with "Change" to unfold them (the
    /// open ones stay, so answering one moves nothing) — and, once every question has an
    /// answer, the odds of the whole procedure as they stand. Start waits for the open
    /// questions; an offer that acts at once on what the table cannot take back asks first.
    /// On a phone Start keeps to the top of the card, where the request's Roll comes.
    fn offer_view<'a>(
        &'a self,
        game: &'a Battle,
        sel: &Selection,
        offer: Offer,
        fold: bool,
        touch: bool,
    ) -> Element<'a, Message> {
        let answered = self.answers_of(sel, &offer.id);
        let opened = self.questions_open.contains(&offer.id);
        let folded = fold && !opened;
        let mut answers = BTreeMap::new();
        let mut missing = Vec::new();
        let mut shown = Column::new().spacing(gap::XS);
        let mut foldable = false;
        for p in &offer.params {
            let picked = answered.get(p.key).copied();
            match questions::chosen(p, picked) {
                Some(v) => {
                    answers.insert(p.key.to_string(), v);
                }
                None => missing.push(questions::short_label(&p.label).to_string()),
            }
            let rules_answer = p.default().is_some();
            foldable |= rules_answer;
            if folded && rules_answer {
                continue;
            }
            let (id, key) = (offer.id.clone(), p.key.to_string());
            shown = shown.push(questions::view(
                &offer.id,
                p,
                picked,
                move |value| Message::ParamPicked {
                    offer: id.clone(),
                    key: key.clone(),
                    value,
                },
                touch,
            ));
        }
        let asking = self
            .confirming
            .as_ref()
            .filter(|(o, _)| *o == offer.id)
            .map(|(_, a)| a.clone());
        let ready = offer.refused.is_none() && missing.is_empty();
        let start = match (&asking, &offer.confirm) {
            // Asking: "Not now" where Start was, so a second click there does nothing.
            (Some(_), _) => parts::touch_text("Not now", touch)
                .style(theme::quiet)
                .on_press(Message::Confirmed(false)),
            (None, Some(_)) => parts::touch_text("Start", touch)
                .style(theme::action)
                .on_press_maybe(ready.then(|| Message::ConfirmAsked {
                    offer: offer.id.clone(),
                    params: answers.clone(),
                })),
            (None, None) => parts::touch_text("Start", touch)
                .style(theme::action)
                .on_press_maybe(ready.then(|| Message::Started {
                    offer: offer.id.clone(),
                    params: answers.clone(),
                })),
        };
        let start = parts::tap(start, touch);
        let mut col =
            column![head_row(parts::strong(offer.label.clone()), start, touch)].spacing(gap::XS);
        if let (Some(_), Some(question)) = (&asking, &offer.confirm) {
            col = col.push(parts::body(question.clone())).push(parts::tap(
                parts::touch_text("Yes", touch)
                    .style(theme::risky)
                    .on_press(Message::Confirmed(true)),
                touch,
            ));
        }
        let toggle = |label| {
            container(parts::tap(
                parts::touch_text(label, touch)
                    .style(theme::quiet)
                    .on_press(Message::QuestionsToggled(offer.id.clone())),
                touch,
            ))
            .id(questions_id(&offer.id))
        };
        if let Some(r) = &offer.refused {
            col = col.push(parts::caption(format!(
                "Not allowed: {} ({})",
                r.reason, r.rule
            )));
            return parts::card(col);
        }
        // Each question not answered says "answer this first" beside it.
        col = col.push(shown);
        if fold && foldable {
            let line: Vec<String> = offer
                .params
                .iter()
                .filter(|p| p.default().is_some())
                .filter_map(|p| {
                    let v = questions::chosen(p, answered.get(p.key).copied())?;
                    Some(format!("{}: {v}", questions::short_label(&p.label)))
                })
                .collect();
            col = col.push(if folded {
                row![
                    container(parts::caption(line.join(" · "))).width(Fill),
                    toggle("Change")
                ]
                .spacing(gap::S)
                .align_y(iced::Center)
            } else {
                row![space::horizontal(), toggle("Fold")]
            });
        }
        // The odds follow the answers: once every question has one, the whole procedure's.
        let decided = offer.params.iter().any(|p| p.default().is_none()) || !folded;
        if ready && decided && !offer.params.is_empty() {
            let call = Call {
                id: offer.id.clone(),
                actors: sel.actors.clone(),
                targets: sel.targets.clone(),
                params: answers,
            };
            for line in self.preview(game, &call) {
                col = col.push(parts::caption(line));
            }
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
                        self.card.view(game.state().deck.jokers, Message::Card),
                    ],
                    false => column![
                        parts::strong(req.label),
                        parts::caption(req.rule),
                        parts::body(draws),
                        draw,
                        self.card.view(game.state().deck.jokers, Message::Card),
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
            col = col.push(parts::caption(format!(
                "Cancel is refused: {} for this procedure. Finish it, then undo it.",
                adjutant::battle::given_words(&pending.events)
            )));
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

    /// What Return does, pressed with no field taking it: enters the faces tapped on the
    /// keypad, or the card tapped on the card keys.
    pub fn on_return(&self, game: &Battle) -> Option<Message> {
        match game.step()? {
            Step::Dice(_) if !self.faces.typed.trim().is_empty() => Some(Message::FacesEntered),
            Step::Card(_) if self.card.card().is_some() => {
                Some(Message::Card(card_keys::Message::Enter))
            }
            _ => None,
        }
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
        // A score held against a number the rules build ("Score <= modified firing figures"):
        // the number and its parts, as the rules write them ("4 firing figures", "−1 Firing
        // pistols"), each with its rule.
        if let Some(at_most) = &req.at_most {
            c = c.push(parts::body(format!(
                "Score <= {}: {}",
                at_most.label,
                at_most.value()
            )));
            for (i, m) in at_most.parts.iter().enumerate() {
                let value = match (i, m.value) {
                    (0, v) => v.to_string(),
                    (_, v) if v < 0 => format!("−{}", -v),
                    (_, v) => format!("+{v}"),
                };
                let rule = if m.rule.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", m.rule)
                };
                c = c.push(parts::body(format!("{value} {}{rule}", m.label)));
            }
        } else if req.dice.modifiers.is_empty() {
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

/// The place of an offer started and no longer offered: its label, done, where its Start was.
fn done_view<'a>(label: String, touch: bool) -> Element<'a, Message> {
    parts::card(head_row(
        parts::strong(label),
        parts::tap(parts::touch_text("Done", touch).style(theme::quiet), touch),
        touch,
    ))
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
