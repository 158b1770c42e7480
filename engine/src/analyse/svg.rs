//! The picture: one square per position, coloured by score on a diverging
//! scale (blue = White better, red = Black better, near-white = level,
//! clamped at ±100 cp), each with a tooltip. Chess960 numbers sit in a
//! 32 × 30 grid by number (row-major, so cell = row × 32 + column); other
//! ids are laid out in the order given. Plain SVG 1.1: no script, no
//! external resource, readable in any browser.

use std::fmt::Write;

use super::record::{Record, Score};
use super::summary::label;
use crate::frc;

const COLUMNS: usize = 32;
const CELL: usize = 18;
const PITCH: usize = 20;
const LEFT: usize = 56;
const TOP: usize = 64;
/// Scores at or beyond this many centipawns get the full colour.
const CLAMP: i32 = 100;
const NEUTRAL: (f64, f64, f64) = (247.0, 247.0, 247.0);
const WHITE_HUE: (f64, f64, f64) = (33.0, 102.0, 172.0);
const BLACK_HUE: (f64, f64, f64) = (178.0, 24.0, 43.0);

/// Text safe inside XML content and attribute values.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The colour of a White-side score in `-CLAMP..=CLAMP` (mates are full).
fn colour(score: Score) -> String {
    let t = match score {
        Score::Cp(v) => f64::from(v.clamp(-CLAMP, CLAMP)) / f64::from(CLAMP),
        Score::Mate(n) => f64::from(n.signum()),
    };
    let (to, t) = if t >= 0.0 { (WHITE_HUE, t) } else { (BLACK_HUE, -t) };
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(NEUTRAL.0, to.0), mix(NEUTRAL.1, to.1), mix(NEUTRAL.2, to.2))
}

fn tooltip(r: &Record) -> String {
    let score = match r.score() {
        Score::Cp(v) => format!("{} ({v} cp)", r.score().pretty()),
        Score::Mate(n) if n > 0 => format!("#{n} (White mates in {n})"),
        Score::Mate(n) => format!("#{n} (Black mates in {})", -n),
    };
    let moves = if r.moves.is_empty() { String::new() } else { format!(" after {}", r.moves.join(" ")) };
    let fen = if label(&r.id) == r.id { format!(", {}", r.fen) } else { String::new() };
    format!(
        "{}{moves}{fen}: {score}, best {} ({}), depth {}",
        label(&r.id),
        r.best_san(),
        r.best_uci(),
        r.depth
    )
}

/// Grid cells (row, column) of the records: by Chess960 number when every
/// id is a distinct number, else in the records' order.
fn layout(records: &[Record]) -> (Vec<(usize, usize)>, usize, bool) {
    let numbers: Vec<Option<usize>> = records
        .iter()
        .map(|r| r.id.parse::<u32>().ok().filter(|&n| n < frc::COUNT).map(|n| n as usize))
        .collect();
    let mut seen = std::collections::HashSet::new();
    if numbers.iter().all(|n| n.is_some_and(|n| seen.insert(n))) {
        let cells = numbers.iter().flatten().map(|&n| (n / COLUMNS, n % COLUMNS)).collect();
        return (cells, COLUMNS, true);
    }
    let columns = records.len().clamp(1, COLUMNS);
    ((0..records.len()).map(|i| (i / columns, i % columns)).collect(), columns, false)
}

/// The SVG document for `records`.
pub fn render(records: &[Record]) -> String {
    let (cells, columns, by_number) = layout(records);
    let rows = if by_number { frc::COUNT as usize / COLUMNS } else { records.len().div_ceil(columns).max(1) };
    let grid_w = columns * PITCH;
    let grid_h = rows * PITCH;
    let width = (LEFT + grid_w + 24).max(LEFT + 420);
    let height = TOP + grid_h + 110;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let title = format!("Rockad analysis of {} position(s), scores from White's side", records.len());
    let _ = writeln!(s, "<title>{}</title>", esc(&title));
    let _ = writeln!(
        s,
        "<text x=\"{LEFT}\" y=\"20\" font-size=\"15\" font-weight=\"bold\">{}</text>",
        esc(&title)
    );

    // Axis labels: column numbers on top, the first id of each row on the left.
    let (col_axis, row_axis) = if by_number {
        ("column: start position number = row + column", "row")
    } else {
        ("positions in input order, row by row", "first")
    };
    let _ = writeln!(s, "<text x=\"{LEFT}\" y=\"38\" fill=\"#444\">{col_axis}</text>");
    let _ = writeln!(s, "<text x=\"4\" y=\"{}\" fill=\"#444\">{row_axis}</text>", TOP - 6);
    for c in (0..columns).step_by(if columns > 16 { 4 } else { 1 }) {
        let label = if by_number { c } else { c + 1 };
        let x = LEFT + c * PITCH + CELL / 2;
        let _ = writeln!(s, "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{label}</text>", TOP - 6);
    }
    for r in 0..rows {
        let label = if by_number { r * COLUMNS } else { r * columns + 1 };
        let y = TOP + r * PITCH + CELL / 2 + 4;
        let _ = writeln!(s, "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{label}</text>", LEFT - 6);
    }

    s.push_str("<g stroke=\"#bbb\" stroke-width=\"0.5\">\n");
    for (r, &(row, col)) in records.iter().zip(&cells) {
        let standard = r.id == frc::STANDARD.to_string() && r.moves.is_empty();
        let outline = if standard { " stroke=\"#000\" stroke-width=\"2.5\"" } else { "" };
        let _ = writeln!(
            s,
            "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"{outline}>\
             <title>{}</title></rect>",
            LEFT + col * PITCH,
            TOP + row * PITCH,
            colour(r.score()),
            esc(&tooltip(r))
        );
    }
    s.push_str("</g>\n");
    legend(&mut s, TOP + grid_h + 20);
    s.push_str("</svg>\n");
    s
}

/// Colour steps from -CLAMP to +CLAMP, their meaning, and the 518 outline.
fn legend(s: &mut String, y: usize) {
    const STEPS: i32 = 9;
    let _ = writeln!(s, "<text x=\"{LEFT}\" y=\"{}\">Black better</text>", y + 13);
    let x0 = LEFT + 80;
    for i in 0..STEPS {
        let cp = -CLAMP + i * 2 * CLAMP / (STEPS - 1);
        let x = x0 + i as usize * PITCH;
        let _ = writeln!(
            s,
            "<rect class=\"legend\" x=\"{x}\" y=\"{y}\" width=\"{PITCH}\" height=\"{CELL}\" fill=\"{}\"/>",
            colour(Score::Cp(cp))
        );
        if i % 4 == 0 {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                x + PITCH / 2,
                y + CELL + 13,
                if cp == 0 { "0".to_string() } else { format!("{cp:+}") }
            );
        }
    }
    let after = x0 + STEPS as usize * PITCH + 8;
    let _ = writeln!(s, "<text x=\"{after}\" y=\"{}\">White better</text>", y + 13);
    let _ = writeln!(
        s,
        "<text x=\"{LEFT}\" y=\"{}\" fill=\"#444\">centipawns from White's side, clamped at \u{b1}{CLAMP} cp \
         (mates: full colour); hover a square for its score and best move</text>",
        y + CELL + 32
    );
    let _ = writeln!(
        s,
        "<rect class=\"legend\" x=\"{LEFT}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
         stroke=\"#000\" stroke-width=\"2.5\"/>",
        y + CELL + 42,
        colour(Score::Cp(0))
    );
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\">518 = standard chess (RNBQKBNR)</text>",
        LEFT + CELL + 8,
        y + CELL + 55
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::record::tests::sample;

    /// Checks that tags nest properly and returns the element names opened.
    fn well_formed(svg: &str) -> Vec<String> {
        let (mut stack, mut names) = (Vec::new(), Vec::new());
        let mut rest = svg;
        while let Some(at) = rest.find('<') {
            let end = rest[at..].find('>').expect("unclosed tag") + at;
            let tag = &rest[at + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop().as_deref(), Some(name), "misnested </{name}>");
            } else {
                let name = tag.split([' ', '/']).next().unwrap().to_string();
                names.push(name.clone());
                if !tag.ends_with('/') {
                    stack.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        assert!(stack.is_empty(), "unclosed: {stack:?}");
        names
    }

    #[test]
    fn numbered_grid_with_tooltips_legend_and_the_standard_outlined() {
        let records: Vec<Record> =
            [0, 31, 32, 518, 959].iter().map(|&n| sample(&n.to_string(), Score::Cp(n - 500))).collect();
        let svg = render(&records);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""));
        let names = well_formed(&svg);
        assert_eq!(names.iter().filter(|n| *n == "rect").count(), 5 + 9 + 1);
        assert_eq!(svg.matches("<rect class=\"cell\"").count(), 5);
        assert!(!svg.contains("<script") && !svg.contains("href"));
        // 518 = row 16, column 6, outlined; 959 = row 29, column 31.
        let x518 = LEFT + 6 * PITCH;
        let y518 = TOP + 16 * PITCH;
        let cell = svg.lines().find(|l| l.contains("<title>518 RNBQKBNR")).unwrap();
        assert!(
            cell.contains(&format!("x=\"{x518}\" y=\"{y518}\"")) && cell.contains("stroke-width=\"2.5\"")
        );
        assert!(cell.contains("+0.18 (18 cp), best e4 (e2e4), depth 7"), "{cell}");
        let last = svg.lines().find(|l| l.contains("<title>959 RKRNNQBB")).unwrap();
        assert!(last.contains(&format!("x=\"{}\" y=\"{}\"", LEFT + 31 * PITCH, TOP + 29 * PITCH)));
        assert!(svg.contains("clamped at \u{b1}100 cp"));
    }

    #[test]
    fn colours_diverge_and_clamp() {
        assert_eq!(colour(Score::Cp(0)), "#f7f7f7");
        assert_eq!(colour(Score::Cp(100)), "#2166ac");
        assert_eq!(colour(Score::Cp(400)), "#2166ac");
        assert_eq!(colour(Score::Cp(-100)), "#b2182b");
        assert_eq!(colour(Score::Mate(-3)), "#b2182b");
        assert_ne!(colour(Score::Cp(50)), colour(Score::Cp(-50)));
    }

    #[test]
    fn other_ids_in_input_order_and_escaped() {
        let records = vec![sample("a<&>.epd:1", Score::Mate(2)), sample("3:4", Score::Cp(-20))];
        let svg = render(&records);
        well_formed(&svg);
        assert!(svg.contains("a&lt;&amp;&gt;.epd:1, rnbqkbnr/"), "{svg}");
        let cells: Vec<&str> = svg.lines().filter(|l| l.starts_with("<rect class=\"cell\"")).collect();
        assert!(cells[0].contains(&format!("x=\"{LEFT}\" y=\"{TOP}\"")));
        assert!(cells[1].contains(&format!("x=\"{}\" y=\"{TOP}\"", LEFT + PITCH)));
        assert!(cells[1].contains("3:4 "), "{}", cells[1]);
    }
}
