//! One writer per output: a census CSV, an octal checkpoint, a merge target or a report
//! folder is locked for the life of the process that writes it, so that a second run of
//! the same job (or a `--resume` of a run still going) is refused at once instead of
//! interleaving rows with the first.
//!
//! The lock is the file `OUTPUT.lock` beside the output, held with an exclusive advisory
//! lock (`flock`, which the kernel releases when the holder exits in any way, `kill -9`
//! included) and naming its holder (pid, host, start, command) for the message a second
//! writer gets. A lock file left by a process that is gone is simply taken over: its
//! `flock` went with its process. The holder removes the file when it is done; a process
//! that locked a file just removed (or replaced) by its holder sees that the path no
//! longer names the file it holds, and tries again.
//!
//! One file has many names. A symbolic link is followed before the lock is taken
//! ([`resolve_links`]): the lock file is beside the real file, so a run through the link
//! and a run through the real name meet on one lock. A hard link cannot be told from the
//! file: the output itself is locked too, by the process that writes it, on the file
//! (device and inode) rather than its name ([`lock_written`], [`probe_written`]).

use std::ffi::CString;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicPtr, Ordering};

use crate::error::{Error, Result};

/// A held lock on one output; released (and its file removed) when dropped.
#[derive(Debug)]
pub struct OutputLock {
    path: PathBuf,
    file: File,
}

/// The lock file of an output: `OUTPUT.lock`.
pub fn lock_path(output: &Path) -> PathBuf {
    let mut name = output.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    output.with_file_name(name)
}

impl OutputLock {
    /// Locks `output` for this process, or refuses (a usage error, exit 2) naming the
    /// process that holds it.
    pub fn acquire(output: &Path) -> Result<OutputLock> {
        let path = lock_path(output);
        let show = || path.display().to_string();
        for _ in 0..100 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(|e| Error::io(format!("creating the lock file {}", show()), e))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    let mut holder = String::new();
                    let _ = file.read_to_string(&mut holder);
                    let holder = holder.trim();
                    let holder: String = if holder.is_empty() {
                        "a process that is just starting".to_string()
                    } else {
                        holder.chars().take(240).collect()
                    };
                    return Err(Error::usage(format!(
                        "{} is being written by another gamecensus ({holder}; lock {}): wait \
                         for it to finish or stop it",
                        output.display(),
                        show()
                    )));
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(Error::io(format!("locking {}", show()), e));
                }
            }
            // The holder before us may have removed the file between our open and our
            // lock: then what we hold is no longer at the path.
            let same = match (file.metadata(), std::fs::metadata(&path)) {
                (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
                _ => false,
            };
            if !same {
                continue;
            }
            let text = holder_text();
            let written = file
                .set_len(0)
                .and_then(|_| file.rewind())
                .and_then(|_| file.write_all(text.as_bytes()));
            written.map_err(|e| Error::io(format!("writing the lock file {}", show()), e))?;
            change_held(|h| h.push(path.clone()));
            return Ok(OutputLock { path, file });
        }
        Err(Error::io(
            format!("locking {}", show()),
            std::io::Error::other("the lock file kept changing"),
        ))
    }

    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for OutputLock {
    fn drop(&mut self) {
        // Removed while still held: a process waiting on this file sees it gone.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
        change_held(|h| h.retain(|p| *p != self.path));
    }
}

/// The lock files this process holds.
static HELD: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The same, as C strings, for the handler of a second signal, which may neither take a
/// mutex nor allocate ([`unlink_held_in_handler`]). Each change stores a new list and
/// leaks the old one (a handler may be reading it): a few small lists per run.
static HELD_C: AtomicPtr<Vec<CString>> = AtomicPtr::new(std::ptr::null_mut());

/// The held lock files, changed by `f` and published for a signal handler.
fn change_held(f: impl FnOnce(&mut Vec<PathBuf>)) {
    let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut held);
    let c: Vec<CString> = held
        .iter()
        .filter_map(|p| CString::new(p.as_os_str().as_bytes()).ok())
        .collect();
    HELD_C.store(Box::into_raw(Box::new(c)), Ordering::SeqCst);
}

fn held() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    HELD.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the files of every lock this process holds, from a signal handler: only
/// async-signal-safe calls (an atomic load, `unlink`). Returns how many there were.
pub fn unlink_held_in_handler() -> usize {
    let list = HELD_C.load(Ordering::SeqCst);
    if list.is_null() {
        return 0;
    }
    // SAFETY: a published list is never freed nor changed (see HELD_C).
    let list = unsafe { &*list };
    for c in list {
        // SAFETY: a NUL-terminated path; unlink is async-signal-safe.
        unsafe { libc::unlink(c.as_ptr()) };
    }
    list.len()
}

/// Removes the files of every lock this process holds, for a process about to exit
/// without unwinding (the locks themselves go with the process).
pub fn remove_held_files() {
    for p in held().iter() {
        let _ = std::fs::remove_file(p);
    }
}

/// The path a write to `path` lands on: symbolic links at the last component followed
/// (the file they name may not exist yet), a relative one from its link's folder. The
/// folders above need not be resolved: a lock file beside the output is in the same
/// folder whichever way the folder is reached.
pub fn resolve_links(path: &Path) -> Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)
                    .map_err(|e| Error::io(format!("reading the link {}", p.display()), e))?;
                p = match p.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(Error::usage(format!(
        "{}: too many symbolic links (a loop?)",
        path.display()
    )))
}

/// The refusal of a file that another process writes under another name.
fn written_elsewhere(path: &Path) -> Error {
    Error::usage(format!(
        "{} is being written by another process under another name (a hard link to an \
         output another gamecensus is writing): wait for it to finish or write elsewhere",
        path.display()
    ))
}

/// Locks the output file `file` (opened for writing at `path`) for this process, on its
/// identity: a second writer through another name of the same file (a hard link) is
/// refused. Taken before anything is written, held as long as `file` is open.
pub fn lock_written(file: &File, path: &Path) -> Result<()> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(written_elsewhere(path)),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(Error::io(format!("locking {}", path.display()), e))
        }
    }
}

/// Refuses at once (before any work) an existing regular file `path` that another
/// process holds with [`lock_written`].
pub fn probe_written(path: &Path) -> Result<()> {
    let Ok(file) = File::open(path) else {
        return Ok(());
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    match file.try_lock_shared() {
        Err(std::fs::TryLockError::WouldBlock) => Err(written_elsewhere(path)),
        _ => Ok(()),
    }
}

/// Who holds the lock of `output`, if a live process does: `pid ... since ...: COMMAND`.
pub fn held_by(output: &Path) -> Option<String> {
    let path = lock_path(output);
    let mut file = File::open(&path).ok()?;
    match file.try_lock_shared() {
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            Some(holder.trim().chars().take(240).collect())
        }
        _ => None,
    }
}

/// `pid 1234 on HOST since 2026-11-25T15:00:00Z: gamecensus run jobs/x.toml`
fn holder_text() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "this host".into());
    let command: Vec<String> = std::env::args()
        .map(|a| a.chars().take(200).collect())
        .collect();
    let since = humantime::format_rfc3339_seconds(std::time::SystemTime::now());
    format!(
        "pid {} on {host} since {since}: {}\n",
        std::process::id(),
        command.join(" ")
    )
}
