//! Canonical forms: from any option lists to the unique canonical form (dominated
//! options removed, reversible ones bypassed, Winning Ways ch. 3; Siegel II.2), and the
//! recognition of numbers and number-up-stars among them, so that every value has one
//! representation and one id.

use std::sync::atomic::Ordering;

use smallvec::SmallVec;

use super::store::{Node, intern, store};
use super::{GameId, Nus};
use crate::values::dyadic::Dyadic;
use crate::values::limits::{Limit, MAX_UPS};

impl GameId {
    /// The value `{left | right}` (any options), in canonical form; [`Limit::Number`] if
    /// it is a number outside the kernel's range (e.g. `{0 | 2^-62}`).
    pub fn from_options(left: &[GameId], right: &[GameId]) -> Result<GameId, Limit> {
        if let Some(g) = impartial_nimbers(left, right) {
            return Ok(g);
        }
        // Many positions have the same options: the value of each option set is
        // memoised (duplicates and order do not change a value).
        // The key on the stack (boxed only when stored): the number of distinct left
        // options, then the ids of each side as a sorted set.
        let mut key: SmallVec<[u32; 32]> = SmallVec::with_capacity(1 + left.len() + right.len());
        key.push(0);
        push_set(&mut key, left);
        key[0] = (key.len() - 1) as u32;
        push_set(&mut key, right);
        let memo = &store().forms;
        if let Some(v) = memo.get(key.as_slice()) {
            return Ok(*v);
        }
        let (l, r) = canonicalize(left.into(), right.into());
        let v = recognise(l, r)?;
        store().form_ids.fetch_add(key.len(), Ordering::Relaxed);
        memo.insert(key.as_slice().into(), v);
        Ok(v)
    }
}

/// Appends the ids of `v` to `key`, sorted and each once. Up to 8 ids (most option
/// lists) are sorted by a network of compare-exchanges and their repeats skipped without
/// a branch: option ids come in no order, and a sort that branches on them mispredicts.
#[inline]
fn push_set(key: &mut SmallVec<[u32; 32]>, v: &[GameId]) {
    let n = v.len();
    if n > 8 {
        let start = key.len();
        key.extend(v.iter().map(|g| g.0));
        key[start..].sort_unstable();
        let mut k = start;
        for i in start..key.len() {
            if i == start || key[i] != key[k - 1] {
                key[k] = key[i];
                k += 1;
            }
        }
        key.truncate(k);
        return;
    }
    // Padded with the largest id: the first n after sorting are v's.
    let mut a = [u32::MAX; 8];
    for (x, g) in a.iter_mut().zip(v) {
        *x = g.0;
    }
    sort8(&mut a);
    let mut out = [0u32; 8];
    let mut k = 0;
    for i in 0..n {
        out[k] = a[i];
        k += (i == 0 || a[i] != a[i - 1]) as usize;
    }
    key.extend_from_slice(&out[..k]);
}

/// Sorts 8 numbers by the 19 compare-exchanges of Batcher's odd-even merge sort
/// (Knuth, TAOCP vol. 3, 5.3.4); a test checks it on every sequence of 0s and 1s,
/// which suffices for a comparator network (the 0-1 principle, same section).
#[inline]
fn sort8(a: &mut [u32; 8]) {
    const NET: [(usize, usize); 19] = [
        (0, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (0, 2),
        (1, 3),
        (4, 6),
        (5, 7),
        (1, 2),
        (5, 6),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 7),
        (2, 4),
        (3, 5),
        (1, 2),
        (3, 4),
        (5, 6),
    ];
    for (i, j) in NET {
        let (x, y) = (a[i], a[j]);
        a[i] = x.min(y);
        a[j] = x.max(y);
    }
}

/// `{S | S}` for a set S of nimbers is *mex(S) (the Sprague–Grundy theorem, Winning Ways
/// ch. 4), without comparing options pairwise: removing dominated and reversible options
/// among k nimbers took time about k³ (2,048 of them, a minute).
fn impartial_nimbers(left: &[GameId], right: &[GameId]) -> Option<GameId> {
    let nimbers = |v: &[GameId]| -> Option<SmallVec<[u32; 16]>> {
        let mut m: SmallVec<[u32; 16]> = v
            .iter()
            .map(|g| {
                g.as_nus()
                    .filter(|n| n.num.is_zero() && n.ups == 0)
                    .map(|n| n.nim)
            })
            .collect::<Option<_>>()?;
        m.sort_unstable();
        m.dedup();
        Some(m)
    };
    if left.is_empty() || right.is_empty() {
        return None;
    }
    let l = nimbers(left)?;
    if nimbers(right)? != l {
        return None;
    }
    let mex = l
        .iter()
        .enumerate()
        .find(|&(i, &m)| m != i as u32)
        .map_or(l.len(), |(i, _)| i);
    Some(GameId::nimber(mex as u32))
}

/// Canonical options of a number-up-star (Winning Ways ch. 2–3):
/// an integer n > 0 is {n−1 |}, n < 0 is {| n+1}; a dyadic m/2^k is {(m−1)/2^k | (m+1)/2^k};
/// x + *m is {x + *k | x + *k} over k < m; x + u·↑ + *m with u > 0 is the canonical form of
/// the sum of u·↑ = {0 | (u−1)·↑*}, *m and x (number avoidance: x is not moved in), i.e. of
/// {x + *m, x + u↑ + *k (k < m) | x + (u−1)↑ + *(m⊕1), x + u↑ + *k (k < m)}; u < 0 by negation.
/// Every option is in range when `n` is: the numbers move toward zero or to a smaller
/// denominator, the multiples of ↑ toward zero.
pub(super) fn nus_options(n: Nus) -> (Vec<GameId>, Vec<GameId>) {
    let x = n.num;
    if n.ups < 0 {
        let (l, r) = GameId::nus(-n).sides();
        return (
            r.iter().map(|g| -*g).collect(),
            l.iter().map(|g| -*g).collect(),
        );
    }
    let with = |ups: i32, nim: u32| GameId::nus(Nus { num: x, ups, nim });
    let number = |num: i128| {
        GameId::number(Dyadic::new(num, x.exp()).expect("the options of a number are in range"))
    };
    if n.ups == 0 && n.nim == 0 {
        let m = x.num() as i128;
        if x.is_integer() {
            return match m.cmp(&0) {
                std::cmp::Ordering::Greater => (vec![number(m - 1)], vec![]),
                std::cmp::Ordering::Less => (vec![], vec![number(m + 1)]),
                std::cmp::Ordering::Equal => (vec![], vec![]),
            };
        }
        return (vec![number(m - 1)], vec![number(m + 1)]);
    }
    if n.ups == 0 {
        let opts: Vec<GameId> = (0..n.nim).map(|k| with(0, k)).collect();
        return (opts.clone(), opts);
    }
    if !(n.ups == 1 && n.nim == 1) {
        // x + u·↑ + *m = {x | x + (u−1)·↑ + *(m⊕1)} for u ≥ 1 except ↑* = {0, *|0}
        // (⇑ = {0|↑*}, ⇑* = {0|↑}, ↑*2 = {0|*3}; the cgt crate reads {n | G} for a
        // number-up-star G with up multiple ≥ 0 the same way). Checked against the
        // general rule below in the tests, for u < 7 and m < 24. Without it, recognising
        // {0|*1024} tried thousands of candidates and took time about m³, and every
        // value with two or more ups and a large nimber was as slow.
        return (vec![with(0, 0)], vec![with(n.ups - 1, n.nim ^ 1)]);
    }
    nus_options_general(n)
}

/// [`nus_options`] by the general rule, for any u > 0 (the tests compare the shortcut
/// above with it).
fn nus_options_general(n: Nus) -> (Vec<GameId>, Vec<GameId>) {
    let x = n.num;
    let with = |ups: i32, nim: u32| GameId::nus(Nus { num: x, ups, nim });
    let mut l = Opts::from_elem(with(0, n.nim), 1);
    let mut r = Opts::from_elem(with(n.ups - 1, n.nim ^ 1), 1);
    for k in 0..n.nim {
        l.push(with(n.ups, k));
        r.push(with(n.ups, k));
    }
    let (l, r) = canonicalize(l, r);
    (l.into_vec(), r.into_vec())
}

/// Option lists while a canonical form is worked out (on the stack up to 16).
pub(super) type Opts = SmallVec<[GameId; 16]>;

/// `x ≤ {L | R}` for a form given by its options: no x^L ≥ G and no G^R ≤ x.
fn le_id_form(x: GameId, l: &[GameId], r: &[GameId]) -> bool {
    !r.iter().any(|gr| gr.leq(x)) && !x.left_options().iter().any(|xl| le_form_id(l, r, *xl))
}

/// `{L | R} ≤ y`: no G^L ≥ y and no y^R ≤ G.
fn le_form_id(l: &[GameId], r: &[GameId], y: GameId) -> bool {
    !l.iter().any(|gl| y.leq(*gl)) && !y.right_options().iter().any(|yr| le_id_form(*yr, l, r))
}

/// Keeps the maximal (`left`) or minimal options, without duplicates. The stops are
/// read once per option and settle most pairs before [`GameId::leq`] is asked (the same
/// quick answers it gives, without fetching both values again for each pair).
pub(super) fn undominated(opts: Opts, left: bool) -> Opts {
    let mut v = opts;
    v.sort_unstable();
    v.dedup();
    if v.len() <= 1 {
        return v;
    }
    let stops: SmallVec<[(Dyadic, Dyadic); 16]> = v.iter().map(|g| g.stops()).collect();
    // a ≤ b, by the stops where they decide (see `leq`).
    let le = |a: usize, b: usize| {
        let ((al, ar), (bl, br)) = (stops[a], stops[b]);
        if al > bl || ar > br {
            false
        } else if al < br {
            true
        } else {
            v[a].leq(v[b])
        }
    };
    let keep: SmallVec<[bool; 16]> = (0..v.len())
        .map(|i| !(0..v.len()).any(|j| j != i && if left { le(i, j) } else { le(j, i) }))
        .collect();
    let mut k = keep.iter();
    v.retain(|_| *k.next().expect("a flag per option"));
    v
}

/// Canonical options of `{left | right}` (whose options are canonical values): remove
/// dominated options and bypass reversible ones until neither applies. Only compares
/// existing values, so it cannot leave the kernel's range.
fn canonicalize(mut l: Opts, mut r: Opts) -> (Opts, Opts) {
    loop {
        l = undominated(l, true);
        r = undominated(r, false);
        let mut changed = false;
        // A left option A is reversible through A^R ≤ G: replace A by A^R's left options.
        let mut new_l = Opts::new();
        for &a in &l {
            match a.right_options().iter().find(|ar| le_id_form(**ar, &l, &r)) {
                Some(ar) => {
                    new_l.extend_from_slice(ar.left_options());
                    changed = true;
                }
                None => new_l.push(a),
            }
        }
        let mut new_r = Opts::new();
        for &b in &r {
            match b.left_options().iter().find(|bl| le_form_id(&l, &r, **bl)) {
                Some(bl) => {
                    new_r.extend_from_slice(bl.right_options());
                    changed = true;
                }
                None => new_r.push(b),
            }
        }
        if !changed {
            // Every option kept as it was: the lists are still the undominated ones.
            return (l, r);
        }
        l = new_l;
        r = new_r;
    }
}

/// The id of the canonical form `{l | r}` (sorted, undominated, no reversible options):
/// a number-up-star if it is one, else a general node.
fn recognise(mut l: Opts, mut r: Opts) -> Result<GameId, Limit> {
    l.sort_unstable();
    r.sort_unstable();
    // Most values have an option that is not a number-up-star: nothing to recognise.
    if l.iter().chain(&r).any(|g| g.as_nus().is_none()) {
        return Ok(intern(Node::General(l[..].into(), r[..].into())));
    }
    // Numbers: options all numbers with max L < min R give the simplest number between.
    let all_numbers = |v: &[GameId]| v.iter().all(|g| g.as_number().is_some());
    if all_numbers(&l) && all_numbers(&r) {
        let lo = l.iter().filter_map(|g| g.as_number()).max();
        let hi = r.iter().filter_map(|g| g.as_number()).min();
        if let Some(x) = Dyadic::simplest_between(lo, hi)? {
            return Ok(GameId::number(x));
        }
    }
    // Other number-up-stars: all options are number-up-stars with one number part x;
    // try the few candidates near the options' up multiples and nimbers.
    let all: Vec<Nus> = l.iter().chain(&r).filter_map(|g| g.as_nus()).collect();
    let x = all[0].num;
    if all.iter().all(|n| n.num == x) {
        let lo_u = all.iter().map(|n| n.ups as i64).min().expect("non-empty") - 1;
        let hi_u = all.iter().map(|n| n.ups as i64).max().expect("non-empty") + 1;
        if lo_u < -(MAX_UPS as i64) || hi_u > MAX_UPS as i64 {
            // A candidate would be a multiple of ↑ the kernel cannot hold.
            return Err(Limit::Ups);
        }
        let max_nim = all.iter().map(|n| n.nim).max().expect("non-empty");
        let nim_bound = (max_nim + 1).next_power_of_two() * 2;
        for ups in lo_u as i32..=hi_u as i32 {
            for nim in 0..nim_bound {
                if ups == 0 && nim == 0 {
                    continue;
                }
                let cand = GameId::nus(Nus { num: x, ups, nim });
                let (mut cl, mut cr) = cand.options();
                cl.sort_unstable();
                cr.sort_unstable();
                if cl[..] == l[..] && cr[..] == r[..] {
                    return Ok(cand);
                }
            }
        }
    }
    Ok(intern(Node::General(l[..].into(), r[..].into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn up() -> GameId {
        GameId::ups(1)
    }
    fn star() -> GameId {
        GameId::nimber(1)
    }
    fn zero() -> GameId {
        GameId::zero()
    }
    /// The mex shortcut for `{S | S}` (S a set of nimbers) agrees with removing dominated
    /// and reversible options, for every S within {0, *, ..., *6}, and for S with
    /// repeats or a different set on each side it does not apply.
    #[test]
    fn the_mex_shortcut_agrees_with_the_general_rule() {
        for mask in 1u32..128 {
            let s: Vec<GameId> = (0..7)
                .filter(|k| mask >> k & 1 == 1)
                .map(GameId::nimber)
                .collect();
            let (l, r) = canonicalize(s[..].into(), s[..].into());
            assert_eq!(
                impartial_nimbers(&s, &s),
                Some(recognise(l, r).unwrap()),
                "{mask:b}"
            );
        }
        let (a, b) = (vec![zero(), star()], vec![zero()]);
        assert_eq!(impartial_nimbers(&a, &b), None);
        assert_eq!(impartial_nimbers(&[up()], &[up()]), None);
    }

    /// The network sorts every sequence of 0s and 1s, hence every sequence (the 0-1
    /// principle); and the sets it gives are the sorted distinct ids, as a plain sort
    /// and dedup give them, for lists of 0 to 12 ids with repeats.
    #[test]
    fn option_id_sets_are_sorted_and_without_repeats() {
        for bits in 0u32..256 {
            let mut a: [u32; 8] = std::array::from_fn(|i| bits >> i & 1);
            sort8(&mut a);
            assert!(a.is_sorted(), "{bits:08b}: {a:?}");
        }
        let mut x = 12345u64;
        for _ in 0..20_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = (x >> 33) as usize % 13;
            let ids: Vec<GameId> = (0..n)
                .map(|i| GameId((x >> (i * 4 % 60)) as u32 % 7 + (i as u32 % 2) * 1_000_000))
                .collect();
            let mut key = SmallVec::<[u32; 32]>::new();
            key.push(99);
            push_set(&mut key, &ids);
            let mut want: Vec<u32> = ids.iter().map(|g| g.0).collect();
            want.sort_unstable();
            want.dedup();
            assert_eq!(key[1..], want[..], "{ids:?}");
        }
    }

    fn g(l: &[GameId], r: &[GameId]) -> GameId {
        GameId::from_options(l, r).unwrap()
    }
    fn half() -> GameId {
        GameId::number(Dyadic::new(1, 1).unwrap())
    }

    #[test]
    fn textbook_identities() {
        // Winning Ways ch. 2-3; Lessons in Play ch. 4-5; Siegel CGT ch. II.
        // ↑ = {0|*}
        assert_eq!(g(&[zero()], &[star()]), up());
        // ↑ + ↑ = ⇑ = {0|↑*}
        assert_eq!(up() + up(), GameId::ups(2));
        assert_eq!(g(&[zero()], &[up() + star()]), GameId::ups(2));
        // * + * = 0
        assert_eq!(star() + star(), zero());
        // {0|1} = 1/2, {0|} = 1, {|0} = -1, {1|} = 2
        assert_eq!(g(&[zero()], &[GameId::integer(1)]), half());
        assert_eq!(g(&[zero()], &[]), GameId::integer(1));
        assert_eq!(g(&[], &[zero()]), GameId::integer(-1));
        // {0|0} = *, {0,*|0,*} = *2, {0,*|0} = ↑*
        assert_eq!(g(&[zero()], &[zero()]), star());
        assert_eq!(g(&[zero(), star()], &[zero(), star()]), GameId::nimber(2));
        assert_eq!(g(&[zero(), star()], &[zero()]), up() + star());
        // {1|-1} is hot: confused with 0; ↑* is confused with 0; ⇑* > 0; ↑ > 0.
        let hot = g(&[GameId::integer(1)], &[GameId::integer(-1)]);
        assert!(hot.as_nus().is_none());
        assert!(hot.confused(zero()));
        assert!((up() + star()).confused(zero()));
        assert!((GameId::ups(2) + star()).greater(zero()));
        let tiny_number = GameId::number(Dyadic::new(1, 5).unwrap());
        assert!(up().greater(zero()) && up().less(tiny_number));
        // A dominated option removed: {0, -1 | 1} = {0 | 1} = 1/2.
        assert_eq!(
            g(&[zero(), GameId::integer(-1)], &[GameId::integer(1)]),
            half()
        );
        // G - G = 0 for a general value.
        assert_eq!(hot - hot, zero());
        let x = g(&[zero(), up() + star()], &[zero()]);
        assert_eq!(x - x, zero());
    }

    /// The closed form against the general rule: the options of u·↑ = {0 | (u−1)·↑*}
    /// (Winning Ways ch. 3) added to those of *m, then simplified; the closed form is
    /// also how the cgt crate recognises {x | x + (u−1)·↑ + *k} (cgt 0.11,
    /// canonical_form.rs, "n + {0|G}").
    #[test]
    fn ups_star_m_have_the_short_canonical_form_the_general_rule_gives() {
        for num in [Dyadic::int(0), Dyadic::int(3), Dyadic::new(-5, 2).unwrap()] {
            for (ups, nim) in (1..7).flat_map(|u| (0..24).map(move |m| (u, m))) {
                let n = Nus { num, ups, nim };
                let (mut a, mut b) = nus_options(n);
                let (mut c, mut d) = nus_options_general(n);
                for v in [&mut a, &mut b, &mut c, &mut d] {
                    v.sort_unstable();
                }
                assert_eq!((a, b), (c, d), "{num} + ^{ups}*{nim}");
            }
        }
    }

    #[test]
    fn nus_options_rebuild_the_same_ids() {
        for num in [Dyadic::ZERO, Dyadic::int(1), Dyadic::new(-3, 2).unwrap()] {
            for ups in -4..=4 {
                for nim in 0..9 {
                    let v = GameId::nus(Nus { num, ups, nim });
                    let (l, r) = v.options();
                    assert_eq!(g(&l, &r), v, "{num} {ups} {nim}");
                }
            }
        }
    }

    #[test]
    fn numbers_beyond_the_range_are_refused_not_wrapped() {
        // {0 | {0 | ... {0 | 1}}} nested k deep is 2^-k: fine up to k = 62, refused at 63
        // (the example printed 1 + 2^-63 as a negative fraction).
        let mut e = GameId::integer(1);
        for _ in 0..62 {
            e = g(&[zero()], &[e]);
        }
        assert_eq!(e, GameId::number(Dyadic::new(1, 62).unwrap()));
        assert_eq!(GameId::from_options(&[zero()], &[e]), Err(Limit::Number));
        // 1 + 2^-62 needs a numerator of 2^62 + 1.
        assert_eq!(e.checked_add(GameId::integer(1)), Err(Limit::Number));
        let big = GameId::number(Dyadic::try_int((1 << 62) - 1).unwrap());
        assert_eq!(GameId::from_options(&[big], &[]), Err(Limit::Number));
        assert_eq!(big.checked_add(GameId::integer(1)), Err(Limit::Number));
        assert_eq!((-big).checked_sub(GameId::integer(1)), Err(Limit::Number));
        // A general game whose sum needs an out-of-range number fails as a whole.
        let hot = g(&[big], &[-big]);
        assert_eq!(hot.checked_add(GameId::integer(1)), Err(Limit::Number));
        assert_eq!(GameId::ups(MAX_UPS).checked_add(up()), Err(Limit::Ups));
    }
}
