//! Start position numbers as the command line writes them: Chess960
//! numbers and ranges, Double Fischer Random pairs.

use crate::frc;

/// `518`, `0-959`, `0-9,518`: Chess960 numbers in the order written.
pub fn frc_list(spec: &str) -> Result<Vec<u32>, String> {
    let number = |t: &str| match t.trim().parse::<u32>() {
        Ok(n) if n < frc::COUNT => Ok(n),
        _ => Err(format!("'{t}' is not a start position number (0..959)")),
    };
    let mut out = Vec::new();
    for item in spec.split(',') {
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b {
                    return Err(format!("range '{item}' runs backwards"));
                }
                out.extend(a..=b);
            }
            None => out.push(number(item)?),
        }
    }
    Ok(out)
}

/// `12:845` or `12:845,0:959`: Double Fischer Random pairs.
pub fn dfrc_list(spec: &str) -> Result<Vec<(u32, u32)>, String> {
    spec.split(',')
        .map(|item| {
            let bad = || format!("'{item}' is not a pair W:B of start numbers (0..959)");
            let (w, b) = item.split_once(':').ok_or_else(bad)?;
            match (w.trim().parse::<u32>(), b.trim().parse::<u32>()) {
                (Ok(w), Ok(b)) if w < frc::COUNT && b < frc::COUNT => Ok((w, b)),
                _ => Err(bad()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frc_ranges_and_lists() {
        assert_eq!(frc_list("518").unwrap(), vec![518]);
        assert_eq!(frc_list("0-3,518,957-959").unwrap(), vec![0, 1, 2, 3, 518, 957, 958, 959]);
        assert_eq!(frc_list("0-959").unwrap().len(), 960);
        for bad in ["960", "5-2", "a", "1,,2", "-3", "1-", "0-960", ""] {
            assert!(frc_list(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dfrc_pairs() {
        assert_eq!(dfrc_list("12:845,0:959").unwrap(), vec![(12, 845), (0, 959)]);
        for bad in ["12", "12:960", "a:b", "1:2:3", "1-2"] {
            assert!(dfrc_list(bad).is_err(), "{bad}");
        }
    }
}
