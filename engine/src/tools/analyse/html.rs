//! `PREFIX.html`: one self-contained page (nothing fetched from elsewhere).
//! The chart is inlined (the SVG markup itself, so its hover titles work),
//! each square a link to its row. Each row (id `p518`, or `r7` for ids that
//! are not distinct Chess960 numbers) has a board of the position drawn
//! from its FEN with Unicode glyphs in a CSS grid, the score, a
//! win/draw/loss bar, the best move and the line in SAN with move numbers,
//! the moves played first (a column only when some record has them), and
//! with `--compare` the other engine's score (its agreement with ours in
//! the header). A few lines of inline script sort the table by any column
//! and filter the rows by number or back-rank order; without script the
//! page is all there, unsorted and unfiltered.

use std::fmt::Write;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Position};

use super::compare::{self, Comparison};
use super::escape::escape as esc;
use super::record::{Record, Score};
use super::summary::label;
use super::svg;
use crate::frc;
use crate::tools::plural::plural;

/// A sort key for a score: mates beyond every centipawn score, shorter
/// mates further out.
fn sort_key(score: Score) -> i64 {
    match score {
        Score::Cp(v) => i64::from(v),
        Score::Mate(n) => n.signum() as i64 * (1_000_000 - i64::from(n).abs()),
    }
}

/// Each record's row id, the chart's link target: `p<N>` for a Chess960
/// number that no other record has, `r<index>` (from 1) otherwise.
pub fn anchors(records: &[Record]) -> Vec<String> {
    let number = |r: &Record| r.id.parse::<u32>().ok().filter(|&n| n < frc::COUNT);
    let mut count = std::collections::HashMap::new();
    for n in records.iter().filter_map(number) {
        *count.entry(n).or_insert(0) += 1;
    }
    records
        .iter()
        .enumerate()
        .map(|(i, r)| match number(r) {
            Some(n) if count[&n] == 1 => format!("p{n}"),
            _ => format!("r{}", i + 1),
        })
        .collect()
}

/// The glyph of a FEN piece letter: outlined for White, solid for Black
/// (the black pawn asks for text presentation, not an emoji).
fn glyph(c: char) -> Option<&'static str> {
    Some(match c {
        'K' => "\u{2654}",
        'Q' => "\u{2655}",
        'R' => "\u{2656}",
        'B' => "\u{2657}",
        'N' => "\u{2658}",
        'P' => "\u{2659}",
        'k' => "\u{265a}",
        'q' => "\u{265b}",
        'r' => "\u{265c}",
        'b' => "\u{265d}",
        'n' => "\u{265e}",
        'p' => "\u{265f}\u{fe0e}",
        _ => return None,
    })
}

/// The board of a FEN's placement field: a grid of 64 squares, rank 8 at
/// the top, one element per piece and one per run of empty squares in a
/// rank; the checkered squares are the grid's background. `None` when the
/// field is not 8 ranks of 8 squares.
fn board(fen: &str) -> Option<String> {
    let placement = fen.split_whitespace().next()?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut s = format!("<div class=\"board\" role=\"img\" aria-label=\"{}\">", esc(placement));
    for rank in ranks {
        let mut files = 0;
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                files += n;
                let _ = write!(s, "<i class=\"e{n}\"></i>");
            } else {
                files += 1;
                let _ = write!(s, "<i>{}</i>", glyph(c)?);
            }
        }
        if files != 8 {
            return None;
        }
    }
    s.push_str("</div>");
    Some(s)
}

/// Plays `moves` (UCI) from `pos`, returning them in SAN with move numbers
/// (`1. e4 e5 2. Nf3`, `3... Nc6` when Black moves first); `None` if one
/// is not legal.
fn numbered(pos: &mut Chess, moves: &[String]) -> Option<String> {
    let mut out = String::new();
    for (i, text) in moves.iter().enumerate() {
        let m = rockad_uci::parse_move(pos, text).ok()?;
        if i > 0 {
            out.push(' ');
        }
        match pos.turn() {
            Color::White => {
                let _ = write!(out, "{}. ", pos.fullmoves());
            }
            Color::Black if i == 0 => {
                let _ = write!(out, "{}... ", pos.fullmoves());
            }
            Color::Black => {}
        }
        out.push_str(&SanPlus::from_move_and_play_unchecked(pos, m).to_string());
    }
    Some(out)
}

/// The moves played first and the principal variation, both numbered SAN
/// played from the FEN (the stored SAN, unnumbered, if that fails).
fn numbered_lines(r: &Record) -> (String, String) {
    let played = || -> Option<(String, String)> {
        let (mut pos, _) = rockad_uci::parse_fen(&r.fen).ok()?;
        let before = numbered(&mut pos, &r.moves)?;
        let pv = numbered(&mut pos, r.lines.first().map_or(&[][..], |l| &l.pv_uci))?;
        Some((before, pv))
    };
    played()
        .unwrap_or_else(|| (r.moves.join(" "), r.lines.first().map_or(String::new(), |l| l.pv_san.join(" "))))
}

/// The win/draw/loss bar (per mille from White's side) and its figures.
fn wdl_bar((w, d, l): (u32, u32, u32)) -> String {
    let pc = |v: u32| format!("{:.1}%", f64::from(v) / 10.0);
    format!(
        "<div class=\"wdl\" title=\"White wins {}, draw {}, Black wins {}\"><span class=\"w\" \
         style=\"flex:{w}\"></span><span class=\"d\" style=\"flex:{d}\"></span><span class=\"l\" \
         style=\"flex:{l}\"></span></div>{w} / {d} / {l}",
        pc(w),
        pc(d),
        pc(l)
    )
}

const STYLE: &str = "\
body { font-family: sans-serif; margin: 1.5em; }
#chart svg { max-width: 100%; height: auto; }
#chart a:hover rect, #chart a:focus rect { stroke: #000; stroke-width: 2; }
#chart a.dim { opacity: 0.15; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; vertical-align: top; white-space: nowrap; }
td.text { text-align: left; }
td.line { text-align: left; white-space: normal; min-width: 22em; max-width: 40em; }
th { cursor: pointer; background: #eee; position: sticky; top: 0; z-index: 1; text-align: center; }
th[data-order=up]::after { content: ' \u{25b2}'; } th[data-order=down]::after { content: ' \u{25bc}'; }
tbody tr { scroll-margin-top: 2.5em; }
tbody tr:target { background: #fff4b8; }
.board { display: grid; grid-template-columns: repeat(8, 18px); grid-auto-rows: 18px; width: 144px;
  margin-bottom: 3px; border: 1px solid #555; font-size: 16px; line-height: 18px; text-align: center;
  color: #000; background: repeating-conic-gradient(#c9a27e 0 25%, #f3e3cf 0 50%) 0 0 / 36px 36px;
  font-family: 'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', sans-serif; }
.board i { font-style: normal; }
.e2 { grid-column: span 2; } .e3 { grid-column: span 3; } .e4 { grid-column: span 4; }
.e5 { grid-column: span 5; } .e6 { grid-column: span 6; } .e7 { grid-column: span 7; }
.e8 { grid-column: span 8; }
.order { font-family: monospace; font-size: 1.1em; }
.wdl { display: flex; width: 120px; height: 10px; margin: 4px 0 3px; border: 1px solid #888; }
.wdl .w { background: #2166ac; } .wdl .d { background: #bbb; } .wdl .l { background: #b2182b; }
#search input { font-size: 1em; width: 16em; }";

const SCRIPT: &str = "\
document.querySelectorAll('th').forEach((th, col) => th.addEventListener('click', () => {
  const body = th.closest('table').tBodies[0];
  const up = th.dataset.order !== 'up';
  th.parentNode.querySelectorAll('th').forEach(h => delete h.dataset.order);
  th.dataset.order = up ? 'up' : 'down';
  const key = r => r.cells[col].dataset.key ?? r.cells[col].textContent;
  const rows = [...body.rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const c = (x !== '' && y !== '' && !isNaN(x) && !isNaN(y)) ? x - y : x.localeCompare(y);
    return up ? c : -c;
  });
  rows.forEach(r => body.appendChild(r));
}));
const box = document.getElementById('filter'), count = document.getElementById('count');
const rows = [...document.querySelectorAll('#records tbody tr')];
const squares = [...document.querySelectorAll('#chart a')];
function filter() {
  const words = box.value.toUpperCase().split(/[\\s,;]+/).filter(w => w);
  const shown = new Set();
  for (const r of rows) {
    const id = r.dataset.id.toUpperCase(), order = r.dataset.order;
    const ok = !words.length || words.some(w => id === w || (/[A-Z]/.test(w) && order.includes(w)));
    r.hidden = !ok;
    if (ok) shown.add(r.id);
  }
  squares.forEach(a => a.classList.toggle('dim', !shown.has(a.getAttribute('href').slice(1))));
  count.textContent = words.length ? `${shown.size} of ${rows.length} shown` : '';
}
box.addEventListener('input', filter);
document.getElementById('search').hidden = false;
window.addEventListener('hashchange', () => {
  const r = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (r && r.hidden) { box.value = ''; filter(); r.scrollIntoView(); }
});
if (box.value) filter();";

/// The page for `records`, with the other engine's scores when given.
pub fn render(records: &[Record], compare: Option<&Comparison>) -> String {
    let title = format!("Rockad analysis: {}", plural(records.len() as u64, "position"));
    let anchors = anchors(records);
    let with_moves = records.iter().any(|r| !r.moves.is_empty());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{t}</title>\n\
         <style>\n{STYLE}\n</style></head><body>\n<h1>{t}</h1>\n\
         <p>Scores in centipawns from White's side (#N: mate in N moves, negative when Black mates). \
         The bar shows the chances for White in per mille: blue a White win, grey a draw, red a Black \
         win. Each board is the position searched{}; the line is the principal variation from it. \
         Click a square of the chart to go to its row, a column heading to sort by it.</p>",
        if with_moves { " before the moves played first" } else { "" },
        t = esc(&title)
    );
    if let Some(other) = compare {
        let _ = match compare::agreement(records, other) {
            Some(a) => writeln!(
                s,
                "<p id=\"agreement\">Compared with <b>{}</b> (its column beside the score): over {} \
                 scored in centipawns by both (mates left out), Spearman rank correlation <b>{:+.3}</b>, \
                 mean absolute difference <b>{:.1} cp</b>.</p>",
                esc(&other.name),
                plural(a.positions as u64, "position"),
                a.spearman,
                a.mean_difference
            ),
            None => writeln!(
                s,
                "<p id=\"agreement\">Compared with <b>{}</b>: no position scored in centipawns by both.</p>",
                esc(&other.name)
            ),
        };
    }
    let _ = write!(
        s,
        "<p id=\"search\" hidden><label>Find positions: <input id=\"filter\" type=\"search\" \
         placeholder=\"518, RNBQKBNR, bbqnnrkr\" autocomplete=\"off\"></label> <span id=\"count\"></span> \
         (numbers or back-rank orders, several separated by spaces; letters may be part of an \
         order, such as QKR)</p>\n<div id=\"chart\">"
    );
    s.push_str(&svg::chart(records, Some(&anchors)));
    s.push_str("</div>\n<table id=\"records\">\n<thead><tr><th>id</th><th>position</th>");
    if with_moves {
        s.push_str("<th>moves first</th>");
    }
    s.push_str("<th>score</th>");
    if let Some(other) = compare {
        let _ = write!(s, "<th>{}</th>", esc(&other.name));
    }
    s.push_str("<th>win / draw / loss</th><th>best</th><th>line</th><th>depth</th><th>nodes</th></tr></thead>\n<tbody>\n");
    for (r, anchor) in records.iter().zip(&anchors) {
        let name = label(&r.id);
        let order = name.strip_prefix(r.id.as_str()).unwrap_or("").trim();
        let (before, line) = numbered_lines(r);
        let _ = write!(
            s,
            "<tr id=\"{anchor}\" data-id=\"{id}\" data-order=\"{order}\"><td class=\"text\">\
             <a href=\"#{anchor}\">{id}</a></td><td class=\"text\" data-key=\"{key}\" title=\"{fen}\">{board}\
             <span class=\"order\">{order}</span></td>",
            id = esc(&r.id),
            order = esc(order),
            key = esc(if order.is_empty() { &r.fen } else { order }),
            fen = esc(&r.fen),
            board = board(&r.fen).unwrap_or_default(),
        );
        if with_moves {
            let _ = write!(s, "<td class=\"line\">{}</td>", esc(&before));
        }
        let _ = write!(s, "<td data-key=\"{}\">{}</td>", sort_key(r.score()), esc(&r.score().text()));
        if let Some(other) = compare {
            let _ = match other.score(r) {
                Some(Some(cp)) => write!(s, "<td data-key=\"{cp}\">{}</td>", Score::Cp(cp).text()),
                Some(None) => write!(s, "<td data-key=\"\">mate</td>"),
                None => write!(s, "<td data-key=\"\">\u{2013}</td>"),
            };
        }
        let _ = writeln!(
            s,
            "<td data-key=\"{}\">{}</td><td class=\"text\">{}</td><td class=\"line\">{}</td><td>{}</td>\
             <td>{}</td></tr>",
            r.wdl.map_or(String::new(), |w| w.0.to_string()),
            r.wdl.map_or(String::new(), wdl_bar),
            esc(r.best_san()),
            esc(&line),
            r.depth,
            r.nodes
        );
    }
    let _ = write!(s, "</tbody></table>\n<script>\n{SCRIPT}\n</script>\n</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::tests::sample;

    #[test]
    fn a_row_per_record_with_sort_keys_and_the_chart_inline() {
        let records = vec![sample("518", Score::Cp(35)), sample("a<b>.epd:2", Score::Mate(-3))];
        let page = render(&records, None);
        assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
        assert!(!page.contains("<img"));
        assert!(page.contains("<div id=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\""), "{page}");
        assert!(page.contains("<a href=\"#p518\"><g class=\"cell\"><title>518 RNBQKBNR"), "{page}");
        assert!(page.contains("<a href=\"#r2\"><g class=\"cell\"><title>a&lt;b&gt;.epd:2"), "{page}");
        assert_eq!(page.matches("<tr id=").count(), 2);
        assert!(page.contains("<tr id=\"p518\" data-id=\"518\" data-order=\"RNBQKBNR\">"), "{page}");
        assert!(page.contains("<tr id=\"r2\" data-id=\"a&lt;b&gt;.epd:2\" data-order=\"\">"), "{page}");
        assert!(page.contains("<td data-key=\"35\">+35 cp</td>"), "{page}");
        assert!(page.contains("<td data-key=\"-999997\">#-3</td>"), "{page}");
        assert!(sort_key(Score::Mate(2)) > sort_key(Score::Mate(5)) && sort_key(Score::Mate(5)) > 5000);
        // Numbered SAN from the FEN; no moves column when nothing was played first.
        assert!(page.contains("<td class=\"line\">1. e4 e5 2. Nf3</td>"), "{page}");
        assert!(!page.contains("moves first"));
        assert_eq!(page.matches("<div class=\"board\"").count(), 2);
    }

    #[test]
    fn boards_follow_the_fen_with_chess960_back_ranks() {
        let fen = crate::frc::position(0).map(|p| rockad_uci::shredder_fen(&p)).unwrap();
        let b = board(&fen).unwrap();
        // Position 0 is BBQNNRKR: solid black glyphs on rank 8, outlined white on rank 1.
        let rank8 = "<i>\u{265d}</i><i>\u{265d}</i><i>\u{265b}</i><i>\u{265e}</i><i>\u{265e}</i>\
                     <i>\u{265c}</i><i>\u{265a}</i><i>\u{265c}</i>";
        let rank1 = "<i>\u{2657}</i><i>\u{2657}</i><i>\u{2655}</i><i>\u{2658}</i><i>\u{2658}</i>\
                     <i>\u{2656}</i><i>\u{2654}</i><i>\u{2656}</i></div>";
        assert!(b.contains(&format!("\">{rank8}<i>\u{265f}\u{fe0e}</i>")), "{b}");
        assert!(b.ends_with(rank1), "{b}");
        assert_eq!(b.matches("<i class=\"e8\"></i>").count(), 4);
        assert_eq!(b.matches("<i>").count(), 32);
        let b = board("8/8/3k4/8/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(b.contains("<i class=\"e3\"></i><i>\u{265a}</i><i class=\"e4\"></i>"), "{b}");
        assert_eq!(board("8/8/8 w - - 0 1"), None);
        assert_eq!(board("9/8/8/8/8/8/8/8 w - - 0 1"), None);
        assert_eq!(board("x7/8/8/8/8/8/8/8 w - - 0 1"), None);
    }

    #[test]
    fn lines_are_numbered_from_the_position_with_chess960_castling() {
        let mut r = sample("1", Score::Cp(0));
        r.moves = vec!["e2e4".into()];
        r.lines[0].pv_uci = vec!["e7e5".into(), "g1f3".into(), "b8c6".into()];
        assert_eq!(numbered_lines(&r), ("1. e4".into(), "1... e5 2. Nf3 Nc6".into()));
        // King takes rook in UCI; O-O / O-O-O in SAN.
        r.fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 12".into();
        r.moves = vec![];
        r.lines[0].pv_uci = vec!["e1h1".into(), "e8a8".into()];
        assert_eq!(numbered_lines(&r).1, "12. O-O O-O-O");
        // An illegal move falls back to the stored SAN.
        r.lines[0].pv_uci = vec!["e1e5".into()];
        assert_eq!(numbered_lines(&r).1, "e4 e5 Nf3");
    }

    #[test]
    fn anchors_are_unique_and_wdl_bars_have_three_parts() {
        let mut again = sample("7", Score::Cp(1));
        again.moves = vec!["e2e4".into()];
        let records =
            [sample("7", Score::Cp(0)), again, sample("12:845", Score::Cp(0)), sample("9", Score::Cp(0))];
        assert_eq!(anchors(&records), ["r1", "r2", "r3", "p9"]);
        let bar = wdl_bar((431, 232, 337));
        assert!(bar.contains("style=\"flex:431\"") && bar.contains("class=\"l\" style=\"flex:337\""));
        assert!(
            bar.contains("White wins 43.1%, draw 23.2%, Black wins 33.7%")
                && bar.ends_with("431 / 232 / 337")
        );
    }

    #[test]
    fn the_compare_column_and_the_agreement() {
        let other = Comparison {
            name: "sf<d18>".into(),
            scores: [("1", Some(30)), ("2", None), ("3", Some(5))]
                .iter()
                .map(|&(k, v)| (k.to_string(), v))
                .collect(),
        };
        let records = [
            sample("1", Score::Cp(20)),
            sample("2", Score::Cp(10)),
            sample("3", Score::Cp(0)),
            sample("4", Score::Cp(0)),
        ];
        let page = render(&records, Some(&other));
        assert!(page.contains("<th>score</th><th>sf&lt;d18&gt;</th>"), "{page}");
        assert!(page.contains("<td data-key=\"30\">+30 cp</td>") && page.contains(">mate</td>"));
        assert!(page.contains("<td data-key=\"\">\u{2013}</td>"));
        assert!(page.contains("over 2 positions scored in centipawns by both"), "{page}");
        assert!(
            page.contains("Spearman rank correlation <b>+1.000</b>, mean absolute difference <b>7.5 cp</b>")
        );
        assert!(!render(&records, None).contains("agreement"));
    }
}
