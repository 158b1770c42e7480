use super::*;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;

/// A key for entry `k` of the filling tests: spread over the table, never 0.
fn key(k: u64) -> u64 {
    k.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1
}

/// A table of `mb` MiB with `n` entries stored (keys [`key`]`(0..n)`, score 5).
fn filled(mb: usize, n: u64) -> Tt {
    let tt = Tt::new(mb).unwrap();
    for k in 0..n {
        tt.store(key(k), 0, None, 5, 0, 1, Bound::Exact, false);
    }
    tt
}

#[test]
fn bounds_cut_on_their_side_of_the_window() {
    assert!(Bound::Exact.cuts(0, -10, 10));
    assert!(Bound::Lower.cuts(10, -10, 10) && !Bound::Lower.cuts(9, -10, 10));
    assert!(Bound::Upper.cuts(-10, -10, 10) && !Bound::Upper.cuts(-9, -10, 10));
    // A lower bound never cuts below beta, however low alpha is.
    assert!(!Bound::Lower.cuts(-100, -10, 10));
    assert!(!Bound::Upper.cuts(100, -10, 10));
}

#[test]
fn store_and_probe() {
    let tt = Tt::new(1).unwrap();
    assert_eq!(tt.size_mb(), 1);
    let m = Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        to: Square::E8,
        capture: None,
        promotion: Some(Role::Queen),
    };
    tt.store(0xdead_beef, 0, Some(m), -123, 45, 7, Bound::Lower, true);
    let e = tt.probe(0xdead_beef, 0).unwrap();
    assert_eq!(e.mv, encode_move(m));
    assert_eq!((e.score, e.eval, e.depth, e.bound, e.pv), (-123, 45, 7, Bound::Lower, true));
    // The flag is the entry's own: a later store without it clears it
    // and keeps the move.
    tt.store(0xdead_beef, 0, None, -100, 45, 7, Bound::Lower, false);
    let e = tt.probe(0xdead_beef, 0).unwrap();
    assert_eq!((e.mv, e.pv), (encode_move(m), false));
    assert!(tt.probe(0xdead_beee, 0).is_none());
}

#[test]
fn table_moves_decode_only_when_legal() {
    let pos: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    for m in pos.legal_moves() {
        assert_eq!(decode_move(&pos, encode_move(m)), Some(m));
    }
    let black =
        Move::Normal { role: Role::Rook, from: Square::A8, capture: None, to: Square::A7, promotion: None };
    assert_eq!(decode_move(&pos, encode_move(black)), None);
    assert_eq!(decode_move(&pos, 0), None);
}

#[test]
fn a_deeper_entry_survives_a_shallow_bound() {
    let tt = Tt::new(1).unwrap();
    tt.store(42, 0, None, 10, 0, 12, Bound::Lower, false);
    tt.store(42, 0, None, 20, 0, 2, Bound::Upper, false);
    assert_eq!(tt.probe(42, 0).unwrap().depth, 12);
    tt.store(42, 0, None, 30, 0, 2, Bound::Exact, false);
    assert_eq!(tt.probe(42, 0).unwrap().depth, 2);
}

#[test]
fn hashfull_counts_this_search_only() {
    assert_eq!(Tt::new(1).unwrap().hashfull(), 0);
    let tt = filled(1, 100_000);
    assert!(tt.hashfull() > 500);
    tt.new_search();
    assert_eq!(tt.hashfull(), 0);
}

#[test]
fn clear_empties_the_table_in_place() {
    let tt = filled(4, 200_000);
    tt.new_search();
    assert!((0..1000).filter(|&k| tt.probe(key(k), 0).is_some()).count() > 100);
    tt.clear(1);
    assert!((0..200_000).all(|k| tt.probe(key(k), 0).is_none()));
    assert_eq!(tt.size_mb(), 4);
    tt.store(key(1), 0, None, 5, 0, 1, Bound::Exact, false);
    assert_eq!(tt.probe(key(1), 0).map(|e| e.score), Some(5));
    assert_eq!(tt.hashfull(), 0);
}

#[test]
fn clearing_and_touching_in_parallel_cover_the_whole_table() {
    // 9 MiB: pieces of 2 MiB pages and a short last one, on 4 threads.
    let tt = filled(9, 400_000);
    tt.touch(4);
    let kept = (0..400_000).filter(|&k| tt.probe(key(k), 0).is_some()).count();
    assert!(kept > 100_000, "touching changes nothing: {kept}");
    tt.clear(4);
    assert!((0..400_000).all(|k| tt.probe(key(k), 0).is_none()));
    assert!(tt.table.as_slice().iter().all(|b| b.slots.iter().all(|s| s.data.load(Relaxed) == 0)));
}

#[test]
fn absurd_sizes_are_refused_not_fatal() {
    assert!(Tt::new(MAX_HASH_MB).is_err());
}
