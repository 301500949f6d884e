//! The RCW charts as data (§2–§9): the unit table, hit numbers,
//! rally numbers, the command roll and the defaults the draft leaves open. Every rule reads
//! its numbers from an [`RcwTables`]; [`RcwTables::render`] prints what is in force, each
//! chart tagged with where it came from, so a player's own chart can replace one (see
//! [`super::overrides`]).

use std::borrow::Cow;

use super::keys::*;
use crate::rules::kit::switches::{self, Switch};
use crate::rules::{Source, Table};

/// One row of the unit table, with the special rules the row's kind carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Profile {
    pub(crate) kind: &'static str,
    /// Hexes per Move action.
    pub(crate) move_hexes: u8,
    /// Range in hexes; 0 cannot shoot.
    pub(crate) range: u8,
    pub(crate) shooting_dice: u8,
    pub(crate) assault_dice: u8,
    /// Destroyed only by artillery, tanks or close assault (§5.4).
    pub(crate) armoured: bool,
    /// Its shooting hits may destroy armour: artillery, tanks, the armoured train (§5.4).
    pub(crate) breaks_armour: bool,
    /// May initiate a close assault (§7.1).
    pub(crate) initiates: bool,
    /// May be entrenched (§5.6).
    pub(crate) entrenches: bool,
    /// Moves only limbered and shoots only unlimbered (§4.6).
    pub(crate) limbers: bool,
    /// The observer kind that may direct its fire, and within how many hexes (§6.3).
    pub(crate) observer: Option<(&'static str, u8)>,
    /// Takes no command roll (§4.4) and does not count for the 50% rule (§9.1).
    pub(crate) headquarters: bool,
    /// Counts among the combat units of the 50% rule (§9.1).
    pub(crate) combat: bool,
    pub(crate) special: &'static str,
}

/// Troop quality: the trait that marks it, the rally number and whether the first hit of a
/// player turn is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Quality {
    pub(crate) name: &'static str,
    /// The army-file trait; `None` for the default (Average).
    pub(crate) trait_key: Option<&'static str>,
    /// Rally succeeds on this or better on 1D6 (§5.5).
    pub(crate) rally: u8,
    /// Ignores the first hit each player turn (§5.3).
    pub(crate) ignores_first_hit: bool,
}

/// Every number the RCW rules read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RcwTables {
    pub(crate) units: Cow<'static, [Profile]>,
    pub(crate) qualities: Cow<'static, [Quality]>,
    /// Hit numbers: target in the open, obscured, and entrenched/armoured/pinned (§5.1).
    pub(crate) hit_open: u8,
    pub(crate) hit_obscured: u8,
    pub(crate) hit_hard: u8,
    /// Hits in one player turn that destroy (§5.2).
    pub(crate) destroying_hits: i32,
    /// Rally bonus with an HQ adjacent (§5.5).
    pub(crate) hq_rally_bonus: i32,
    /// A unit beyond this many hexes of its HQ rolls to move (§4.4).
    pub(crate) command_radius: u8,
    /// It moves on this or better on 1D6 (§4.4).
    pub(crate) command_roll: u8,
    /// Assault dice of a unit pinned or attacked in flank or rear (§7.2).
    pub(crate) reduced_assault_dice: u8,
    /// A side loses when this percentage of its combat units is destroyed (§9.1).
    pub(crate) losing_share_percent: i32,
    /// Switch `assault_dice_column` (§7.2, §10.2): close-assault dice from the unit table's
    /// Assault dice column, not the seed's 2 dice.
    pub assault_dice_column: bool,
    /// The player's file the charts in [`RcwTables::overridden`] came from.
    pub(crate) origin: Option<String>,
    /// The ids of the charts (`rcw.units`, `rcw.to_hit`, ...) the player's file replaced.
    pub(crate) overridden: Vec<&'static str>,
}

const fn row(
    kind: &'static str,
    move_hexes: u8,
    range: u8,
    shooting_dice: u8,
    assault_dice: u8,
    special: &'static str,
) -> Profile {
    Profile {
        kind,
        move_hexes,
        range,
        shooting_dice,
        assault_dice,
        armoured: false,
        breaks_armour: false,
        initiates: false,
        entrenches: false,
        limbers: false,
        observer: None,
        headquarters: false,
        combat: true,
        special,
    }
}

/// The unit table of the hex draft (§2.1, reconstructed).
pub(crate) static UNITS: [Profile; 11] = [
    Profile {
        headquarters: true,
        combat: false,
        ..row(HQ, 2, 0, 0, 1, "observer for its own mortars within 6")
    },
    Profile {
        headquarters: true,
        combat: false,
        ..row(FAO, 2, 0, 0, 1, "observer for artillery within 12")
    },
    Profile {
        initiates: true,
        entrenches: true,
        ..row(INFANTRY, 2, 4, 1, 3, "may entrench; may assault")
    },
    Profile {
        entrenches: true,
        ..row(MG, 1, 6, 3, 2, "may entrench")
    },
    Profile {
        entrenches: true,
        observer: Some((HQ, 6)),
        ..row(MORTAR, 1, 6, 2, 1, "may entrench; fires via its HQ")
    },
    Profile {
        initiates: true,
        ..row(CAVALRY, 3, 4, 1, 3, "may assault; slowed by terrain")
    },
    Profile {
        breaks_armour: true,
        limbers: true,
        observer: Some((FAO, 12)),
        ..row(
            ARTILLERY,
            3,
            18,
            3,
            1,
            "moves limbered, shoots unlimbered; fires via an FAO",
        )
    },
    Profile {
        armoured: true,
        ..row(ARMOURED_CAR, 3, 6, 2, 2, "Armoured")
    },
    Profile {
        armoured: true,
        breaks_armour: true,
        initiates: true,
        ..row(TANK, 2, 6, 3, 3, "Armoured; may assault")
    },
    Profile {
        combat: false,
        ..row(WAGON, 2, 0, 0, 0, "")
    },
    Profile {
        armoured: true,
        breaks_armour: true,
        ..row(
            ARMOURED_TRAIN,
            3,
            18,
            3,
            4,
            "Armoured; rails only; hits as artillery",
        )
    },
];

/// The close-assault dice of a unit neither pinned nor attacked in flank or rear, as the
/// seed's close-assault rule gives them (§7.2).
pub(crate) const SEED_ASSAULT_DICE: u8 = 2;

/// The switch choosing the unit table's Assault dice column for close assaults (§7.2).
pub(crate) const ASSAULT_DICE_COLUMN: &str = "assault_dice_column";

/// The switches of the RCW table file (§10.2).
pub(crate) const SWITCHES: [Switch; 1] = [Switch {
    key: ASSAULT_DICE_COLUMN,
    what: "Close assault: each unit rolls its Assault dice from the unit table (1 die if \
           pinned or attacked in flank or rear) instead of 2 dice (§7.2)",
    default: false,
}];

/// The three qualities (§1.2, §5.3, §5.5).
pub(crate) static QUALITIES: [Quality; 3] = [
    Quality {
        name: "Elite",
        trait_key: Some(ELITE),
        rally: 3,
        ignores_first_hit: true,
    },
    Quality {
        name: "Average",
        trait_key: None,
        rally: 4,
        ignores_first_hit: false,
    },
    Quality {
        name: "Conscript",
        trait_key: Some(CONSCRIPT),
        rally: 5,
        ignores_first_hit: false,
    },
];

/// The charts as the seed and Adjutant's defaults give them.
pub(crate) static STANDARD: RcwTables = RcwTables {
    units: Cow::Borrowed(&UNITS),
    qualities: Cow::Borrowed(&QUALITIES),
    hit_open: 4,
    hit_obscured: 5,
    hit_hard: 6,
    destroying_hits: 2,
    hq_rally_bonus: 1,
    command_radius: 6,
    command_roll: 4,
    reduced_assault_dice: 1,
    losing_share_percent: 50,
    assault_dice_column: false,
    origin: None,
    overridden: Vec::new(),
};

impl RcwTables {
    /// The tables as the rules give them.
    pub fn standard() -> RcwTables {
        STANDARD.clone()
    }

    /// The row for a unit kind.
    pub(crate) fn profile(&self, kind: &str) -> Option<&Profile> {
        self.units.iter().find(|p| p.kind == kind)
    }

    /// The quality a unit's traits give (Average unless a quality trait is present).
    pub(crate) fn quality(&self, has: impl Fn(&str) -> bool) -> &Quality {
        self.qualities
            .iter()
            .find(|q| q.trait_key.is_some_and(&has))
            .or_else(|| self.qualities.iter().find(|q| q.trait_key.is_none()))
            .unwrap_or(&QUALITIES[1])
    }

    /// Where chart `id` comes from: the player's file if it replaced it, else `shipped`.
    pub(crate) fn source(&self, id: &str, shipped: Source) -> Source {
        match &self.origin {
            Some(path) if self.overridden.contains(&id) => Source::Override(path.clone()),
            _ => shipped,
        }
    }

    /// The charts in force, for the window and the quick-reference sheet.
    pub(crate) fn render(&self) -> Vec<Table> {
        let dash = |n: u8| {
            if n == 0 {
                "–".to_string()
            } else {
                n.to_string()
            }
        };
        let units = Table {
            id: "rcw.units".into(),
            title: "Unit table".into(),
            source: self.source("rcw.units", Source::Rules),
            header: [
                "Unit",
                "Move",
                "Range",
                "Shooting dice",
                "Assault dice",
                "Special",
            ]
            .map(String::from)
            .to_vec(),
            rows: self
                .units
                .iter()
                .map(|p| {
                    vec![
                        p.kind.to_string(),
                        p.move_hexes.to_string(),
                        dash(p.range),
                        dash(p.shooting_dice),
                        p.assault_dice.to_string(),
                        p.special.to_string(),
                    ]
                })
                .collect(),
            note: "§2.1; rows re-aligned [DEFAULT]: HQ/FAO cannot shoot, \
                   Tank armoured, Wagon 0/0/0; the armoured train hits as artillery (§5.4)"
                .into(),
        };
        let to_hit = Table {
            id: "rcw.to_hit".into(),
            title: "To hit (each shooting or assault die)".into(),
            source: self.source("rcw.to_hit", Source::Rules),
            header: vec!["Target".into(), "Hits on".into()],
            rows: vec![
                vec!["In the open".into(), format!("{}+", self.hit_open)],
                vec!["Obscured".into(), format!("{}+", self.hit_obscured)],
                vec![
                    "Entrenched, armoured or pinned".into(),
                    format!("{}+", self.hit_hard),
                ],
            ],
            note: "§5.1; \"obscured\" [DEFAULT]: woods, village, hedge, wall".into(),
        };
        let hits = Table {
            id: "rcw.hits".into(),
            title: "Effect of hits (counted over the player turn)".into(),
            source: self.source("rcw.hits", Source::Rules),
            header: vec!["Situation".into(), "Effect".into()],
            rows: vec![
                vec!["1 hit".into(), "Pinned".into()],
                vec![
                    format!("{} hits in one player turn", self.destroying_hits),
                    "Destroyed".into(),
                ],
                vec!["Pinned unit takes any hit".into(), "Destroyed".into()],
                vec![
                    "Elite".into(),
                    "ignores the 1st hit each player turn (§5.3)".into(),
                ],
                vec![
                    "Armoured target".into(),
                    "destroyed only by artillery, tanks, armoured trains or close assault; \
                     any fire pins"
                        .into(),
                ],
            ],
            note: "§5.2, §7.3; assault hits count alike [DEFAULT]".into(),
        };
        let rally = Table {
            id: "rcw.rally".into(),
            title: "Rally (1D6)".into(),
            source: self.source("rcw.rally", Source::Rules),
            header: vec!["Quality".into(), "Rallies on".into()],
            rows: self
                .qualities
                .iter()
                .map(|q| vec![q.name.to_string(), format!("{}+", q.rally)])
                .chain([vec![
                    "HQ adjacent".into(),
                    format!("{:+} to the die", self.hq_rally_bonus),
                ]])
                .collect(),
            note: "§5.5".into(),
        };
        let command = Table {
            id: "rcw.command".into(),
            title: "Command and actions".into(),
            source: self.source("rcw.command", Source::Default),
            header: vec!["Rule".into(), "In force".into()],
            rows: vec![
                vec![
                    format!("Beyond {} hexes of its HQ", self.command_radius),
                    format!(
                        "{}+ on 1D6 to move; once per activation; HQ/FAO exempt (§4.4)",
                        self.command_roll
                    ),
                ],
                vec![
                    "Actions".into(),
                    "2 per activation, declared at activation; Move may repeat, others once (§4.3)"
                        .into(),
                ],
                vec![
                    "Observers".into(),
                    "mortar: own HQ within 6; artillery: FAO within 12; both spend a Shoot (§6.3)"
                        .into(),
                ],
            ],
            note: "§4.3, §4.4, §6.3 [RULES]; details are defaults".into(),
        };
        let assault = Table {
            id: "rcw.assault".into(),
            title: "Close assault".into(),
            source: self.source("rcw.assault", Source::Default),
            header: vec!["Rule".into(), "In force".into()],
            rows: vec![
                vec!["Dice".into(), self.assault_dice_words()],
                vec![
                    "Pinned, or attacked in flank or rear".into(),
                    format!("{} die", self.reduced_assault_dice),
                ],
                vec![
                    "Rounds".into(),
                    "simultaneous; repeat until the attacker is pinned or the defender destroyed"
                        .into(),
                ],
            ],
            note: "§7.1–§7.3 [RULES]; the Assault dice column per switch assault_dice_column"
                .into(),
        };
        let victory = Table {
            id: "rcw.victory".into(),
            title: "Victory".into(),
            source: self.source("rcw.victory", Source::Default),
            header: vec!["Rule".into(), "In force".into()],
            rows: vec![vec![
                "Army loss".into(),
                format!(
                    "a side loses at the end of a player turn with ≥ {}% of its combat units \
                     (not HQ/FAO or wagons) destroyed",
                    self.losing_share_percent
                ),
            ]],
            note: "§9.1, §9.2; scenario objectives take precedence".into(),
        };
        let switches = switches::table(
            &SWITCHES,
            &[self.assault_dice_column],
            match self.source("switches", Source::Default) {
                Source::Override(path) => Some(path),
                _ => None,
            }
            .as_deref(),
        );
        vec![
            units, to_hit, hits, rally, command, assault, victory, switches,
        ]
    }

    /// The close-assault dice rule in force, in words.
    pub(crate) fn assault_dice_words(&self) -> String {
        if self.assault_dice_column {
            "the unit's Assault dice from the unit table (switch assault_dice_column)".into()
        } else {
            format!("{SEED_ASSAULT_DICE} dice (none for a unit whose table gives none)")
        }
    }
}
