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

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
            held().push(path.clone());
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
        held().retain(|p| *p != self.path);
    }
}

/// The lock files this process holds.
static HELD: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn held() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    HELD.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the files of every lock this process holds, for a process about to exit
/// without unwinding (the locks themselves go with the process).
pub fn remove_held_files() {
    for p in held().iter() {
        let _ = std::fs::remove_file(p);
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
