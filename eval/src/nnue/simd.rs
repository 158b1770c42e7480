//! Integer kernels of the inference: accumulator updates and the output
//! layer's clipped-square dot product. An AVX2 path, chosen at run time,
//! and a portable path that gives bit-identical numbers (both wrap on
//! overflow the same way; the trainer clips weights so neither overflows).
//!
//! Slices are a multiple of 16 long (the network's hidden size is).

use super::QA;

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
}

/// The kernels [`update`] and [`screlu_dot`] take here.
pub(crate) fn kernels() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        return "avx2";
    }
    "portable"
}

/// `dst = src + Σ add − Σ sub`, lane by lane.
#[inline]
pub(crate) fn update(dst: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 is present (checked just above).
        unsafe { update_avx2(dst, src, add, sub) };
        return;
    }
    update_scalar(dst, src, add, sub);
}

/// `Σ clamp(acc, 0, QA)² · w` in `i32` (units of QA²·QB).
#[inline]
pub(crate) fn screlu_dot(acc: &[i16], w: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: AVX2 is present (checked just above).
        return unsafe { screlu_dot_avx2(acc, w) };
    }
    screlu_dot_scalar(acc, w)
}

pub(crate) fn update_scalar(dst: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    dst.copy_from_slice(src);
    for row in add {
        for (d, r) in dst.iter_mut().zip(row.iter()) {
            *d = d.wrapping_add(*r);
        }
    }
    for row in sub {
        for (d, r) in dst.iter_mut().zip(row.iter()) {
            *d = d.wrapping_sub(*r);
        }
    }
}

pub(crate) fn screlu_dot_scalar(acc: &[i16], w: &[i16]) -> i32 {
    acc.iter().zip(w).fold(0i32, |sum, (&a, &w)| {
        let v = i32::from(a).clamp(0, QA);
        // v·w fits i16 for the clipped weights; truncate like the AVX2
        // path's 16-bit multiply does for any weight.
        let vw = i32::from((v * i32::from(w)) as i16);
        sum.wrapping_add(v * vw)
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn update_avx2(dst: &mut [i16], src: &[i16], add: &[&[i16]], sub: &[&[i16]]) {
    let n = dst.len();
    assert!(src.len() == n && n.is_multiple_of(16) && add.iter().chain(sub).all(|r| r.len() == n));
    // SAFETY: AVX2 is present (this function's contract); every slice is n
    // long (asserted) and n is a multiple of 16.
    unsafe { accumulate_avx2(dst.as_mut_ptr(), src.as_ptr(), n, add, sub) };
}

/// `dst = src + Σ add − Σ sub` over `n` lanes, eight registers (128 lanes)
/// at a time so that each row's pointer and loop cost is paid once per 128
/// lanes rather than per 16. `dst` may be `src` (each block is loaded before
/// it is stored).
///
/// # Safety
/// AVX2 is present; `dst`, `src` and every row hold `n` lanes, `n` a
/// multiple of 16.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn accumulate_avx2(dst: *mut i16, src: *const i16, n: usize, add: &[&[i16]], sub: &[&[i16]]) {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    const REGS: usize = 8;
    let mut i = 0;
    // SAFETY (every block): i + REGS·LANES <= n, and every pointer holds n
    // lanes (the caller's contract).
    while i + REGS * LANES <= n {
        unsafe {
            let mut v: [__m256i; REGS] =
                std::array::from_fn(|k| _mm256_loadu_si256(src.add(i + k * LANES).cast()));
            for r in add {
                let p = r.as_ptr().add(i);
                for (k, x) in v.iter_mut().enumerate() {
                    *x = _mm256_add_epi16(*x, _mm256_loadu_si256(p.add(k * LANES).cast()));
                }
            }
            for r in sub {
                let p = r.as_ptr().add(i);
                for (k, x) in v.iter_mut().enumerate() {
                    *x = _mm256_sub_epi16(*x, _mm256_loadu_si256(p.add(k * LANES).cast()));
                }
            }
            for (k, x) in v.iter().enumerate() {
                _mm256_storeu_si256(dst.add(i + k * LANES).cast(), *x);
            }
        }
        i += REGS * LANES;
    }
    // The rest, 16 lanes at a time (hidden sizes that are not a multiple
    // of 128).
    while i < n {
        unsafe {
            let mut v = _mm256_loadu_si256(src.add(i).cast());
            for r in add {
                v = _mm256_add_epi16(v, _mm256_loadu_si256(r.as_ptr().add(i).cast()));
            }
            for r in sub {
                v = _mm256_sub_epi16(v, _mm256_loadu_si256(r.as_ptr().add(i).cast()));
            }
            _mm256_storeu_si256(dst.add(i).cast(), v);
        }
        i += LANES;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn screlu_dot_avx2(acc: &[i16], w: &[i16]) -> i32 {
    use std::arch::x86_64::*;
    let n = acc.len();
    assert!(w.len() == n && n.is_multiple_of(16));
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(QA as i16);
    let mut sum = _mm256_setzero_si256();
    for i in (0..n).step_by(16) {
        // SAFETY: both slices are n long (asserted) and i + 16 <= n.
        unsafe {
            let v =
                _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(acc.as_ptr().add(i).cast()), zero), top);
            let vw = _mm256_mullo_epi16(v, _mm256_loadu_si256(w.as_ptr().add(i).cast()));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
        }
    }
    let mut lanes = [0i32; 8];
    // SAFETY: `lanes` is 32 bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
    lanes.iter().fold(0i32, |s, &x| s.wrapping_add(x))
}
