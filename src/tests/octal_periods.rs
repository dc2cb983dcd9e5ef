//! Every published period and preperiod of an octal game with at most three code digits
//! that we can cite (src/tests/data/octal_periods.csv, 140 games) is found and PROVED,
//! for every N from the Guy-Smith proof bound up to 10^5, and never proved before
//! that bound: the answer must not change with more data (it once fell back to
//! "period 1 from n = 4998 observed" for 0.003, and 48 solved games lost their proof at
//! some N).
//!
//! Sources (the `source` column names the one for each row): Tomek Czajka's tables of
//! solved octal games (github.com/tczajka/octal-games, TrivialGames.md and
//! SolvedGames.md, which verify and extend Flammenkamp's; its "prefix" is given for the
//! heap-size-reduced game where taking a 1-heap is illegal, and the 17 such rows are
//! converted to the game's own heap sizes, as the column says), and OEIS entries
//! (A002186 Kayles, A002187 Dawson's chess, A071434, A071435, A071451-A071453 and
//! A071509, whose "last exception" is the preperiod minus 1, shifted as each entry
//! states). Convention: `preperiod` is the first n of the periodic part. For 0.56 OEIS
//! A071436's "last exception 326637" disagrees with Czajka's 326640; the table uses
//! 326640, which our values confirm (G(326639) != G(326783)).

use gamecensus::octal::nim::sparse;
use gamecensus::octal::period::needed_for_proof;
use gamecensus::octal::{OctalCode, Periodicity, find_period};
use rayon::prelude::*;

struct Published {
    code: String,
    preperiod: usize,
    period: usize,
}

fn published() -> Vec<Published> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/tests/data/octal_periods.csv"
    );
    let mut rdr = csv::Reader::from_path(path).unwrap();
    rdr.records()
        .map(|r| {
            let r = r.unwrap();
            Published {
                code: r[0].to_string(),
                preperiod: r[1].parse().unwrap(),
                period: r[2].parse().unwrap(),
            }
        })
        .collect()
}

const N_MAX: usize = 100_000;

/// Games whose proof needs more values than this are checked at their bound only; the
/// eight games of the 0.454 class (period 60620715 from 160949019, Flammenkamp via OEIS
/// A071509) need about 443 million values and are not checked here.
const FAR_MAX: usize = 25_000_000;

fn code_and_bound(p: &Published) -> (OctalCode, usize) {
    let code = OctalCode::parse(&p.code).unwrap();
    let bound = needed_for_proof(p.preperiod, p.period, code.last());
    (code, bound)
}

fn proved(p: &Published) -> Periodicity {
    Periodicity::Proved {
        preperiod: p.preperiod,
        period: p.period,
    }
}

#[test]
fn published_periods_are_proved_at_every_n_from_the_bound_to_100000() {
    let games = published();
    assert_eq!(games.len(), 140);
    let checked: Vec<String> = games
        .par_iter()
        .filter_map(|p| {
            let (code, bound) = code_and_bound(p);
            if bound > N_MAX {
                return None;
            }
            let g = sparse(&code, N_MAX, None, &|_| {}).values;
            let want = proved(p);
            for n in bound..=N_MAX {
                assert_eq!(
                    find_period(&g[..=n], code.last()),
                    want,
                    "{} at N = {n}",
                    p.code
                );
            }
            if bound > 0 {
                assert_ne!(
                    find_period(&g[..bound], code.last()),
                    want,
                    "{} before its bound",
                    p.code
                );
            }
            Some(p.code.clone())
        })
        .collect();
    assert_eq!(checked.len(), 128);
}

#[test]
fn published_periods_beyond_100000_are_proved_exactly_at_their_bound() {
    let games = published();
    let far: Vec<&Published> = games
        .iter()
        .filter(|p| (N_MAX + 1..=FAR_MAX).contains(&code_and_bound(p).1))
        .collect();
    // 0.16, 0.56, 0.376 and 0.354.
    assert_eq!(far.len(), 4);
    far.par_iter().for_each(|p| {
        let (code, bound) = code_and_bound(p);
        let g = sparse(&code, bound + 1000, None, &|_| {}).values;
        for n in [bound, bound + 1, bound + 1000] {
            assert_eq!(
                find_period(&g[..=n], code.last()),
                proved(p),
                "{} at N = {n}",
                p.code
            );
        }
        assert!(
            !find_period(&g[..bound], code.last()).is_proved(),
            "{}",
            p.code
        );
    });
}
