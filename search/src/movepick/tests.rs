use super::*;
use crate::testutil::pos;
use shakmaty::{CastlingMode, Square};

#[test]
fn stages_come_in_order_and_every_move_once() {
    let p = pos("4k3/8/8/3q1r2/4P3/8/3P1P2/R3K2R w KQ - 0 1");
    let legal = p.legal_moves();
    let tt = *legal.iter().find(|m| m.is_castle()).unwrap();
    let quiet = legal.iter().copied().filter(|m| !is_noisy(m) && *m != tt).collect::<Vec<_>>();
    let killer = quiet[3];
    let hist = Histories::new();
    let mut picker = MovePicker::new(&p, Some(tt), [Some(killer), None], None, QuietKey::default());
    let mut order = Vec::new();
    while let Some(m) = picker.next(&p, &hist) {
        order.push(m);
    }
    assert_eq!(order.len(), legal.len());
    assert_eq!(order[0], tt);
    assert_eq!(order[1].capture(), Some(Role::Queen));
    assert_eq!(order[2].capture(), Some(Role::Rook));
    assert_eq!(order[3], killer);
    let mut sorted = order.clone();
    sorted.sort_by_key(|m| format!("{m:?}"));
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "no move twice");
}

#[test]
fn losing_captures_come_last_and_every_move_once() {
    // Qxd6 and Rxh7 lose material (the queen to a pawn; the rook to the
    // knight for pawn and knight); Bxh7 wins a pawn (the rook behind it
    // takes back); Bxa4 trades evenly.
    let p = pos("4kn2/2p1p2p/3p4/1b6/n7/8/2B5/3QK2R w K - 0 1");
    let legal = p.legal_moves();
    let hist = Histories::new();
    let mut picker = MovePicker::new(&p, None, [None, None], None, QuietKey::default());
    let mut order = Vec::new();
    while let Some(m) = picker.next(&p, &hist) {
        order.push(m);
    }
    assert_eq!(order.len(), legal.len());
    let mut sorted = order.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "no move twice");
    let losing = order.iter().filter(|m| m.is_capture() && !see_ge(&p, **m, 0)).count();
    assert_eq!(losing, 2, "{order:?}");
    assert!(order[order.len() - losing..].iter().all(|m| m.is_capture() && !see_ge(&p, *m, 0)), "{order:?}");
    assert!(order[0].is_capture() && see_ge(&p, order[0], 0), "{order:?}");
}

#[test]
fn history_orders_quiet_moves() {
    let p = Chess::default();
    let mut hist = Histories::new();
    let legal = p.legal_moves();
    let favourite = legal[7];
    let key = QuietKey::of(&p, [None, None]);
    hist.update_quiet(Color::White, favourite, &key, 500);
    let mut picker = MovePicker::new(&p, None, [None, None], None, key);
    assert_eq!(picker.next(&p, &hist), Some(favourite));
}

#[test]
fn quiescence_order_table_move_then_victims() {
    // Captures: Qxd5 (queen takes pawn), Nxd5 (knight takes pawn),
    // Rxh7 (rook takes rook) and Bxg5 (bishop takes queen).
    let p = pos("4k3/7r/8/3p2q1/8/2N1B3/8/3QK2R w - - 0 1");
    let by_victim = |p: &Chess, tt: u16| {
        let mut moves = p.legal_moves();
        QPicker::new(&mut moves, false, tt)
            .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(by_victim(&p, 0), ["e3g5", "h1h7", "c3d5", "d1d5"]);
    let nxd5 = p.legal_moves().into_iter().find(|m| m.from() == Some(Square::C3) && m.to() == Square::D5);
    let code = encode_move(nxd5.unwrap());
    assert_eq!(by_victim(&p, code), ["c3d5", "e3g5", "h1h7", "d1d5"]);
    // A quiet table move is not a quiescence move: the order stays.
    let quiet = p.legal_moves().into_iter().find(|m| !is_noisy(m)).unwrap();
    assert_eq!(by_victim(&p, encode_move(quiet)), ["e3g5", "h1h7", "c3d5", "d1d5"]);
}

/// Quiescence's order is exactly the classic MVV-LVA one (victim and
/// promotion in pawns times 16, less the attacker's 1, 3, 3, 5, 9, or
/// 10 for the king), ties included: its scores rank every pair of
/// moves alike.
#[test]
fn quiescence_order_is_classic_mvv_lva() {
    use crate::testutil::{Rng, random_walks};
    let pawns = |r: Role| [1, 3, 3, 5, 9, 10][r as usize - 1];
    let classic = |m: &Move| {
        let attacker = if m.is_capture() { pawns(m.role()) } else { 0 };
        16 * (m.capture().map_or(0, pawns) + m.promotion().map_or(0, pawns)) - attacker
    };
    let mut rng = Rng::new(0x51ed_2701_3a4f_9b11);
    let mut pairs = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
        "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
    ] {
        random_walks(&pos(fen), &mut rng, 20, 60, |p| {
            let moves = p.legal_moves();
            for a in &moves {
                for b in &moves {
                    assert_eq!(mvv_lva(a).cmp(&mvv_lva(b)), classic(a).cmp(&classic(b)), "{a:?} {b:?}");
                    pairs += 1;
                }
            }
        });
    }
    assert!(pairs > 10_000, "{pairs}");
    // Every victim, promotion and attacker, which the walks may miss.
    let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    let mut kinds = Vec::new();
    for victim in std::iter::once(None).chain(roles[..5].iter().copied().map(Some)) {
        for promo in std::iter::once(None).chain(roles[1..5].iter().copied().map(Some)) {
            for &attacker in &roles {
                let cost = |f: &dyn Fn(Role) -> i32| victim.map_or(0, |_| f(attacker));
                let gain = |f: &dyn Fn(Role) -> i32| victim.map_or(0, f) + promo.map_or(0, f);
                kinds.push((gain(&value) - cost(&attacker_cost), 16 * gain(&pawns) - cost(&pawns)));
            }
        }
    }
    for (new_a, old_a) in &kinds {
        for (new_b, old_b) in &kinds {
            assert_eq!(new_a.cmp(new_b), old_a.cmp(old_b));
        }
    }
}

#[test]
fn no_legal_move() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let hist = Histories::new();
    let mut picker = MovePicker::new(&p, None, [None, None], None, QuietKey::default());
    assert_eq!(picker.next(&p, &hist), None);
    assert!(!picker.any_legal());
    assert!(QPicker::new(&mut p.legal_moves(), false, 0).is_empty());
}
