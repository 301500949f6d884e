//! The D3 tables as data: each unit type's movement, weapon, shooting and melee dice, the
//! modifiers and the options in force, each with where it came from ([RULES] the hex-grid
//! rules, [DEFAULT] Adjutant's reading where they are silent). The procedures read these
//! numbers; nothing else in the system repeats them. A player can override any part of them
//! with a table file (`overrides::tables`, checked as it is read).

use serde::{Deserialize, Serialize};

use super::keys::*;
use crate::dice::Die;
use crate::rules::Source;

/// Where a row's numbers come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Tag {
    Seed,
    Found,
    Default,
}

/// A shooting weapon: its name, range in hexes, the modifier to the D3 and whether each shot
/// checks ammunition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Weapon {
    pub(crate) name: String,
    pub(crate) range: u8,
    pub(crate) modifier: i32,
    pub(crate) ammo: bool,
}

/// One unit type's line of the unit table (§2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub(crate) kind: String,
    pub(crate) moves: u8,
    /// The longer move when charging into contact (Gallopers, §6.2).
    pub(crate) charge_move: Option<u8>,
    /// None: the unit does not shoot.
    pub(crate) weapon: Option<Weapon>,
    /// The modifier to its melee D3; None: eliminated if engaged in melee (artillery).
    pub(crate) melee: Option<i32>,
    /// Extra melee hits when charging into contact (Gallopers D3+1).
    pub(crate) charge_bonus: i32,
    /// May start a melee by moving into contact.
    pub(crate) initiates: bool,
    /// Melee hits against it are reduced (target Infantry or Cuirassiers).
    pub(crate) armoured: bool,
    /// Its shooting ignores the target's cover (artillery).
    pub(crate) ignores_cover: bool,
    /// May not shoot in two consecutive own turns; emplaced after its first shot.
    pub(crate) alternate_turns: bool,
    /// Entrenchments give it cover and a shooting re-roll (§5.3, §5.6).
    pub(crate) entrenchable: bool,
    pub(crate) source: Tag,
}

/// How ammunition is checked (§5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmmoCheck {
    /// The natural D3 that gave the hits; the accepted die after a re-roll. [DEFAULT]
    HitDie,
    /// A separate D3 rolled after the shot (the One-Hour Wargames way). Option.
    SeparateDie,
}

/// Modifiers and options in force. An override file may give only some of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub ammo_check: AmmoCheck,
    /// The D3 score that runs a unit out of ammunition. [RULES] 3
    pub(crate) ammo_out_on: u8,
    /// Hits at which a unit routs and is removed. [DEFAULT] 7 ("exceed 6", §8.1)
    pub rout_at: i32,
    /// Shooting at a target in town or woods (or entrenched). [RULES] −1
    pub(crate) shooting_cover: i32,
    /// Melee against Infantry or Cuirassiers. [RULES] −1, applied once (§6.3)
    pub(crate) melee_armour: i32,
    /// Melee against a target in town, woods or hedges. [RULES] −1
    pub(crate) melee_cover: i32,
    /// Command range in hexes, and when attached. [RULES] 2 and 1
    pub(crate) command_range: u8,
    pub(crate) attached_range: u8,
    /// The initiative roll-off die. [DEFAULT] D6 (§3.1)
    pub(crate) initiative_die: Die,
    /// The kinds that may be in woods. [RULES] Commanded Shot only (§4.2)
    pub(crate) woods: Vec<String>,
    /// The kinds that may end a move in (and so be in) a town. [RULES] Infantry and Commanded
    /// Shot; Elite Pike are Infantry (§4.2)
    pub(crate) towns: Vec<String>,
}

/// Yes/no choices between two readings of a rule: `false` is the original rules' reading,
/// `true` the other one (§9.1). An override file may give only some of them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Switches {
    /// A unit in melee that its commander does not activate may give ground even while he
    /// could still activate it (checked at the end of the side's activations), instead of
    /// only when he cannot activate it (§6.7).
    pub give_ground_when_not_activated: bool,
}

/// One switch as printed and as the log names it.
pub struct SwitchInfo {
    pub name: &'static str,
    pub(crate) on: bool,
    pub(crate) what: &'static str,
}

impl Switches {
    /// Every switch, its state and what switching it on does.
    pub fn list(&self) -> Vec<SwitchInfo> {
        vec![SwitchInfo {
            name: "give_ground_when_not_activated",
            on: self.give_ground_when_not_activated,
            what: "On: a unit in melee that its commander does not activate gives ground at \
                   the end of the side's activations, even while an activation is left. Off \
                   (the rules): it gives ground only when he cannot activate it (§6.7).",
        }]
    }
}

/// Every table and option of the system. An override file may give only `profiles` or only
/// `options` (and only some options): the rest stays standard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct D3Tables {
    pub profiles: Vec<Profile>,
    pub options: Options,
    pub switches: Switches,
    /// Set when the tables came from a player's file.
    #[serde(skip)]
    pub(crate) origin: Option<String>,
    /// The parts (`profiles`, `options`, `switches`) that file gave; empty when it gave the whole set.
    #[serde(skip)]
    pub(crate) overridden: Vec<String>,
}

fn weapon(name: &str, range: u8, modifier: i32, ammo: bool) -> Option<Weapon> {
    Some(Weapon {
        name: name.into(),
        range,
        modifier,
        ammo,
    })
}

#[allow(clippy::too_many_arguments)]
fn profile(
    kind: &str,
    moves: u8,
    weapon: Option<Weapon>,
    melee: Option<i32>,
    initiates: bool,
    armoured: bool,
    entrenchable: bool,
    source: Tag,
) -> Profile {
    Profile {
        kind: kind.into(),
        moves,
        charge_move: None,
        weapon,
        melee,
        charge_bonus: 0,
        initiates,
        armoured,
        ignores_cover: false,
        alternate_turns: false,
        entrenchable,
        source,
    }
}

impl Default for Options {
    fn default() -> Self {
        D3Tables::standard().options
    }
}

impl Default for D3Tables {
    fn default() -> Self {
        D3Tables::standard()
    }
}

impl D3Tables {
    pub fn standard() -> D3Tables {
        let musket = |m| weapon("Musket", 2, m, false);
        let mut gallopers = profile(GALLOPERS, 2, None, Some(0), true, false, false, Tag::Seed);
        gallopers.charge_move = Some(3);
        gallopers.charge_bonus = 1;
        let mut guns = profile(
            ARTILLERY,
            1,
            weapon("Gun", 4, -1, false),
            None,
            false,
            false,
            true,
            Tag::Seed,
        );
        guns.ignores_cover = true;
        guns.alternate_turns = true;
        let infantry_musket = weapon("Musket", 2, 0, true);
        D3Tables {
            profiles: vec![
                profile(
                    INFANTRY,
                    1,
                    infantry_musket,
                    Some(0),
                    true,
                    true,
                    true,
                    Tag::Seed,
                ),
                profile(
                    COMMANDED_SHOT,
                    1,
                    musket(-1),
                    Some(-1),
                    false,
                    false,
                    true,
                    Tag::Seed,
                ),
                profile(
                    DRAGOONS,
                    2,
                    musket(-1),
                    Some(-2),
                    false,
                    false,
                    true,
                    Tag::Seed,
                ),
                profile(
                    TROTTERS,
                    2,
                    weapon("Pistol", 1, 0, true),
                    Some(0),
                    true,
                    false,
                    false,
                    Tag::Seed,
                ),
                gallopers,
                guns,
                profile(ELITE_PIKE, 1, None, Some(1), true, true, true, Tag::Seed),
                profile(
                    CUIRASSIERS,
                    2,
                    weapon("Pistol", 1, 0, true),
                    Some(0),
                    true,
                    true,
                    false,
                    Tag::Seed,
                ),
            ],
            options: Options {
                ammo_check: AmmoCheck::HitDie,
                ammo_out_on: 3,
                rout_at: 7,
                shooting_cover: -1,
                melee_armour: -1,
                melee_cover: -1,
                command_range: 2,
                attached_range: 1,
                initiative_die: Die::D6,
                woods: vec![COMMANDED_SHOT.into()],
                towns: vec![INFANTRY.into(), COMMANDED_SHOT.into(), ELITE_PIKE.into()],
            },
            switches: Switches::default(),
            origin: None,
            overridden: Vec::new(),
        }
    }

    /// The tables as RON, a starting point for a player's override file.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// The line of the unit table for a kind.
    pub(crate) fn profile(&self, kind: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.kind == kind)
    }

    /// The source tag a table printed from `part` (`profiles` or `options`) shows: the
    /// player's file when it gave that part.
    pub(crate) fn source_of(&self, part: &str, tag: Tag) -> Source {
        let given = self.overridden.is_empty() || self.overridden.iter().any(|p| p == part);
        match (&self.origin, tag) {
            (Some(path), _) if given => Source::Override(path.clone()),
            (_, Tag::Seed) => Source::Rules,
            (_, Tag::Found) => Source::Published,
            (_, Tag::Default) => Source::Default,
        }
    }
}

/// "D3", "D3−1", "D3+1".
pub(crate) fn d3(modifier: i32) -> String {
    match modifier {
        0 => "D3".into(),
        m if m < 0 => format!("D3−{}", -m),
        m => format!("D3+{m}"),
    }
}
