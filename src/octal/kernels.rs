//! The hot loops of the sparse method ([`super::sparse`]): marking the values of the
//! splits with a rare part, and searching the split list for the rare values missing below
//! a candidate — in plain Rust over `u16` or `u32` values, and the search also with
//! AVX-512 (32 splits an instruction, a 1024-bit table of the values still sought) where
//! the CPU has it. Every variant looks at the same splits in the same order, so the counts
//! they report are the same.

/// A stored nim-value.
pub(crate) trait Value: Copy + Send + Sync {
    /// As an index.
    fn at(self) -> usize;
}

impl Value for u16 {
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}

impl Value for u32 {
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}

/// Splits looked at between checks for whether every sought value has turned up.
pub(crate) const CHUNK: usize = 32;

/// Marks, into the bitmap `out`, the values of the splits of heap `n` with a rare part
/// whose other part is below `start`. `seen`: zeros, 64 bytes per word of `out`; left
/// zero. (Byte stores have no dependency on each other, unlike OR-ing bits into words.)
/// `rare` holds the rare positions (increasing) and `vals` their values, contiguous (a
/// smaller working set than looking the values up).
#[allow(clippy::too_many_arguments)]
pub(crate) fn far_marks<T: Value>(
    g: &[T],
    start: usize,
    rare: &[u32],
    vals: &[T],
    two: &[usize],
    n: usize,
    seen: &mut [u8],
    out: &mut [u64],
) {
    let len = seen.len();
    assert!(len.is_power_of_two());
    for &k in two {
        if n < k + 2 {
            continue;
        }
        let r = n - k;
        // The other part r − q is below the block iff q > r − start; q < r.
        let lo = rare.partition_point(|&q| q as usize + start <= r);
        let hi = rare.partition_point(|&q| (q as usize) < r);
        if lo >= hi {
            continue;
        }
        // g[r − q] for q in rare[lo..hi] lies in window[..]: window[r − q − base].
        let base = r - rare[hi - 1] as usize;
        let window = &g[base..=r - rare[lo] as usize];
        for (&q, &v) in rare[lo..hi].iter().zip(&vals[lo..hi]) {
            let other = window[r - base - q as usize];
            // Every XOR of two values is below `len`, a power of two: the mask only
            // lets the compiler see it.
            seen[(v.at() ^ other.at()) & (len - 1)] = 1;
        }
    }
    for (word, bytes) in out.iter_mut().zip(seen.chunks_exact_mut(64)) {
        let mut bits = 0u64;
        for (j, eight) in bytes.chunks_exact(8).enumerate() {
            // Gathers the low bit of each of the 8 bytes (each 0 or 1) into one byte.
            let x = u64::from_le_bytes(eight.try_into().unwrap());
            bits |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
        }
        *word |= bits;
        bytes.fill(0);
    }
}

/// What a search found.
pub(crate) struct Found {
    /// The least sought value that no split gives (then every split was looked at).
    pub unfound: Option<u32>,
    /// Splits looked at.
    pub splits: u64,
    /// Whether that was every split.
    pub every_split: bool,
}

/// Whether every split of heap `n` before removal `k`'s has been looked at once removal
/// `k`'s list is done (removals are looked at in increasing order).
fn last_removal(two: &[usize], n: usize, k: usize) -> bool {
    two.iter().all(|&k2| k2 <= k || n < k2 + 2)
}

/// Looks among the splits of heap `n` (each two-heap removal in turn, the smaller part
/// upwards, [`CHUNK`] splits at a time) for the values `need` (increasing), stopping after
/// the chunk in which the last one turned up. `flags`: zeros, longer than every XOR of
/// two values; left zero.
pub(crate) fn search<T: Value>(
    g: &[T],
    two: &[usize],
    n: usize,
    need: &[u32],
    flags: &mut [u8],
) -> Found {
    for &v in need {
        flags[v as usize] = 1;
    }
    let mut left = need.len();
    let mut splits = 0u64;
    let mut every_split = true;
    'removals: for &k in two {
        if n < k + 2 {
            continue;
        }
        let r = n - k;
        let half = r / 2;
        let mut a = 1;
        while a <= half {
            let b = (a + CHUNK - 1).min(half);
            let mut hits = 0;
            for (x, y) in g[a..=b].iter().zip(g[r - b..=r - a].iter().rev()) {
                let f = &mut flags[x.at() ^ y.at()];
                hits += *f as usize;
                *f = 0;
            }
            left -= hits;
            splits += (b + 1 - a) as u64;
            a = b + 1;
            if left == 0 {
                every_split = a > half && last_removal(two, n, k);
                break 'removals;
            }
        }
    }
    let unfound = need.iter().copied().find(|&v| flags[v as usize] == 1);
    for &v in need {
        flags[v as usize] = 0;
    }
    Found {
        unfound,
        splits,
        every_split,
    }
}

/// Whether [`search_wide`] can run here on values below `bound` (a power of two above
/// every XOR of two values).
pub(crate) fn wide_available(bound: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        bound <= 1024 && std::arch::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = bound;
        false
    }
}

/// [`search`] on `u16` values, 32 splits at a time with AVX-512. Only call it when
/// [`wide_available`] said so for a bound on every XOR of two values of `h`.
pub(crate) fn search_wide(h: &[u16], two: &[usize], n: usize, need: &[u32]) -> Found {
    #[cfg(target_arch = "x86_64")]
    {
        assert!(std::arch::is_x86_feature_detected!("avx512bw"));
        // SAFETY: the CPU has AVX-512F/BW (checked above).
        unsafe { wide::search(h, two, n, need) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (h, two, n, need);
        unreachable!("search_wide without AVX-512")
    }
}

#[cfg(target_arch = "x86_64")]
mod wide {
    use super::{CHUNK, Found, last_removal};
    use std::arch::x86_64::*;

    /// The values still sought, as 64 words of 16 bits (values below 1024).
    struct Table([u16; 64]);

    impl Table {
        #[inline]
        fn has(&self, v: u16) -> bool {
            self.0[v as usize / 16] >> (v % 16) & 1 == 1
        }
        /// Clears `v`; whether it was there.
        #[inline]
        fn take(&mut self, v: u16) -> bool {
            let had = self.has(v);
            self.0[v as usize / 16] &= !(1 << (v % 16));
            had
        }
    }

    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn search(h: &[u16], two: &[usize], n: usize, need: &[u32]) -> Found {
        const _: () = assert!(CHUNK == 32);
        let mut table = Table([0; 64]);
        for &v in need {
            assert!(v < 1024);
            table.0[v as usize / 16] |= 1 << (v % 16);
        }
        let mut left = need.len();
        let mut splits = 0u64;
        let mut every_split = true;
        let reverse = _mm512_set_epi16(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
            24, 25, 26, 27, 28, 29, 30, 31,
        );
        let low4 = _mm512_set1_epi16(15);
        let one = _mm512_set1_epi16(1);
        macro_rules! load {
            () => {
                // SAFETY: two loads of 32 u16 from the 64 of the table.
                unsafe {
                    (
                        _mm512_loadu_si512(table.0.as_ptr() as *const _),
                        _mm512_loadu_si512(table.0.as_ptr().add(32) as *const _),
                    )
                }
            };
        }
        let (mut t0, mut t1) = load!();
        'removals: for &k in two {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            let half = r / 2;
            assert!(r < h.len());
            let mut a = 1;
            while a + 31 <= half {
                // SAFETY: 32 values from index a and from r − a − 31, with 1 ≤ a and
                // a + 31 ≤ r / 2 < r < h.len(), so both lie inside `h`.
                let (x, hits) = unsafe {
                    let lo = _mm512_loadu_si512(h.as_ptr().add(a) as *const _);
                    let hi = _mm512_loadu_si512(h.as_ptr().add(r - a - 31) as *const _);
                    let x = _mm512_xor_si512(lo, _mm512_permutexvar_epi16(reverse, hi));
                    let word = _mm512_permutex2var_epi16(t0, _mm512_srli_epi16::<4>(x), t1);
                    let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, low4));
                    (x, _mm512_test_epi16_mask(bit, one))
                };
                splits += 32;
                a += 32;
                if hits != 0 {
                    let mut xs = [0u16; 32];
                    // SAFETY: a store of 32 u16 into `xs`.
                    unsafe { _mm512_storeu_si512(xs.as_mut_ptr() as *mut _, x) };
                    let mut m = hits;
                    while m != 0 {
                        let v = xs[m.trailing_zeros() as usize];
                        m &= m - 1;
                        if table.take(v) {
                            left -= 1;
                            // Clear v in the registers too (no reload through memory).
                            let lane = 1u32 << (v / 16 % 32);
                            let bit = _mm512_maskz_set1_epi16(lane, 1 << (v % 16));
                            if v < 512 {
                                t0 = _mm512_andnot_si512(bit, t0);
                            } else {
                                t1 = _mm512_andnot_si512(bit, t1);
                            }
                        }
                    }
                    if left == 0 {
                        every_split = a > half && last_removal(two, n, k);
                        break 'removals;
                    }
                }
            }
            if a <= half {
                // The last, partial chunk.
                for a in a..=half {
                    left -= table.take(h[a] ^ h[r - a]) as usize;
                }
                splits += (half + 1 - a) as u64;
                if left == 0 {
                    every_split = last_removal(two, n, k);
                    break 'removals;
                }
            }
        }
        let unfound = need.iter().copied().find(|&v| table.has(v as u16));
        Found {
            unfound,
            splits,
            every_split,
        }
    }
}
