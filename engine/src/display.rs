//! `d` (the board, its FEN in both notations, its key) and `eval` (the
//! static evaluation term by term).

use shakmaty::{Chess, Color, File, Position, Rank, Square};

use rockad_eval::nnue::Network;
use rockad_eval::{S, trace};
use rockad_uci::{format_move, shredder_fen, xfen};

use crate::frc;

/// The lines `d` prints.
pub fn board(pos: &Chess, chess960: bool) -> Vec<String> {
    let sep = "+---+---+---+---+---+---+---+---+".to_string();
    let mut lines = vec![String::new(), sep.clone()];
    for rank in Rank::ALL.iter().rev() {
        let mut row = String::from("|");
        for file in File::ALL {
            let c = pos.board().piece_at(Square::from_coords(file, *rank)).map_or(' ', |p| p.char());
            row.push(' ');
            row.push(c);
            row.push_str(" |");
        }
        row.push_str(&format!(" {}", rank.char()));
        lines.push(row);
        lines.push(sep.clone());
    }
    // The bottom border carries the file letters (no line may start with a space).
    lines.pop();
    lines.push("+-a-+-b-+-c-+-d-+-e-+-f-+-g-+-h-+".to_string());
    lines.push(String::new());
    lines.push(format!("Fen: {}", xfen(pos)));
    lines.push(format!("Shredder-Fen: {}", shredder_fen(pos)));
    lines.push(format!("Key: {:016X}", rockad_search::position_key(pos)));
    let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    match frc::start_numbers(pos) {
        Some((w, b)) if w == b => lines.push(format!("Chess960 start position: {w}")),
        Some((w, b)) => lines.push(format!("Double Fischer Random start position: {w} {b}")),
        None => {}
    }
    let castles: Vec<String> =
        pos.legal_moves().into_iter().filter(|m| m.is_castle()).map(|m| format_move(m, chess960)).collect();
    if !castles.is_empty() {
        lines.push(format!("Castling moves: {}", castles.join(" ")));
    }
    lines
}

fn pawns(cp: i32) -> String {
    format!("{:+.2}", cp as f64 / 100.0)
}

fn cell(s: S) -> String {
    format!("{:>6} {:>6}", pawns(s.0), pawns(s.1))
}

/// The network's evaluation of `pos`, side to move's view.
/// The lines `eval` prints: the hand-crafted evaluation's terms for both
/// sides and its total, then the network's output when a network
/// evaluates (`net`), and the chances and final score of the evaluation in
/// use. In check the terms are still shown, with a note that the search
/// never uses a static evaluation there.
pub fn eval(pos: &Chess, net: Option<&Network>) -> Vec<String> {
    let t = trace(pos);
    let mut lines = vec![
        "Term          |     White     |     Black     |     Total".to_string(),
        "(pawns)       |   MG     EG   |   MG     EG   |   MG     EG".to_string(),
        "--------------+---------------+---------------+--------------".to_string(),
    ];
    let mut total = S::ZERO;
    for (term, w, b) in &t.terms {
        total += *w - *b;
        lines.push(format!("{:<13} | {} | {} | {}", term.name(), cell(*w), cell(*b), cell(*w - *b)));
    }
    lines.push("--------------+---------------+---------------+--------------".to_string());
    lines.push(format!("{:<13} | {:>13} | {:>13} | {}", "Total", "", "", cell(total)));
    lines.push(String::new());
    lines.push(format!("Phase: {}/{}", t.phase, t.max_phase));
    lines.push(format!("Endgame scale: {}/128", t.scale));
    if pos.is_check() {
        lines.push("In check: the search does not use the static evaluation here".to_string());
    }
    let white_side = |stm: i32| if pos.turn() == Color::White { stm } else { -stm };
    let material = rockad_eval::wdl::material(pos);
    let classical = white_side(t.score);
    lines.push(format!("Hand-crafted evaluation: {} (white side), before normalising", pawns(classical)));
    let white = match net {
        Some(n) => {
            let v = white_side(rockad_eval::nnue::evaluate(n, pos));
            lines.push(format!("Network evaluation: {} (white side), before normalising; in use", pawns(v)));
            v
        }
        None => classical,
    };
    let w = rockad_eval::wdl::wdl(white, material);
    lines.push(format!(
        "Win/draw/loss: {:.1}% {:.1}% {:.1}% (white side, material {material})",
        f64::from(w.win) / 10.0,
        f64::from(w.draw) / 10.0,
        f64::from(w.loss) / 10.0
    ));
    // Normalised like `info ... score cp`: +1.00 is about a 50% chance to win.
    lines.push(format!(
        "Final evaluation: {} (white side)",
        pawns(rockad_eval::wdl::normalise(white, material))
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shows_both_fens_and_the_start_number() {
        let lines = board(&Chess::default(), false);
        assert!(lines.contains(&"Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()));
        assert!(
            lines.contains(
                &"Shredder-Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1".to_string()
            )
        );
        assert!(lines.contains(&"Chess960 start position: 518".to_string()));
        assert!(lines.contains(&"Key: 463B96181691FC9C".to_string()), "Polyglot key of the start position");
    }

    #[test]
    fn eval_prints_terms_and_total() {
        let lines = eval(&Chess::default(), None);
        assert!(!lines.iter().any(|l| l.starts_with("Network evaluation")));
        for term in rockad_eval::Term::ALL {
            assert!(lines.iter().any(|l| l.starts_with(term.name())), "{}", term.name());
        }
        assert!(lines.iter().any(|l| l == "Endgame scale: 128/128"));
        // The start position is level but for the side to move's tempo.
        let last = lines.last().unwrap();
        assert!(last.starts_with("Final evaluation: +0.") && last.ends_with(" (white side)"), "{last}");
        // Every row lines up under the header: name, White, Black, total.
        let rule = &lines[2];
        for term in rockad_eval::Term::ALL {
            let row = lines.iter().find(|l| l.starts_with(term.name())).unwrap();
            assert_eq!(row.len(), rule.len(), "{row}");
            assert_eq!(row.matches(" | ").count(), 3, "{row}");
        }
    }

    #[test]
    fn eval_shows_the_network_in_use() {
        let net = rockad_eval::nnue::Network::embedded();
        let lines = eval(&Chess::default(), Some(net));
        assert!(lines.iter().any(|l| l.starts_with("Hand-crafted evaluation: ")));
        let shown = lines.iter().find(|l| l.starts_with("Network evaluation: ")).expect("network line");
        assert!(shown.ends_with("in use"), "{shown}");
        let value = rockad_eval::nnue::evaluate(net, &Chess::default());
        assert!(shown.contains(&pawns(value)), "{shown} vs {value}");
    }

    #[test]
    fn eval_in_check_still_shows_the_terms() {
        let pos: Chess = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Chess960)
            .unwrap();
        let lines = eval(&pos, None);
        assert!(lines.iter().any(|l| l.starts_with("Material")));
        assert!(lines.iter().any(|l| l.starts_with("In check")));
        assert!(lines.last().unwrap().starts_with("Final evaluation: -"), "{lines:?}");
        let wdl = lines.iter().find(|l| l.starts_with("Win/draw/loss: ")).unwrap();
        assert!(wdl.ends_with("(white side, material 5)"), "{wdl}");
        // A rook down: Black's win chance is the largest of the three.
        let p: Vec<f64> = wdl[15..].split('%').take(3).map(|x| x.trim().parse().unwrap()).collect();
        assert!((p[0] + p[1] + p[2] - 100.0).abs() < 0.2 && p[2] > p[0] && p[2] > p[1], "{wdl}");
    }
}
