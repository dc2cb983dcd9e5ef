//! Nimbers in the RULES.md notation: `0`, `*`, `*2`, `*3`, …

/// The notation of the nimber `*k`.
pub fn nimber_notation(k: u32) -> String {
    match k {
        0 => "0".to_string(),
        1 => "*".to_string(),
        k => format!("*{k}"),
    }
}

/// Nim-sum (the value of a disjunctive sum of nimbers): bitwise XOR.
#[inline]
pub fn nim_sum(a: u32, b: u32) -> u32 {
    a ^ b
}

/// Nim multiplication (Conway, ONAG ch. 6): with nim-addition (XOR), the nimbers below
/// 2^(2^k) form a field. Computed by splitting at the Fermat 2-power F = 2^(2^j) that
/// halves the operands: (aF + b)(cF + d) = acF² + (ad + bc)F + bd with F² = F + F/2
/// (all nim operations), so *2·*2 = *3 and *4·*4 = *6.
pub fn nim_product(a: u64, b: u64) -> u64 {
    nim_mul(a, b, 64)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two.
fn nim_mul(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let half = bits / 2;
    if a >> half == 0 && b >> half == 0 {
        return nim_mul(a, b, half);
    }
    let low = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & low, b >> half, b & low);
    let high = nim_mul(a1, b1, half);
    let middle = nim_mul(a1, b0, half) ^ nim_mul(a0, b1, half);
    // high·F² = high·F + high·(F/2).
    ((high ^ middle) << half) ^ nim_mul(a0, b0, half) ^ nim_mul(high, 1 << (half - 1), half)
}

/// The minimum excludant of a set of small non-negative integers given as a bitset.
#[inline]
pub fn mex(seen: u128) -> u32 {
    (!seen).trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_facts_from_rules_md() {
        // RULES.md, "Nim and impartial games": 13 ⊕ 19 ⊕ 10 = 20 and *4 + *2 + *3 = *5.
        assert_eq!(nim_sum(nim_sum(13, 19), 10), 20);
        assert_eq!(nimber_notation(nim_sum(nim_sum(4, 2), 3)), "*5");
        // mex{0, 1, 2, 4, 5, 20} = 3.
        let seen = [0, 1, 2, 4, 5, 20].iter().fold(0u128, |s, &v| s | 1 << v);
        assert_eq!(mex(seen), 3);
        assert_eq!(nimber_notation(0), "0");
        assert_eq!(nimber_notation(1), "*");
    }
}
