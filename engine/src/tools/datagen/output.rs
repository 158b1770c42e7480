//! The data file being written: created with its header, or continued.
//!
//! The format is `rockad_eval::data` (see `eval/src/data/file.rs` for the
//! header and game blocks, `eval/src/data/compact.rs` for the compact games
//! new files hold and `eval/src/data/record.rs` for the 32-byte position
//! records of version 1 files, which are continued in their own format). Games are written in index order, one whole block
//! at a time, flushed after each; so a file holds games `0..n` and at most
//! one cut-off block after them (a killed run), which a continuing run cuts
//! off before it appends game `n`.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use rockad_eval::data::file::HEADER_BYTES;
use rockad_eval::data::{CURRENT_VERSION, Game, Header, PlayedGame, scan};

use super::game::Rules;

/// An open data file, positioned after its last complete game.
pub struct Output {
    path: PathBuf,
    file: BufWriter<File>,
    pub header: Header,
    /// Complete games in the file (the index of the next one).
    pub games: u32,
    pub positions: u64,
    /// Whether the file existed with games or a header already.
    pub resumed: bool,
    /// Messages for stderr (a cut-off game dropped).
    pub notes: Vec<String>,
}

fn io(path: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

impl Output {
    /// Opens `path` for games made with `seed` (`None`: the file's own, or
    /// `fresh_seed` for a new file) and `rules`; refuses a file made with
    /// other settings, since its games would not continue the same series.
    pub fn open(path: &Path, seed: Option<u64>, fresh_seed: u64, rules: &Rules) -> Result<Output, String> {
        let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if len == 0 {
            let header = Header {
                seed: seed.unwrap_or(fresh_seed),
                nodes: rules.nodes,
                settings: rules.fingerprint(),
                version: CURRENT_VERSION,
            };
            let mut file = BufWriter::new(File::create(path).map_err(|e| io(path, e))?);
            file.write_all(&header.to_bytes()).map_err(|e| io(path, e))?;
            file.flush().map_err(|e| io(path, e))?;
            let path = path.to_path_buf();
            return Ok(Output {
                path,
                file,
                header,
                games: 0,
                positions: 0,
                resumed: false,
                notes: Vec::new(),
            });
        }
        let found = scan(path)?;
        let h = found.header;
        let name = path.display();
        if let Some(s) = seed.filter(|&s| s != h.seed) {
            return Err(format!(
                "{name} was made with --seed {}, not {s}: use that seed or another --out",
                h.seed
            ));
        }
        if h.nodes != rules.nodes {
            return Err(format!(
                "{name} was made with --nodes {}, not {}: use that or another --out",
                h.nodes, rules.nodes
            ));
        }
        if h.settings != 0 && h.settings != rules.fingerprint() {
            return Err(format!(
                "{name} was made with other game settings (--hash, --dfrc, --standard, --random-plies, adjudication): \
                 use the same ones or another --out"
            ));
        }
        let mut notes = Vec::new();
        if let Some(why) = &found.damaged {
            notes.push(format!(
                "{name}: cut off {} after game {} ({why}); they are played again",
                crate::tools::plural::plural(len - found.valid_len, "byte"),
                found.games
            ));
        }
        let mut file = OpenOptions::new().write(true).open(path).map_err(|e| io(path, e))?;
        file.set_len(found.valid_len.max(HEADER_BYTES as u64)).map_err(|e| io(path, e))?;
        file.seek(SeekFrom::End(0)).map_err(|e| io(path, e))?;
        Ok(Output {
            path: path.to_path_buf(),
            file: BufWriter::new(file),
            header: h,
            games: found.games,
            positions: found.positions,
            resumed: true,
            notes,
        })
    }

    /// Appends the next game (its index must be [`Output::games`]), in the
    /// file's own format: compact in a version 2 file, as kept positions in
    /// a version 1 file being continued.
    pub fn append(&mut self, game: &PlayedGame) -> Result<(), String> {
        if game.index != self.games {
            return Err(format!("game {} written out of order (expected {})", game.index, self.games));
        }
        let bytes = if self.header.version >= 2 {
            game.to_bytes()?
        } else {
            Game { index: game.index, result: game.result, records: game.records()? }.to_bytes()
        };
        let path = &self.path;
        self.file.write_all(&bytes).map_err(|e| io(path, e))?;
        self.file.flush().map_err(|e| io(path, e))?;
        self.games += 1;
        self.positions += game.kept() as u64;
        Ok(())
    }
}
