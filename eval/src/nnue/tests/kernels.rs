use super::{Rng, range};
use crate::nnue::simd;

#[test]
fn avx2_and_portable_kernels_give_the_same_numbers() {
    #[cfg(target_arch = "x86_64")]
    {
        if !is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = Rng::new(5);
        for n in [16, 32, 128, 144, 256, 512] {
            for round in 0..50 {
                // Wide ranges on purpose: wrapping must agree too.
                let span = if round % 2 == 0 { 300 } else { 32767 };
                let mut v = || (0..n).map(|_| range(&mut rng, -span, span) as i16).collect::<Vec<i16>>();
                let (src, a, b, c, d) = (v(), v(), v(), v(), v());
                let w: Vec<i16> = v().into_iter().map(|x| x % 128).collect();
                let (mut x, mut y) = (vec![0; n], vec![0; n]);
                simd::update_scalar(&mut x, &src, &[&a, &b], &[&c, &d]);
                // SAFETY: AVX2 is present (checked above).
                unsafe { simd::update_avx2(&mut y, &src, &[&a, &b], &[&c, &d]) };
                assert_eq!(x, y);
                simd::update_scalar(&mut x, &src, &[&a], &[]);
                // SAFETY: as above.
                unsafe { simd::update_avx2(&mut y, &src, &[&a], &[]) };
                assert_eq!(x, y);
                simd::update_scalar(&mut x, &src, &[&a], &[&b]);
                // SAFETY: as above.
                unsafe { simd::update_avx2(&mut y, &src, &[&a], &[&b]) };
                assert_eq!(x, y);
                // An accumulator from scratch: 32 rows at once.
                let rows: Vec<Vec<i16>> = (0..32).map(|_| v()).collect();
                let rows: Vec<&[i16]> = rows.iter().map(|r| r.as_slice()).collect();
                simd::update_scalar(&mut x, &src, &rows, &[]);
                // SAFETY: as above.
                unsafe { simd::update_avx2(&mut y, &src, &rows, &[]) };
                assert_eq!(x, y);
                // SAFETY: as above.
                let fast = unsafe { simd::screlu_dot_avx2(&src, &w) };
                assert_eq!(simd::screlu_dot_scalar(&src, &w), fast);
                // SAFETY: as above.
                let fast = unsafe { simd::screlu_dot_avx2(&src, &a) };
                assert_eq!(simd::screlu_dot_scalar(&src, &a), fast, "out-of-range weights wrap alike");
            }
        }
    }
}
