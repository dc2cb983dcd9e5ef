//! Stopping: on a signal (Ctrl-C, `kill`, a hang-up), when the program's heap passes its
//! memory budget, or when a deadline (`--timeout`) passes, every command stops within
//! about a second, leaving what it wrote whole.
//!
//! [`install`] registers the signal handlers and starts a watchdog thread that looks
//! every [`TICK`] at the signals, the process's private resident memory
//! ([`super::heap::private_resident`]) and the clock. When one of them calls for a stop:
//! 1. [`requested`] turns true, so that a runner that checks it between batches (a
//!    census, an octal run) stops there by itself and reports as usual;
//! 2. if the process is still running after the grace period given to [`install`] (a
//!    single position can take minutes, and the solvers are not interrupted in their
//!    recursion), the watchdog runs the stop actions registered with [`on_stop`], the
//!    latest first (flush the whole lines written so far, record a CSV's whole rows in
//!    its sidecar, remove a half-built folder...), then the final action
//!    ([`set_final`]; by default: one line on stderr, then exit with [`Reason::exit_code`]).
//!
//! Exit codes: 128 + the signal for a signal (130 for SIGINT, 143 for SIGTERM, 129 for
//! SIGHUP), 2 (a limit reached) for the memory budget and the deadline. A second signal
//! while the first is being handled exits at once with its code, removing the process's
//! lock files and saying so in one line.
//!
//! A watchdog rather than a test inside the solvers: the kernel's and the solvers'
//! recursions would need one at every step, in the hot paths of a census; here the cost
//! is one thread that sleeps.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use super::heap;

/// How often the watchdog looks.
pub const TICK: Duration = Duration::from_millis(10);

/// Why a command stops early.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// A signal arrived (its number).
    Signal(i32),
    /// The program's memory passed the budget: the budget and what it held, in bytes.
    Memory {
        /// The budget.
        budget: u64,
        /// The private resident memory when it was seen over.
        live: u64,
    },
    /// `--timeout` seconds passed.
    Timeout(f64),
    /// A computation failed where it could not return its error (a rules file's rule,
    /// called inside a solver): what failed, in words.
    Failed(String),
}

impl Reason {
    /// The exit code: 128 + the signal, or 2 for a limit.
    pub fn exit_code(&self) -> i32 {
        match self {
            Reason::Signal(s) => 128 + s,
            Reason::Memory { .. } | Reason::Timeout(_) | Reason::Failed(_) => 2,
        }
    }

    /// What happened, in words, as the start of the error line (`interrupted by SIGINT`,
    /// `limit reached: the memory budget ...`).
    pub fn message(&self) -> String {
        match self {
            Reason::Signal(s) => format!("interrupted by {}", signal_name(*s)),
            Reason::Memory { budget, live } => {
                let mut held = Vec::new();
                heap::describe(" while ", &mut held);
                // The flag is named only to a command that takes it.
                let whose = if heap::takes_memory() {
                    "--memory"
                } else {
                    "half the memory this process may use"
                };
                format!(
                    "limit reached: the memory budget of {} ({whose}) is used up: the \
                     program holds {}{}",
                    mib(*budget),
                    mib(*live),
                    String::from_utf8_lossy(&held)
                )
            }
            Reason::Timeout(t) => {
                format!("limit reached: --timeout {t} s passed before the work was done")
            }
            Reason::Failed(what) => what.clone(),
        }
    }
}

/// The error a runner that stopped by itself at [`requested`] returns: `note` says what
/// it kept (`... ends with whole rows: continue with --resume`).
pub fn error(reason: &Reason, note: &str) -> crate::Error {
    let message = format!("{}; {note}", reason.message());
    match reason {
        Reason::Signal(_) => crate::Error::Interrupted {
            code: reason.exit_code(),
            message,
        },
        _ => crate::Error::Limit(
            message
                .strip_prefix("limit reached: ")
                .unwrap_or(&message)
                .to_string(),
        ),
    }
}

/// `bytes` in MiB, for a message.
pub fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

/// The name of a signal the handlers catch.
pub fn signal_name(s: i32) -> &'static str {
    match s {
        signal_hook::consts::SIGINT => "SIGINT",
        signal_hook::consts::SIGTERM => "SIGTERM",
        signal_hook::consts::SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}

/// The signal that arrived (0: none).
static SIGNAL: AtomicUsize = AtomicUsize::new(0);
/// Set by the handlers with the first signal: a second one exits at once.
static ARMED: AtomicBool = AtomicBool::new(false);
/// Whether a stop was called for (see [`requested`]).
static REQUESTED: AtomicBool = AtomicBool::new(false);
/// The memory budget in bytes (0: none).
static BUDGET: AtomicU64 = AtomicU64::new(0);
static REASON: Mutex<Option<Reason>> = Mutex::new(None);
static INSTALLED: OnceLock<()> = OnceLock::new();
/// Set when the command handles its own stop (or has finished): the watchdog no longer
/// forces one.
static STOOD_DOWN: AtomicBool = AtomicBool::new(false);

/// The command has stopped by itself (or finished) and says so itself: the watchdog
/// stands down, so that one stop gives one line.
pub fn stand_down() {
    STOOD_DOWN.store(true, Ordering::SeqCst);
}

/// Whether the command should stop: a runner that checks this between batches stops
/// there, keeping what it wrote whole.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Why the command is stopping, once [`requested`].
pub fn reason() -> Option<Reason> {
    lock(&REASON).clone()
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Calls for a stop for `reason` (the first reason wins), as the watchdog does.
pub fn request(reason: Reason) {
    let mut r = lock(&REASON);
    if r.is_none() {
        *r = Some(reason);
    }
    REQUESTED.store(true, Ordering::SeqCst);
}

/// What a command's stop action may leave to say (`results/x.csv keeps 120 whole
/// rows: continue with --resume`); joined to the reason's line.
pub type Note = Option<String>;

type Action = Box<dyn FnMut(&Reason) -> Note + Send>;
type Final = Box<dyn FnOnce(&Reason, Vec<String>) + Send>;

static ACTIONS: Mutex<Vec<(u64, Action)>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static FINAL: Mutex<Option<Final>> = Mutex::new(None);

/// A registered stop action; dropping it unregisters the action.
#[must_use = "the action is unregistered when this is dropped"]
pub struct Registration(u64);

impl Drop for Registration {
    fn drop(&mut self) {
        lock(&ACTIONS).retain(|(id, _)| *id != self.0);
    }
}

/// Registers what to do if the watchdog has to stop the process while this part of the
/// work is under way: the action runs on the watchdog's thread, the latest registered
/// first, and must leave the part's output whole (it may wait for a lock the workers
/// hold while they write).
pub fn on_stop(action: impl FnMut(&Reason) -> Note + Send + 'static) -> Registration {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    lock(&ACTIONS).push((id, Box::new(action)));
    Registration(id)
}

/// Replaces the final action of a forced stop (default: [`default_final`]). It gets the
/// reason and the notes of the stop actions, and must not return.
pub fn set_final(f: impl FnOnce(&Reason, Vec<String>) + Send + 'static) {
    *lock(&FINAL) = Some(Box::new(f));
}

/// One line on stderr, `gamecensus: REASON; NOTES`, then exit with the reason's code.
pub fn default_final(reason: &Reason, notes: Vec<String>) -> ! {
    let mut line = reason.message();
    for n in notes {
        // A note in parentheses completes the reason; any other is a clause of its own.
        line.push_str(if n.starts_with('(') { " " } else { "; " });
        line.push_str(&n);
    }
    let _ = writeln!(
        std::io::stderr(),
        "gamecensus: {}",
        crate::error::shortened(&line)
    );
    std::process::exit(reason.exit_code())
}

/// How a command wants to be watched.
#[derive(Clone, Copy, Debug, Default)]
pub struct Watch {
    /// The memory budget in bytes.
    pub budget: Option<u64>,
    /// Stop after this many seconds.
    pub timeout: Option<f64>,
    /// How long the watchdog leaves a runner to stop by itself (between batches) before
    /// it stops the process.
    pub grace: Duration,
}

/// Registers the handlers of SIGINT, SIGTERM and SIGHUP and starts the watchdog. Once
/// per process; a later call only changes the memory budget.
pub fn install(watch: Watch) -> crate::Result<()> {
    BUDGET.store(watch.budget.unwrap_or(0), Ordering::SeqCst);
    if INSTALLED.set(()).is_err() {
        return Ok(());
    }
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        // SAFETY: `second_signal` makes only async-signal-safe calls.
        let second = unsafe {
            signal_hook::low_level::register(sig, move || {
                if ARMED.load(Ordering::SeqCst) {
                    second_signal(sig)
                }
            })
        };
        let registered = second
            .and_then(|_| signal_hook::flag::register_usize(sig, &SIGNAL, sig as usize))
            .and_then(|_| signal_hook::flag::register(sig, &ARMED));
        registered.map_err(|e| crate::Error::io("installing the signal handlers", e))?;
    }
    let deadline = watch
        .timeout
        .map(|t| (t, Instant::now() + Duration::from_secs_f64(t)));
    std::thread::Builder::new()
        .name("watchdog".into())
        .spawn(move || watchdog(deadline, watch.grace))
        .map_err(|e| crate::Error::io("starting the watchdog", e))?;
    Ok(())
}

/// A second signal while the first is handled: the process leaves at once, from the
/// signal handler (only async-signal-safe calls: `unlink`, `write`, `_exit`). It removes
/// its lock files and says so in one line; what it wrote stays as its sidecars last
/// recorded it (a torn last row is cut by `--resume`, a half-built temporary is removed
/// by the next run of the same command).
fn second_signal(sig: i32) -> ! {
    let locks = super::lock::unlink_held_in_handler();
    let name: &[u8] = match sig {
        signal_hook::consts::SIGINT => b"SIGINT",
        signal_hook::consts::SIGTERM => b"SIGTERM",
        signal_hook::consts::SIGHUP => b"SIGHUP",
        _ => b"signal",
    };
    let parts: [&[u8]; 4] = [
        b"\ngamecensus: a second ",
        name,
        b" while stopping: stopped at once",
        if locks > 0 {
            b"; its lock files are removed, and each output keeps the whole rows its sidecar \
              vouches for: continue with --resume\n"
        } else {
            b"\n"
        },
    ];
    for p in parts {
        // SAFETY: write(2) on stderr is async-signal-safe.
        unsafe { libc::write(2, p.as_ptr().cast(), p.len()) };
    }
    // SAFETY: _exit(2) is async-signal-safe and runs no destructors.
    unsafe { libc::_exit(128 + sig) }
}

fn watchdog(deadline: Option<(f64, Instant)>, grace: Duration) {
    loop {
        std::thread::sleep(TICK);
        if STOOD_DOWN.load(Ordering::SeqCst) {
            return;
        }
        let signal = SIGNAL.load(Ordering::SeqCst);
        let budget = BUDGET.load(Ordering::SeqCst);
        let live = if budget > 0 {
            heap::private_resident()
        } else {
            0
        };
        let reason = if signal != 0 {
            Some(Reason::Signal(signal as i32))
        } else if budget > 0 && live > budget {
            Some(Reason::Memory { budget, live })
        } else {
            deadline
                .filter(|(_, at)| Instant::now() >= *at)
                .map(|(t, _)| Reason::Timeout(t))
        };
        let Some(reason) = reason else { continue };
        request(reason);
        let until = Instant::now() + grace;
        while Instant::now() < until && !STOOD_DOWN.load(Ordering::SeqCst) {
            std::thread::sleep(TICK);
        }
        if STOOD_DOWN.load(Ordering::SeqCst) {
            return;
        }
        force(&reason_now());
    }
}

fn reason_now() -> Reason {
    reason().expect("requested with a reason")
}

/// Stops the process for an error found where it cannot be returned (a rules file's
/// rule failing inside a solver, which must not be taken for a move or a value): the
/// stop actions record what is whole, as for any forced stop, then one line
/// `gamecensus: WHAT; NOTES`, exit 2. A second thread failing meanwhile waits for the
/// exit.
pub fn fail(what: String) -> ! {
    static FAILING: AtomicBool = AtomicBool::new(false);
    if FAILING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    let reason = Reason::Failed(what);
    request(reason.clone());
    force(&reason);
    default_final(&reason, Vec::new()) // not reached: force exits
}

/// Runs the stop actions, the latest first, then the final action.
fn force(reason: &Reason) {
    let mut actions = std::mem::take(&mut *lock(&ACTIONS));
    let mut notes = Vec::new();
    for (_, a) in actions.iter_mut().rev() {
        if let Some(n) = a(reason) {
            notes.push(n);
        }
    }
    super::lock::remove_held_files();
    match lock(&FINAL).take() {
        Some(f) => f(reason, notes),
        None => default_final(reason, notes),
    }
    // A final action that returned: the default.
    default_final(reason, Vec::new());
}
