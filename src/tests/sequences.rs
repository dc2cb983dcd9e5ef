//! `gamecensus analyze --sequence`: the periodicity of published sequences (Kayles and
//! its exceptions, Cutthroat stars), families one pipe away, equally spaced indices.

use crate::common;

use common::csvs::{gamecensus, reference};

/// `analyze CSV --sequence COL --index n --format json`, parsed.
fn sequence(csv: &str, col: &str, stdin: Option<&[u8]>) -> serde_json::Value {
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--sequence",
            col,
            "--index",
            "n",
            "--format",
            "json",
        ],
        stdin,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn sequences_are_found_periodic() {
    // Kayles 0.77: period 12 from n = 71 (RULES.md; OEIS A002186).
    let v = sequence(&reference("kayles-1000.csv"), "grundy", None);
    assert_eq!(v["sequence"]["period"], 12);
    assert_eq!(v["sequence"]["preperiod"], 71);
    assert_eq!(v["sequence"]["saltus"], 0);
    // Its 14 exceptional values (Winning Ways, ch. 4, "Kayles"; OEIS A002186).
    assert_eq!(
        v["sequence"]["exceptions"],
        serde_json::json!([0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70])
    );
    // Cutthroat stars with a black centre and m white leaves: aw(•(0, m)) = m − 1 for
    // m ≥ 1 and aw(•(0, 0)) = 0 (McCurdy & Nowakowski, Table 3): arithmetic-periodic
    // with period 1 and saltus 1 from n = 2 (m = 1), the one exception at n = 1.
    let v = sequence(&reference("cutthroat-stars.csv"), "atomic_weight", None);
    let s = &v["sequence"];
    assert_eq!(
        (
            s["period"].as_u64(),
            s["saltus"].as_i64(),
            s["preperiod"].as_u64()
        ),
        (Some(1), Some(1), Some(2))
    );
    assert_eq!(s["exceptions"], serde_json::json!([1]));
    // Families are one pipe away: Node Kayles on stars K_{1,n-1}.
    let stars = gamecensus(
        &[
            "enumerate",
            "--family",
            "star",
            "--min-vertices",
            "1",
            "-n",
            "40",
        ],
        None,
    );
    let csv = gamecensus(
        &["eval", "--rules", "node-kayles", "-"],
        Some(&stars.stdout),
    );
    let v = sequence("/dev/stdin", "value", Some(&csv.stdout));
    assert_eq!(v["sequence"]["period"], 2, "{v}");
    // A coloured family through the same pipe: star-bw is •(0, n − 1), a black centre
    // with white leaves, so aw = n − 2 from n = 2 and aw(•(0, 0)) = 0 (McCurdy &
    // Nowakowski, Lemma 4): saltus 1, period 1, the one exception at n = 1.
    let stars = gamecensus(
        &[
            "enumerate",
            "--family",
            "star-bw",
            "--min-vertices",
            "1",
            "-n",
            "40",
        ],
        None,
    );
    let csv = gamecensus(&["eval", "--rules", "cutthroat", "-"], Some(&stars.stdout));
    let v = sequence("-", "atomic_weight", Some(&csv.stdout));
    let s = &v["sequence"];
    assert_eq!(
        (
            s["period"].as_u64(),
            s["saltus"].as_i64(),
            s["preperiod"].as_u64()
        ),
        (Some(1), Some(1), Some(2)),
        "{v}"
    );
    assert_eq!(s["exceptions"], serde_json::json!([1]));
}

#[test]
fn equally_spaced_indices_give_periods_in_index_units() {
    // Values 5 at n = 0, then 1, 2, 1, 2, ... at n = 2, 4, 6, ...: period 4 in n (two
    // steps of 2), from n = 2; the value at n = 0 is the one exception. Read from stdin.
    let mut csv = String::from("n,g\n0,5\n");
    for k in 1..=30 {
        csv.push_str(&format!("{},{}\n", 2 * k, 1 + (k + 1) % 2));
    }
    let v = sequence("-", "g", Some(csv.as_bytes()));
    let s = &v["sequence"];
    assert_eq!(
        (s["period"].as_u64(), s["preperiod"].as_u64()),
        (Some(4), Some(2)),
        "{v}"
    );
    assert_eq!(s["exceptions"], serde_json::json!([0]));
    // Unequal spacing is refused.
    let o = gamecensus(
        &["analyze", "-", "--sequence", "g", "--index", "n"],
        Some(b"n,g\n1,0\n2,0\n4,0\n"),
    );
    assert_eq!(o.status.code(), Some(2));
}
