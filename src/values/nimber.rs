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
