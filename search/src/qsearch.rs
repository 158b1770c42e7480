//! Quiescence search: only captures and promotions (all moves when in
//! check) until the position is quiet enough to trust the static evaluation.
//!
//! Bounded so that no position, however many captures it holds, can make it
//! run away: out of check at most [`QS_MAX_MOVES`] captures a node besides
//! recaptures and promotions; in check, once a move has shown it is not
//! mate, at most [`QS_QUIET_EVASIONS`] quiet evasions and no losing
//! captures; past [`QS_RECAPTURE_DEPTH`] plies one move a node (a
//! recapture, or an evasion), so the line grows but the tree does not.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Chess, Color, Position, Rank, Role};

use rockad_eval::pawn_attacks;

use crate::context::Context;
use crate::limits::MAX_PLY;
use crate::movepick::QPicker;
use crate::node::Node;
use crate::params::{DELTA_MARGIN, PIECE_VALUES, QS_MAX_MOVES, QS_QUIET_EVASIONS, QS_RECAPTURE_DEPTH};
use crate::score::{DRAW, INFINITE, MATE, MATE_BOUND, NO_EVAL};
use crate::search::fifty_move_score;
use crate::see::see_ge;
use crate::tt::{Bound, on_pv};
use crate::worker::{Worker, is_insufficient};

impl Worker {
    /// Quiescence search of the path's position at `ply` in the window
    /// (`alpha`, `beta`). `depth` is 0 where the main search hands over and
    /// falls by one each quiescence ply.
    pub(crate) fn qsearch<N: Node>(
        &mut self,
        ctx: &mut Context,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.should_stop(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pos = self.pos(ply);
        let (in_check, key) = (pos.is_check(), self.key(ply));
        if ply >= MAX_PLY {
            return if in_check { DRAW } else { self.static_eval(ply, NO_EVAL) };
        }
        if is_insufficient(pos) {
            return DRAW;
        }
        // A quiet check evasion can reach the hundredth halfmove here.
        if let Some(score) = fifty_move_score(pos, ply) {
            return score;
        }

        let tt_entry = ctx.tt.probe(key, ply);
        if !N::PV
            && let Some(e) = tt_entry
            && e.bound.cuts(e.score, alpha, beta)
        {
            return e.score;
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut static_eval = NO_EVAL;
        let mut raw_eval = NO_EVAL;
        if !in_check {
            (raw_eval, static_eval, _) = self.node_eval(ply, tt_entry.map_or(NO_EVAL, |e| e.eval));
            let stand_pat = static_eval;
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }

        // Most quiet nodes have no move worth searching: skip generating.
        let pos = self.pos(ply);
        let mut moves = if !in_check && nothing_to_search(pos, static_eval, alpha) {
            shakmaty::MoveList::new()
        } else {
            pos.legal_moves()
        };
        let mut picker = QPicker::new(&mut moves, in_check, tt_entry.map_or(0, |e| e.mv));
        if in_check && picker.is_empty() {
            return -MATE + ply as i32;
        }
        // Deep in quiescence only the exchange on the last move's square is
        // resolved: the other captures are what makes it explode.
        let deep = depth <= -QS_RECAPTURE_DEPTH();
        let last_to = self.stack.before(ply, 1).moved.map(|(_, to)| to);
        let mut quiet_evasions = 0;
        let mut searched = 0;
        let mut best_move = None;
        for mv in &mut picker {
            // Deep down, one move a node: the first recapture, or in check
            // the first evasion that is not mated.
            if deep && searched > 0 && best_score > -MATE_BOUND {
                break;
            }
            let recapture = Some(mv.to() as usize) == last_to;
            if !in_check && !mv.is_promotion() && ((deep && !recapture) || searched >= QS_MAX_MOVES()) {
                continue;
            }
            if in_check && best_score > -MATE_BOUND {
                // Not mated: the remaining evasions need a reason to be searched.
                if mv.is_capture() {
                    if !see_ge(self.pos(ply), mv, 0) {
                        continue;
                    }
                } else {
                    if quiet_evasions >= QS_QUIET_EVASIONS() {
                        continue;
                    }
                    quiet_evasions += 1;
                }
            }
            if !in_check && best_score > -MATE_BOUND {
                // Delta pruning: even winning the piece leaves us below alpha.
                // What the capture could at best reach still bounds the
                // node's score, as Stockfish and Obsidian keep it.
                let futility_base = static_eval + DELTA_MARGIN();
                if !mv.is_promotion() {
                    let futility = futility_base
                        + mv.capture().map_or(PIECE_VALUES[0], |r| PIECE_VALUES[r as usize - 1]);
                    if futility <= alpha {
                        best_score = best_score.max(futility);
                        continue;
                    }
                }
                // Captures that lose material are not worth resolving; below
                // alpha even with the margin, one must win material outright
                // (one exchange test either way).
                let below = !mv.is_promotion() && futility_base <= alpha;
                if !see_ge(self.pos(ply), mv, i32::from(below)) {
                    if below {
                        best_score = best_score.max(futility_base);
                    }
                    continue;
                }
            }
            searched += 1;
            self.make_move(ctx, mv, ply);
            let score = -self.qsearch::<N>(ctx, depth - 1, ply + 1, -beta, -alpha);
            self.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if N::PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if N::PV && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        ctx.tt.store(key, ply, best_move, best_score, raw_eval, 0, bound, on_pv(N::PV, tt_entry));
        best_score
    }
}

/// Whether quiescence (not in check, standing pat at `static_eval`) would
/// search none of the position's moves: no en passant, no pawn about to
/// promote, and no enemy piece attacked, or none worth enough for a
/// capture of it to escape delta pruning against `alpha`. Pseudo-legal
/// attacks are a superset of the legal captures, so a `true` here is
/// exactly what generating the moves and pruning them all would give,
/// save that the node then stands pat instead of raising its score to the
/// best pruned capture's bound (a lower fail-low score).
fn nothing_to_search(pos: &Chess, static_eval: i32, alpha: i32) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let seventh = Bitboard::from_rank(if us == Color::White { Rank::Seventh } else { Rank::Second });
    if pos.maybe_ep_square().is_some() || (board.pawns() & ours & seventh).any() {
        return false;
    }
    let victims = pos.them() & !board.kings();
    if victims.is_empty() {
        return true;
    }
    let attacked = victims & attacked_by(pos, us);
    if attacked.is_empty() {
        return true;
    }
    if static_eval <= -MATE_BOUND {
        return false;
    }
    let best_victim = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn]
        .into_iter()
        .find(|&r| (attacked & board.by_role(r)).any())
        .map_or(0, |r| PIECE_VALUES[r as usize - 1]);
    static_eval + best_victim + DELTA_MARGIN() <= alpha
}

/// Every square `side` attacks (pins ignored).
fn attacked_by(pos: &Chess, side: Color) -> Bitboard {
    let board = pos.board();
    let occ = board.occupied();
    let ours = board.by_color(side);
    let mut att = Bitboard(pawn_attacks(side, (board.pawns() & ours).0));
    for sq in board.knights() & ours {
        att |= knight_attacks(sq);
    }
    for sq in (board.bishops() | board.queens()) & ours {
        att |= bishop_attacks(sq, occ);
    }
    for sq in (board.rooks() | board.queens()) & ours {
        att |= rook_attacks(sq, occ);
    }
    for sq in board.kings() & ours {
        att |= king_attacks(sq);
    }
    att
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movepick::is_noisy;
    use crate::testutil::{Rng, pos, random_walks};

    /// `attacked_by` agrees with shakmaty's attackers of every square.
    fn check_attacks(p: &Chess) {
        let board = p.board();
        for side in Color::ALL {
            let att = attacked_by(p, side);
            for sq in shakmaty::Square::ALL {
                let expected = board.attacks_to(sq, side, board.occupied()).any();
                assert_eq!(att.contains(sq), expected, "{side:?} on {sq:?} in {:?}", board);
            }
        }
    }

    /// Whenever the shortcut says so, quiescence would search none of the
    /// legal moves: there are no noisy ones, or delta pruning skips each.
    /// Returns how often it said so.
    fn check_shortcut(p: &Chess, evals: &[(i32, i32)]) -> usize {
        if p.is_check() {
            return 0;
        }
        let mut skipped = 0;
        for &(static_eval, alpha) in evals {
            if !nothing_to_search(p, static_eval, alpha) {
                continue;
            }
            skipped += 1;
            for mv in p.legal_moves().into_iter().filter(is_noisy) {
                let victim = mv.capture().map_or(PIECE_VALUES[0], |r| PIECE_VALUES[r as usize - 1]);
                assert!(
                    !mv.is_promotion() && static_eval + victim + DELTA_MARGIN() <= alpha,
                    "{mv:?} would be searched at eval {static_eval}, alpha {alpha} in {:?}",
                    p.board()
                );
            }
        }
        skipped
    }

    #[test]
    fn attack_maps_match_shakmaty() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
        ] {
            random_walks(&pos(fen), &mut rng, 10, 80, check_attacks);
        }
    }

    #[test]
    fn skipped_nodes_have_nothing_to_search() {
        let evals = [(0, -50), (0, 50), (0, 350), (-400, 0), (-700, 0), (-1200, 0), (-300, -MATE_BOUND)];
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let (mut skipped, mut nodes) = (0, 0);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            random_walks(&pos(fen), &mut rng, 30, 80, |p| {
                skipped += check_shortcut(p, &evals);
                nodes += evals.len();
            });
        }
        // The shortcut must actually fire, and not everywhere.
        assert!(skipped > nodes / 10 && skipped < nodes * 9 / 10, "{skipped} of {nodes}");
    }

    #[test]
    fn shortcut_respects_en_passant_promotions_and_delta() {
        // En passant is the only capture.
        assert!(!nothing_to_search(&pos("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"), 0, 0));
        // A pawn about to promote, nothing to take.
        assert!(!nothing_to_search(&pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), 0, 0));
        assert!(!nothing_to_search(&pos("4k3/8/8/8/8/8/6p1/4K3 b - - 0 1"), 0, 0));
        // Nothing attacked: no move is noisy.
        assert!(nothing_to_search(&pos("4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1"), 0, 0));
        // A rook hangs: searched unless even winning it stays below alpha.
        let p = pos("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1");
        assert!(!nothing_to_search(&p, 0, 0));
        assert!(!nothing_to_search(&p, 0, 500 + DELTA_MARGIN() - 1));
        assert!(nothing_to_search(&p, 0, 500 + DELTA_MARGIN()));
        // A lost position's stand pat near mate: no delta pruning.
        assert!(!nothing_to_search(&p, -MATE_BOUND, 0));
    }
}
