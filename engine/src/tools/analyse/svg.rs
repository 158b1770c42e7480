//! The picture: one square per position, coloured by score on a diverging
//! scale (blue = White better, red = Black better, near-white = level)
//! symmetric around 0 and fitted to the scores present (full colour at the
//! largest |score|, rounded up to a multiple of 20 cp), each labelled with
//! its position and carrying a tooltip. Many distinct Chess960 numbers (the atlas) sit in a 32 × 30
//! grid by number (row-major, so cell = row × 32 + column), each square
//! with its number; other sets are laid out as larger tiles in the order
//! given, each with its id (a number or `W:B`) and its score. The width is
//! chosen so that the title, caption and key always fit. Plain SVG 1.1: no
//! script, no external resource, readable in any browser.

use std::fmt::Write;

use super::escape::escape as esc;
use super::record::{Record, Score};
use super::summary::label;
use crate::frc;
use crate::tools::plural::plural;

const COLUMNS: usize = 32;
const CELL: usize = 18;
const PITCH: usize = 20;
/// Tiles of the layout in input order: width, height, gap, per row.
const TILE_W: usize = 72;
const TILE_H: usize = 44;
const TILE_GAP: usize = 6;
const TILE_COLUMNS: usize = 8;
/// Longest id written on a tile (longer ones are shortened; the tooltip has all).
const TILE_ID_CHARS: usize = 11;
const MARGIN: usize = 16;
const LEFT: usize = 56;
/// The full-colour score is the largest |score| rounded up to a multiple
/// of this (so that the key's numbers are round), and at least this.
const SCALE_STEP: i32 = 20;
const NEUTRAL: (f64, f64, f64) = (247.0, 247.0, 247.0);
const WHITE_HUE: (f64, f64, f64) = (33.0, 102.0, 172.0);
const BLACK_HUE: (f64, f64, f64) = (178.0, 24.0, 43.0);
/// Steps of the colour key, from -limit to +limit.
const KEY_STEPS: i32 = 9;
/// Average glyph widths of the sans-serif font as a share of its size
/// (bold and regular), to size the picture to its longest text.
const BOLD_WIDTH: f64 = 0.62;
const TEXT_WIDTH: f64 = 0.56;

/// The colour scale: symmetric around 0, full colour from ±`limit` cp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scale {
    limit: i32,
    /// The largest |centipawn score| present (mates left out).
    largest: i32,
}

impl Scale {
    /// The scale fitted to `records`' centipawn scores.
    fn fit(records: &[Record]) -> Scale {
        let largest = records.iter().filter_map(|r| r.score().cp()).map(i32::unsigned_abs).max().unwrap_or(0);
        let largest = largest.min(i32::MAX as u32 / 2);
        let step = SCALE_STEP as u32;
        let limit = (largest.div_ceil(step) * step).max(step);
        Scale { limit: limit as i32, largest: largest as i32 }
    }

    /// Where on the scale a score lies, -1 (Black) ..= 1 (White).
    fn shade(self, score: Score) -> f64 {
        match score {
            Score::Cp(v) => f64::from(v.clamp(-self.limit, self.limit)) / f64::from(self.limit),
            Score::Mate(n) => f64::from(n.signum()),
        }
    }

    /// The colour of a White-side score (full beyond the limit and for mates).
    fn colour(self, score: Score) -> String {
        let t = self.shade(score);
        let (to, t) = if t >= 0.0 { (WHITE_HUE, t) } else { (BLACK_HUE, -t) };
        let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
        format!("#{:02x}{:02x}{:02x}", mix(NEUTRAL.0, to.0), mix(NEUTRAL.1, to.1), mix(NEUTRAL.2, to.2))
    }

    /// Text colour readable on a square of `score`'s colour.
    fn ink(self, score: Score) -> &'static str {
        if self.shade(score).abs() > 0.55 { "#fff" } else { "#111" }
    }
}

fn tooltip(r: &Record) -> String {
    let score = match r.score() {
        Score::Cp(v) => format!("{v:+} cp"),
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

/// Whether the records are the atlas kind: more distinct Chess960 numbers
/// than one row holds, so a grid by number reads best.
fn by_number(records: &[Record]) -> bool {
    let mut seen = std::collections::HashSet::new();
    records.len() > COLUMNS
        && records.iter().all(|r| r.id.parse::<u32>().is_ok_and(|n| n < frc::COUNT && seen.insert(n)))
}

fn is_standard(r: &Record) -> bool {
    r.id == frc::STANDARD.to_string() && r.moves.is_empty()
}

/// Estimated width in pixels of `text` at `size` px.
fn text_width(text: &str, size: f64, bold: bool) -> usize {
    (text.chars().count() as f64 * size * if bold { BOLD_WIDTH } else { TEXT_WIDTH }).ceil() as usize
}

/// An id short enough for a tile.
fn short(id: &str) -> String {
    if id.chars().count() <= TILE_ID_CHARS {
        return id.to_string();
    }
    let tail: String =
        id.chars().rev().take(TILE_ID_CHARS - 1).collect::<Vec<_>>().into_iter().rev().collect();
    format!("\u{2026}{tail}")
}

/// The SVG document for `records`, as `PREFIX.svg`.
pub fn render(records: &[Record]) -> String {
    chart(records, None)
}

/// The SVG document for `records`; with `links` (one fragment per record,
/// such as `p518`) each square is a link to it, for the chart inlined in
/// the page.
pub fn chart(records: &[Record], links: Option<&[String]>) -> String {
    let grid = by_number(records);
    let scale = Scale::fit(records);
    let title = format!("Rockad analysis: {}", plural(records.len() as u64, "position"));
    let caption = if grid {
        "Chess960 start positions by number: row + column (518 = row 512 + column 6)"
    } else {
        "one tile per position, in the order analysed"
    };
    let click = if links.is_some() { ", click it for its row" } else { "" };
    let mut key = vec![
        "Colour: score in centipawns from White's side, on a scale symmetric around 0".to_string(),
        format!(
            "fitted to the scores: full colour from \u{b1}{} cp (the largest |score| here: {} cp)",
            scale.limit, scale.largest
        ),
        format!("Hover a square for its best move{click}"),
    ];
    if records.iter().any(|r| matches!(r.score(), Score::Mate(_))) {
        key.push("a mate (#N) takes the full colour of the side that mates".to_string());
    }
    let standard = records.iter().any(is_standard);

    let (body_w, body_h) = if grid {
        (LEFT + COLUMNS * PITCH, (frc::COUNT as usize / COLUMNS) * PITCH + 24)
    } else {
        let columns = records.len().clamp(1, TILE_COLUMNS);
        let rows = records.len().div_ceil(columns).max(1);
        (MARGIN + columns * (TILE_W + TILE_GAP), rows * (TILE_H + TILE_GAP))
    };
    let key_w = MARGIN + 90 + KEY_STEPS as usize * PITCH + 100;
    let texts = [
        MARGIN + text_width(&title, 16.0, true),
        MARGIN + text_width(caption, 11.0, false),
        key.iter().map(|k| MARGIN + text_width(k, 11.0, false)).max().unwrap_or(0),
    ];
    let width = texts.into_iter().chain([body_w, key_w]).max().unwrap_or(body_w) + MARGIN;
    let top = 58;
    let key_y = top + body_h + 16;
    let height = key_y + CELL + 30 + key.len() * 16 + if standard { 26 } else { 0 } + MARGIN;

    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&title));
    let _ = writeln!(s, "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{MARGIN}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        esc(&title)
    );
    let _ = writeln!(s, "<text x=\"{MARGIN}\" y=\"42\" fill=\"#444\">{}</text>", esc(caption));
    if grid {
        numbered_grid(&mut s, records, top, scale, links);
    } else {
        tiles(&mut s, records, top, scale, links);
    }
    legend(&mut s, key_y, &key, standard, scale);
    s.push_str("</svg>\n");
    s
}

/// The 32 × 30 grid: axis numbers, and each square with its number.
fn numbered_grid(s: &mut String, records: &[Record], top: usize, scale: Scale, links: Option<&[String]>) {
    let y0 = top + 16;
    let _ =
        writeln!(s, "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#444\">row</text>", LEFT - 6, y0 - 4);
    for c in (0..COLUMNS).step_by(2) {
        let x = LEFT + c * PITCH + CELL / 2;
        let _ = writeln!(s, "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">+{c}</text>", y0 - 4);
    }
    for r in 0..frc::COUNT as usize / COLUMNS {
        let y = y0 + r * PITCH + CELL / 2 + 4;
        let _ = writeln!(s, "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>", LEFT - 6, r * COLUMNS);
    }
    s.push_str("<g stroke=\"#bbb\" stroke-width=\"0.5\">\n");
    for (i, r) in records.iter().enumerate() {
        let Ok(n) = r.id.parse::<usize>() else { continue };
        let (x, y) = (LEFT + n % COLUMNS * PITCH, y0 + n / COLUMNS * PITCH);
        let outline = if is_standard(r) { " stroke=\"#000\" stroke-width=\"2.5\"" } else { "" };
        let (open, close) = link(links, i);
        let _ = writeln!(
            s,
            "{open}<g class=\"cell\"><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" \
             fill=\"{}\"{outline}/><text x=\"{}\" y=\"{}\" font-size=\"6.5\" text-anchor=\"middle\" \
             stroke=\"none\" fill=\"{}\">{n}</text></g>{close}",
            esc(&tooltip(r)),
            scale.colour(r.score()),
            x + CELL / 2,
            y + CELL / 2 + 2,
            scale.ink(r.score()),
        );
    }
    s.push_str("</g>\n");
}

/// Tiles in the records' order, each with its id and score.
fn tiles(s: &mut String, records: &[Record], top: usize, scale: Scale, links: Option<&[String]>) {
    let columns = records.len().clamp(1, TILE_COLUMNS);
    s.push_str("<g stroke=\"#bbb\" stroke-width=\"0.5\">\n");
    for (i, r) in records.iter().enumerate() {
        let x = MARGIN + i % columns * (TILE_W + TILE_GAP);
        let y = top + i / columns * (TILE_H + TILE_GAP);
        let outline = if is_standard(r) { " stroke=\"#000\" stroke-width=\"2.5\"" } else { "" };
        let moves = if r.moves.is_empty() { "" } else { "+" };
        let (open, close) = link(links, i);
        let _ = writeln!(
            s,
            "{open}<g class=\"cell\"><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{TILE_W}\" \
             height=\"{TILE_H}\" fill=\"{}\"{outline}/><text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" \
             stroke=\"none\" font-weight=\"bold\" fill=\"{ink}\">{}{moves}</text><text x=\"{cx}\" y=\"{}\" \
             text-anchor=\"middle\" stroke=\"none\" fill=\"{ink}\">{}</text></g>{close}",
            esc(&tooltip(r)),
            scale.colour(r.score()),
            y + 18,
            esc(&short(&r.id)),
            y + 34,
            esc(&r.score().text()),
            cx = x + TILE_W / 2,
            ink = scale.ink(r.score()),
        );
    }
    s.push_str("</g>\n");
}

/// The opening and closing tags of record `i`'s link, if there are links.
fn link(links: Option<&[String]>, i: usize) -> (String, &'static str) {
    match links.and_then(|l| l.get(i)) {
        Some(to) => (format!("<a href=\"#{}\">", esc(to)), "</a>"),
        None => (String::new(), ""),
    }
}

/// The colour scale with its numbers, the key lines, and the 518 outline
/// when 518 is shown.
fn legend(s: &mut String, y: usize, key: &[String], standard: bool, scale: Scale) {
    let _ = writeln!(s, "<text x=\"{MARGIN}\" y=\"{}\">Black better</text>", y + 13);
    let x0 = MARGIN + 84;
    for i in 0..KEY_STEPS {
        let cp = -scale.limit + i * 2 * scale.limit / (KEY_STEPS - 1);
        let x = x0 + i as usize * PITCH;
        let _ = writeln!(
            s,
            "<rect class=\"legend\" x=\"{x}\" y=\"{y}\" width=\"{PITCH}\" height=\"{CELL}\" fill=\"{}\"/>",
            scale.colour(Score::Cp(cp))
        );
        if i % 2 == 0 {
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{}</text>",
                x + PITCH / 2,
                y + CELL + 11,
                if cp == 0 { "0".to_string() } else { format!("{cp:+}") }
            );
        }
    }
    let after = x0 + KEY_STEPS as usize * PITCH + 8;
    let _ = writeln!(s, "<text x=\"{after}\" y=\"{}\">White better</text>", y + 13);
    let mut line_y = y + CELL + 30;
    for k in key {
        let _ = writeln!(s, "<text x=\"{MARGIN}\" y=\"{line_y}\" fill=\"#444\">{}</text>", esc(k));
        line_y += 16;
    }
    if standard {
        let _ = writeln!(
            s,
            "<rect class=\"legend\" x=\"{MARGIN}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
             stroke=\"#000\" stroke-width=\"2.5\"/>",
            line_y - 8,
            scale.colour(Score::Cp(0))
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">outlined: 518 = standard chess (RNBQKBNR)</text>",
            MARGIN + CELL + 8,
            line_y + 5
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::tests::sample;

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
    fn numbered_grid_with_labels_tooltips_key_and_the_standard_outlined() {
        let records: Vec<Record> = (0..960).map(|n| sample(&n.to_string(), Score::Cp(n - 500))).collect();
        let svg = render(&records);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""));
        well_formed(&svg);
        assert_eq!(svg.matches("<g class=\"cell\">").count(), 960);
        assert!(!svg.contains("<script") && !svg.contains("href"));
        // 518 = row 16, column 6, outlined and labelled; 959 = row 29, column 31.
        let cell = svg.lines().find(|l| l.contains("<title>518 RNBQKBNR")).unwrap();
        let (x, y) = (LEFT + 6 * PITCH, 74 + 16 * PITCH);
        assert!(
            cell.contains(&format!("x=\"{x}\" y=\"{y}\"")) && cell.contains("stroke-width=\"2.5\""),
            "{cell}"
        );
        assert!(cell.contains("+18 cp, best e4 (e2e4), depth 7") && cell.contains(">518</text>"), "{cell}");
        let last = svg.lines().find(|l| l.contains("<title>959 RKRNNQBB")).unwrap();
        assert!(last.contains(&format!("x=\"{}\" y=\"{}\"", LEFT + 31 * PITCH, 74 + 29 * PITCH)));
        // Scores run from -500 to +459: the scale is fitted to ±500.
        assert!(svg.contains("from \u{b1}500 cp (the largest |score| here: 500 cp)"), "{svg}");
        assert!(svg.contains("518 = standard chess"));
        // The scale's numbers.
        for n in ["-500", "-250", ">0<", "+250", "+500"] {
            assert!(svg.contains(&format!(">{}</text>", n.trim_matches(['>', '<']))), "{n}");
        }
    }

    #[test]
    fn a_few_positions_are_labelled_tiles_that_fit() {
        let records: Vec<Record> =
            [0, 959, 300].iter().map(|&n| sample(&n.to_string(), Score::Cp(n / 10))).collect();
        let svg = render(&records);
        well_formed(&svg);
        let width: usize = svg.split("width=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        assert!(width >= MARGIN + text_width("Rockad analysis: 3 positions", 16.0, true));
        for text in ["Rockad analysis: 3 positions", ">959</text>", ">+95 cp</text>", ">0</text>"] {
            assert!(svg.contains(text), "{text}: {svg}");
        }
        // No 518 and no mate here: neither is explained.
        assert!(!svg.contains("standard chess") && !svg.contains("mate"), "{svg}");
        let one = render(&[sample("518", Score::Mate(-2))]);
        assert!(one.contains("standard chess") && one.contains("side that mates"), "{one}");
        assert_eq!(short("games/long-file-name.epd:12"), "\u{2026}ame.epd:12");
        assert_eq!(short("12:845"), "12:845");
    }

    #[test]
    fn colours_diverge_and_clamp() {
        let scale = Scale { limit: 100, largest: 100 };
        assert_eq!(scale.colour(Score::Cp(0)), "#f7f7f7");
        assert_eq!(scale.colour(Score::Cp(100)), "#2166ac");
        assert_eq!(scale.colour(Score::Cp(400)), "#2166ac");
        assert_eq!(scale.colour(Score::Cp(-100)), "#b2182b");
        assert_eq!(scale.colour(Score::Mate(-3)), "#b2182b");
        assert_ne!(scale.colour(Score::Cp(50)), scale.colour(Score::Cp(-50)));
    }

    #[test]
    fn the_scale_fits_the_scores() {
        // The atlas's range, -2..+73: full colour from ±80, so +73 is nearly full.
        let atlas: Vec<Record> = [-2, 25, 73].iter().map(|&v| sample("1", Score::Cp(v))).collect();
        let scale = Scale::fit(&atlas);
        assert_eq!(scale, Scale { limit: 80, largest: 73 });
        assert_eq!(scale.colour(Score::Cp(80)), "#2166ac");
        assert_ne!(scale.colour(Score::Cp(73)), scale.colour(Score::Cp(25)));
        let svg = render(&atlas);
        for n in [">-80<", ">-40<", ">0<", ">+40<", ">+80<"] {
            assert!(svg.contains(n), "{n}: {svg}");
        }
        assert!(svg.contains("full colour from \u{b1}80 cp (the largest |score| here: 73 cp)"));
        // Black's side counts too; mates are left out; never below one step.
        let black = [sample("1", Score::Cp(-101)), sample("2", Score::Mate(3))];
        assert_eq!(Scale::fit(&black), Scale { limit: 120, largest: 101 });
        assert_eq!(Scale::fit(&[sample("1", Score::Cp(0))]).limit, 20);
        assert_eq!(Scale::fit(&[]).limit, 20);
    }

    #[test]
    fn the_inline_chart_links_each_square_to_its_row() {
        let records: Vec<Record> = (0..40).map(|n| sample(&n.to_string(), Score::Cp(n))).collect();
        let links: Vec<String> = (0..40).map(|n| format!("p{n}")).collect();
        let svg = chart(&records, Some(&links));
        well_formed(&svg);
        assert_eq!(svg.matches("<a href=\"#p").count(), 40);
        assert!(svg.contains("<a href=\"#p7\"><g class=\"cell\"><title>7 "), "{svg}");
        assert!(svg.contains("click it for its row"));
        let tiles = chart(&records[..2], Some(&links[..2]));
        assert!(tiles.contains("<a href=\"#p1\"><g class=\"cell\">"), "{tiles}");
        assert!(!render(&records).contains("<a "));
    }

    #[test]
    fn other_ids_in_input_order_and_escaped() {
        let records = vec![sample("a<&>.epd:1", Score::Mate(2)), sample("3:4", Score::Cp(-20))];
        let svg = render(&records);
        well_formed(&svg);
        assert!(svg.contains("a&lt;&amp;&gt;.epd:1, rnbqkbnr/"), "{svg}");
        let cells: Vec<&str> = svg.lines().filter(|l| l.starts_with("<g class=\"cell\"")).collect();
        assert!(cells[0].contains(&format!("x=\"{MARGIN}\" y=\"58\"")), "{}", cells[0]);
        assert!(cells[1].contains(&format!("x=\"{}\" y=\"58\"", MARGIN + TILE_W + TILE_GAP)));
        assert!(
            cells[1].contains(">3:4</text>") && cells[0].contains(">a&lt;&amp;&gt;.epd:1</text>"),
            "{}",
            cells[1]
        );
    }
}
