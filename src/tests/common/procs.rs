//! Running the binary as a second process from the reliability tests: starting it with
//! input, signalling it, waiting for what it writes, and checking a CSV against its
//! sidecar.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::cli::{bin, stderr};

/// Connected B/W Cutthroat positions up to 7 vertices: about 1.5 s, 2.6 MB of CSV.
pub const CT7: &str = "name = 'ct7'\nrules = 'cutthroat'\nmax_vertices = 7\nconnected = true\n\
                   colours = 2\nskip_reduced = true\n";

/// Node Kayles on every grid of 4 to 64 cells: the large grids take hours, so the run is
/// always on one slow position after its first rows.
pub const GRIDS: &str =
    "name = 'grids'\nrules = 'node-kayles'\nfamily = 'grid'\nmin_vertices = 4\nmax_vertices = 64\n";

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

pub fn start(args: &[&str]) -> Child {
    start_with(args, None)
}

/// Starts the binary with `input` on its standard input (closed after it), or none.
pub fn start_with(args: &[&str], input: Option<&str>) -> Child {
    let mut child = bin()
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = input {
        use std::io::Write;
        // Written from a thread, as `cli::run_in` does: the command may write rows
        // before it has read all its input.
        let mut pipe = child.stdin.take().unwrap();
        let input = input.as_bytes().to_vec();
        // A command that refuses its input early closes the pipe: not a failure here.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
    child
}

pub fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

/// Waits until `cond` holds (at most 60 s).
pub fn wait_for(what: &str, cond: impl Fn() -> bool) {
    let t = Instant::now();
    while !cond() {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "waited 60 s for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub fn lines(p: &Path) -> usize {
    std::fs::read(p)
        .map(|b| b.iter().filter(|&&c| c == b'\n').count())
        .unwrap_or(0)
}

pub fn sidecar(p: &Path) -> serde_json::Value {
    let meta = format!("{}.meta.json", p.display());
    serde_json::from_str(&std::fs::read_to_string(meta).unwrap()).unwrap()
}

/// The file ends with a whole row and its sidecar vouches for exactly its bytes.
pub fn assert_whole_and_recorded(p: &Path) {
    let bytes = std::fs::read(p).unwrap();
    assert_eq!(
        bytes.last(),
        Some(&b'\n'),
        "{} ends with a torn row",
        p.display()
    );
    let side = sidecar(p);
    assert_eq!(side["bytes"].as_u64().unwrap(), bytes.len() as u64);
    assert_eq!(
        side["checksum"].as_str().unwrap(),
        format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes))
    );
    assert_eq!(side["rows"].as_u64().unwrap() as usize, lines(p) - 1);
}

pub fn solo(dir: &Path, job: &str) -> Vec<u8> {
    let out = dir.join("solo.csv");
    let o = super::cli::run_job(job, s(&out), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read(out).unwrap()
}

/// Waits for `child` (its output piped) at most `secs` seconds, reading its output
/// meanwhile (a full pipe would stall it): a command that does not end by then has
/// regressed to unbounded work, and is killed and failed (`what` names it).
pub fn finish_within(mut child: Child, secs: u64, what: &str) -> std::process::Output {
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut b = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut b);
            }
            b
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}
