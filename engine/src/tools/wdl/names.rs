//! The input files as `coefficients.rs` names them: runs of seed files
//! shortened to their ends, so the header stays readable.

use crate::tools::plural::plural;

/// A path as (text before its last digits, their number, their width, the
/// text after), or `None` without digits.
fn split_number(f: &str) -> Option<(&str, u64, usize, &str)> {
    let end = f.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = f[..end].rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
    Some((&f[..start], f[start..end].parse::<u64>().ok()?, end - start, &f[end..]))
}

/// The files as a list to read: runs of three or more that differ only in
/// a consecutive number (seeds) are written `first ... last-number-on`.
pub fn file_list(files: &[String]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < files.len() {
        let mut j = i + 1;
        if let Some((pre, n, w, post)) = split_number(&files[i]) {
            while j < files.len() && split_number(&files[j]) == Some((pre, n + (j - i) as u64, w, post)) {
                j += 1;
            }
        }
        if j - i >= 3 {
            let (_, last, _, post) = split_number(&files[j - 1]).unwrap_or_default();
            out.push(format!("{} ... {last}{post}", files[i]));
        } else {
            j = i + 1;
            out.push(files[i].clone());
        }
        i = j;
    }
    format!("{} ({})", plural(files.len() as u64, "file"), out.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_of_seed_files_are_named_by_their_ends() {
        let mut files = vec!["/d/a-s28001.bin".to_string()];
        files.extend((28101..=28116).map(|s| format!("/d/device/a-s{s}.bin")));
        files.extend(["/d/b-s1.bin".to_string(), "/d/b-s2.bin".to_string(), "/d/x.bin".to_string()]);
        assert_eq!(
            super::file_list(&files),
            "20 files (/d/a-s28001.bin, /d/device/a-s28101.bin ... 28116.bin, /d/b-s1.bin, /d/b-s2.bin, /d/x.bin)"
        );
    }
}
