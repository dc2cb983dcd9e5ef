//! The binary's global allocator ([`ReportingAlloc`]): the system allocator, unchanged,
//! except when the system refuses memory. Rust's default is then to abort with "memory
//! allocation of N bytes failed"; this says in one line what held the memory (as the
//! layer above describes it, see [`set_describer`]) and, when a smaller `--memory` would
//! help (the command takes it and the memory it caps holds something), that it caps
//! it, then exits with status 2. Also here: the process's private resident memory
//! ([`private_resident`]), which the watchdog of [`super::stop`] holds to the budget.
//!
//! Nothing here allocates: the line is formatted into a buffer on the stack, and only the
//! first thread to fail reports.
//!
//! (A count of live bytes kept by the allocator itself was measured and dropped: 1.7%
//! more instructions on a partizan census, where the resident memory the watchdog reads
//! costs nothing on the hot path and is what the machine pays, fragmentation included.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The system allocator, reporting failure in one line instead of aborting.
pub struct ReportingAlloc;

unsafe impl GlobalAlloc for ReportingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on to the system allocator unchanged.
        checked(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        checked(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `alloc`; `ptr` came from this allocator, that is from System.
        checked(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from System.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// The process's private resident memory in bytes (`RssAnon` of /proc/self/status):
/// its heap as the machine pays for it, fragmentation included; a mapped input file is
/// not counted. 0 if it cannot be read.
pub fn private_resident() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| kb_field(&s, "RssAnon:"))
        .unwrap_or(0)
}

/// Writes, without allocating, what holds the program's memory (the tables' entries,
/// the game values stored...): part of the out-of-memory line and of the memory-budget
/// line of [`super::stop`]. Returns whether any of it is memory the budget caps (so
/// that a smaller `--memory` would make the program hold less).
pub type Describer = fn(&mut dyn Write) -> bool;

static DESCRIBER: OnceLock<Describer> = OnceLock::new();

/// Sets what the memory lines say held the memory (the first call wins).
pub fn set_describer(d: Describer) {
    let _ = DESCRIBER.set(d);
}

/// Writes the description of [`set_describer`], if any, after `prefix`; returns whether
/// it names memory the budget caps.
pub fn describe(prefix: &str, out: &mut dyn Write) -> bool {
    match DESCRIBER.get() {
        Some(d) => {
            let _ = out.write_all(prefix.as_bytes());
            d(out)
        }
        None => false,
    }
}

static TAKES_MEMORY: AtomicBool = AtomicBool::new(false);

/// Records whether the command being run takes `--memory`: the memory lines name the
/// flag only if it does (the others run with the default budget).
pub fn set_takes_memory(takes: bool) {
    TAKES_MEMORY.store(takes, Ordering::SeqCst);
}

/// Whether the command being run takes `--memory` ([`set_takes_memory`]).
pub fn takes_memory() -> bool {
    TAKES_MEMORY.load(Ordering::SeqCst)
}

#[inline]
fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// The thread reporting an allocation failure (its kernel thread id), 0 while none is.
static REPORTING: AtomicI32 = AtomicI32::new(0);

/// Writes the report and exits with status 2 (a limit reached). Other threads that run
/// out meanwhile wait for the exit; should the report itself fail to allocate (it must
/// not), it ends with the first part of its line instead of waiting for itself.
#[cold]
fn out_of_memory(size: usize) -> ! {
    // SAFETY: gettid has no preconditions.
    let me = unsafe { libc::gettid() };
    if let Err(reporter) = REPORTING.compare_exchange(0, me, Ordering::SeqCst, Ordering::SeqCst) {
        if reporter == me {
            let _ = std::io::stderr().write_all(b"gamecensus: out of memory\n");
            // SAFETY: _exit ends the process at once, which is all that is left to do.
            unsafe { libc::_exit(2) }
        }
        loop {
            std::thread::park();
        }
    }
    let mut buf = [0u8; 512];
    let mut line = std::io::Cursor::new(&mut buf[..]);
    // A line longer than the buffer is cut; the cut text is still written.
    let _ = write!(
        line,
        "gamecensus: out of memory: the system refused {size} more bytes"
    );
    // A smaller budget helps only if what it caps holds memory (not when the input
    // itself, say, took it all) and only a command that takes --memory can be given one.
    if describe(" while ", &mut line) && takes_memory() {
        let _ = write!(
            line,
            "; run again with a --memory the machine can give (it caps the tables; a \
             census CSV keeps its whole rows: add --resume)",
        );
    }
    let _ = writeln!(line);
    let len = line.position() as usize;
    let _ = std::io::stderr().write_all(&buf[..len]);
    std::process::exit(2)
}

/// The value of the line `field   N kB` of a /proc file (`/proc/self/status`,
/// `/proc/meminfo`), in bytes.
pub fn kb_field(text: &str, field: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map(|kb| kb * 1024)
}
