//! Checkpoints of long `octal` runs: G(0..=n) and the method's state in one file, so that a
//! run can stop (Ctrl-C, a crash, a smaller `--max`) and go on later to exactly the values
//! and counts of an uninterrupted run.
//!
//! Layout: a [`HEADER`]-byte header — the magic `GCOCTAL1`, the length (u32 LE) and the
//! xxh3-64 (u64 LE) of a JSON description, the description — then G(n) as u32 LE at
//! `HEADER + 4n`. Saving writes the new values, syncs, and only then rewrites the header
//! (which says up to which n the values are good) and syncs again: the header never
//! claims values that are not on disk, and bytes past its n are ignored. A torn or foreign
//! header fails its checksum or magic and is refused, never guessed at.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::sparse::Stats;
use super::split::Split;
use crate::error::{Error, Result};

/// Bytes before the values.
pub const HEADER: u64 = 4096;
const MAGIC: &[u8; 8] = b"GCOCTAL1";

/// What must match for a checkpoint to be resumed: the game and the method (with its
/// split option), as the command line gave them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The octal code, as [`super::OctalCode`] prints it.
    pub code: String,
    /// `fast` or `reference`.
    pub method: String,
    /// The fast method's `--split` (`auto` when chosen automatically).
    pub split_option: String,
}

/// The state a checkpoint holds besides the values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// What it is a checkpoint of.
    pub identity: Identity,
    /// The values G(0..=done) are saved.
    pub done: usize,
    /// The split in use (fast method).
    pub split_mask: u32,
    /// Its domain parity, if of the domain type.
    pub split_domain: Option<u8>,
    /// The fast method's counts so far.
    pub stats: Stats,
}

impl Meta {
    /// The split in use.
    pub fn split(&self) -> Split {
        Split {
            mask: self.split_mask,
            domain: self.split_domain,
        }
    }
}

/// Whether the file at `path` holds no saved state: it is empty, or its header was
/// never written (a run killed before its first save leaves one or the other). Such a
/// file holds nothing to lose: a new run replaces it and `--resume` starts from G(0).
fn never_saved(file: &mut File) -> std::io::Result<bool> {
    let mut head = [0u8; 8];
    let mut got = 0;
    file.seek(SeekFrom::Start(0))?;
    while got < head.len() {
        match file.read(&mut head[got..])? {
            0 => break,
            k => got += k,
        }
    }
    Ok(head[..got].iter().all(|&b| b == 0))
}

/// What a checkpoint saved: the state and G(0..=done).
pub type Saved = (Meta, Vec<u32>);

/// An open checkpoint file.
pub struct Checkpoint {
    file: File,
    path: PathBuf,
    identity: Identity,
    saved: usize,
}

fn io(path: &Path, what: &str) -> impl Fn(std::io::Error) -> Error {
    let context = format!("{what} checkpoint {}", path.display());
    move |e| Error::io(context.clone(), e)
}

impl Checkpoint {
    /// Starts a new checkpoint; refuses to replace an existing file that holds a saved
    /// state (one that never saved any is replaced).
    pub fn create(path: &Path, identity: Identity) -> Result<Checkpoint> {
        let file = match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let mut f = OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(path)
                    .map_err(io(path, "opening"))?;
                if !never_saved(&mut f).map_err(io(path, "reading"))? {
                    return Err(Error::usage(format!(
                        "checkpoint {} already exists: continue it with --resume, or remove it",
                        path.display()
                    )));
                }
                f.set_len(0).map_err(io(path, "writing"))?;
                f
            }
            Err(e) => return Err(io(path, "creating")(e)),
        };
        Ok(Checkpoint {
            file,
            path: path.to_path_buf(),
            identity,
            saved: 0,
        })
    }

    /// Opens a checkpoint to resume it: its state and values G(0..=done), or `None` if it
    /// never saved any (see [`never_saved`]). Refuses one of another game or method, and
    /// a damaged one.
    pub fn open(path: &Path, identity: Identity) -> Result<(Checkpoint, Option<Saved>)> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => Error::usage(format!(
                    "--resume: checkpoint {} does not exist",
                    path.display()
                )),
                _ => io(path, "opening")(e),
            })?;
        let bad = |why: &str| {
            Error::usage(format!(
                "checkpoint {}: {why}; not resuming (remove it to start over)",
                path.display()
            ))
        };
        if never_saved(&mut file).map_err(io(path, "reading"))? {
            file.set_len(0).map_err(io(path, "writing"))?;
            let cp = Checkpoint {
                file,
                path: path.to_path_buf(),
                identity,
                saved: 0,
            };
            return Ok((cp, None));
        }
        file.seek(SeekFrom::Start(0)).map_err(io(path, "reading"))?;
        let mut head = vec![0u8; HEADER as usize];
        file.read_exact(&mut head)
            .map_err(|_| bad("too short for a gamecensus octal checkpoint"))?;
        if &head[..8] != MAGIC {
            return Err(bad("not a gamecensus octal checkpoint"));
        }
        let len = u32::from_le_bytes(head[8..12].try_into().unwrap()) as usize;
        let sum = u64::from_le_bytes(head[12..20].try_into().unwrap());
        let json = head
            .get(20..20 + len)
            .filter(|j| xxhash_rust::xxh3::xxh3_64(j) == sum)
            .ok_or_else(|| bad("damaged header (checksum)"))?;
        let meta: Meta = serde_json::from_slice(json).map_err(|_| bad("damaged header"))?;
        if meta.identity != identity {
            let (a, b) = (&meta.identity, &identity);
            return Err(bad(&format!(
                "it is of {} by the {} method (split {}), this run is {} by the {} method \
                 (split {})",
                a.code, a.method, a.split_option, b.code, b.method, b.split_option
            )));
        }
        let mut bytes = vec![0u8; (meta.done + 1) * 4];
        file.read_exact(&mut bytes)
            .map_err(|_| bad("fewer values than its header says"))?;
        let values: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        if values[0] != 0 {
            return Err(bad("G(0) is not 0"));
        }
        let cp = Checkpoint {
            file,
            path: path.to_path_buf(),
            identity,
            saved: meta.done + 1,
        };
        Ok((cp, Some((meta, values))))
    }

    /// Saves G(0..=done) (`values`) and the state: the values not saved yet, then the
    /// header.
    pub fn save(&mut self, values: &[u32], split: Split, stats: Stats) -> Result<()> {
        let err = io(&self.path, "writing");
        let from = self.saved.min(values.len());
        self.file
            .seek(SeekFrom::Start(HEADER + 4 * from as u64))
            .map_err(&err)?;
        let mut w = std::io::BufWriter::with_capacity(1 << 20, &self.file);
        for v in &values[from..] {
            w.write_all(&v.to_le_bytes()).map_err(&err)?;
        }
        w.flush().map_err(&err)?;
        drop(w);
        self.file.sync_data().map_err(&err)?;
        let meta = Meta {
            identity: self.identity.clone(),
            done: values.len() - 1,
            split_mask: split.mask,
            split_domain: split.domain,
            stats,
        };
        let json = serde_json::to_vec(&meta).expect("a checkpoint header serializes");
        assert!(
            20 + json.len() <= HEADER as usize,
            "checkpoint header too long"
        );
        let mut head = vec![0u8; HEADER as usize];
        head[..8].copy_from_slice(MAGIC);
        head[8..12].copy_from_slice(&(json.len() as u32).to_le_bytes());
        head[12..20].copy_from_slice(&xxhash_rust::xxh3::xxh3_64(&json).to_le_bytes());
        head[20..20 + json.len()].copy_from_slice(&json);
        self.file.seek(SeekFrom::Start(0)).map_err(&err)?;
        self.file.write_all(&head).map_err(&err)?;
        self.file.sync_data().map_err(&err)?;
        self.saved = values.len();
        Ok(())
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}
