//! The taps and texts the phone play writes for the browser check, as JSON: written by hand,
//! as the tests need no JSON library for these few lists.

use std::fmt::Write as _;

use iced::Rectangle;

use super::super::column::{FIRED_AT, FIRER};
use super::Phone;

/// Texts and where they show, as a JSON list indented by `indent`.
fn shows(texts: &[(String, Rectangle)], indent: &str) -> String {
    let lines: Vec<String> = texts
        .iter()
        .map(|(t, r)| {
            format!(
                "{indent}  {{ \"text\": {}, \"bounds\": {} }}",
                quote(t),
                rect(*r)
            )
        })
        .collect();
    format!("[\n{}\n{indent}]", lines.join(",\n"))
}

fn rect(r: Rectangle) -> String {
    format!("[{}, {}, {}, {}]", r.x, r.y, r.width, r.height)
}

/// `text` as a JSON string.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl Phone {
    /// Every part's taps and texts, and what the end of the play shows (`end`).
    pub(super) fn json(&self, end: &[(&str, String)]) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\n  \"size\": {{ \"width\": {}, \"height\": {} }},\n  \"firer\": {},\n  \"target\": {},\n",
            self.size.0,
            self.size.1,
            quote(FIRER),
            quote(FIRED_AT)
        );
        out.push_str("  \"expect\": {");
        for (i, (k, v)) in end.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n    {}: {}",
                if i > 0 { "," } else { "" },
                quote(k),
                quote(v)
            );
        }
        out.push_str("\n  },\n  \"parts\": {");
        for (p, part) in self.parts.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n    {}: {{\n      \"end_picture\": {},\n      \"end\": {},\n      \"taps\": [",
                if p > 0 { "," } else { "" },
                quote(part.name),
                part.end_picture.as_deref().map_or("null".into(), quote),
                shows(&part.end, "        ")
            );
            for (i, t) in part.taps.iter().enumerate() {
                let _ = write!(
                    out,
                    "{}\n        {{ \"name\": {}, \"text\": {}, \"bounds\": {}, \"x\": {}, \"y\": {}, \"drag\": {}, \"keypad\": {},\n          \"picture\": {}, \"shows\": {} }}",
                    if i > 0 { "," } else { "" },
                    quote(&t.name),
                    quote(&t.text),
                    rect(t.bounds),
                    t.point.0,
                    t.point.1,
                    t.drag
                        .map_or("null".into(), |(dx, dy)| format!("[{dx}, {dy}]")),
                    t.keypad,
                    t.picture.as_deref().map_or("null".into(), quote),
                    shows(&t.shows, "          ")
                );
            }
            out.push_str("\n      ]\n    }");
        }
        out.push_str("\n  }\n}\n");
        out
    }
}
