//! The one seeded random generator of the workspace: SplitMix64.
//!
//! Everything that must replay from a seed draws from it: `datagen` and
//! `genfens` starts, `frc --sample`, `analyse --random`, the trainers'
//! shuffles, and the randomised tests. Its sequences are part of those
//! files' reproducibility: changing [`Rng::next_u64`], [`Rng::below`] or
//! [`Rng::shuffle`] changes what an old seed gives.

/// SplitMix64: a 64-bit state stepped by a constant and mixed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Seeded from the clock and the process id, for draws that should
    /// differ from run to run (a random start, weak play's choice).
    pub fn from_entropy() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Rng(nanos ^ (u64::from(std::process::id()) << 32))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (rejection sampling, no modulo bias); `n > 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    /// An index into a slice of `len` items (`len > 0`).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// One of `xs` (not empty).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.index(xs.len())]
    }

    /// A number in `[0, 1)`, from the top 53 bits.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A Fisher–Yates shuffle. It draws with a plain modulo (a bias far
    /// below anything measurable) because the training files' order, and
    /// with it every trained network, was made that way: kept for replay.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_splitmix64() {
        // The reference outputs of SplitMix64 from seed 0 (Vigna's C code):
        // what every seeded file and sample was made with.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn draws_stay_in_range_and_replay() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for n in 1..200u64 {
            let x = a.below(n);
            assert!(x < n);
            assert_eq!(x, b.below(n));
        }
        let xs: Vec<f64> = (0..1000).map(|_| a.uniform()).collect();
        assert!(xs.iter().all(|x| (0.0..1.0).contains(x)));
        assert!(xs.iter().any(|&x| x < 0.1) && xs.iter().any(|&x| x > 0.9));
    }

    #[test]
    fn shuffles_permute_and_replay() {
        let mut v: Vec<u32> = (0..100).collect();
        Rng::new(5).shuffle(&mut v);
        let mut w: Vec<u32> = (0..100).collect();
        Rng::new(5).shuffle(&mut w);
        assert_eq!(v, w);
        assert_ne!(v, (0..100).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..100).collect::<Vec<_>>());
    }
}
