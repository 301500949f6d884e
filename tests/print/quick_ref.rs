//! The quick-reference card: phases, tables, sources and overrides, every rule system's card,
//! and the card suits read back out of the PDF.

use super::*;

#[test]
fn quick_reference_prints_phases_tables_sources_and_overrides() {
    for paper in Paper::ALL {
        let bytes = print::quick_ref_pdf(&Tester, paper).unwrap();
        assert_small(&bytes);
        assert!(pages(&bytes) <= 2);
        let text = pdf_text(&bytes);
        for p in Tester.phases() {
            assert_has(&text, &p.name);
            assert_has(&text, &p.summary);
        }
        for t in Tester.tables() {
            assert_has(&text, &t.title);
            assert_has(&text, &t.source.tag());
            for cell in t.rows.iter().flatten().chain(&t.header) {
                assert_has(&text, cell);
            }
        }
        assert_has(&text, "[OVERRIDE my-charts/cards.ron]");
        assert_has(&text, "♠ ♣ Black: the wind turns");
        assert_has(&text, "♥ ♦ Red: rain");
    }
}

#[test]
fn quick_reference_of_every_rule_system_prints() {
    for rules in rules::standard() {
        let bytes = print::quick_ref_pdf(&*rules, Paper::Letter).unwrap();
        assert_small(&bytes);
        assert!(
            pages(&bytes) <= 2,
            "{} takes more than two pages",
            rules.id()
        );
        let text = pdf_text(&bytes);
        assert_has(&text, rules.name());
        for t in rules.tables() {
            assert_has(&text, &t.source.tag());
            // Every cell but the override keys, which the card leaves out.
            let key = t.header.iter().position(|h| h == "Key");
            let cells = t.rows.iter().flat_map(|r| {
                r.iter()
                    .enumerate()
                    .filter(|&(k, _)| Some(k) != key)
                    .map(|(_, c)| c)
            });
            for cell in cells {
                assert_has(&text, cell);
            }
        }
    }
}

#[test]
fn suits_come_back_out_of_the_pdf() {
    let text = pdf_text(&print::quick_ref_pdf(&Tester, Paper::A4).unwrap());
    for suit in ['♠', '♥', '♦', '♣'] {
        assert!(text.contains(suit), "{suit} lost");
    }
}

#[test]
fn a_tables_title_is_on_the_page_of_its_first_rows() {
    // A title left at the foot of a page, its table on the next, is no use at the table.
    for rules in rules::standard() {
        for paper in Paper::ALL {
            let pages = page_texts(&print::quick_ref_pdf(&*rules, paper).unwrap());
            for t in rules.tables() {
                let Some(first) = t.header.first() else {
                    continue;
                };
                // A header cell may wrap, and its lines come out interleaved with the other
                // cells': its first word is enough.
                let first = first.split_whitespace().next().unwrap_or_default();
                // The heading itself: the title followed by its source line.
                let heading = format!("{} Source:", t.title);
                let page = pages
                    .iter()
                    .find(|p| p.contains(&heading))
                    .unwrap_or_else(|| panic!("{}: {} is printed", rules.id(), t.title));
                let after = &page[page.find(&heading).unwrap() + heading.len()..];
                assert!(
                    after.contains(first),
                    "{} on {paper:?}: the title {:?} is not on the page of its header {first:?}",
                    rules.id(),
                    t.title
                );
            }
        }
    }
}
