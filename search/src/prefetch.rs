//! A hint to the CPU to start loading a cache line that a node is about to
//! read (the table bucket, the evaluation cache entry), so the memory
//! latency overlaps other work.

/// Asks for `item`'s cache line to be fetched into every cache level. A
/// hint only: it reads nothing and changes nothing.
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching never faults, and the pointer comes from a live
    // reference besides.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch(item as *const T as *const i8, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
