//! Memory for the transposition table: zeroed, aligned to a cache line and,
//! on Linux, backed by transparent huge pages where the system grants them.
//!
//! The table is read at random, so with 4 KiB pages nearly every probe of a
//! table larger than the TLB's reach also misses the TLB, and the page walk
//! adds to the memory latency: perf put a large share of the search's own
//! time on the table prefetch. 2 MiB pages cover a 16 MiB table with eight
//! TLB entries. A fresh anonymous mapping is zero and costs nothing until
//! touched, so a large `Hash` is allocated at once; the table then faults it
//! in on several threads before the engine answers `readyok`.

/// Zeroed memory of at least `len` bytes, aligned to [`ALIGN`].
pub(crate) struct ZeroedMemory {
    ptr: *mut u8,
    /// What to give back: the mapping (or allocation) as obtained.
    base: *mut u8,
    size: usize,
}

/// Alignment of [`ZeroedMemory::as_ptr`]: a cache line.
pub(crate) const ALIGN: usize = 64;

// SAFETY: the memory is owned by the value; sharing it is up to the owner.
unsafe impl Send for ZeroedMemory {}
unsafe impl Sync for ZeroedMemory {}

impl ZeroedMemory {
    pub fn new(len: usize) -> Option<ZeroedMemory> {
        if len == 0 {
            return None;
        }
        sys::zeroed(len)
    }

    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr
    }
}

impl Drop for ZeroedMemory {
    fn drop(&mut self) {
        // SAFETY: `base` and `size` are what `sys::zeroed` obtained.
        unsafe { sys::release(self.base, self.size) }
    }
}

#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
mod sys {
    use super::ZeroedMemory;
    use std::ffi::c_void;

    // The C library is linked into every Rust program on Linux; these three
    // calls are all this module needs of it, so no binding crate.
    unsafe extern "C" {
        fn mmap(addr: *mut c_void, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
        fn madvise(addr: *mut c_void, len: usize, advice: i32) -> i32;
    }
    // Linux's values on x86-64 and AArch64.
    const PROT_READ: i32 = 1;
    const PROT_WRITE: i32 = 2;
    const MAP_PRIVATE: i32 = 2;
    const MAP_ANONYMOUS: i32 = 0x20;
    const MADV_HUGEPAGE: i32 = 14;
    const HUGE_PAGE: usize = 2 << 20;

    pub(super) fn zeroed(len: usize) -> Option<ZeroedMemory> {
        // Room to start the table on a huge-page boundary.
        let size = len.checked_add(HUGE_PAGE)?;
        // SAFETY: a new private anonymous mapping; nothing else refers to it.
        let base = unsafe {
            mmap(std::ptr::null_mut(), size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        };
        if base as isize == -1 || base.is_null() {
            return None;
        }
        let base = base as *mut u8;
        let offset = base.align_offset(HUGE_PAGE);
        // SAFETY: `offset < HUGE_PAGE`, so `ptr..ptr + len` lies in the mapping.
        let ptr = unsafe { base.add(offset) };
        // Only advice: where the kernel has no huge pages (or THP is off)
        // the table works the same on small pages.
        // SAFETY: the range lies in our mapping.
        let _ = unsafe { madvise(ptr as *mut c_void, len, MADV_HUGEPAGE) };
        Some(ZeroedMemory { ptr, base, size })
    }

    /// # Safety
    /// `base` and `size` must describe a mapping made by [`zeroed`].
    pub(super) unsafe fn release(base: *mut u8, size: usize) {
        // SAFETY: the caller's promise.
        unsafe { munmap(base as *mut c_void, size) };
    }
}

#[cfg(not(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"))))]
mod sys {
    use super::{ALIGN, ZeroedMemory};
    use std::alloc::{Layout, alloc_zeroed, dealloc};

    /// `calloc`'s alignment plus a cache line of slack, aligned by hand:
    /// the allocator zeroes an over-aligned allocation by writing every
    /// byte, while `calloc` can hand out fresh zero pages.
    fn layout(size: usize) -> Option<Layout> {
        Layout::from_size_align(size, 16).ok()
    }

    pub(super) fn zeroed(len: usize) -> Option<ZeroedMemory> {
        let size = len.checked_add(ALIGN)?;
        // SAFETY: non-zero size.
        let base = unsafe { alloc_zeroed(layout(size)?) };
        if base.is_null() {
            return None;
        }
        // SAFETY: `ALIGN` bytes of slack keep the aligned range inside.
        let ptr = unsafe { base.add(base.align_offset(ALIGN)) };
        Some(ZeroedMemory { ptr, base, size })
    }

    /// # Safety
    /// `base` and `size` must describe an allocation made by [`zeroed`].
    pub(super) unsafe fn release(base: *mut u8, size: usize) {
        if let Some(layout) = layout(size) {
            // SAFETY: the caller's promise; the same layout as allocated.
            unsafe { dealloc(base, layout) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_zeroed_aligned_and_writable() {
        for len in [2, 64, 4096, 3 << 20, 17 << 20] {
            let m = ZeroedMemory::new(len).expect("memory");
            assert_eq!(m.as_ptr() as usize % ALIGN, 0);
            // SAFETY: `len` bytes from `as_ptr` belong to `m`.
            let bytes = unsafe { std::slice::from_raw_parts_mut(m.as_ptr(), len) };
            assert!(bytes.iter().all(|&b| b == 0));
            bytes[0] = 1;
            bytes[len - 1] = 2;
            assert_eq!((bytes[0], bytes[len - 1]), (1, 2));
        }
        assert!(ZeroedMemory::new(0).is_none());
    }
}
