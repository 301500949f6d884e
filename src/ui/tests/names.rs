//! Names at the table with Edgehill, where both armies field "The Lord General's Regiment of
//! Foot": each carries its side on the pieces panel, in the log and in the after-action
//! report; the find box finds pieces by their side's name; and a target clicked again stays
//! the target.

use super::systems::Play;
use super::table::{rows, typed_filter};

const SHOOTER: &str = "Sir Thomas Salusbury's Regiment of Foot";
const THEIRS: &str = "The Lord General's Regiment of Foot (Parliament)";
const OURS: &str = "The Lord General's Regiment of Foot (Royalist)";

fn edgehill() -> Play {
    Play::new("d3_ecw", ["Royalist", "Parliament"], 1642)
}

#[test]
fn a_name_both_armies_hold_carries_its_side_on_the_panel_in_the_log_and_in_the_report() {
    let mut play = edgehill();
    let shown = rows(&play);
    assert!(shown.contains(&THEIRS.to_string()), "{shown:?}");
    assert!(shown.contains(&OURS.to_string()), "{shown:?}");
    assert!(
        shown.contains(&SHOOTER.to_string()),
        "a name of one side alone stays as it is: {shown:?}"
    );

    // The Royalist foot shoots at Parliament's regiment of the same name.
    use adjutant::rules::d3_ecw::keys::*;
    play.start_offer(&[], &[], P_INITIATIVE);
    play.faces("5");
    play.faces("2");
    play.choose("Royalist goes first");
    play.count_all_seen();
    play.pick(SHOOTER);
    play.start_offer(&[SHOOTER], &[], P_ACTIVATE);
    play.target(THEIRS);
    play.start_offer(&[SHOOTER], &[THEIRS], P_SHOOT);
    play.faces("2");
    assert!(play.game().pending().is_none());
    let fact = format!("Shooting: {THEIRS} takes 2 hits (2 in all)");
    assert!(play.shows(&fact), "the log says whose regiment: {fact}");
    let report = adjutant::print::report_markdown(play.game());
    assert!(report.contains(&fact), "{report}");
}

#[test]
fn the_find_box_finds_pieces_by_their_sides_name() {
    let mut play = edgehill();
    typed_filter(&mut play, "royalist lord general");
    assert_eq!(rows(&play), [OURS]);

    let mut play = edgehill();
    typed_filter(&mut play, "parliament");
    let found = rows(&play);
    let roster = &play.game().roster;
    let parliament = roster
        .ids()
        .filter(|&p| roster.armies[roster.side_of(p)].side == "Parliament")
        .count();
    assert_eq!(found.len(), parliament, "{found:?}");
    assert!(found.contains(&THEIRS.to_string()), "{found:?}");
    assert!(!found.contains(&OURS.to_string()), "{found:?}");
}

#[test]
fn a_target_clicked_again_stays_the_target() {
    let mut play = edgehill();
    play.pick(SHOOTER);
    let (shooter, theirs) = (play.piece(SHOOTER), play.piece(THEIRS));

    // In target mode, a second click on the target keeps it.
    play.click("Pick targets");
    play.click(THEIRS);
    assert_eq!(play.screen.selection().targets, [theirs]);
    play.click(THEIRS);
    assert_eq!(play.screen.selection().targets, [theirs], "kept");
    assert_eq!(play.screen.selection().actors, [shooter]);

    // Back in actor mode, a click on the target's row keeps the pick as it is too.
    play.click("Pick actors");
    play.click(THEIRS);
    assert_eq!(play.screen.selection().targets, [theirs], "kept");
    assert_eq!(play.screen.selection().actors, [shooter], "the actor stays");

    // And so does its Target button again.
    play.click_target(THEIRS);
    assert_eq!(play.screen.selection().targets, [theirs]);
    assert_eq!(play.screen.selection().actors, [shooter]);
}
