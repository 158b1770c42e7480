//! Self-play data files: a header, then one block per game, in game order.
//!
//! Header, 32 bytes:
//!
//! | bytes  | field |
//! |--------|-------|
//! | 0..8   | magic `RKDGAME1` (version 1) or `RKDGAME2` (version 2) |
//! | 8..16  | seed, `u64` LE (games are derived from it and their index) |
//! | 16..24 | nodes per move, `u64` LE |
//! | 24..32 | settings fingerprint, `u64` LE: a hash of every other option the games depend on (0 = not recorded) |
//!
//! Version 2 files hold compact game blocks (start position and moves,
//! 4 bytes a ply: see [`super::compact`]); readers replay them into the
//! same positions. Version 1 game block: 8 bytes, then its kept positions
//! (32 bytes each, see [`super::record`]):
//!
//! | bytes | field |
//! |-------|-------|
//! | 0..4  | game index, `u32` LE (0, 1, 2, ... in file order) |
//! | 4..6  | number of positions, `u16` LE (0 when none passed the filters) |
//! | 6     | result, White's view: 0 loss, 1 draw, 2 win |
//! | 7     | marker `0xA5` |
//!
//! A file cut short (a killed run) ends in a partial block; [`scan`] finds
//! the last complete one so a new run can cut the rest and carry on, and
//! [`Reader`] stops before it.

use std::fs::File;
use std::io::{BufReader, ErrorKind, Read};
use std::path::Path;

use super::compact::{BLOCK_HEAD_BYTES, GAME_MARKER as COMPACT_MARKER, PLY_BYTES, PlayedGame, count_kept};
use super::record::{RECORD_BYTES, Record, decode};

pub const MAGIC: &[u8; 8] = b"RKDGAME1";
pub const MAGIC_V2: &[u8; 8] = b"RKDGAME2";
/// The version new files are written in.
pub const CURRENT_VERSION: u8 = 2;
pub const HEADER_BYTES: usize = 32;
pub const GAME_HEADER_BYTES: usize = 8;
const MARKER: u8 = 0xA5;

/// What a data file was generated with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub seed: u64,
    pub nodes: u64,
    /// A hash of the generator's other settings (start positions, random
    /// plies, adjudication, hash size), so that a resumed run can refuse
    /// to mix games made differently. 0 when not recorded.
    pub settings: u64,
    /// 1: kept positions, 32 bytes each; 2: compact games.
    pub version: u8,
}

impl Header {
    pub fn to_bytes(self) -> [u8; HEADER_BYTES] {
        let mut b = [0u8; HEADER_BYTES];
        b[0..8].copy_from_slice(if self.version >= 2 { MAGIC_V2 } else { MAGIC });
        b[8..16].copy_from_slice(&self.seed.to_le_bytes());
        b[16..24].copy_from_slice(&self.nodes.to_le_bytes());
        b[24..32].copy_from_slice(&self.settings.to_le_bytes());
        b
    }

    pub fn from_bytes(b: &[u8; HEADER_BYTES]) -> Result<Header, String> {
        let version = match &b[0..8] {
            m if m == MAGIC => 1,
            m if m == MAGIC_V2 => 2,
            _ => return Err("not a Rockad data file (bad magic)".to_string()),
        };
        let word = |i: usize| {
            u64::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6], b[i + 7]])
        };
        Ok(Header { seed: word(8), nodes: word(16), settings: word(24), version })
    }
}

/// One finished game: its index and its packed positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    pub index: u32,
    /// White's view: 0 loss, 1 draw, 2 win.
    pub result: u8,
    pub records: Vec<[u8; RECORD_BYTES]>,
}

impl Game {
    /// The game's block as written to the file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.records.len().min(u16::MAX as usize);
        let mut out = Vec::with_capacity(GAME_HEADER_BYTES + n * RECORD_BYTES);
        out.extend_from_slice(&self.index.to_le_bytes());
        out.extend_from_slice(&(n as u16).to_le_bytes());
        out.push(self.result);
        out.push(MARKER);
        for r in &self.records[..n] {
            out.extend_from_slice(r);
        }
        out
    }
}

/// A game block as read, before any decoding.
enum Block {
    Records(Game),
    Compact { index: u32, result: u8, start: [u8; RECORD_BYTES], plies: Vec<u8> },
}

/// Reads as much of `buf` as the input has; returns how many bytes came.
fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Reads a data file game by game, stopping quietly at a truncated or
/// damaged last block (see [`Reader::damaged`]).
pub struct Reader<R: Read> {
    input: R,
    pub header: Header,
    /// Games read so far.
    pub games: u32,
    /// Bytes of complete blocks so far, header included.
    pub valid_len: u64,
    /// Set when reading stopped at a partial or damaged block rather than
    /// at the clean end of the file.
    pub damaged: Option<String>,
}

impl Reader<BufReader<File>> {
    pub fn open(path: &Path) -> Result<Self, String> {
        let f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Reader::new(BufReader::with_capacity(1 << 20, f)).map_err(|e| format!("{}: {e}", path.display()))
    }
}

impl<R: Read> Reader<R> {
    pub fn new(mut input: R) -> Result<Self, String> {
        let mut h = [0u8; HEADER_BYTES];
        let got = read_full(&mut input, &mut h).map_err(|e| e.to_string())?;
        if got < HEADER_BYTES {
            return Err("too short for a Rockad data file".to_string());
        }
        let header = Header::from_bytes(&h)?;
        Ok(Reader { input, header, games: 0, valid_len: HEADER_BYTES as u64, damaged: None })
    }

    /// The next complete game, or `None` at the end (clean or not).
    pub fn next_game(&mut self) -> Option<Game> {
        match self.next_block()? {
            Block::Records(game) => Some(game),
            Block::Compact { index, result, start, plies } => {
                let game = PlayedGame::from_parts(index, result, &start, &plies).and_then(|g| g.records());
                match game {
                    Ok(records) => Some(Game { index, result, records }),
                    Err(e) => self.stop(&e),
                }
            }
        }
    }

    /// Skips the next complete game; returns its kept positions, or `None`
    /// at the end. Compact games are counted without replaying them.
    pub fn skip_game(&mut self) -> Option<u64> {
        match self.next_block()? {
            Block::Records(game) => Some(game.records.len() as u64),
            Block::Compact { plies, .. } => Some(count_kept(&plies) as u64),
        }
    }

    fn next_block(&mut self) -> Option<Block> {
        if self.damaged.is_some() {
            return None;
        }
        let mut gh = [0u8; GAME_HEADER_BYTES];
        match read_full(&mut self.input, &mut gh) {
            Ok(0) => return None,
            Ok(n) if n < GAME_HEADER_BYTES => return self.stop_block("a partial game header"),
            Ok(_) => {}
            Err(e) => return self.stop_block(&e.to_string()),
        }
        let index = u32::from_le_bytes([gh[0], gh[1], gh[2], gh[3]]);
        let count = usize::from(u16::from_le_bytes([gh[4], gh[5]]));
        let marker = if self.header.version >= 2 { COMPACT_MARKER } else { MARKER };
        if gh[7] != marker || gh[6] > 2 || index != self.games {
            return self.stop_block(&format!("a damaged game header after game {}", self.games));
        }
        let block = if self.header.version >= 2 {
            let mut start = [0u8; RECORD_BYTES];
            let mut plies = vec![0u8; count * PLY_BYTES];
            for buf in [&mut start[..], &mut plies[..]] {
                match read_full(&mut self.input, buf) {
                    Ok(n) if n == buf.len() => {}
                    Ok(_) => return self.stop_block("a partial game"),
                    Err(e) => return self.stop_block(&e.to_string()),
                }
            }
            self.valid_len += (BLOCK_HEAD_BYTES + count * PLY_BYTES) as u64;
            Block::Compact { index, result: gh[6], start, plies }
        } else {
            let mut records = vec![[0u8; RECORD_BYTES]; count];
            for r in &mut records {
                match read_full(&mut self.input, r) {
                    Ok(RECORD_BYTES) => {}
                    Ok(_) => return self.stop_block("a partial game"),
                    Err(e) => return self.stop_block(&e.to_string()),
                }
            }
            self.valid_len += (GAME_HEADER_BYTES + count * RECORD_BYTES) as u64;
            Block::Records(Game { index, result: gh[6], records })
        };
        self.games += 1;
        Some(block)
    }

    fn stop_block(&mut self, why: &str) -> Option<Block> {
        self.damaged = Some(why.to_string());
        None
    }

    fn stop(&mut self, why: &str) -> Option<Game> {
        self.damaged = Some(why.to_string());
        None
    }

    /// Every position of the rest of the file, decoded (a record that does
    /// not decode, which only a damaged file has, is skipped).
    pub fn positions(&mut self) -> impl Iterator<Item = Record> + '_ {
        std::iter::from_fn(move || self.next_game()).flat_map(|g| g.records).filter_map(|b| decode(&b).ok())
    }
}

/// What a data file holds: its header, complete games and positions, and
/// how many bytes they take (anything after is a partial block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scan {
    pub header: Header,
    pub games: u32,
    pub positions: u64,
    pub valid_len: u64,
    pub damaged: Option<String>,
}

/// Reads a whole file to count its complete games.
pub fn scan(path: &Path) -> Result<Scan, String> {
    let mut r = Reader::open(path)?;
    let mut positions = 0;
    while let Some(n) = r.skip_game() {
        positions += n;
    }
    Ok(Scan { header: r.header, games: r.games, positions, valid_len: r.valid_len, damaged: r.damaged })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Record, encode};
    use shakmaty::Chess;

    fn file(games: &[Game]) -> Vec<u8> {
        let mut out = Header { seed: 7, nodes: 5000, settings: 99, version: 1 }.to_bytes().to_vec();
        for g in games {
            out.extend_from_slice(&g.to_bytes());
        }
        out
    }

    fn game(index: u32, n: usize) -> Game {
        let record = encode(&Record { pos: Chess::default(), score: 12, result: 2 }).unwrap();
        Game { index, result: 2, records: vec![record; n] }
    }

    #[test]
    fn games_read_back_and_a_cut_file_stops_at_the_last_whole_game() {
        let games = [game(0, 3), game(1, 0), game(2, 2)];
        let bytes = file(&games);
        let mut r = Reader::new(&bytes[..]).unwrap();
        assert_eq!(r.header, Header { seed: 7, nodes: 5000, settings: 99, version: 1 });
        let read: Vec<Game> = std::iter::from_fn(|| r.next_game()).collect();
        assert_eq!(read, games);
        assert_eq!(r.damaged, None);
        assert_eq!(r.valid_len, bytes.len() as u64);

        let cut = &bytes[..bytes.len() - 5];
        let mut r = Reader::new(cut).unwrap();
        assert_eq!(r.positions().count(), 3);
        assert_eq!(r.games, 2);
        assert!(r.damaged.is_some());
        assert_eq!(r.valid_len, (HEADER_BYTES + 2 * GAME_HEADER_BYTES + 3 * RECORD_BYTES) as u64);
    }

    #[test]
    fn a_file_without_the_magic_is_refused() {
        let mut bytes = file(&[]);
        bytes[0] = b'X';
        assert!(Reader::new(&bytes[..]).is_err());
        assert!(Reader::new(&bytes[..4]).is_err());
    }
}
