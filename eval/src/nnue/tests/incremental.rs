use shakmaty::{Chess, Color, Move, Position, Role};

use super::{Rng, fresh, random_net, random_net_of, starts};
use crate::nnue::accumulator::{STACK_CAPACITY, compute_from_scratch};
use crate::nnue::{AccumulatorStack, Network, Shape};

/// What kinds of moves a test went through.
#[derive(Default, Debug)]
struct Seen {
    castles: usize,
    king_stays: usize,
    king_onto_rook_square: usize,
    rook_onto_king_square: usize,
    rook_stays: usize,
    en_passant: usize,
    promotions: [usize; 6],
    captures: usize,
    nulls: usize,
}

impl Seen {
    fn record(&mut self, pos: &Chess, m: &Move) {
        match *m {
            Move::Castle { king, rook } => {
                self.castles += 1;
                let side = m.castling_side().expect("a castle has a side");
                let (king_to, rook_to) = (side.king_to(pos.turn()), side.rook_to(pos.turn()));
                self.king_stays += usize::from(king_to == king);
                self.king_onto_rook_square += usize::from(king_to == rook);
                self.rook_onto_king_square += usize::from(rook_to == king);
                self.rook_stays += usize::from(rook_to == rook);
            }
            Move::EnPassant { .. } => self.en_passant += 1,
            Move::Normal { promotion, capture, .. } => {
                if let Some(r) = promotion {
                    self.promotions[r as usize - 1] += 1;
                }
                self.captures += usize::from(capture.is_some());
            }
            Move::Put { .. } => {}
        }
    }

    fn assert_everything(&self) {
        let Seen {
            castles,
            king_stays,
            king_onto_rook_square,
            rook_onto_king_square,
            rook_stays,
            en_passant,
            ..
        } = *self;
        for (what, n) in [
            ("castles", castles),
            ("castles where the king stays", king_stays),
            ("castles with the king onto the rook's square", king_onto_rook_square),
            ("castles with the rook onto the king's square", rook_onto_king_square),
            ("castles where the rook stays", rook_stays),
            ("en passant captures", en_passant),
            ("captures", self.captures),
            ("null moves", self.nulls),
        ] {
            assert!(n > 0, "no {what}: {self:?}");
        }
        for r in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            assert!(self.promotions[r as usize - 1] > 0, "no promotion to {r:?}: {self:?}");
        }
    }
}

/// How many sides' views a move changes (a king crossing files d/e in a
/// mirrored network, or into another king bucket): each needs one
/// computation from scratch.
fn crossings(net: &Network, before: &Chess, after: &Chess) -> u64 {
    [Color::White, Color::Black].into_iter().filter(|&c| net.view(before, c) != net.view(after, c)).count()
        as u64
}

/// The top of `stack` equals `pos` computed from scratch, accumulators and
/// evaluation alike.
fn check(stack: &mut AccumulatorStack, net: &Network, pos: &Chess) {
    let mut scratch = vec![0; 2 * net.hidden()];
    compute_from_scratch(net, pos, &mut scratch);
    assert_eq!(stack.current(net, pos), scratch, "accumulators differ at {}", fen_of(pos));
    assert_eq!(stack.evaluate(net, pos), fresh(net, pos), "evaluations differ at {}", fen_of(pos));
}

fn fen_of(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

fn nets() -> Vec<&'static Network> {
    let plain: &'static Network = Box::leak(Box::new(random_net(32, 1, false, 11)));
    let mirrored: &'static Network = Box::leak(Box::new(random_net(32, 8, true, 12)));
    let shape = Shape { hidden: 32, buckets: 8, mirrored: true, king_buckets: true };
    let king_buckets: &'static Network = Box::leak(Box::new(random_net_of(shape, 13)));
    vec![plain, mirrored, king_buckets, Network::embedded()]
}

#[test]
fn every_move_two_plies_deep_matches_a_refresh() {
    let mut seen = Seen::default();
    for net in nets() {
        for start in starts() {
            let mut stack = AccumulatorStack::new();
            stack.refresh(net, &start);
            check(&mut stack, net, &start);
            let mut expected = 2;
            for m1 in start.legal_moves() {
                seen.record(&start, &m1);
                let mut p1 = start.clone();
                p1.play_unchecked(m1);
                stack.push(net, &start, &m1, &p1);
                expected += crossings(net, &start, &p1);
                check(&mut stack, net, &p1);
                for m2 in p1.legal_moves() {
                    seen.record(&p1, &m2);
                    let mut p2 = p1.clone();
                    p2.play_unchecked(m2);
                    stack.push(net, &p1, &m2, &p2);
                    expected += crossings(net, &p1, &p2);
                    check(&mut stack, net, &p2);
                    stack.pop();
                }
                if let Ok(null) = p1.clone().swap_turn() {
                    seen.nulls += 1;
                    stack.push_null();
                    check(&mut stack, net, &null);
                    stack.pop();
                }
                stack.pop();
                check(&mut stack, net, &start);
            }
            assert_eq!(stack.full_computes(), expected, "only king crossings compute from scratch");
        }
    }
    seen.assert_everything();
}

/// A move chosen at random, favouring castles, promotions and en passant,
/// then captures.
fn pick(rng: &mut Rng, pos: &Chess) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let special: Vec<Move> =
        moves.iter().copied().filter(|m| m.is_castle() || m.is_promotion() || m.is_en_passant()).collect();
    if !special.is_empty() && rng.below(3) > 0 {
        return Some(special[rng.index(special.len())]);
    }
    let captures: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
    if !captures.is_empty() && rng.below(3) == 0 {
        return Some(captures[rng.index(captures.len())]);
    }
    Some(moves[rng.index(moves.len())])
}

#[test]
fn random_games_match_a_refresh_at_every_node() {
    let mut rng = Rng::new(26);
    let mut seen = Seen::default();
    for net in nets() {
        for (g, start) in starts().into_iter().enumerate() {
            let mut stack = AccumulatorStack::new();
            stack.refresh(net, &start);
            let mut line = vec![start];
            for _ in 0..160 {
                let pos = line.last().expect("the root stays").clone();
                let roll = rng.below(10);
                if roll == 0 && line.len() > 1 {
                    line.pop();
                    stack.pop();
                } else if roll == 1 && !pos.is_check() {
                    line.push(pos.swap_turn().expect("not in check"));
                    stack.push_null();
                    seen.nulls += 1;
                } else if let Some(m) = pick(&mut rng, &pos) {
                    seen.record(&pos, &m);
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    stack.push(net, &pos, &m, &after);
                    line.push(after);
                } else {
                    line.pop();
                    stack.pop();
                }
                let top = line.last().expect("the root stays");
                // Evaluate only some nodes, so that several plies are
                // computed at once from an older one, as in a search.
                if rng.below(4) == 0 || g % 5 == 0 {
                    check(&mut stack, net, top);
                }
            }
            while line.len() > 1 {
                line.pop();
                stack.pop();
                check(&mut stack, net, line.last().expect("the root stays"));
            }
            // (A mirrored or king-bucketed net recomputes after king
            // crossings; the exact count is checked by the two-ply test.)
            if !net.views_change() {
                assert_eq!(stack.full_computes(), 2, "every move and null move updates incrementally");
            }
        }
    }
    seen.assert_everything();
}

#[test]
fn lines_longer_than_the_stack_still_evaluate() {
    let net = random_net(32, 8, true, 3);
    let start = Chess::default();
    let mut stack = AccumulatorStack::new();
    stack.refresh(&net, &start);
    let mut line = vec![start];
    let mut rng = Rng::new(9);
    for ply in 0..STACK_CAPACITY + 40 {
        let pos = line.last().expect("root").clone();
        let m = pick(&mut rng, &pos).unwrap_or_else(|| panic!("no move at ply {ply}"));
        let mut after = pos.clone();
        after.play_unchecked(m);
        stack.push(&net, &pos, &m, &after);
        line.push(after);
        if ply % 7 == 0 || ply > STACK_CAPACITY - 3 {
            check(&mut stack, &net, line.last().expect("root"));
        }
        if line.last().expect("root").legal_moves().is_empty() {
            break;
        }
    }
    assert_eq!(stack.depth(), line.len() - 1);
    while line.len() > 1 {
        line.pop();
        stack.pop();
        check(&mut stack, &net, line.last().expect("root"));
    }
    stack.pop();
    assert_eq!(stack.depth(), 0, "popping at the root does nothing");
}

#[test]
fn a_stack_follows_a_change_of_network() {
    let (a, b) = (random_net(32, 1, false, 4), random_net(64, 8, true, 5));
    let c = random_net(32, 1, false, 6);
    let pos = super::fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut stack = AccumulatorStack::new();
    stack.refresh(&a, &pos);
    assert_eq!(stack.evaluate(&a, &pos), fresh(&a, &pos));
    assert_eq!(stack.evaluate(&b, &pos), fresh(&b, &pos));
    assert_eq!(stack.evaluate(&c, &pos), fresh(&c, &pos));
    assert_ne!(fresh(&a, &pos), fresh(&c, &pos), "the test needs nets that differ");
}

/// A network change in the middle of a line, with moves pushed after it:
/// the views of the new network are used from then on (a plain net, then
/// a mirrored and king-bucketed one whose views differ from the start).
#[test]
fn moves_after_a_change_of_network_use_its_views() {
    let plain = random_net(32, 1, false, 7);
    let shape = Shape { hidden: 32, buckets: 8, mirrored: true, king_buckets: true };
    let bucketed = random_net_of(shape, 8);
    // Kings on c1 and b8: mirrored, and in the back rank's wing bucket.
    let mut pos = super::fen("1kn5/pp3p2/8/8/8/8/PP3P2/2KN4 w - - 0 1");
    let mut stack = AccumulatorStack::new();
    stack.refresh(&plain, &pos);
    let mut rng = Rng::new(3);
    for ply in 0..12 {
        let net = if ply < 2 { &plain } else { &bucketed };
        // Mostly not king moves, which would make the views be computed
        // afresh anyway; a king move only when nothing else is legal.
        let legal = pos.legal_moves();
        let others: Vec<Move> = legal.iter().copied().filter(|m| m.role() != Role::King).collect();
        let moves = if others.is_empty() { legal.to_vec() } else { others };
        let mv = moves[rng.index(moves.len())];
        let before = pos.clone();
        pos.play_unchecked(mv);
        stack.push(net, &before, &mv, &pos);
        if ply % 3 == 2 {
            check(&mut stack, net, &pos);
        }
    }
    check(&mut stack, &bucketed, &pos);
}
