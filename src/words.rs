//! Words for messages: a count with its noun in the right number ("1 unit", "2 units"), and a
//! name from a file quoted so that it stays on one line — a newline, tab or other control
//! character inside it is shown escaped (`"Foot\nGuards"`), never acted on.

/// `n` and the noun, singular for one: `count(1, "leader", "leaders")` is "1 leader".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The name in double quotes, with quotes, backslashes and control characters escaped.
pub fn quoted(name: &str) -> String {
    format!("\"{}\"", escaped(name))
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
}
