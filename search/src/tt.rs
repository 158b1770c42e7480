//! The transposition table, shared by all search threads without locks.
//!
//! Each slot is two atomic words: `data` and `key ^ data`. A reader accepts a
//! slot only when the two agree with its key, so a slot torn by a concurrent
//! writer reads as a miss instead of as wrong data. Moves read from the table
//! are matched against the legal moves before use.

use std::fmt;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use shakmaty::{Chess, Move, Position, Role, Square};

use crate::score::{from_tt, to_tt};
use crate::table_memory::{ALIGN, ZeroedMemory};

/// Largest `Hash` in MiB (as Stockfish allows on 64-bit machines).
pub const MAX_HASH_MB: usize = 1 << 20;

const SLOTS: usize = 4;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four slots in one 64-byte cache line.
#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; SLOTS],
}

/// What kind of score an entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move raised alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// Whether a score of this bound settles a node searched in the window
    /// (`alpha`, `beta`): exact, at least `beta`, or at most `alpha`.
    #[inline(always)]
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: u16,
    pub score: i32,
    /// Static evaluation of the position (saves recomputing it).
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Whether the position was on a principal variation when stored (its
    /// node is likely to be again: reductions there cost more).
    pub pv: bool,
}

/// Whether a node is on a principal variation now (`pv_node`) or was when
/// its `entry` was stored: the flag search and quiescence store and reduce by.
#[inline(always)]
pub(crate) fn on_pv(pv_node: bool, entry: Option<Entry>) -> bool {
    pv_node || entry.is_some_and(|e| e.pv)
}

/// Why the table could not be resized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HashError {
    TooLarge { mb: usize, available_mb: usize },
    AllocationFailed { mb: usize },
}

impl fmt::Display for HashError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { mb, available_mb } => {
                write!(f, "Hash {mb} MiB exceeds the memory available ({available_mb} MiB)")
            }
            Self::AllocationFailed { mb } => write!(f, "could not allocate {mb} MiB for Hash"),
        }
    }
}

impl std::error::Error for HashError {}

/// Packs a move into 16 bits: from, to, promotion. Castling is king → rook.
pub fn encode_move(m: Move) -> u16 {
    let (from, to, promo) = match m {
        Move::Normal { from, to, promotion, .. } => (from, to, promotion.map_or(0, |r| r as u16)),
        Move::EnPassant { from, to } => (from, to, 0),
        Move::Castle { king, rook } => (king, rook, 0),
        Move::Put { to, .. } => (to, to, 0),
    };
    from as u16 | (to as u16) << 6 | promo << 12
}

/// The bucket array, in [`ZeroedMemory`] (zero is an empty bucket).
struct Table {
    memory: ZeroedMemory,
    len: usize,
}

impl Table {
    fn new(len: usize) -> Option<Table> {
        let memory = ZeroedMemory::new(len.checked_mul(std::mem::size_of::<Bucket>())?)?;
        Some(Table { memory, len })
    }

    fn as_slice(&self) -> &[Bucket] {
        const { assert!(std::mem::align_of::<Bucket>() <= ALIGN) };
        // SAFETY: the memory holds `len` buckets, is aligned for them (the
        // assertion above) and zeroed, and zeroed bytes are valid buckets
        // (atomics of zero); it lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.memory.as_ptr() as *const Bucket, self.len) }
    }
}

/// The legal move `code` stands for in `pos`, if any. Table moves may come
/// from another position with the same bucket (or a torn write), so every
/// one is checked before it is played.
pub fn decode_move(pos: &Chess, code: u16) -> Option<Move> {
    if code == 0 {
        return None;
    }
    let from = Square::new(u32::from(code & 63));
    let to = Square::new(u32::from((code >> 6) & 63));
    let promotion = Role::try_from((code >> 12) as u8).ok();
    let board = pos.board();
    let role = board.role_at(from)?;
    if board.color_at(from) != Some(pos.turn()) {
        return None;
    }
    let m = if role == Role::King && board.by_color(pos.turn()).contains(to) {
        Move::Castle { king: from, rook: to }
    } else if role == Role::Pawn && from.file() != to.file() && !board.occupied().contains(to) {
        Move::EnPassant { from, to }
    } else {
        Move::Normal { role, from, capture: board.role_at(to), to, promotion }
    };
    pos.is_legal(m).then_some(m)
}

pub struct Tt {
    table: Table,
    generation: AtomicU8,
}

impl Tt {
    /// A table of `mb` MiB (at least one bucket), zeroed lazily by the OS.
    pub fn new(mb: usize) -> Result<Tt, HashError> {
        let mb = mb.clamp(1, MAX_HASH_MB);
        if let Some(available_mb) = available_memory_mb()
            && mb > available_mb
        {
            return Err(HashError::TooLarge { mb, available_mb });
        }
        let n = (mb << 20) / std::mem::size_of::<Bucket>();
        let table = Table::new(n).ok_or(HashError::AllocationFailed { mb })?;
        Ok(Tt { table, generation: AtomicU8::new(0) })
    }

    /// Empties the table in place (`ucinewgame`, `Clear Hash`), writing
    /// every entry with `threads` threads at once. Writing, rather than
    /// handing the pages back to the OS, leaves the table faulted in, so the
    /// next search does not pay for that. No search may be running.
    pub fn clear(&self, threads: usize) {
        self.split(threads, |buckets| {
            for bucket in buckets {
                for slot in &bucket.slots {
                    slot.check.store(0, Relaxed);
                    slot.data.store(0, Relaxed);
                }
            }
        });
        self.generation.store(0, Relaxed);
    }

    /// Faults in every page of the table now, with `threads` threads at
    /// once and without changing an entry, so that the kernel's zeroing of
    /// fresh pages is not charged to the next search (a 4 GiB table costs a
    /// first search half a second otherwise).
    pub fn touch(&self, threads: usize) {
        let per_page = (4096 / std::mem::size_of::<Bucket>()).max(1);
        self.split(threads, |buckets| {
            for bucket in buckets.iter().step_by(per_page) {
                // A write that changes nothing. Not `fetch_or(0)`: LLVM
                // turns that into a plain load, and reading a fresh page
                // only maps the shared zero page.
                let _ = bucket.slots[0].data.compare_exchange(0, 0, Relaxed, Relaxed);
            }
        });
    }

    /// Runs `work` over the whole table in up to `threads` pieces at once,
    /// each piece whole huge pages (so no two threads fault in one page);
    /// a piece whose thread cannot be started is done on this one.
    fn split(&self, threads: usize, work: impl Fn(&[Bucket]) + Sync) {
        const HUGE_PAGE: usize = 2 << 20;
        let buckets = self.table.as_slice();
        let per_huge_page = HUGE_PAGE / std::mem::size_of::<Bucket>();
        let piece = buckets.len().div_ceil(threads.max(1)).next_multiple_of(per_huge_page);
        if piece >= buckets.len() {
            work(buckets);
            return;
        }
        let work = &work;
        std::thread::scope(|s| {
            let mut pieces = buckets.chunks(piece);
            let first = pieces.next();
            for chunk in pieces {
                let spawned =
                    std::thread::Builder::new().name("tt-fill".into()).spawn_scoped(s, move || work(chunk));
                if spawned.is_err() {
                    work(chunk);
                }
            }
            if let Some(chunk) = first {
                work(chunk);
            }
        });
    }

    /// Size in MiB.
    pub fn size_mb(&self) -> usize {
        (self.table.len * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.store(self.generation.load(Relaxed).wrapping_add(1) & 0x3f, Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.table.len as u128) >> 64) as usize;
        &self.table.as_slice()[i]
    }

    /// Hints the CPU to fetch the bucket for `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(self.bucket(key));
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Relaxed);
            if slot.check.load(Relaxed) ^ data == key && data != 0 {
                let mut e = unpack(data);
                e.score = from_tt(e.score, ply);
                return Some(e);
            }
        }
        None
    }

    /// Stores a search's result for `key` (one argument per field it keeps:
    /// a struct would only be built to be taken apart again on the hot path).
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        // The slot holding this key, else the least valuable one.
        let mut victim = 0;
        let mut victim_value = i32::MAX;
        for (i, slot) in bucket.slots.iter().enumerate() {
            let data = slot.data.load(Relaxed);
            if data == 0 || slot.check.load(Relaxed) ^ data == key {
                victim = i;
                break;
            }
            let (old_depth, old_generation) = depth_and_gen(data);
            let age = (generation.wrapping_sub(old_generation) & 0x3f) as i32;
            let value = old_depth - 8 * age;
            if value < victim_value {
                victim_value = value;
                victim = i;
            }
        }
        let slot = &bucket.slots[victim];
        let old = slot.data.load(Relaxed);
        let same_key = old != 0 && slot.check.load(Relaxed) ^ old == key;
        let mut code = mv.map_or(0, encode_move);
        if same_key {
            let (old_depth, _) = depth_and_gen(old);
            // Keep a deeper entry of the same position unless this one is exact.
            if bound != Bound::Exact && depth + 3 < old_depth {
                return;
            }
            if code == 0 {
                code = unpack(old).mv;
            }
        }
        let data = pack(code | u16::from(pv) << PV_BIT, to_tt(score, ply), eval, depth, bound, generation);
        slot.data.store(data, Relaxed);
        slot.check.store(key ^ data, Relaxed);
    }

    /// Permille of sampled slots written in this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.table.len.min(250);
        let mut used = 0;
        for b in &self.table.as_slice()[..sample] {
            for s in &b.slots {
                let d = s.data.load(Relaxed);
                if d != 0 && depth_and_gen(d).1 == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * SLOTS).max(1)) as u32
    }
}

/// The move's 16 bits leave the top one free (from 6, to 6, promotion 3):
/// it holds the PV flag.
const PV_BIT: u16 = 15;
const MOVE_MASK: u16 = (1 << PV_BIT) - 1;

// data: move 15 + PV 1 | score 16 | eval 16 | depth 8 | bound 2 | generation 6.
fn pack(mv: u16, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let depth = (depth.clamp(-1, 254) + 1) as u64;
    mv as u64
        | (score as i16 as u16 as u64) << 16
        | (eval as i16 as u16 as u64) << 32
        | depth << 48
        | (bound as u64) << 56
        | ((generation & 0x3f) as u64) << 58
}

fn unpack(d: u64) -> Entry {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    Entry {
        mv: d as u16 & MOVE_MASK,
        pv: (d as u16) >> PV_BIT != 0,
        score: (d >> 16) as u16 as i16 as i32,
        eval: (d >> 32) as u16 as i16 as i32,
        depth: ((d >> 48) & 0xff) as i32 - 1,
        bound,
    }
}

fn depth_and_gen(d: u64) -> (i32, u8) {
    (((d >> 48) & 0xff) as i32 - 1, (d >> 58) as u8 & 0x3f)
}

/// `MemAvailable` in MiB where the OS tells it (Linux); `None` elsewhere.
fn available_memory_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests;
