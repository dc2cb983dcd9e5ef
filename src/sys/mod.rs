//! The process's dealings with the system, below every other layer (it imports only
//! [`crate::error`]): the allocator that reports running out, and the process's resident
//! memory ([`heap`]); stopping on a signal, a memory budget or a deadline ([`stop`]); the
//! lock that keeps two writers off one output ([`lock`]); input read line by line within
//! bounds ([`input`]).

pub mod heap;
pub mod input;
pub mod lock;
pub mod stop;
