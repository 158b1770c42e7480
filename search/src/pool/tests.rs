use super::*;

#[test]
fn a_search_on_the_calling_thread_equals_one_on_its_own_thread() {
    let req = || SearchRequest {
        root: crate::testutil::pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5"),
        history: Vec::new(),
        limits: Limits { nodes: Some(20_000), ..Limits::default() },
        multipv: 1,
        move_overhead_ms: 0,
        start: Instant::now(),
    };
    // Two searches in a row each way: the second goes on from the
    // first's table and histories.
    let (spawned, here) = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let (mut s, mut t) = (Searcher::new(1, 1).unwrap(), Searcher::new(1, 1).unwrap());
            ([s.run(req()), s.run(req())], [t.run_here(req()), t.run_here(req())])
        })
        .unwrap()
        .join()
        .unwrap();
    for (a, b) in spawned.iter().zip(&here) {
        assert!(a.best.is_some() && a.nodes >= 20_000, "{a:?}");
        assert_eq!((a.best, a.score, a.depth, a.nodes), (b.best, b.score, b.depth, b.nodes));
    }
}

#[test]
fn limited_strength_evaluates_with_the_hand_crafted_evaluation() {
    let mut s = Searcher::new(1, 1).unwrap();
    let net = Arc::new(Network::embedded().clone());
    s.set_network(Some(Arc::clone(&net)));
    assert!(s.style.evaluation().is_some_and(|n| Arc::ptr_eq(n, &net)));
    s.set_strength(Some(Strength::new(1500)));
    assert!(s.style.evaluation().is_none(), "the scale was measured with the hand-crafted evaluation");
    // The user's network is kept for full strength.
    assert!(s.network().is_some_and(|n| Arc::ptr_eq(n, &net)));
    s.set_strength(None);
    assert!(s.style.evaluation().is_some_and(|n| Arc::ptr_eq(n, &net)));
    // The top setting is full strength, as measured: hand-crafted too.
    s.set_strength(Some(Strength::new(u32::MAX)));
    assert!(s.strength().is_none() && s.style.evaluation().is_none());
}
