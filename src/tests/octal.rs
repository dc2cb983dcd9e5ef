//! Octal games against published nim-sequences and periods, and the fast method against
//! the reference method.

use gamecensus::jobs::sweep::codes as sweep_codes;
use gamecensus::octal::nim::{Split, reference, sparse};
use gamecensus::octal::{Method, OctalCode, Periodicity, analyse};
use proptest::prelude::*;
use rayon::prelude::*;

fn code(s: &str) -> OctalCode {
    OctalCode::parse(s).unwrap()
}

fn fast(s: &str, max: usize) -> Vec<u32> {
    sparse(&code(s), max, None, &|_| {}).values
}

/// RULES.md, "Kayles and octal games" (Guy & Smith 1956; OEIS A002186): Kayles 0.77,
/// n = 0..83.
const KAYLES: [u32; 84] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, //
    4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, //
    4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, //
    4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, //
    4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, //
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, //
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

/// OEIS A002187, Dawson's Chess 0.137, n = 0..103 (Winning Ways pp. 89, 102).
const A002187: [u32; 104] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1,
];

fn periodicity(s: &str, max: usize) -> Periodicity {
    analyse(&code(s), max, Method::Fast, None, &|_| {}).periodicity
}

#[test]
fn kayles_values_and_period() {
    assert_eq!(&fast("0.77", 83)[..], &KAYLES[..]);
    assert_eq!(&reference(&code("0.77"), 83, &|_| {})[..], &KAYLES[..]);
    // Period 12 from n = 71: the last exceptional value is at n = 70 (RULES.md).
    assert_eq!(
        periodicity("0.77", 1000),
        Periodicity::Proved {
            preperiod: 71,
            period: 12
        }
    );
    // Too few values for the Guy-Smith theorem (it needs n up to 2*71 + 2*12 + 1 = 167).
    assert!(matches!(
        periodicity("0.77", 160),
        Periodicity::Observed {
            preperiod: 71,
            period: 12,
            repeats: 7
        }
    ));
    assert_eq!(
        periodicity("0.77", 167),
        Periodicity::Proved {
            preperiod: 71,
            period: 12
        }
    );
}

#[test]
fn dawsons_chess_and_dawsons_kayles() {
    assert_eq!(&fast("0.137", 103)[..], &A002187[..]);
    // A002187: period 34, last exception at n = 51.
    assert_eq!(
        periodicity(".137", 2000),
        Periodicity::Proved {
            preperiod: 52,
            period: 34
        }
    );
    // A002187 comments: Dawson's Kayles 0.07 has the values G0.137(n - 1).
    let dk = fast("0.07", 3000);
    let dc = fast("0.137", 3000);
    for n in 1..=3000 {
        assert_eq!(dk[n], dc[n - 1], "n = {n}");
    }
}

#[test]
fn officers_start_and_show_no_period() {
    // OEIS A046695: Officers 0.6, G(0..19).
    let want = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1];
    assert_eq!(&fast("0.6", 19)[..], &want[..]);
    assert_eq!(periodicity("0.6", 20000), Periodicity::None);
    assert_eq!(fast("0.6", 20000), reference(&code("0.6"), 20000, &|_| {}));
}

#[test]
fn fast_and_reference_agree_on_every_code_with_up_to_3_digits() {
    let codes = sweep_codes(3, &[0, 4]).unwrap();
    assert_eq!(codes.len(), 2 * (7 + 56 + 448));
    codes.par_iter().for_each(|c| {
        let oc = code(c);
        assert_eq!(
            sparse(&oc, 2000, None, &|_| {}).values,
            reference(&oc, 2000, &|_| {}),
            "{c}"
        );
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The rare-value method is exact for any split, good or bad.
    #[test]
    fn any_split_gives_the_same_values(
        digits in proptest::collection::vec(0u8..8, 1..5),
        lead4 in any::<bool>(),
        mask in any::<u32>(),
        domain in any::<bool>(),
    ) {
        let s = format!("{}.{}", if lead4 { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
        let Ok(oc) = OctalCode::parse(&s) else { return Ok(()) };
        let split = Split { mask, domain: if domain { gamecensus::octal::nim::domain_parity(&oc) } else { None } };
        prop_assert_eq!(sparse(&oc, 400, Some(split), &|_| {}).values, reference(&oc, 400, &|_| {}));
    }
}
