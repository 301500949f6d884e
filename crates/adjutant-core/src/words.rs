//! Words for messages: a count with its noun in the right number ("1 unit", "2 units"), a
//! noun with the article that goes before it ("an Infantry", "a Tank"), and a name from a file
//! quoted so that it stays on one line — a newline, tab or other control character inside it
//! is shown escaped (`"Foot\nGuards"`), never acted on — and short: a name longer than
//! [`QUOTED_CHARS`] is cut, saying how long it was.

/// `n` and the noun, singular for one: `count(1, "leader", "leaders")` is "1 leader".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The most characters of a name [`quoted`] shows; a longer one is cut.
pub(crate) const QUOTED_CHARS: usize = 60;

/// The name in double quotes, with quotes, backslashes and control characters escaped; a name
/// longer than [`QUOTED_CHARS`] is cut there, and the message says how long it was
/// (`"Zeppelin…" (900000 characters)`), so a huge name in a file never floods a message.
pub fn quoted(name: &str) -> String {
    match name.char_indices().nth(QUOTED_CHARS) {
        None => format!("\"{}\"", escaped(name)),
        Some((end, _)) => format!(
            "\"{}…\" ({} characters)",
            escaped(&name[..end]),
            name.chars().count()
        ),
    }
}

/// The noun with "a" or "an" before it, chosen by how the noun is said: "an Infantry", "a
/// Tank", "an Armoured Car", and for letters read one by one by the sound of the first letter's
/// name: "an MG", "an HQ", "an FAO", "a DZ".
pub(crate) fn a(noun: &str) -> String {
    let first_word = noun.split_whitespace().next().unwrap_or("");
    let initials = first_word.chars().count() > 1
        && first_word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    let first = first_word.chars().next().map(|c| c.to_ascii_uppercase());
    let vowel_sound = match first {
        // Letters said one by one: those whose names start with a vowel sound.
        Some(c) if initials => "AEFHILMNORSX".contains(c),
        Some(c) => {
            let lower = first_word.to_lowercase();
            let said_yoo_or_wun = ["uni", "use", "usu", "eu", "one", "once"]
                .iter()
                .any(|p| lower.starts_with(p));
            "AEIOU".contains(c) && !said_yoo_or_wun
        }
        None => false,
    };
    format!("{} {noun}", if vowel_sound { "an" } else { "a" })
}

/// The name with control characters (and quotes and backslashes) escaped, unquoted.
pub fn escaped(name: &str) -> String {
    if name
        .chars()
        .all(|c| !c.is_control() && c != '"' && c != '\\')
    {
        return name.to_string();
    }
    name.chars()
        .map(|c| match c {
            '"' | '\\' => format!("\\{c}"),
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The text with control characters (a newline, a tab) escaped, so it prints as one line.
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_quotes() {
        assert_eq!(count(1, "leader", "leaders"), "1 leader");
        assert_eq!(count(0, "leader", "leaders"), "0 leaders");
        assert_eq!(quoted("Foot\nGuards"), "\"Foot\\nGuards\"");
        assert_eq!(
            quoted("Prinz \"Rupert\" à l'épée"),
            "\"Prinz \\\"Rupert\\\" à l'épée\""
        );
        assert_eq!(escaped("a\r\tb\u{1b}"), "a\\r\\tb\\u{1b}");
        assert_eq!(one_line("a \"b\"\nc"), "a \"b\"\\nc");
    }

    #[test]
    fn a_long_name_is_cut_and_its_length_said() {
        let name = "Z".repeat(900_000);
        let shown = quoted(&name);
        assert_eq!(
            shown,
            format!("\"{}…\" (900000 characters)", "Z".repeat(QUOTED_CHARS))
        );
        let exact = "é".repeat(QUOTED_CHARS);
        assert_eq!(quoted(&exact), format!("\"{exact}\""));
        let cut = format!("{exact}\n");
        assert!(
            quoted(&cut).ends_with("…\" (61 characters)"),
            "{}",
            quoted(&cut)
        );
    }

    #[test]
    fn the_article_agrees_with_the_noun() {
        assert_eq!(a("Infantry"), "an Infantry");
        assert_eq!(a("Armoured Car"), "an Armoured Car");
        assert_eq!(a("Tank"), "a Tank");
        assert_eq!(a("MG"), "an MG");
        assert_eq!(a("HQ"), "an HQ");
        assert_eq!(a("FAO"), "an FAO");
        assert_eq!(a("Wagon"), "a Wagon");
        assert_eq!(a("Unit"), "a Unit");
        assert_eq!(a("Uhlan"), "an Uhlan");
    }
}
