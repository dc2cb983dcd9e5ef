//! What a run's memory budget counts for the game-value store, checked against the
//! resident memory the process really gains (VmRSS in /proc/self/status). One test in
//! this binary, so that nothing else allocates while it measures.

use gamecensus::values::game::{GameId, clear_memos, usage};

fn rss() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap();
    s.lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .map(|v| {
            v.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .unwrap()
                * 1024
        })
        .unwrap()
}

#[test]
fn the_store_estimate_covers_what_it_holds() {
    // 250,000 distinct switches {a | b} (a > b: hot games, stored with their options).
    let before = (rss(), usage());
    let ints: Vec<GameId> = (0..1000).map(GameId::integer).collect();
    let mut made = Vec::with_capacity(250_000);
    for a in 500..1000 {
        for b in 0..500 {
            made.push(GameId::from_options(&[ints[a]], &[ints[b]]).unwrap());
        }
    }
    let after = (rss(), usage());
    // Each new option set is also memoised (a memo table, counted apart from values).
    let (grown, counted) = (
        after.0 - before.0,
        after.1.value_bytes - before.1.value_bytes + after.1.memo_bytes - before.1.memo_bytes,
    );
    assert_eq!(after.1.values - before.1.values, 250_000 + ints.len());
    assert!(
        counted >= grown && counted <= grown * 3 / 2,
        "values: counted {counted} B, resident memory grew {grown} B"
    );
    // Comparisons of 2,000,000 pairs fill the memo tables: those the stops do not
    // settle, {a|b} <= {c|d} with a <= c and b <= d (about a quarter; `GameId::leq`).
    let before = (rss(), usage());
    let mut le = 0;
    for x in made.iter().step_by(125) {
        for y in made.iter().step_by(250) {
            le += x.leq(*y) as usize;
        }
    }
    let after = (rss(), usage());
    let (grown, counted) = (after.0 - before.0, after.1.memo_bytes - before.1.memo_bytes);
    assert!(le > 0 && after.1.memo_entries - before.1.memo_entries >= 400_000);
    assert!(
        counted >= grown,
        "memos: counted {counted} B, resident memory grew {grown} B"
    );
    // Emptied, they give their memory back, and values stay what they were.
    let full = rss();
    clear_memos();
    assert_eq!(usage().memo_entries, 0);
    assert!(
        rss() + grown / 2 <= full,
        "the memos' memory was not given back"
    );
    assert!(made[0].leq(made[0]) && made[1] != made[2]);
}
