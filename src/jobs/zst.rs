//! Compressed outputs: a census output whose name ends in `.zst` (`--compress zstd`
//! names it `NAME.csv.zst`) is a sequence of zstd frames, one per sidecar update: the
//! rows of a few seconds are held in memory and written as one frame just before the
//! sidecar vouches for them, so the prefix a sidecar vouches for is always whole frames
//! (its bytes and checksum are those of the compressed file), and `--resume` cuts what
//! follows it as for a plain CSV. A stream of concatenated frames is one valid zstd
//! file: `zstd -d`, `zstdcat` and every reader here (`analyze`, `report`, `merge`,
//! `--resume`) read it without unpacking it first.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek};
use std::path::Path;

use crate::error::{Error, Result};

/// The zstd level of the frames (zstd's default: fast, about 4x smaller CSV).
pub const LEVEL: i32 = 3;

/// The first four bytes of a zstd frame.
pub const MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// Whether an output at `path` is written compressed (its name ends in `.zst`).
pub fn is_zst_path(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "zst")
}

/// `bytes` as one zstd frame.
pub fn frame(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    zstd::bulk::compress(bytes, LEVEL)
}

/// Whether the file starts with a zstd frame (and so is read through a decoder); the
/// file is left at its start.
pub fn starts_compressed(f: &mut File) -> std::io::Result<bool> {
    let mut head = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match f.read(&mut head[got..])? {
            0 => break,
            k => got += k,
        }
    }
    f.rewind()?;
    Ok(got == 4 && head == MAGIC)
}

/// The decompressed lines of `input` (zstd frames).
pub fn decoder<R: Read>(
    input: R,
) -> std::io::Result<BufReader<zstd::Decoder<'static, BufReader<R>>>> {
    Ok(BufReader::with_capacity(
        1 << 20,
        zstd::Decoder::new(input)?,
    ))
}

/// A reader of the file at `path`, decompressing it if it is zstd frames.
pub fn open_lines(path: &Path) -> Result<Box<dyn BufRead + Send>> {
    let show = path.display();
    let mut f = File::open(path).map_err(|e| Error::io(format!("reading {show}"), e))?;
    let zst = starts_compressed(&mut f).map_err(|e| Error::io(format!("reading {show}"), e))?;
    Ok(if zst {
        Box::new(decoder(f).map_err(|e| Error::io(format!("reading {show}"), e))?)
    } else {
        Box::new(BufReader::with_capacity(1 << 20, f))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn concatenated_frames_read_as_one_stream() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.csv.zst");
        let mut f = File::create(&p).unwrap();
        f.write_all(&frame(b"a,b\n").unwrap()).unwrap();
        f.write_all(&frame(b"1,2\n3,4\n").unwrap()).unwrap();
        drop(f);
        let mut text = String::new();
        open_lines(&p).unwrap().read_to_string(&mut text).unwrap();
        assert_eq!(text, "a,b\n1,2\n3,4\n");
        assert!(is_zst_path(&p) && !is_zst_path(Path::new("x.csv")));
    }
}
