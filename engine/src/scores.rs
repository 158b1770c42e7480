//! Internal search scores as GUIs and people read them, in one place for
//! every output: `info` lines (the UCI session) and analysis records
//! (`analyse`). The bands come from `rockad_search::band`; centipawns are
//! normalised with the win/draw/loss model of `rockad_eval::wdl`, so that
//! +100 is about a 50% chance to win at any material.

use shakmaty::{Chess, Color, Position};

use rockad_eval::wdl;
use rockad_search::{ScoreBand, TbWdl, band};
use rockad_uci::{Score, Wdl};

/// Centipawns a tablebase win is shown as, less a centipawn per ply to the
/// tables (as Stockfish shows them): above any evaluation, below a mate.
pub const TB_WIN_CP: i32 = 20_000;

/// The UCI form of an internal score from the side to move's view, with
/// `material` on the board: mates in moves, tablebase results as large
/// centipawn values, other scores normalised.
pub fn uci_score(score: i32, material: u32) -> Score {
    match band(score) {
        ScoreBand::Mate(n) => Score::Mate(n),
        ScoreBand::Tablebase(plies) if plies >= 0 => Score::Cp(TB_WIN_CP - plies),
        ScoreBand::Tablebase(plies) => Score::Cp(-TB_WIN_CP - plies),
        ScoreBand::Normal(v) => Score::Cp(wdl::normalise(v, material)),
    }
}

/// Win/draw/loss chances of an internal score; a mate or a tablebase
/// result is certain.
pub fn uci_wdl(score: i32, material: u32) -> Wdl {
    const WIN: Wdl = Wdl { win: 1000, draw: 0, loss: 0 };
    const LOSS: Wdl = Wdl { win: 0, draw: 0, loss: 1000 };
    match band(score) {
        ScoreBand::Mate(n) => {
            if n > 0 {
                WIN
            } else {
                LOSS
            }
        }
        ScoreBand::Tablebase(plies) => {
            if plies >= 0 {
                WIN
            } else {
                LOSS
            }
        }
        ScoreBand::Normal(v) => {
            let w = wdl::wdl(v, material);
            Wdl { win: w.win, draw: w.draw, loss: w.loss }
        }
    }
}

/// The internal score of the side to move in `pos` as a White-side
/// [`Score`], as in `info` lines but turned to White's side. The band is
/// read before turning: the mate encoding is not symmetric in odd and even
/// plies.
pub fn white_score(internal: i32, pos: &Chess) -> Score {
    let stm = uci_score(internal, wdl::material(pos));
    match (pos.turn(), stm) {
        (Color::White, s) => s,
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
        (Color::Black, Score::Cp(cp)) => Score::Cp(-cp),
    }
}

/// Per-mille chances (win, draw, loss) from White's side for an internal
/// score from the side to move's view in `pos`.
pub fn white_wdl(internal: i32, pos: &Chess) -> (u32, u32, u32) {
    let w = uci_wdl(internal, wdl::material(pos));
    if pos.turn() == Color::White { (w.win, w.draw, w.loss) } else { (w.loss, w.draw, w.win) }
}

/// Per-mille chances (win, draw, loss) from White's side for a tablebase
/// result of the side to move in `pos`: certain.
pub fn white_tb_wdl(result: TbWdl, pos: &Chess) -> (u32, u32, u32) {
    let stm = match result {
        TbWdl::Win => (1000, 0, 0),
        TbWdl::Draw => (0, 1000, 0),
        TbWdl::Loss => (0, 0, 1000),
    };
    if pos.turn() == Color::White { stm } else { (stm.2, stm.1, stm.0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rockad_search::{MATE, TB_WIN};

    #[test]
    fn each_band_has_its_form() {
        assert_eq!(uci_score(MATE - 3, 78), Score::Mate(2));
        assert_eq!(uci_score(-MATE + 2, 78), Score::Mate(-1));
        assert_eq!(uci_score(TB_WIN - 5, 10), Score::Cp(TB_WIN_CP - 5));
        assert_eq!(uci_score(-(TB_WIN - 5), 10), Score::Cp(-TB_WIN_CP + 5));
        assert_eq!(uci_score(0, 78), Score::Cp(0));
        assert_eq!(uci_wdl(TB_WIN - 5, 10), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(uci_wdl(-MATE + 2, 10), Wdl { win: 0, draw: 0, loss: 1000 });
    }

    #[test]
    fn tablebase_results_are_certain_from_whites_side() {
        let black: Chess = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Chess960)
            .expect("legal");
        assert_eq!(white_tb_wdl(TbWdl::Loss, &black), (1000, 0, 0));
        assert_eq!(white_tb_wdl(TbWdl::Draw, &black), (0, 1000, 0));
        assert_eq!(white_tb_wdl(TbWdl::Win, &Chess::default()), (1000, 0, 0));
    }

    #[test]
    fn white_side_turns_black_scores() {
        let black: Chess = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Chess960)
            .expect("legal");
        assert_eq!(white_score(MATE - 3, &black), Score::Mate(-2));
        assert_eq!(white_score(0, &black), Score::Cp(0));
        assert_eq!(white_wdl(MATE - 3, &black), (0, 0, 1000));
        let cp = wdl::normalise(300, wdl::material(&black));
        assert_eq!(white_score(300, &black), Score::Cp(-cp));
    }
}
