//! The binary's global allocator ([`ReportingAlloc`]): the system allocator, unchanged,
//! plus two things.
//! - It counts the bytes the program holds ([`live_bytes`]), so that the watchdog of
//!   [`super::stop`] can hold every command to its memory budget whatever grows (the
//!   game-value store, a memo, a table, a buffer). Each thread adds up its own
//!   allocations and passes them on in batches of [`BATCH`] bytes, so the count costs no
//!   shared write per allocation and is off by at most [`BATCH`] bytes a thread.
//! - When the system refuses memory, Rust's default is to abort with "memory allocation
//!   of N bytes failed"; this says in one line what held the memory (as the layer above
//!   describes it, see [`set_describer`]) and that `--memory` caps it, then exits with
//!   status 2.
//!
//! Nothing here allocates: the line is formatted into a buffer on the stack, and only the
//! first thread to fail reports. In a program without this allocator (the library's own
//! tests) [`live_bytes`] stays 0 and no memory budget is enforced by the watchdog.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

/// The system allocator, counting live bytes and reporting failure in one line instead
/// of aborting.
pub struct ReportingAlloc;

unsafe impl GlobalAlloc for ReportingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on to the system allocator unchanged.
        let p = checked(unsafe { System.alloc(layout) }, layout.size());
        account(layout.size() as isize);
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = checked(unsafe { System.alloc_zeroed(layout) }, layout.size());
        account(layout.size() as isize);
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `alloc`; `ptr` came from this allocator, that is from System.
        let p = checked(unsafe { System.realloc(ptr, layout, new_size) }, new_size);
        account(new_size as isize - layout.size() as isize);
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from System.
        unsafe { System.dealloc(ptr, layout) };
        account(-(layout.size() as isize));
    }
}

/// Bytes a thread may allocate (or free) before it adds them to the shared count.
pub const BATCH: isize = 256 << 10;

static LIVE: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    // Const-initialised and without a destructor: usable inside the allocator.
    static PENDING: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn account(delta: isize) {
    let batched = PENDING.try_with(|p| {
        let v = p.get() + delta;
        if !(-BATCH..=BATCH).contains(&v) {
            LIVE.fetch_add(v, Ordering::Relaxed);
            p.set(0);
        } else {
            p.set(v);
        }
    });
    if batched.is_err() {
        LIVE.fetch_add(delta, Ordering::Relaxed);
    }
}

/// The bytes the program holds on the heap (0 where [`ReportingAlloc`] is not the global
/// allocator), give or take [`BATCH`] bytes a thread.
pub fn live_bytes() -> u64 {
    LIVE.load(Ordering::Relaxed).max(0) as u64
}

/// Writes, without allocating, what holds the program's memory (the tables' entries,
/// the game values stored...): part of the out-of-memory line and of the memory-budget
/// line of [`super::stop`].
pub type Describer = fn(&mut dyn Write);

static DESCRIBER: OnceLock<Describer> = OnceLock::new();

/// Sets what the memory lines say held the memory (the first call wins).
pub fn set_describer(d: Describer) {
    let _ = DESCRIBER.set(d);
}

/// Writes the description of [`set_describer`], if any, after `prefix`.
pub fn describe(prefix: &str, out: &mut dyn Write) {
    if let Some(d) = DESCRIBER.get() {
        let _ = out.write_all(prefix.as_bytes());
        d(out);
    }
}

#[inline]
fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

static REPORTING: AtomicBool = AtomicBool::new(false);

/// Writes the report and exits with status 2 (a limit reached). Other threads that run
/// out meanwhile wait for the exit.
#[cold]
fn out_of_memory(size: usize) -> ! {
    if REPORTING.swap(true, Ordering::SeqCst) {
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
    describe(" while ", &mut line);
    let _ = writeln!(
        line,
        "; run again with a --memory the machine can give (it caps the tables; a census \
         CSV keeps its whole rows: add --resume)",
    );
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
