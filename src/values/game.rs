//! Short partizan game values in canonical form, hash-consed into one store shared by
//! all threads: a value is a copyable [`GameId`], and equal values have equal ids, so
//! equality is an id compare and a transposition table can map positions to ids.
//!
//! Numbers, nimbers and their sums with multiples of ↑ ("number-up-star", [`Nus`]) are
//! stored compactly as `(number, ups, nimber)` and added and compared arithmetically;
//! their canonical options are derived on demand. Every other value is stored as its
//! canonical left and right options (dominated options removed, reversible ones
//! bypassed). Sums, negations and comparisons are memoised in concurrent maps (dashmap
//! shards, no global lock); the store itself is an append-only chunked vector, so
//! reading a value never locks. Results do not depend on the number of threads: a value's
//! canonical form is unique, whichever thread interns it first.
//!
//! Definitions: Winning Ways ch. 1–3, Siegel, *Combinatorial Game Theory* ch. II.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use std::ops::{Add, Neg};

use dashmap::DashMap;

use super::dyadic::Dyadic;

/// A short game value: an index into the shared store. Equal values have equal ids.
/// (`Ord` on ids is only a storage order for sorting option lists; the game order is
/// [`GameId::leq`].)
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

/// A number-up-star sum `num + ups·↑ + *nim`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    pub num: Dyadic,
    pub ups: i32,
    pub nim: u32,
}

impl Nus {
    pub fn number(num: Dyadic) -> Nus {
        Nus {
            num,
            ups: 0,
            nim: 0,
        }
    }

    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    fn add(self, o: Nus) -> Nus {
        Nus {
            num: self.num + o.num,
            ups: self
                .ups
                .checked_add(o.ups)
                .expect("up multiple out of range"),
            nim: self.nim ^ o.nim,
        }
    }

    fn neg(self) -> Nus {
        Nus {
            num: -self.num,
            ups: -self.ups,
            nim: self.nim,
        }
    }

    /// Sign of the value: `Some(Ordering)` against 0, or `None` if confused with 0.
    /// x + u·↑ + *m: the number decides if non-zero; else ↑-multiples of 2 or more decide,
    /// ↑ + *m is positive unless m = 1 (↑* is fuzzy), and *m (m ≠ 0) is fuzzy
    /// (Winning Ways ch. 3).
    fn sign(&self) -> Option<std::cmp::Ordering> {
        use std::cmp::Ordering::*;
        if !self.num.is_zero() {
            return Some(if self.num > Dyadic::ZERO {
                Greater
            } else {
                Less
            });
        }
        match (self.ups.unsigned_abs(), self.nim) {
            (0, 0) => Some(Equal),
            (0, _) => None,
            (1, 1) => None,
            _ => Some(if self.ups > 0 { Greater } else { Less }),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Node {
    Nus(Nus),
    /// Canonical options, sorted by id; never equal to a number-up-star.
    General(Box<[GameId]>, Box<[GameId]>),
}

/// An append-only vector readable without locks: chunk `c` holds `BASE << c` slots.
struct AppendVec<T> {
    chunks: [OnceLock<Box<[OnceLock<T>]>>; 40],
    len: AtomicUsize,
}

const BASE: usize = 1024;

impl<T> AppendVec<T> {
    fn new() -> Self {
        AppendVec {
            chunks: std::array::from_fn(|_| OnceLock::new()),
            len: AtomicUsize::new(0),
        }
    }

    fn locate(i: usize) -> (usize, usize) {
        let j = i / BASE + 1;
        let c = (usize::BITS - 1 - j.leading_zeros()) as usize;
        (c, i - BASE * ((1 << c) - 1))
    }

    fn push(&self, value: T) -> usize {
        let i = self.len.fetch_add(1, Ordering::SeqCst);
        let (c, off) = Self::locate(i);
        let chunk =
            self.chunks[c].get_or_init(|| (0..BASE << c).map(|_| OnceLock::new()).collect());
        if chunk[off].set(value).is_err() {
            unreachable!("slot {i} written twice");
        }
        i
    }

    fn get(&self, i: usize) -> &T {
        let (c, off) = Self::locate(i);
        self.chunks[c]
            .get()
            .and_then(|ch| ch[off].get())
            .expect("GameId from this store")
    }

    fn len(&self) -> usize {
        self.len.load(Ordering::SeqCst)
    }
}

type Options = (Box<[GameId]>, Box<[GameId]>);

/// A stored value: its node, and for a number-up-star its canonical options once derived.
struct Entry {
    node: Node,
    nus_options: OnceLock<Options>,
}

struct Store {
    nodes: AppendVec<Entry>,
    intern: DashMap<Node, GameId>,
    sums: DashMap<(GameId, GameId), GameId>,
    le: DashMap<(GameId, GameId), bool>,
    negs: DashMap<GameId, GameId>,
    stops: DashMap<GameId, (Dyadic, Dyadic)>,
    birthdays: DashMap<GameId, u32>,
    max_nims: DashMap<GameId, u32>,
    weights: DashMap<GameId, (GameId, bool)>,
    atomic: DashMap<GameId, bool>,
}

fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store {
        nodes: AppendVec::new(),
        intern: DashMap::new(),
        sums: DashMap::new(),
        le: DashMap::new(),
        negs: DashMap::new(),
        stops: DashMap::new(),
        birthdays: DashMap::new(),
        max_nims: DashMap::new(),
        weights: DashMap::new(),
        atomic: DashMap::new(),
    })
}

fn intern(node: Node) -> GameId {
    let s = store();
    if let Some(id) = s.intern.get(&node) {
        return *id;
    }
    *s.intern.entry(node.clone()).or_insert_with(|| {
        let entry = Entry {
            node,
            nus_options: OnceLock::new(),
        };
        GameId(u32::try_from(s.nodes.push(entry)).expect("more than 2^32 game values"))
    })
}

/// Number of distinct values stored so far (all threads).
pub fn stored_values() -> usize {
    store().nodes.len()
}

impl GameId {
    /// The number-up-star `nus`.
    pub fn nus(nus: Nus) -> GameId {
        intern(Node::Nus(nus))
    }

    pub fn zero() -> GameId {
        GameId::nus(Nus::number(Dyadic::ZERO))
    }

    pub fn integer(n: i64) -> GameId {
        GameId::nus(Nus::number(Dyadic::int(n)))
    }

    pub fn number(d: Dyadic) -> GameId {
        GameId::nus(Nus::number(d))
    }

    pub fn nimber(m: u32) -> GameId {
        GameId::nus(Nus {
            num: Dyadic::ZERO,
            ups: 0,
            nim: m,
        })
    }

    /// `u·↑` (negative u: `|u|·↓`).
    pub fn ups(u: i32) -> GameId {
        GameId::nus(Nus {
            num: Dyadic::ZERO,
            ups: u,
            nim: 0,
        })
    }

    /// The number-up-star this value is, if it is one.
    pub fn as_nus(self) -> Option<Nus> {
        match &store().nodes.get(self.0 as usize).node {
            Node::Nus(n) => Some(*n),
            Node::General(..) => None,
        }
    }

    pub fn as_number(self) -> Option<Dyadic> {
        self.as_nus().filter(|n| n.is_number()).map(|n| n.num)
    }

    /// The canonical left and right options, borrowed from the store (which lives as
    /// long as the program and never moves a value).
    pub fn sides(self) -> (&'static [GameId], &'static [GameId]) {
        let entry = store().nodes.get(self.0 as usize);
        match &entry.node {
            Node::General(l, r) => (l, r),
            Node::Nus(n) => {
                let o = entry.nus_options.get_or_init(|| {
                    let (l, r) = nus_options(*n);
                    (l.into(), r.into())
                });
                (&o.0, &o.1)
            }
        }
    }

    /// The canonical left and right options.
    pub fn options(self) -> (Vec<GameId>, Vec<GameId>) {
        let (l, r) = self.sides();
        (l.to_vec(), r.to_vec())
    }

    pub fn left_options(self) -> &'static [GameId] {
        self.sides().0
    }

    pub fn right_options(self) -> &'static [GameId] {
        self.sides().1
    }

    /// The value `{left | right}` (any options), in canonical form.
    pub fn from_options(left: &[GameId], right: &[GameId]) -> GameId {
        let (l, r) = canonicalize(left.to_vec(), right.to_vec());
        recognise(l, r)
    }

    fn negated(self) -> GameId {
        if let Some(n) = self.as_nus() {
            return GameId::nus(n.neg());
        }
        if let Some(v) = store().negs.get(&self) {
            return *v;
        }
        let (l, r) = self.sides();
        let mut nl: Vec<GameId> = r.iter().map(|g| g.neg()).collect();
        let mut nr: Vec<GameId> = l.iter().map(|g| g.neg()).collect();
        nl.sort_unstable();
        nr.sort_unstable();
        // The negative of a canonical form is canonical, and not a number-up-star.
        let v = intern(Node::General(nl.into(), nr.into()));
        store().negs.insert(self, v);
        v
    }

    fn plus(self, other: GameId) -> GameId {
        if let (Some(a), Some(b)) = (self.as_nus(), other.as_nus()) {
            return GameId::nus(a.add(b));
        }
        let key = if self <= other {
            (self, other)
        } else {
            (other, self)
        };
        if let Some(v) = store().sums.get(&key) {
            return *v;
        }
        let (a, b) = key;
        let (al, ar) = a.sides();
        let (bl, br) = b.sides();
        // Number avoidance: never move in a number component while the other is not one.
        let (a_num, b_num) = (a.as_number().is_some(), b.as_number().is_some());
        let mut l = Vec::new();
        let mut r = Vec::new();
        if !a_num || b_num {
            l.extend(al.iter().map(|x| x.add(b)));
            r.extend(ar.iter().map(|x| x.add(b)));
        }
        if !b_num || a_num {
            l.extend(bl.iter().map(|y| a.add(*y)));
            r.extend(br.iter().map(|y| a.add(*y)));
        }
        let v = GameId::from_options(&l, &r);
        store().sums.insert(key, v);
        v
    }

    /// `self ≤ other`.
    pub fn leq(self, other: GameId) -> bool {
        if self == other {
            return true;
        }
        if let (Some(a), Some(b)) = (self.as_nus(), other.as_nus()) {
            return matches!(
                a.add(b.neg()).sign(),
                Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
            );
        }
        if let Some(v) = store().le.get(&(self, other)) {
            return *v;
        }
        // G ≤ H iff no H^R ≤ G and no G^L ≥ H.
        let v = !other.right_options().iter().any(|hr| hr.leq(self))
            && !self.left_options().iter().any(|gl| other.leq(*gl));
        store().le.insert((self, other), v);
        v
    }

    pub fn geq(self, other: GameId) -> bool {
        other.leq(self)
    }

    pub fn less(self, other: GameId) -> bool {
        self.leq(other) && self != other
    }

    pub fn greater(self, other: GameId) -> bool {
        other.less(self)
    }

    /// Confused with (incomparable to) `other`.
    pub fn confused(self, other: GameId) -> bool {
        !self.leq(other) && !other.leq(self)
    }
}

impl GameId {
    /// Outcome class: L if G > 0, R if G < 0, P if G = 0, N if G ‖ 0.
    pub fn outcome(self) -> super::Outcome {
        let z = GameId::zero();
        match (z.leq(self), self.leq(z)) {
            (true, true) => super::Outcome::P,
            (true, false) => super::Outcome::L,
            (false, true) => super::Outcome::R,
            (false, false) => super::Outcome::N,
        }
    }

    /// Birthday: 0 for 0, else 1 + the largest birthday of a canonical option.
    pub fn birthday(self) -> u32 {
        if let Some(x) = self.as_number() {
            // n is born on day |n|; m/2^k (k ≥ 1) on day ⌊|x|⌋ + k + 1.
            let a = if x < Dyadic::ZERO { -x } else { x };
            return if a.is_integer() {
                a.num() as u32
            } else {
                a.floor() as u32 + a.exp() + 1
            };
        }
        if let Some(b) = store().birthdays.get(&self) {
            return *b;
        }
        let (l, r) = self.sides();
        let b = 1 + l.iter().chain(r).map(|g| g.birthday()).max().unwrap_or(0);
        store().birthdays.insert(self, b);
        b
    }

    /// (left stop, right stop): the number reached when Left (Right) starts and both
    /// play to stop as soon as a number is reached (Winning Ways ch. 6).
    pub fn stops(self) -> (Dyadic, Dyadic) {
        if let Some(x) = self.as_number() {
            return (x, x);
        }
        if let Some(s) = store().stops.get(&self) {
            return *s;
        }
        let (l, r) = self.sides();
        let ls = l
            .iter()
            .map(|g| g.stops().1)
            .max()
            .expect("a non-number has left options");
        let rs = r
            .iter()
            .map(|g| g.stops().0)
            .min()
            .expect("a non-number has right options");
        store().stops.insert(self, (ls, rs));
        (ls, rs)
    }

    /// Infinitesimal: between −x and x for every positive number x, i.e. both stops 0.
    pub fn is_infinitesimal(self) -> bool {
        self.stops() == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// The largest nimber index occurring anywhere in the canonical form.
    fn max_nim(self) -> u32 {
        if let Some(m) = store().max_nims.get(&self) {
            return *m;
        }
        let own = self.as_nus().map_or(0, |n| n.nim);
        let (l, r) = self.sides();
        let m = l
            .iter()
            .chain(r)
            .map(|g| g.max_nim())
            .max()
            .unwrap_or(0)
            .max(own);
        store().max_nims.insert(self, m);
        m
    }

    /// The atomic weight as RULES.md defines it (McCurdy & Nowakowski after Berlekamp,
    /// Conway and Guy): G0 = {aw(G^L) − 2 | aw(G^R) + 2}, except that when G0 is an
    /// integer and G is comparable with a remote star ★ (a nimber larger than every one
    /// in G), G > ★ gives the largest integer x with x ≱ every aw(G^R) + 2, and G < ★ the
    /// least integer x with x ≰ every aw(G^L) − 2. For u·↑ + *m it is u.
    ///
    /// `None` when G is not infinitesimal: such a value has no atomic weight (CGSuite
    /// says "not atomic" for 5, -1/2, 9/8*, 6^*, {3||2*|1*}).
    ///
    /// An infinitesimal that is not all-small may have options that are numbers or hot
    /// ({0||0|-3/2} has the right option {0|-3/2}). The calculus is then applied to
    /// them formally, as Berlekamp and Spight do by hand for Go infinitesimals and as
    /// CGSuite's value for {0||0|-3/2} (= 0) requires: a number option weighs 0, any
    /// other option gets the same rule recursively, with the remote star taken for
    /// that option. The formal value W is only accepted if G is consistent with it:
    /// for k = 1 and 2, k·G − p·↑ > ★ for every integer p ≤ k·W − 1 and k·G − p·↑ < ★
    /// for every integer p ≥ k·W + 1 (every all-small game passes: aw is additive and
    /// aw ≥ 1 puts a game above a remote star, aw ≤ −1 below it). Otherwise G is
    /// [`NoWeight::NotAtomic`]: e.g. A = {{1*|*}|{{*|v}|0}} gets W = −1/2 from the
    /// calculus, yet A + A is confused with ★, which no game of weight −1 is; taking W
    /// would break additivity, so we answer "none" rather than a weight that misleads.
    pub fn atomic_weight(self) -> Option<GameId> {
        self.atomic_weight_or_reason().ok()
    }

    /// [`GameId::atomic_weight`], with the reason when there is none.
    pub fn atomic_weight_or_reason(self) -> Result<GameId, NoWeight> {
        if !self.is_infinitesimal() {
            return Err(NoWeight::NotInfinitesimal);
        }
        let (w, all_small) = self.formal_weight();
        if all_small {
            return Ok(w);
        }
        let s = store();
        let atomic = match s.atomic.get(&self) {
            Some(a) => *a,
            None => {
                let a = weight_is_consistent(self, w) && weight_is_consistent(self + self, w + w);
                s.atomic.insert(self, a);
                a
            }
        };
        if atomic {
            Ok(w)
        } else {
            Err(NoWeight::NotAtomic { candidate: w })
        }
    }

    /// The atomic-weight calculus applied to any canonical form (see
    /// [`GameId::atomic_weight`]), and whether the form is all-small: numbers weigh 0,
    /// u·↑ + *m weighs u, anything else is computed from its options. Memoised.
    fn formal_weight(self) -> (GameId, bool) {
        if let Some(n) = self.as_nus() {
            if n.num.is_zero() {
                return (GameId::integer(n.ups as i64), true);
            }
            if n.is_number() {
                return (GameId::zero(), false);
            }
        }
        if let Some(w) = store().weights.get(&self) {
            return *w;
        }
        let w = self.compute_formal_weight();
        store().weights.insert(self, w);
        w
    }

    fn compute_formal_weight(self) -> (GameId, bool) {
        let two = GameId::integer(2);
        let (l, r) = self.sides();
        let mut all_small = !l.is_empty() && !r.is_empty();
        let mut weigh = |g: &GameId| {
            let (w, small) = g.formal_weight();
            all_small &= small;
            w
        };
        let la: Vec<GameId> = l.iter().map(|g| weigh(g) - two).collect();
        let ra: Vec<GameId> = r.iter().map(|g| weigh(g) + two).collect();
        let g0 = GameId::from_options(&la, &ra);
        if g0.as_number().is_some_and(|x| x.is_integer()) {
            let zero = GameId::zero();
            // G > ★ iff G − ★ > 0, and −★ = ★.
            let diff = self + self.remote_star();
            if diff.greater(zero) && !ra.is_empty() {
                // x ≥ H holds from some integer t_H on: the answer is min t_H − 1.
                let t = ra.iter().map(|h| threshold_ge(*h)).min().unwrap();
                return (GameId::integer(t - 1), all_small);
            }
            if diff.less(zero) && !la.is_empty() {
                // x ≤ H holds up to some integer s_H: the answer is max s_H + 1.
                let s = la.iter().map(|h| threshold_le(*h)).max().unwrap();
                return (GameId::integer(s + 1), all_small);
            }
        }
        (g0, all_small)
    }

    /// A nimber larger than every nimber in G (and than the * inside ↑), so that
    /// comparisons with it stand for all remote stars.
    fn remote_star(self) -> GameId {
        GameId::nimber(2 * (self.max_nim() + 1).next_power_of_two())
    }
}

/// Why a value has no atomic weight ([`GameId::atomic_weight_or_reason`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoWeight {
    /// Not infinitesimal (a stop is not 0): atomic weights measure infinitesimals only.
    NotInfinitesimal,
    /// Infinitesimal, but the calculus's `candidate` fails the consistency check, so
    /// the value is not atomic.
    NotAtomic { candidate: GameId },
}

/// Whether G sits where a game of atomic weight W must: G − p·↑ > ★ for the largest
/// integer p with p + 1 ≤ W (hence for all smaller p) and G − p·↑ < ★ for the least
/// integer p with p − 1 ≥ W (hence for all larger p).
fn weight_is_consistent(g: GameId, w: GameId) -> bool {
    let zero = GameId::zero();
    let star = g.remote_star();
    let below = threshold_le(w) - 1;
    let above = threshold_ge(w) + 1;
    let shifted = |p: i64| g - GameId::ups(i32::try_from(p).expect("weight out of range")) + star;
    shifted(below).greater(zero) && shifted(above).less(zero)
}

/// The least integer x with x ≥ h (exists: every x above h's left stop is).
fn threshold_ge(h: GameId) -> i64 {
    let (ls, rs) = h.stops();
    let mut x = rs.floor() - 1;
    while !GameId::integer(x).geq(h) {
        x += 1;
        debug_assert!(Dyadic::int(x) <= ls + Dyadic::int(2));
    }
    x
}

/// The largest integer x with x ≤ h.
fn threshold_le(h: GameId) -> i64 {
    let (ls, _) = h.stops();
    let mut x = ls.ceil() + 1;
    while !GameId::integer(x).leq(h) {
        x -= 1;
    }
    x
}

impl std::ops::Add for GameId {
    type Output = GameId;
    /// The disjunctive sum (memoised).
    fn add(self, other: GameId) -> GameId {
        self.plus(other)
    }
}

impl std::ops::Neg for GameId {
    type Output = GameId;
    fn neg(self) -> GameId {
        self.negated()
    }
}

impl std::ops::Sub for GameId {
    type Output = GameId;
    fn sub(self, other: GameId) -> GameId {
        self.plus(other.negated())
    }
}

/// Canonical options of a number-up-star (Winning Ways ch. 2–3):
/// an integer n > 0 is {n−1 |}, n < 0 is {| n+1}; a dyadic m/2^k is {(m−1)/2^k | (m+1)/2^k};
/// x + *m is {x + *k | x + *k} over k < m; x + u·↑ + *m with u > 0 is the canonical form of
/// the sum of u·↑ = {0 | (u−1)·↑*}, *m and x (number avoidance: x is not moved in), i.e. of
/// {x + *m, x + u↑ + *k (k < m) | x + (u−1)↑ + *(m⊕1), x + u↑ + *k (k < m)}; u < 0 by negation.
fn nus_options(n: Nus) -> (Vec<GameId>, Vec<GameId>) {
    let x = n.num;
    if n.ups < 0 {
        let (l, r) = GameId::nus(n.neg()).sides();
        return (
            r.iter().map(|g| g.neg()).collect(),
            l.iter().map(|g| g.neg()).collect(),
        );
    }
    let with = |ups: i32, nim: u32| GameId::nus(Nus { num: x, ups, nim });
    if n.ups == 0 && n.nim == 0 {
        if x.is_integer() {
            let v = x.num();
            return match v.cmp(&0) {
                std::cmp::Ordering::Greater => (vec![GameId::integer(v - 1)], vec![]),
                std::cmp::Ordering::Less => (vec![], vec![GameId::integer(v + 1)]),
                std::cmp::Ordering::Equal => (vec![], vec![]),
            };
        }
        return (
            vec![GameId::number(Dyadic::new(x.num() - 1, x.exp()))],
            vec![GameId::number(Dyadic::new(x.num() + 1, x.exp()))],
        );
    }
    if n.ups == 0 {
        let opts: Vec<GameId> = (0..n.nim).map(|k| with(0, k)).collect();
        return (opts.clone(), opts);
    }
    let mut l = vec![with(0, n.nim)];
    let mut r = vec![with(n.ups - 1, n.nim ^ 1)];
    for k in 0..n.nim {
        l.push(with(n.ups, k));
        r.push(with(n.ups, k));
    }
    canonicalize(l, r)
}

/// `x ≤ {L | R}` for a form given by its options: no x^L ≥ G and no G^R ≤ x.
fn le_id_form(x: GameId, l: &[GameId], r: &[GameId]) -> bool {
    !r.iter().any(|gr| gr.leq(x)) && !x.left_options().iter().any(|xl| le_form_id(l, r, *xl))
}

/// `{L | R} ≤ y`: no G^L ≥ y and no y^R ≤ G.
fn le_form_id(l: &[GameId], r: &[GameId], y: GameId) -> bool {
    !l.iter().any(|gl| y.leq(*gl)) && !y.right_options().iter().any(|yr| le_id_form(*yr, l, r))
}

/// Keeps the maximal (`left`) or minimal options, without duplicates.
fn undominated(opts: Vec<GameId>, left: bool) -> Vec<GameId> {
    let mut v = opts;
    v.sort_unstable();
    v.dedup();
    let keep: Vec<bool> = (0..v.len())
        .map(|i| {
            !(0..v.len()).any(|j| j != i && if left { v[i].leq(v[j]) } else { v[j].leq(v[i]) })
        })
        .collect();
    v.into_iter()
        .zip(keep)
        .filter(|&(_, k)| k)
        .map(|(g, _)| g)
        .collect()
}

/// Canonical options of `{left | right}` (whose options are canonical values): remove
/// dominated options and bypass reversible ones until neither applies.
fn canonicalize(mut l: Vec<GameId>, mut r: Vec<GameId>) -> (Vec<GameId>, Vec<GameId>) {
    loop {
        l = undominated(l, true);
        r = undominated(r, false);
        let mut changed = false;
        // A left option A is reversible through A^R ≤ G: replace A by A^R's left options.
        let mut new_l = Vec::with_capacity(l.len());
        for &a in &l {
            match a.right_options().iter().find(|ar| le_id_form(**ar, &l, &r)) {
                Some(ar) => {
                    new_l.extend(ar.left_options());
                    changed = true;
                }
                None => new_l.push(a),
            }
        }
        let mut new_r = Vec::with_capacity(r.len());
        for &b in &r {
            match b.left_options().iter().find(|bl| le_form_id(&l, &r, **bl)) {
                Some(bl) => {
                    new_r.extend(bl.right_options());
                    changed = true;
                }
                None => new_r.push(b),
            }
        }
        l = new_l;
        r = new_r;
        if !changed {
            l = undominated(l, true);
            r = undominated(r, false);
            return (l, r);
        }
    }
}

/// The id of the canonical form `{l | r}` (sorted, undominated, no reversible options):
/// a number-up-star if it is one, else a general node.
fn recognise(mut l: Vec<GameId>, mut r: Vec<GameId>) -> GameId {
    l.sort_unstable();
    r.sort_unstable();
    // Numbers: options all numbers with max L < min R give the simplest number between.
    let nums = |v: &[GameId]| {
        v.iter()
            .map(|g| g.as_number())
            .collect::<Option<Vec<Dyadic>>>()
    };
    if let (Some(ln), Some(rn)) = (nums(&l), nums(&r)) {
        let lo = ln.iter().copied().max();
        let hi = rn.iter().copied().min();
        if let Some(x) = Dyadic::simplest_between(lo, hi) {
            return GameId::number(x);
        }
    }
    // Other number-up-stars: all options are number-up-stars with one number part x;
    // try the few candidates near the options' up multiples and nimbers.
    let all: Vec<Nus> = match l
        .iter()
        .chain(&r)
        .map(|g| g.as_nus())
        .collect::<Option<Vec<Nus>>>()
    {
        Some(v) if !v.is_empty() => v,
        _ => return intern(Node::General(l.into(), r.into())),
    };
    let x = all[0].num;
    if all.iter().all(|n| n.num == x) {
        let lo_u = all.iter().map(|n| n.ups).min().unwrap() - 1;
        let hi_u = all.iter().map(|n| n.ups).max().unwrap() + 1;
        let max_nim = all.iter().map(|n| n.nim).max().unwrap();
        let nim_bound = (max_nim + 1).next_power_of_two() * 2;
        for ups in lo_u..=hi_u {
            for nim in 0..nim_bound {
                if ups == 0 && nim == 0 {
                    continue;
                }
                let cand = GameId::nus(Nus { num: x, ups, nim });
                let (mut cl, mut cr) = cand.options();
                cl.sort_unstable();
                cr.sort_unstable();
                if cl == l && cr == r {
                    return cand;
                }
            }
        }
    }
    intern(Node::General(l.into(), r.into()))
}

/// RULES.md notation: numbers (`-2`, `3/4`), then ups (`^`, `v`, `^2`, `v3`), then a
/// nimber (`*`, `*2`): `^*`, `v2*3`, `1/2^*`; `0` for zero; any other value
/// `{L1, L2|R1, R2}` with its canonical options.
impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.as_nus() {
            Some(n) => {
                let mut s = String::new();
                if !n.num.is_zero() || (n.ups == 0 && n.nim == 0) {
                    s.push_str(&n.num.to_string());
                }
                match n.ups {
                    0 => {}
                    1 => s.push('^'),
                    -1 => s.push('v'),
                    u if u > 0 => s.push_str(&format!("^{u}")),
                    u => s.push_str(&format!("v{}", -u)),
                }
                match n.nim {
                    0 => {}
                    1 => s.push('*'),
                    m => s.push_str(&format!("*{m}")),
                }
                f.write_str(&s)
            }
            None => {
                // Options in the order of their notation, not of their ids: ids depend on
                // which thread met a value first, the printed value must not.
                let (l, r) = self.sides();
                let join = |v: &[GameId]| {
                    let mut parts: Vec<String> = v.iter().map(|g| g.to_string()).collect();
                    parts.sort_unstable();
                    parts.join(", ")
                };
                write!(f, "{{{}|{}}}", join(l), join(r))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::Sub;

    fn up() -> GameId {
        GameId::ups(1)
    }
    fn star() -> GameId {
        GameId::nimber(1)
    }
    fn zero() -> GameId {
        GameId::zero()
    }

    #[test]
    fn textbook_identities() {
        // Winning Ways ch. 2-3; Lessons in Play ch. 4-5; Siegel CGT ch. II.
        // ↑ = {0|*}
        assert_eq!(GameId::from_options(&[zero()], &[star()]), up());
        // ↑ + ↑ = ⇑ = {0|↑*}
        assert_eq!(up().add(up()), GameId::ups(2));
        assert_eq!(
            GameId::from_options(&[zero()], &[up().add(star())]),
            GameId::ups(2)
        );
        // * + * = 0
        assert_eq!(star().add(star()), zero());
        // {0|1} = 1/2, {0|} = 1, {|0} = -1, {1|} = 2
        assert_eq!(
            GameId::from_options(&[zero()], &[GameId::integer(1)]),
            GameId::number(Dyadic::new(1, 1))
        );
        assert_eq!(GameId::from_options(&[zero()], &[]), GameId::integer(1));
        assert_eq!(GameId::from_options(&[], &[zero()]), GameId::integer(-1));
        // {0|0} = *, {0,*|0,*} = *2, {0,*|0} = ↑*
        assert_eq!(GameId::from_options(&[zero()], &[zero()]), star());
        assert_eq!(
            GameId::from_options(&[zero(), star()], &[zero(), star()]),
            GameId::nimber(2)
        );
        assert_eq!(
            GameId::from_options(&[zero(), star()], &[zero()]),
            up().add(star())
        );
        // {1|-1} is hot: confused with 0; ↑* is confused with 0; ⇑* > 0; ↑ > 0.
        let hot = GameId::from_options(&[GameId::integer(1)], &[GameId::integer(-1)]);
        assert!(hot.as_nus().is_none());
        assert!(hot.confused(zero()));
        assert!(up().add(star()).confused(zero()));
        assert!(GameId::ups(2).add(star()).greater(zero()));
        assert!(up().greater(zero()) && up().less(GameId::number(Dyadic::new(1, 5))));
        // Reversible option bypassed: {0, {0|*}... } and a dominated one removed:
        // {0, -1 | 1} = {0 | 1} = 1/2.
        assert_eq!(
            GameId::from_options(&[zero(), GameId::integer(-1)], &[GameId::integer(1)]),
            GameId::number(Dyadic::new(1, 1))
        );
        // G - G = 0 for a general value.
        assert_eq!(hot.sub(hot), zero());
        let g = GameId::from_options(&[zero(), up().add(star())], &[zero()]);
        assert_eq!(g.sub(g), zero());
    }

    #[test]
    fn nus_options_rebuild_the_same_ids() {
        for num in [Dyadic::ZERO, Dyadic::int(1), Dyadic::new(-3, 2)] {
            for ups in -4..=4 {
                for nim in 0..9 {
                    let v = GameId::nus(Nus { num, ups, nim });
                    let (l, r) = v.options();
                    assert_eq!(GameId::from_options(&l, &r), v, "{num} {ups} {nim}");
                }
            }
        }
    }
}
