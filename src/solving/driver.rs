//! The order-preserving parallel driver: items are taken in chunks, mapped in parallel
//! with rayon, and each chunk's results handed on together, strictly in input order, so output is the same
//! for any number of threads and memory is bounded by one chunk.

use rayon::prelude::*;

use crate::error::Result;

/// Maps `items` through `map` in parallel, chunk by chunk, and passes each chunk's
/// results (in input order) to `consume`. Stops at the first error of `consume`, or before a chunk
/// when `stop()` says so.
pub fn ordered_map<I, R>(
    items: impl IntoIterator<Item = I>,
    chunk: usize,
    map: impl Fn(I) -> R + Sync + Send,
    mut consume: impl FnMut(Vec<R>) -> Result<()>,
    stop: impl Fn() -> bool,
) -> Result<()>
where
    I: Send,
    R: Send,
{
    let mut it = items.into_iter();
    let chunk = chunk.max(1);
    loop {
        if stop() {
            return Ok(());
        }
        let batch: Vec<I> = it.by_ref().take(chunk).collect();
        if batch.is_empty() {
            return Ok(());
        }
        let results: Vec<R> = batch.into_par_iter().map(&map).collect();
        consume(results)?;
    }
}
