//! `PREFIX.html`: the chart and every record in a table that sorts by any
//! column when its heading is clicked (a few lines of inline script; the
//! page works without it, unsorted). One file beside the SVG, nothing
//! fetched from elsewhere.

use std::fmt::Write;

use super::escape::escape;
use super::record::{Record, Score};
use super::summary::label;
use crate::tools::plural::plural;

/// A sort key for a score: mates beyond every centipawn score, shorter
/// mates further out.
fn sort_key(score: Score) -> i64 {
    match score {
        Score::Cp(v) => i64::from(v),
        Score::Mate(n) => n.signum() as i64 * (1_000_000 - i64::from(n).abs()),
    }
}

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
}));";

/// The page for `records`, showing the chart at `svg_path` (its file name
/// is used, as the page sits beside it).
pub fn render(records: &[Record], svg_path: &str) -> String {
    let svg_name =
        std::path::Path::new(svg_path).file_name().map_or(svg_path.into(), |n| n.to_string_lossy());
    let title = format!("Rockad analysis: {}", plural(records.len() as u64, "position"));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 1.5em; }}\n\
         table {{ border-collapse: collapse; font-size: 0.9em; }}\n\
         th, td {{ border: 1px solid #ccc; padding: 2px 8px; text-align: right; }}\n\
         td.text {{ text-align: left; font-family: monospace; }}\n\
         th {{ cursor: pointer; background: #eee; position: sticky; top: 0; }}\n\
         th[data-order=up]::after {{ content: ' \u{25b2}'; }} th[data-order=down]::after {{ content: ' \u{25bc}'; }}\n\
         img {{ max-width: 100%; }}\n</style></head><body>\n<h1>{t}</h1>\n\
         <p>Scores in centipawns from White's side (#N: mate in N moves, negative when Black mates); \
         win/draw/loss in per mille for White. Click a column heading to sort by it.</p>\n\
         <p><img src=\"{}\" alt=\"chart of the scores\"></p>",
        escape(&svg_name),
        t = escape(&title)
    );
    s.push_str(
        "<table>\n<thead><tr><th>id</th><th>position</th><th>moves</th><th>score</th><th>win</th>\
         <th>draw</th><th>loss</th><th>best</th><th>line</th><th>depth</th><th>nodes</th></tr></thead>\n<tbody>\n",
    );
    for r in records {
        let wdl = |f: fn(&(u32, u32, u32)) -> u32| r.wdl.as_ref().map_or(String::new(), |w| f(w).to_string());
        let _ = writeln!(
            s,
            "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td class=\"text\">{}</td>\
             <td data-key=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"text\">{}</td>\
             <td class=\"text\">{}</td><td>{}</td><td>{}</td></tr>",
            escape(&r.id),
            escape(&label(&r.id)),
            escape(&r.moves.join(" ")),
            sort_key(r.score()),
            escape(&r.score().text()),
            wdl(|w| w.0),
            wdl(|w| w.1),
            wdl(|w| w.2),
            escape(r.best_san()),
            escape(&r.lines[0].pv_san.join(" ")),
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
    fn a_row_per_record_with_sort_keys() {
        let records = vec![sample("518", Score::Cp(35)), sample("a<b>.epd:2", Score::Mate(-3))];
        let page = render(&records, "out/atlas.svg");
        assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
        assert!(page.contains("<img src=\"atlas.svg\""));
        assert_eq!(page.matches("<tr><td").count(), 2);
        assert!(page.contains("<td data-key=\"35\">+35 cp</td>"), "{page}");
        assert!(page.contains("<td data-key=\"-999997\">#-3</td>"), "{page}");
        assert!(page.contains("a&lt;b&gt;.epd:2") && page.contains("518 RNBQKBNR"));
        assert!(sort_key(Score::Mate(2)) > sort_key(Score::Mate(5)) && sort_key(Score::Mate(5)) > 5000);
    }
}
