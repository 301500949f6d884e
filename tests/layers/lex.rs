//! A small Rust lexer for the layers test: it cuts a source file into code tokens, string
//! literals and comments, each with the line it starts on, so that a word in prose is told
//! apart from a word in code.

/// One Rust source file cut into code, string literals and comments, each with its line.
#[derive(Default)]
pub struct Lexed {
    /// Code tokens (identifiers and `::`), with the line each starts on.
    pub tokens: Vec<(usize, String)>,
    /// The contents of string literals, with the line each starts on.
    pub strings: Vec<(usize, String)>,
    /// Comment text, with the line each starts on.
    pub comments: Vec<(usize, String)>,
}

pub fn lex(source: &str) -> Lexed {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Lexed::default();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            let start = i;
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            out.comments.push((line, chars[start..i].iter().collect()));
        } else if c == '/' && at(i + 1) == '*' {
            let (start, first_line, mut depth) = (i, line, 0);
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
            out.comments
                .push((first_line, chars[start..i].iter().collect()));
        } else if c == '"' || ((c == 'r' || c == 'b') && starts_raw_or_byte_string(&chars, i)) {
            // "…", b"…", r"…", r#"…"#, br#"…"#
            let mut j = i;
            if chars[j] == 'b' {
                j += 1;
            }
            let raw = chars[j] == 'r';
            let mut hashes = 0;
            if raw {
                j += 1;
                while chars[j] == '#' {
                    hashes += 1;
                    j += 1;
                }
            }
            j += 1; // the opening quote
            let (first_line, mut text) = (line, String::new());
            while j < chars.len() {
                let d = chars[j];
                if d == '\\' && !raw {
                    text.push(d);
                    text.push(at(j + 1));
                    line += usize::from(at(j + 1) == '\n');
                    j += 2;
                    continue;
                }
                if d == '"' && (0..hashes).all(|k| at(j + 1 + k) == '#') {
                    j += 1 + hashes;
                    break;
                }
                line += usize::from(d == '\n');
                text.push(d);
                j += 1;
            }
            out.strings.push((first_line, text));
            i = j;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): skip a literal whole.
            if at(i + 1) == '\\' {
                let mut j = i + 3;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.tokens.push((line, chars[start..i].iter().collect()));
        } else if c == ':' && at(i + 1) == ':' {
            out.tokens.push((line, "::".into()));
            i += 2;
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else {
            if !c.is_whitespace() {
                out.tokens.push((line, c.to_string()));
            }
            i += 1;
        }
    }
    out
}

/// Whether `b"`, `r"`, `r#"`, `br"` or `br#"` starts at `i` (and not an identifier like `bar`).
fn starts_raw_or_byte_string(chars: &[char], i: usize) -> bool {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return false;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) == Some(&'r') {
        j += 1;
        while chars.get(j) == Some(&'#') {
            j += 1;
        }
    }
    j > i && chars.get(j) == Some(&'"')
}
