//! Octal games against published nim-sequences and periods, the fast method against the
//! reference method, and checkpoints of long runs.

use crate::common;

use common::cli::assert_usage_error;
use gamecensus::Error;
use gamecensus::jobs::sweep::codes as sweep_codes;
use gamecensus::octal::checkpoint::{Checkpoint, Identity};
use gamecensus::octal::nim::{Split, State, reference, sparse};
use gamecensus::octal::{Method, OctalCode, Periodicity, analyse};
use proptest::prelude::*;
use rayon::prelude::*;
use std::process::{Command, Output};

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

/// The speculative fast method against the definition on Officers (0.6; OEIS A046695)
/// well past its last rare position (n = 20627 under the split range 111101110 that is
/// chosen): before it, 1583 rare values each make a speculation fail and restart its
/// block. Same values as the reference, and the same values, split and counts on one
/// thread as on two.
#[test]
fn officers_fast_equals_reference_to_100000_on_one_or_two_threads() {
    let oc = code("0.6");
    let want = reference(&oc, 100_000, &|_| {});
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| sparse(&oc, 100_000, None, &|_| {}))
    };
    let (one, two) = (on(1), on(2));
    assert!(one.values == want, "fast != reference on 0.6");
    assert!(two.values == want, "fast (2 threads) != reference on 0.6");
    assert_eq!(
        (one.split, &one.rare, one.stats),
        (two.split, &two.rare, two.stats)
    );
    assert_eq!(two.split.to_string(), "range, mask 111101110");
    let rare: Vec<usize> = (1..want.len())
        .filter(|&q| two.split.rare(want[q], q))
        .collect();
    assert_eq!(two.rare, rare);
    assert_eq!(rare.last(), Some(&20627));
}

fn identity(code: &str, method: &str) -> Identity {
    Identity {
        code: code.into(),
        method: method.into(),
        split_option: "auto".into(),
    }
}

/// A run saved at n = 30000 (and then abandoned with more values computed but not saved)
/// and resumed to 80000 ends exactly as an uninterrupted run: values, split, rare
/// positions and counts. Checkpoints of another game or method, existing files and
/// damaged headers are refused.
#[test]
fn checkpoint_and_resume_give_the_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("officers.ck");
    let oc = code("0.6");
    let id = identity("0.6", "fast");
    let mut cp = Checkpoint::create(&path, id.clone()).unwrap();
    let mut st = State::new(&oc, None);
    st.advance(20_000, &|_| {});
    cp.save(st.values(), st.split(), st.stats()).unwrap();
    st.advance(30_000, &|_| {});
    cp.save(st.values(), st.split(), st.stats()).unwrap();
    st.advance(31_000, &|_| {});
    drop((st, cp));

    let (_, saved) = Checkpoint::open(&path, id.clone()).unwrap();
    let (meta, values) = saved.expect("a saved checkpoint");
    assert_eq!((meta.done, values.len()), (30_000, 30_001));
    let mut st = State::resume(&oc, values, meta.split(), false, meta.stats);
    st.advance(80_000, &|_| {});
    let resumed = st.finish();
    let whole = sparse(&oc, 80_000, None, &|_| {});
    assert!(resumed.values == whole.values);
    assert_eq!(
        (resumed.split, &resumed.rare, resumed.stats),
        (whole.split, &whole.rare, whole.stats)
    );

    let usage = |r: Result<_, Error>, needle: &str| match r {
        Err(Error::Usage(m)) => assert!(m.contains(needle), "{m}"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("accepted, expected {needle:?}"),
    };
    usage(
        Checkpoint::open(&path, identity("0.77", "fast")).map(|_| ()),
        "0.77",
    );
    usage(
        Checkpoint::open(&path, identity("0.6", "reference")).map(|_| ()),
        "reference",
    );
    usage(
        Checkpoint::create(&path, id.clone()).map(|_| ()),
        "already exists",
    );
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    usage(Checkpoint::open(&path, id).map(|_| ()), "damaged");
}

fn gamecensus(args: &[&str]) -> Output {
    common::cli::run(args, None)
}

/// The summary without the line that times this run.
fn summary_of(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = String::from_utf8(o.stdout.clone()).unwrap();
    s.lines()
        .filter(|l| !l.starts_with("this run:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `octal --checkpoint`: a run to a smaller --max, and one stopped by Ctrl-C (SIGINT from
/// outside, while it computes), resumed with --resume, write byte for byte the CSV and
/// the summary of an uninterrupted run. Bad uses are one-line usage errors (exit 2).
#[test]
fn octal_command_checkpoints_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let d = |f: &str| dir.path().join(f).to_str().unwrap().to_string();
    let (ck, part, resumed, whole) = (d("ck"), d("part.csv"), d("resumed.csv"), d("whole.csv"));
    let q = ["--quiet"];
    let o = gamecensus(
        &[
            &[
                "octal",
                "0.6",
                "--max",
                "20000",
                "--checkpoint",
                &ck,
                "--out",
                &part,
            ],
            &q[..],
        ]
        .concat(),
    );
    summary_of(&o);
    let o = gamecensus(
        &[
            &[
                "octal",
                "0.6",
                "--max",
                "60000",
                "--checkpoint",
                &ck,
                "--resume",
                "--out",
                &resumed,
            ],
            &q[..],
        ]
        .concat(),
    );
    let s_resumed = summary_of(&o);
    let o = gamecensus(&["octal", "0.6", "--max", "60000", "--out", &whole, "--quiet"]);
    assert_eq!(s_resumed, summary_of(&o));
    assert!(std::fs::read(&resumed).unwrap() == std::fs::read(&whole).unwrap());

    let usage = |o: Output, needle: &str| assert_usage_error(&o, needle);
    usage(
        gamecensus(&["octal", "0.6", "--max", "100", "--checkpoint", &ck]),
        "already exists",
    );
    usage(
        gamecensus(&[
            "octal",
            "0.7",
            "--max",
            "70000",
            "--checkpoint",
            &ck,
            "--resume",
        ]),
        "0.7 by the fast",
    );
    usage(
        gamecensus(&[
            "octal",
            "0.6",
            "--max",
            "70000",
            "--checkpoint",
            &ck,
            "--resume",
            "--method",
            "reference",
        ]),
        "reference",
    );
    usage(
        gamecensus(&[
            "octal",
            "0.6",
            "--max",
            "100",
            "--checkpoint",
            &ck,
            "--resume",
        ]),
        "beyond --max",
    );
    usage(
        gamecensus(&["octal", "0.6", "--max", "100", "--resume"]),
        "--checkpoint",
    );
    assert_eq!(
        std::fs::read(&resumed).unwrap(),
        std::fs::read(&whole).unwrap()
    );

    // Stopped from outside while computing: the CSV ends with whole rows, a prefix of
    // the whole run's, and its sidecar says it is incomplete.
    let (ck2, stopped, max) = (d("ck2"), d("stopped.csv"), "3000000");
    let child = Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args([
            "octal",
            "0.6",
            "--max",
            max,
            "--quiet",
            "--checkpoint",
            &ck2,
            "--out",
            &stopped,
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    while !std::path::Path::new(&ck2).exists() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("continue with --resume"), "{err}");
    let whole3 = d("whole3.csv");
    let o = gamecensus(&["octal", "0.6", "--max", max, "--quiet", "--out", &whole3]);
    let s_whole = summary_of(&o);
    let (part, all) = (
        std::fs::read(&stopped).unwrap(),
        std::fs::read(&whole3).unwrap(),
    );
    assert!(part.len() < all.len() && all.starts_with(&part) && part.ends_with(b"\n"));
    assert!(sidecar(&stopped).contains("\"complete\": false"));
    let o = gamecensus(&[
        "octal",
        "0.6",
        "--max",
        max,
        "--quiet",
        "--checkpoint",
        &ck2,
        "--resume",
        "--out",
        &stopped,
    ]);
    assert_eq!(summary_of(&o), s_whole);
    assert!(std::fs::read(&stopped).unwrap() == all);
    assert!(sidecar(&stopped).contains("\"complete\": true"));
}

fn sidecar(csv: &str) -> String {
    std::fs::read_to_string(format!("{csv}.meta.json")).unwrap()
}

/// `octal --out FILE` is resumable by itself: killed (SIGKILL, no chance to save) at
/// several moments and resumed each time with --resume, it writes the CSV and the
/// summary's counts of an uninterrupted run. An existing file is never replaced or
/// continued by surprise.
#[test]
fn octal_output_file_resumes_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let d = |f: &str| dir.path().join(f).to_str().unwrap().to_string();
    let (out, whole, max) = (d("out.csv"), d("whole.csv"), "2500000");
    let o = gamecensus(&["octal", "0.6", "--max", max, "--quiet", "--out", &whole]);
    let s_whole = summary_of(&o);
    let all = std::fs::read(&whole).unwrap();
    let mut resume: &[&str] = &[];
    for ms in [1500, 2500, 100] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamecensus"))
            .args(
                [
                    &["octal", "0.6", "--max", max, "--quiet", "--out", &out],
                    resume,
                ]
                .concat(),
            )
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(ms));
        let _ = child.kill();
        let _ = child.wait();
        let part = std::fs::read(&out).unwrap();
        assert!(all.starts_with(&part), "killed after {ms} ms");
        resume = &["--resume"];
    }
    let o = gamecensus(&[
        "octal", "0.6", "--max", max, "--quiet", "--out", &out, "--resume",
    ]);
    assert_eq!(summary_of(&o), s_whole);
    assert!(std::fs::read(&out).unwrap() == all);

    let usage = |args: &[&str], needle: &str| assert_usage_error(&gamecensus(args), needle);
    // Complete: nothing to do, the file untouched.
    let o = gamecensus(&["octal", "0.6", "--max", max, "--out", &out]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("already complete"));
    // Another --max, a file without a sidecar: refused, untouched.
    usage(
        &["octal", "0.6", "--max", "100", "--out", &out],
        "G(0..=2500000)",
    );
    let other = d("other.csv");
    std::fs::write(&other, "precious\n").unwrap();
    usage(
        &["octal", "0.6", "--max", "100", "--out", &other],
        "no sidecar",
    );
    assert_eq!(std::fs::read(&other).unwrap(), b"precious\n");
    assert!(std::fs::read(&out).unwrap() == all);
    // --force replaces.
    let o = gamecensus(&["octal", "0.6", "--max", "100", "--out", &other, "--force"]);
    assert!(o.status.success());
    assert!(all.starts_with(&std::fs::read(&other).unwrap()));
    // An interrupted file resumed by another method, or changed since: refused.
    let cut = d("cut.csv");
    let child = Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args([
            "octal", "0.6", "--max", "20000000", "--quiet", "--out", &cut,
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    while std::fs::metadata(&cut).map_or(0, |m| m.len()) < 100 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let mut child = child;
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let run = |extra: &[&'static str]| -> Vec<&str> {
        let mut v = vec![
            "octal", "0.6", "--max", "20000000", "--quiet", "--out", &cut,
        ];
        v.push("--resume");
        v.extend_from_slice(extra);
        v
    };
    assert!(sidecar(&cut).contains("\"octal\""));
    usage(&run(&["--method", "reference"]), "reference method");
    // A sidecar edited to claim more values than there are: refused before any use.
    let side = sidecar(&cut);
    let mut v: serde_json::Value = serde_json::from_str(&side).unwrap();
    v["octal"]["done"] = u64::MAX.into();
    std::fs::write(format!("{cut}.meta.json"), v.to_string()).unwrap();
    usage(&run(&[]), "state after");
    std::fs::write(format!("{cut}.meta.json"), side).unwrap();
    usage(
        &["octal", "0.6", "--max", "20000000", "--out", &cut],
        "--resume",
    );
    let mut bytes = std::fs::read(&cut).unwrap();
    bytes[20] ^= 1;
    std::fs::write(&cut, &bytes).unwrap();
    usage(&run(&[]), "changed");
    assert_eq!(std::fs::read(&cut).unwrap(), bytes);
}
