//! Writes the parameters back as `eval/src/params.rs`: the fixed (untuned)
//! constants as they are compiled in, then every tuned table from
//! [`crate::layout`] with its description. Tables carry
//! `#[rustfmt::skip]` so their grid layout survives `cargo fmt`; a test
//! holds the committed `params.rs` equal to this generator's output for the
//! compiled-in values, so the file is always what the tuner would write.

use std::fmt::Write;

use crate::layout::{Group, groups};
use crate::params;
use crate::score::S;

const HEADER: &str = "\
//! Every evaluation parameter, in one place. Written by the tuner
//! (`eval/src/tune/codegen.rs`): edit values here by hand if you like, but
//! keep the layout (a test checks the file is exactly what the tuner would
//! write). Tables are from White's point of view with a1 at index 0; Black
//! reads them mirrored top to bottom. Tables marked \"King danger\" feed the
//! danger sum that `evaluate` turns into a penalty; all others add directly.

use crate::score::S;
";

/// Values per line in a table.
const PER_LINE: usize = 8;

fn doc(out: &mut String, text: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > 100 {
            let _ = writeln!(out, "/// {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let _ = writeln!(out, "/// {line}");
}

/// One value, right-aligned so a table's columns line up.
fn pair(s: S) -> String {
    format!("S({:>4}, {:>4})", s.0, s.1)
}

fn rows(out: &mut String, values: &[S], indent: &str) {
    for chunk in values.chunks(PER_LINE) {
        let cells: Vec<String> = chunk.iter().map(|&s| pair(s)).collect();
        let _ = writeln!(out, "{indent}{},", cells.join(", "));
    }
}

fn table(out: &mut String, g: &Group, values: &[S]) {
    out.push('\n');
    doc(out, g.doc);
    out.push_str("#[rustfmt::skip]\n");
    match g.dims {
        [] => {
            let _ = writeln!(out, "pub const {}: S = S({}, {});", g.name, values[0].0, values[0].1);
        }
        [n] => {
            let _ = writeln!(out, "pub const {}: [S; {n}] = [", g.name);
            rows(out, values, "    ");
            out.push_str("];\n");
        }
        [m, n] => {
            let _ = writeln!(out, "pub const {}: [[S; {n}]; {m}] = [", g.name);
            for row in values.chunks(*n) {
                out.push_str("    [\n");
                rows(out, row, "        ");
                out.push_str("    ],\n");
            }
            out.push_str("];\n");
        }
        _ => unreachable!("tables have at most two dimensions"),
    }
}

fn fixed(out: &mut String) {
    out.push_str("\n// Fixed by design, not tuned.\n\n");
    let consts: [(&str, &str, String); 8] = [
        (
            "PHASE_WEIGHT",
            "Game-phase weight by role (pawn .. king): all pieces on the board = 24.",
            format!("[i32; 6] = {:?}", params::PHASE_WEIGHT),
        ),
        (
            "KING_DANGER_MG_DIV",
            "Middlegame king-safety penalty: danger² / this.",
            format!("i32 = {}", params::KING_DANGER_MG_DIV),
        ),
        (
            "KING_DANGER_EG_DIV",
            "Endgame king-safety penalty: danger / this.",
            format!("i32 = {}", params::KING_DANGER_EG_DIV),
        ),
        (
            "SCALE_OPPOSITE_BISHOPS_ALONE",
            "Endgame scale (of 128): opposite-coloured bishops and pawns only.",
            format!("i32 = {}", params::SCALE_OPPOSITE_BISHOPS_ALONE),
        ),
        (
            "SCALE_OPPOSITE_BISHOPS",
            "Endgame scale: opposite-coloured bishops with other pieces.",
            format!("i32 = {}", params::SCALE_OPPOSITE_BISHOPS),
        ),
        (
            "SCALE_NO_PAWNS_SMALL_EDGE",
            "Endgame scale: the side ahead has no pawns and at most a minor piece more.",
            format!("i32 = {}", params::SCALE_NO_PAWNS_SMALL_EDGE),
        ),
        (
            "OUTPOST_RANKS",
            "Relative ranks (0 = own back rank) where a knight or bishop can hold an outpost.",
            format!("std::ops::RangeInclusive<usize> = {:?}", params::OUTPOST_RANKS),
        ),
        (
            "TRAPPED_ROOK_MOBILITY",
            "A rook with at most this many safe squares can count as trapped by its own king.",
            format!("u32 = {}", params::TRAPPED_ROOK_MOBILITY),
        ),
    ];
    for (name, text, value) in consts {
        doc(out, text);
        let _ = writeln!(out, "pub const {name}: {value};");
    }
    out.push_str("\n// Tuned.\n");
}

/// The text of `params.rs` for the flat parameter vector `values` (in
/// [`crate::layout`] index order).
pub fn params_rs(values: &[S]) -> String {
    let mut out = String::from(HEADER);
    fixed(&mut out);
    for g in groups() {
        table(&mut out, &g, &values[g.offset..g.offset + g.values.len()]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::current;

    #[test]
    fn params_rs_is_what_the_tuner_writes() {
        let text = params_rs(&current());
        if text != include_str!("../params.rs") {
            let path = std::env::temp_dir().join("rockad-params.rs");
            let _ = std::fs::write(&path, &text);
            panic!("eval/src/params.rs differs from the generator's output (written to {})", path.display());
        }
    }

    #[test]
    fn changed_values_show_up_in_the_text() {
        let mut v = current();
        v[crate::layout::TEMPO] = S(-7, 321);
        let text = params_rs(&v);
        assert!(text.contains("pub const TEMPO: S = S(-7, 321);"), "{text}");
        assert_eq!(text.matches("#[rustfmt::skip]").count(), groups().len());
    }
}
