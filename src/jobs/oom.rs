//! What the program says when memory runs out. Rust's default is to abort with
//! "memory allocation of N bytes failed"; the binary installs [`ReportingAlloc`] as its
//! global allocator instead (the system allocator, unchanged, plus this report), which
//! says how much the transposition tables and the game-value store held, that `--memory`
//! caps them, and that the CSV can be resumed, then exits with status 2.
//!
//! Nothing here allocates: the line is formatted into a buffer on the stack, the counts
//! are atomics ([`crate::solving::table::entries_everywhere`],
//! [`crate::values::game::stored_values`]), and only the first thread to fail reports.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

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
    let _ = writeln!(
        line,
        "gamecensus: out of memory: the system refused {size} more bytes while the \
         transposition tables held {} entries and the game-value store {} values; \
         run again with a --memory the machine can give (it caps the tables; a census \
         CSV keeps its whole rows: add --resume)",
        crate::solving::table::entries_everywhere(),
        crate::values::game::stored_values(),
    );
    let len = line.position() as usize;
    let _ = std::io::stderr().write_all(&buf[..len]);
    std::process::exit(2)
}
