//! The module's global allocator: std's (dlmalloc on wasm32) with a free
//! list per size class in front of it for blocks of at most
//! [`MAX_SMALL`] bytes — what a message's judgement allocates and frees
//! again (its head's strings, the report, the correlation entry), about a
//! dozen blocks per message. In a CPU profile of `Session.observe` in Node
//! the allocator's share went from 6.6 % (dlmalloc's `malloc` and `free`)
//! to 3.2 % (`npm/README.md`, Performance). Freed small blocks stay on their list (the
//! lists hold at most the peak of live small blocks); larger blocks, and
//! alignments above 16, go to dlmalloc directly.
//!
//! Only on wasm32 without threads (one thread, so the lists need no lock).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ptr;

/// The largest block served from the free lists.
pub const MAX_SMALL: usize = 256;
const STEP: usize = 16;
const CLASSES: usize = MAX_SMALL / STEP;

/// See the module docs.
pub struct SmallAlloc {
    heads: UnsafeCell<[*mut u8; CLASSES]>,
}

// SAFETY: compiled only for wasm32 without the atomics feature, where the
// module runs on one thread.
unsafe impl Sync for SmallAlloc {}

impl SmallAlloc {
    /// An allocator with empty lists.
    pub const fn new() -> SmallAlloc {
        SmallAlloc {
            heads: UnsafeCell::new([ptr::null_mut(); CLASSES]),
        }
    }
}

impl Default for SmallAlloc {
    fn default() -> Self {
        SmallAlloc::new()
    }
}

/// The size class of a layout, when the free lists serve it.
#[inline]
fn class(layout: Layout) -> Option<usize> {
    (layout.size() <= MAX_SMALL && layout.align() <= STEP)
        .then(|| layout.size().max(1).div_ceil(STEP) - 1)
}

#[inline]
fn class_layout(class: usize) -> Layout {
    // SAFETY: (class + 1) * 16 is a non-zero multiple of the power-of-two alignment 16.
    unsafe { Layout::from_size_align_unchecked((class + 1) * STEP, STEP) }
}

unsafe impl GlobalAlloc for SmallAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(c) = class(layout) else {
            return System.alloc(layout);
        };
        let heads = &mut *self.heads.get();
        let block = heads[c];
        if block.is_null() {
            return System.alloc(class_layout(c));
        }
        // A free block's first word links to the next free block.
        heads[c] = *(block as *mut *mut u8);
        block
    }

    #[inline]
    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        let Some(c) = class(layout) else {
            return System.dealloc(block, layout);
        };
        let heads = &mut *self.heads.get();
        *(block as *mut *mut u8) = heads[c];
        heads[c] = block;
    }

    #[inline]
    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = Layout::from_size_align_unchecked(new_size, layout.align());
        match (class(layout), class(new)) {
            (Some(a), Some(b)) if a == b => block,
            (None, None) => System.realloc(block, layout, new_size),
            _ => {
                let moved = self.alloc(new);
                if !moved.is_null() {
                    ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                    self.dealloc(block, layout);
                }
                moved
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_round_up_and_blocks_are_reused() {
        assert_eq!(class(Layout::from_size_align(1, 1).unwrap()), Some(0));
        assert_eq!(class(Layout::from_size_align(16, 8).unwrap()), Some(0));
        assert_eq!(class(Layout::from_size_align(17, 8).unwrap()), Some(1));
        assert_eq!(class(Layout::from_size_align(256, 8).unwrap()), Some(15));
        assert_eq!(class(Layout::from_size_align(257, 8).unwrap()), None);
        assert_eq!(class(Layout::from_size_align(8, 32).unwrap()), None);
        let a = SmallAlloc::new();
        let l = Layout::from_size_align(24, 8).unwrap();
        unsafe {
            let p = a.alloc(l);
            p.write_bytes(7, 24);
            a.dealloc(p, l);
            let q = a.alloc(Layout::from_size_align(30, 8).unwrap());
            assert_eq!(p, q);
            // (a freed block's first word held the free-list link)
            q.write_bytes(7, 30);
            let r = a.realloc(q, Layout::from_size_align(30, 8).unwrap(), 300);
            assert!(!r.is_null());
            assert_eq!(*r, 7);
            a.dealloc(r, Layout::from_size_align(300, 8).unwrap());
        }
    }
}
