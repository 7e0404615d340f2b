//! Word-wide steps over a whole plane: counting planes per cell and visiting a plane's cells.

use super::Plane;

/// The cells that at least one, two and three planes hold. With SSE2 each plane is one
/// vector register, so a step costs one instruction where its two native words cost two.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(super) fn coverage(planes: &[Plane; 9]) -> [Plane; 3] {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si64, _mm_or_si128, _mm_set_epi64x, _mm_setzero_si128,
        _mm_unpackhi_epi64,
    };
    // SAFETY: these intrinsics need SSE2 alone, which the cfg above guarantees; they touch
    // no memory.
    unsafe {
        let (mut once, mut twice, mut thrice) = (
            _mm_setzero_si128(),
            _mm_setzero_si128(),
            _mm_setzero_si128(),
        );
        for &m in planes {
            let m = _mm_set_epi64x((m >> 64) as i64, m as i64);
            thrice = _mm_or_si128(thrice, _mm_and_si128(twice, m));
            twice = _mm_or_si128(twice, _mm_and_si128(once, m));
            once = _mm_or_si128(once, m);
        }
        let plane = |v: __m128i| {
            let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
            Plane::from(_mm_cvtsi128_si64(v) as u64) | Plane::from(high as u64) << 64
        };
        [plane(once), plane(twice), plane(thrice)]
    }
}

/// The cells that at least one, two and three planes hold.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(super) fn coverage(planes: &[Plane; 9]) -> [Plane; 3] {
    let (mut once, mut twice, mut thrice) = (0, 0, 0);
    for &m in planes {
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    [once, twice, thrice]
}

/// Calls `f` with each cell of `cells` in order, a native word at a time (cells 0 to 63, then
/// 64 to 80): cheaper than stepping through the 128-bit plane.
#[inline(always)]
pub(super) fn for_cells(cells: Plane, mut f: impl FnMut(usize)) {
    for (mut m, first) in [(cells as u64, 0), ((cells >> 64) as u64, 64)] {
        while m != 0 {
            f(first + m.trailing_zeros() as usize);
            m &= m - 1;
        }
    }
}
