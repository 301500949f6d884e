//! Finding where a value sits in a RON text, so a problem found after parsing can still be
//! reported at its line and column: a path of keys, then optionally the n-th list element.

/// The 1-based line and column of `keys` (each searched after the previous) and, if given,
/// of element `item` of the list after the last key. Falls back to the last place found.
pub(crate) fn position(text: &str, keys: &[&str], item: Option<usize>) -> (usize, usize) {
    let mut pos = 0;
    for key in keys {
        match find_key(text, pos, key) {
            Some(p) => pos = p,
            None => break,
        }
    }
    if let Some(i) = item
        && let Some(p) = find_item(text, pos, i)
    {
        pos = p;
    }
    line_col(text, pos)
}

fn find_key(text: &str, from: usize, key: &str) -> Option<usize> {
    let mut start = from;
    while let Some(off) = text.get(start..)?.find(key) {
        let at = start + off;
        let before_ok = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let rest = text[at + key.len()..].trim_start();
        if before_ok && rest.starts_with(':') {
            return Some(at);
        }
        start = at + key.len();
    }
    None
}

/// The start of element `index` of the first list opened after `from`.
fn find_item(text: &str, from: usize, index: usize) -> Option<usize> {
    let open = from + text.get(from..)?.find(['[', '{'])?;
    let mut depth = 0;
    let mut count = 0;
    let mut expecting = false;
    let mut in_string = false;
    let mut escaped = false;
    for (off, c) in text[open..].char_indices() {
        let at = open + off;
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if expecting && depth == 1 && !c.is_whitespace() && c != ',' && c != ']' && c != '}' {
            if count == index {
                return Some(at);
            }
            count += 1;
            expecting = false;
        }
        match c {
            '"' => in_string = true,
            '[' | '(' | '{' => {
                depth += 1;
                if depth == 1 {
                    expecting = true;
                }
            }
            ']' | ')' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return None;
                }
            }
            ',' if depth == 1 => expecting = true,
            _ => {}
        }
    }
    None
}

fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
