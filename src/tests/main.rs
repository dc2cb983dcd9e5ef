//! The integration tests, one module per file of `src/tests/` (listed by the build
//! script, src/build.rs, so a new file needs no entry anywhere): `cargo test --test
//! integration` runs them all, `cargo test --test integration shapes::` one file's.
//! Files that need a process of their own have their own `[[test]]` in Cargo.toml.
//! Their shared helpers are the module `common` (a file uses them with
//! `use crate::common;`).

mod common;

include!(concat!(env!("OUT_DIR"), "/integration_tests.rs"));
