//! Paper sizes parsed or refused clearly, and PDFs written atomically.

use super::*;

#[test]
fn paper_sizes_parse_and_bad_ones_are_refused_clearly() {
    assert_eq!(Paper::parse("A4").unwrap(), Paper::A4);
    assert_eq!(Paper::parse("letter").unwrap(), Paper::Letter);
    let err = Paper::parse("a5").unwrap_err();
    assert_eq!(err.to_string(), "unknown paper size 'a5': use a4 or letter");
}

#[test]
fn writing_is_atomic_and_failures_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("roster.pdf");
    print::write_pdf_atomically(&out, b"%PDF-old").unwrap();
    print::write_pdf_atomically(&out, b"%PDF-new").unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), b"%PDF-new");
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, b"x").unwrap();
    for bad in [
        dir.path().join("missing/out.pdf"),
        blocker.join("out.pdf"),
        dir.path().to_path_buf(),
    ] {
        let err = print::write_pdf_atomically(&bad, b"%PDF-").unwrap_err();
        assert!(err.to_string().starts_with("cannot write"), "{err}");
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    // The replaced file is kept as roster.pdf.bak by the store's atomic write.
    let mut left: Vec<&str> = left.iter().map(String::as_str).collect();
    left.sort();
    assert_eq!(left, ["not-a-folder", "roster.pdf", "roster.pdf.bak"]);
}
