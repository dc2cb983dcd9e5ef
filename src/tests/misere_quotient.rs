//! Misère quotients of octal games (`octal CODE --quotient --max N`) against published
//! quotients and against Siegel's MisereSolver.
//!
//! Sources:
//! - Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
//!   #G05: the quotient of 0.75 is R8 = <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2> with
//!   P = {a, b^2}; the tame quotient of misère Nim on heaps 1 and 2 (equivalently 1..3) is
//!   <a,b | a^2=1, b^3=b> with P = {a, b^2}. Siegel, "The structure and classification of
//!   misère quotients" (arXiv math/0703070): a quotient with |P| = 2 has order 2^n + 2 or
//!   2^n + 4, and the tame quotients of Nim on heaps below 2^n have order 2^n + 2.
//! - MisereSolver, A. N. Siegel (CGSuite repository aaron-siegel/cgsuite, commit e909ab8b,
//!   lib/core/src/main/scala/org/cgsuite/core/misere/solver), run on the same codes and
//!   heap bounds with a shim for the octal rules (it is not built by this project: see
//!   the README): its printed presentation, |Q|, |P| and heap elements are quoted below,
//!   with its `a2` written `a^2`.

use crate::common;

use common::cli::{assert_usage_error, run, stderr, stdout};

fn quotient(code: &str, max: u32) -> String {
    let o = run(
        &["octal", code, "--quotient", "--max", &max.to_string()],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

fn line<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line {prefix:?} in\n{out}"))
}

#[test]
fn dot_75_is_r8_and_stabilises() {
    // Plambeck 2005: R8, P = {a, b^2}.
    let out = quotient("0.75", 40);
    assert_eq!(line(&out, "Q = "), "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>");
    assert_eq!(line(&out, "|Q| = "), "8, |P| = 2; P = {a, b^2}");
    assert!(out.contains("STABILISED"), "{out}");
    // MisereSolver's heap elements for heaps 0..=16.
    let heaps = line(&out, "heaps 0..=40: ");
    assert!(
        heaps.starts_with("1 a b a b c b c b ab^2 b ab^2 b ab^2 b ab^2 b"),
        "{heaps}"
    );
}

#[test]
fn misere_nim_is_tame() {
    // Nim on heaps below 2^k is 0.33…3 with 2^k - 1 digits: the tame quotient, order
    // 2^k + 2, P = {a, b^2} (Plambeck 2005; Siegel, arXiv math/0703070).
    let out = quotient("0.333", 3);
    assert_eq!(line(&out, "Q = "), "<a,b | a^2=1, b^3=b>");
    assert_eq!(line(&out, "|Q| = "), "6, |P| = 2; P = {a, b^2}");
    for (code, order) in [("0.3333333", 10), ("0.333333333333333", 18)] {
        let max = code.len() as u32 - 2;
        let out = quotient(code, max);
        assert_eq!(
            line(&out, "|Q| = "),
            format!("{order}, |P| = 2; P = {{a, b^2}}"),
            "{code}"
        );
    }
}

#[test]
fn kayles_agrees_with_miseresolver() {
    // MisereSolver, 0.77 to heap 120: |Q| = 40, |P| = 9, this presentation and P.
    let out = quotient("0.77", 120);
    assert_eq!(
        line(&out, "Q = "),
        "<a,b,c,d,e,f,g | a^2=1, b^3=b, bc^2=b, c^3=c, bd=bc, cd=b^2, d^3=d, be=bc, \
         ce=b^2, e^2=de, bf=ab, cf=ab^2c, d^2f=f, f^2=b^2, b^2g=g, c^2g=g, dg=cg, eg=cg, \
         fg=ag, g^2=b^2>"
    );
    assert_eq!(
        line(&out, "|Q| = "),
        "40, |P| = 9; P = {a, b^2, ac, ac^2, d, ad^2, e, ade, adf}"
    );
    let heaps = line(&out, "heaps 0..=120: ");
    assert!(
        heaps.starts_with(
            "1 a b ab a c ab b ab^2 d b bc e ab^2 b abc ab^2 d^2e ab b ade b^2c bc abc \
             b^2c f b g ab^2c"
        ),
        "{heaps}"
    );
    // Normal-play Kayles is periodic (period 12) after its last exception at 70 (Winning
    // Ways ch. 4): so are the heap elements, but 120 heaps are too few for the theorem.
    assert!(out.contains("NOT STABILISED"), "{out}");
    let out = quotient("0.77", 200);
    assert!(
        out.contains("periodic with period 12 from heap 71"),
        "{out}"
    );
    assert!(out.contains("STABILISED: "), "{out}");
}

#[test]
fn wild_games_agree_with_miseresolver() {
    // (code, heaps, |Q|, |P|, MisereSolver's presentation where short enough to quote)
    let cases: [(&str, u32, &str, Option<&str>); 6] = [
        (
            "0.07",
            24,
            "24, |P| = 5; P = {a, b^2, ac, ad, acd}",
            Some("<a,b,c,d | a^2=1, b^4=b^2, b^2c=ab^3, c^2=1, d^2=1>"),
        ),
        ("0.07", 26, "144, |P| = 23", None),
        ("0.137", 27, "176, |P| = 28", None),
        ("0.54", 40, "120, |P| = 26", None),
        ("0.71", 40, "36, |P| = 9", None),
        ("0.26", 40, "180, |P| = 45", None),
    ];
    for (code, max, sizes, pres) in cases {
        let out = quotient(code, max);
        assert!(line(&out, "|Q| = ").starts_with(sizes), "{code}: {out}");
        if let Some(p) = pres {
            assert_eq!(line(&out, "Q = "), p, "{code}");
        }
    }
    // Dawson's Kayles grows: no period by heap 24.
    let out = quotient("0.07", 24);
    assert!(out.contains("NOT STABILISED as far as computed"), "{out}");
}

#[test]
fn bad_requests_are_usage_errors() {
    let o = run(
        &["octal", "0.77", "--quotient", "--misere", "--max", "5"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_usage_error(
        &run(&["octal", "0.77", "--quotient", "--max", "0"], None),
        "--max",
    );
    assert_usage_error(
        &run(&["octal", "0.8", "--quotient", "--max", "5"], None),
        "hexadecimal",
    );
}
