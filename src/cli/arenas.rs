//! How many heaps (arenas) glibc's allocator keeps, for the commands with a memory budget.
//!
//! glibc gives threads that allocate at the same time heaps of their own, up to eight per core,
//! and a heap keeps the memory freed into it for later. When rows are made on worker threads
//! and freed on the consumer's, and columns encoded on yet other threads, each heap ends up
//! holding a share of freed memory, and the peak grows with the number of heaps
//! (`benches/RESULTS.md`, Parquet). One heap per job bounds it, with no loss of time measured.

/// Caps the heaps at `jobs` (at least one). Call before the run starts its threads; a heap
/// already made stays. Elsewhere than glibc, nothing to do.
pub fn cap_to_jobs(jobs: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    set_arena_max(jobs.max(1));
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = jobs;
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn set_arena_max(arenas: usize) {
    let arenas = libc::c_int::try_from(arenas).unwrap_or(libc::c_int::MAX);
    // SAFETY: `mallopt` takes a parameter and a value and touches nothing of ours; a value
    // the allocator does not take is refused with 0, and the allocator then keeps its default,
    // which is only a larger peak.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, arenas);
    }
}
