//! Times as the store writes them into names and shows them, from seconds since 1970 (UTC)
//! passed in by the caller (the core reads no clock): a tag for a file name,
//! `2025-06-01-143200`, read back by [`from_tag`], and a date for a person,
//! `2025-06-01 14:32 UTC`.

/// `YYYY-MM-DD-HHMMSS` (UTC).
pub fn tag(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let (hh, mm, ss) = ((secs % 86_400) / 3600, (secs % 3600) / 60, secs % 60);
    format!("{y:04}-{m:02}-{d:02}-{hh:02}{mm:02}{ss:02}")
}

/// The seconds since 1970 a [`tag`] stands for; `None` when the text is no tag.
pub fn from_tag(tag: &str) -> Option<u64> {
    let b = tag.as_bytes();
    let shape = b.len() == 17
        && [4, 7, 10].iter().all(|&i| b[i] == b'-')
        && b.iter()
            .enumerate()
            .all(|(i, c)| [4, 7, 10].contains(&i) || c.is_ascii_digit());
    if !shape {
        return None;
    }
    let n = |r: std::ops::Range<usize>| tag[r].parse::<u64>().ok();
    let (y, m, d) = (n(0..4)?, n(5..7)?, n(8..10)?);
    let (hh, mm, ss) = (n(11..13)?, n(13..15)?, n(15..17)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || hh > 23 || mm > 59 || ss > 59 {
        return None;
    }
    let days = days_from_civil(y as i64, m as u32, d as u32);
    let secs = u64::try_from(days).ok()? * 86_400 + hh * 3600 + mm * 60 + ss;
    (self::tag(secs) == tag).then_some(secs)
}

/// `YYYY-MM-DD HH:MM UTC`.
pub fn date(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let (hh, mm) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC")
}

/// The calendar date of a day count from 1970-01-01 (Howard Hinnant's algorithm).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The day count from 1970-01-01 of a calendar date (the inverse of [`civil_from_days`]).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_dates_read_back() {
        let t = 19_782 * 86_400 + 3_723;
        assert_eq!(tag(t), "2024-02-29-010203");
        assert_eq!(from_tag("2024-02-29-010203"), Some(t));
        assert_eq!(date(t), "2024-02-29 01:02 UTC");
        assert_eq!(from_tag(&tag(0)), Some(0));
        for secs in [1, 86_399, 951_782_400, 4_102_444_799, 1_717_252_320] {
            assert_eq!(from_tag(&tag(secs)), Some(secs), "{secs}");
        }
        for not in [
            "",
            "2024-02-30-000000",
            "2024-13-01-000000",
            "2024-02-29-250000",
            "x",
        ] {
            assert_eq!(from_tag(not), None, "{not}");
        }
    }
}
