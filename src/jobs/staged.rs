//! Outputs written whole, then put in place (`draw`, `report`): a file or a folder is
//! built beside its destination under a hidden temporary name and renamed onto it at
//! the end, so that an interrupted or failed command never leaves a half-written output
//! that looks complete. An existing output is refused unless `--force` is given, as
//! `run`, `merge` and `octal` do; with it, the old output is replaced only once the new
//! one is complete.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// An output being written at [`Staged::path`], to be put at its destination by
/// [`Staged::commit`]; dropped without it, what was written is removed.
pub struct Staged {
    dest: PathBuf,
    /// Where it is written (`dest` itself for a device or a pipe).
    tmp: PathBuf,
    dir: bool,
    done: bool,
    /// One writer per destination (see [`crate::sys::lock`]).
    _lock: Option<crate::sys::lock::OutputLock>,
    /// Stopped by force (a signal, the memory budget): the partial output goes.
    _stop: Option<crate::sys::stop::Registration>,
}

/// Removes what earlier processes killed with no chance to clean up (`kill -9`, a
/// crash) left in `dir` while writing the same output: the entries named `PREFIX` + a
/// process number (+ anything), other than this process's. Called with the output's lock
/// held ([`crate::sys::lock`]), so no live writer of that output owns them. Each one
/// removed is named on stderr.
pub fn remove_leftovers(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mine = std::process::id().to_string();
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(prefix)) else {
            continue;
        };
        let pid: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if pid.is_empty() || pid == mine {
            continue;
        }
        if remove(&e.path()).is_ok() {
            eprintln!(
                "gamecensus: removed {}, left by an earlier run (process {pid}) that was killed",
                e.path().display()
            );
        }
    }
}

/// Refuses an existing `path` unless `force`.
pub fn refuse_existing(path: &Path, force: bool) -> Result<()> {
    if path.as_os_str().is_empty() {
        return Err(Error::usage("the output path is empty"));
    }
    if !force && std::fs::symlink_metadata(path).is_ok() {
        return Err(Error::usage(format!(
            "{} exists: use --force to replace it, or give another path",
            path.display()
        )));
    }
    Ok(())
}

impl Staged {
    /// A file to be written at `dest` (a device or a pipe there is written directly).
    pub fn file(dest: &Path, force: bool) -> Result<Staged> {
        if dest.is_dir() {
            return Err(Error::usage(format!(
                "{} is a folder: name a file",
                dest.display()
            )));
        }
        if std::fs::metadata(dest).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            return Ok(Staged {
                dest: dest.to_path_buf(),
                tmp: dest.to_path_buf(),
                dir: false,
                done: false,
                _lock: None,
                _stop: None,
            });
        }
        Staged::new(dest, force, false)
    }

    /// A folder to be written at `dest`.
    pub fn dir(dest: &Path, force: bool) -> Result<Staged> {
        Staged::new(dest, force, true)
    }

    fn new(dest: &Path, force: bool, dir: bool) -> Result<Staged> {
        if dest.as_os_str().is_empty() {
            return Err(Error::usage("the output path is empty"));
        }
        if let Some(parent) = dest.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| {
                Error::usage(format!(
                    "cannot create the folder {} ({e})",
                    parent.display()
                ))
            })?;
        }
        // Locked before the existence check: two writers cannot both find it absent.
        let lock = crate::sys::lock::OutputLock::acquire(dest)?;
        refuse_existing(dest, force)?;
        let name = dest
            .file_name()
            .ok_or_else(|| Error::usage(format!("{}: name a file or folder", dest.display())))?;
        let parent = dest
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).map_err(|e| {
            Error::usage(format!(
                "cannot create the folder {} ({e})",
                parent.display()
            ))
        })?;
        let prefix = format!(".{}.gamecensus-partial-", name.to_string_lossy());
        remove_leftovers(parent, &prefix);
        let tmp = parent.join(format!("{prefix}{}", std::process::id()));
        let _ = remove(&tmp);
        let made = if dir {
            std::fs::create_dir(&tmp)
        } else {
            std::fs::File::create(&tmp).map(drop)
        };
        made.map_err(|e| Error::usage(format!("cannot write in {} ({e})", parent.display())))?;
        let partial = tmp.clone();
        let stop = crate::sys::stop::on_stop(move |_| {
            let _ = remove(&partial);
            None
        });
        Ok(Staged {
            dest: dest.to_path_buf(),
            tmp,
            dir,
            done: false,
            _lock: Some(lock),
            _stop: Some(stop),
        })
    }

    /// Where to write.
    pub fn path(&self) -> &Path {
        &self.tmp
    }

    /// Puts what was written at the destination, replacing what was there.
    pub fn commit(mut self) -> Result<()> {
        self.done = true;
        if self.tmp == self.dest {
            return Ok(());
        }
        let io = |e| Error::io(format!("putting {} in place", self.dest.display()), e);
        // A folder cannot be renamed onto a folder that has files: the old one is moved
        // aside first, and removed once the new one is in place.
        let old = std::fs::symlink_metadata(&self.dest)
            .is_ok_and(|m| self.dir || m.is_dir())
            .then(|| {
                let mut o = self.tmp.clone().into_os_string();
                o.push("-old");
                PathBuf::from(o)
            });
        if let Some(old) = &old {
            std::fs::rename(&self.dest, old).map_err(io)?;
        }
        if let Err(e) = std::fs::rename(&self.tmp, &self.dest) {
            if let Some(old) = &old {
                let _ = std::fs::rename(old, &self.dest);
            }
            self.done = false;
            return Err(io(e));
        }
        if let Some(old) = &old {
            let _ = remove(old);
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.done && self.tmp != self.dest {
            let _ = remove(&self.tmp);
        }
    }
}

fn remove(p: &Path) -> std::io::Result<()> {
    if std::fs::symlink_metadata(p)?.is_dir() {
        std::fs::remove_dir_all(p)
    } else {
        std::fs::remove_file(p)
    }
}
