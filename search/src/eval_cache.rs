//! A per-thread cache of static evaluations by position key.
//!
//! The transposition table keeps the evaluation of the nodes it stores, but
//! quiescence returns a stand-pat cutoff without storing, and entries get
//! replaced: about one evaluation in six in `bench` is of a position this
//! thread has already evaluated. The evaluation is a pure function of the
//! position, so a hit returns exactly what evaluating would, and the search
//! tree does not change.

/// Entries per thread (a power of two; 8 bytes each: 512 KiB, in L2).
const ENTRIES: usize = 1 << 16;
/// The low 16 bits of an entry hold the evaluation; the rest are the key's.
const EVAL_BITS: u32 = 16;
const KEY_MASK: u64 = !((1 << EVAL_BITS) - 1);

pub(crate) struct EvalCache {
    /// `key & KEY_MASK | eval as u16`; 0 is empty (a key whose high bits
    /// are all zero is simply never cached).
    table: Box<[u64]>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache { table: vec![0; ENTRIES].into_boxed_slice() }
    }

    /// Hints the CPU to fetch the entry for `key`: called when a child's key
    /// is known, before the move is made, so that the load overlaps making
    /// it (the table is larger than the L1 cache).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.table[key as usize & (ENTRIES - 1)]);
    }

    /// Forgets every entry (the evaluation changed).
    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The evaluation cached for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        // The slot comes from the low bits, the check from the high ones.
        let slot = self.table[key as usize & (ENTRIES - 1)];
        let tag = key & KEY_MASK;
        (tag != 0 && slot & KEY_MASK == tag).then_some(i32::from(slot as u16 as i16))
    }

    /// Remembers `eval` for `key` (an evaluation outside the `i16` range is
    /// simply not kept).
    #[inline]
    pub fn store(&mut self, key: u64, eval: i32) {
        let tag = key & KEY_MASK;
        if tag != 0
            && let Ok(e) = i16::try_from(eval)
        {
            self.table[key as usize & (ENTRIES - 1)] = tag | u64::from(e as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::position_key as key_of;
    use crate::testutil::{Rng, random_walks};
    use shakmaty::Chess;

    /// What the search does: the cached evaluation, else evaluate and keep it.
    fn evaluate(cache: &mut EvalCache, p: &Chess, key: u64) -> i32 {
        cache.get(key).unwrap_or_else(|| {
            let e = rockad_eval::evaluate(p);
            cache.store(key, e);
            e
        })
    }

    fn positions(seed: u64, games: usize, plies: usize) -> Vec<Chess> {
        let mut out = Vec::new();
        random_walks(&Chess::default(), &mut Rng::new(seed), games, plies, |p| out.push(p.clone()));
        out
    }

    #[test]
    fn a_hit_returns_what_evaluating_returns() {
        let mut cache = EvalCache::new();
        let positions = positions(0x5eed_e7a1, 20, 120);
        // Twice over: the second pass is answered from the cache.
        for _ in 0..2 {
            for p in &positions {
                assert_eq!(evaluate(&mut cache, p, key_of(p)), rockad_eval::evaluate(p));
            }
        }
        let hits = positions.iter().filter(|p| {
            let k = key_of(p);
            cache.table[k as usize & (ENTRIES - 1)] & KEY_MASK == k & KEY_MASK
        });
        assert!(hits.count() > positions.len() / 2);
    }

    #[test]
    fn a_slot_shared_by_two_keys_is_not_confused() {
        let mut cache = EvalCache::new();
        let walk = positions(42, 1, 60);
        let (a, b) = (&walk[10], &walk[50]);
        let (ka, kb) = (key_of(a), key_of(b));
        assert_ne!(rockad_eval::evaluate(a), rockad_eval::evaluate(b), "pick two different evaluations");
        // Force both into the same slot: same low bits, different high bits.
        let kb_same_slot = (kb & KEY_MASK) | (ka & !KEY_MASK);
        assert_eq!(evaluate(&mut cache, a, ka), rockad_eval::evaluate(a));
        assert_eq!(evaluate(&mut cache, b, kb_same_slot), rockad_eval::evaluate(b));
        assert_eq!(evaluate(&mut cache, a, ka), rockad_eval::evaluate(a));
    }
}
