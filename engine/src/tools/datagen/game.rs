//! One self-play game: a random (Double) Fischer Random or standard start, a few
//! random legal plies, a balance check, then Rockad against itself at a
//! fixed node count until the game ends or is adjudicated.
//!
//! A game depends only on the run's seed, its index and the [`Rules`]: its
//! generator is derived from both numbers, and the searcher is cleared
//! before it starts, so the same game comes out on any thread, in any run.

use std::time::Instant;

use shakmaty::{Chess, Color, Move, Position};

use rockad_eval::Rng;
use rockad_eval::data::{PlayedGame, Ply};
use rockad_search::{Limits, MATE_BOUND, SearchRequest, Searcher, position_key};

use crate::frc;

/// Everything besides the seed that decides what games are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub nodes: u64,
    /// Hash table per game in MiB (its size changes the searches).
    pub hash_mb: usize,
    /// Share of Double Fischer Random starts, in percent.
    pub dfrc_percent: u32,
    /// Share of games from the standard start (before the random plies), in
    /// percent. At 0 no extra number is drawn, so older files replay.
    pub standard_percent: u32,
    /// Random legal plies played after the start: from `.0` to `.1`.
    pub random_plies: (u32, u32),
    /// A start whose search score exceeds this is drawn again.
    pub balance_cp: i32,
    /// Win adjudication: `|score| >= win_cp` for `win_plies` plies in a row.
    pub win_cp: i32,
    pub win_plies: u32,
    /// Draw adjudication: `|score| <= draw_cp` for `draw_plies` plies in a
    /// row, from move `draw_after_move` on.
    pub draw_cp: i32,
    pub draw_plies: u32,
    pub draw_after_move: u32,
    /// A game that reaches this many plies is scored a draw.
    pub max_plies: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            nodes: 5000,
            hash_mb: 8,
            dfrc_percent: 25,
            standard_percent: 0,
            random_plies: (4, 9),
            balance_cp: 300,
            win_cp: 1000,
            win_plies: 4,
            draw_cp: 10,
            draw_plies: 12,
            draw_after_move: 40,
            max_plies: 600,
        }
    }
}

impl Rules {
    /// A hash of every rule except the node count (which the file header
    /// stores by itself), to tell whether a file was made with these rules.
    pub fn fingerprint(&self) -> u64 {
        // FNV-1a over a versioned list of the values.
        let values = [
            1, // version of the game procedure below
            self.hash_mb as u64,
            u64::from(self.dfrc_percent),
            u64::from(self.random_plies.0),
            u64::from(self.random_plies.1),
            self.balance_cp as u64,
            self.win_cp as u64,
            u64::from(self.win_plies),
            self.draw_cp as u64,
            u64::from(self.draw_plies),
            u64::from(self.draw_after_move),
            u64::from(self.max_plies),
        ];
        // Hashed only when used, so files made before it continue.
        let standard = (self.standard_percent > 0).then_some(u64::from(self.standard_percent));
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for v in values.into_iter().chain(standard) {
            for b in v.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h.max(1)
    }
}

/// Game `index`'s own generator.
pub fn game_rng(seed: u64, index: u32) -> Rng {
    let mut mix = Rng::new(seed ^ u64::from(index).wrapping_mul(0xd1b5_4a32_d192_ed03));
    Rng::new(mix.next_u64())
}

/// Starts drawn before giving up on balance (then the last one is played).
const START_TRIES: u32 = 50;

/// A start position and the keys of the positions before it (the random
/// plies belong to the game: repetitions count them).
pub struct Start {
    pub pos: Chess,
    pub keys: Vec<u64>,
    /// Starts drawn before this one was accepted.
    pub rejected: u32,
}

/// A Chess960, DFRC or standard start followed by random plies; `None`
/// when the random plies ended the game (mate or stalemate), which is rare.
pub(super) fn random_start(rng: &mut Rng, rules: &Rules) -> Option<(Chess, Vec<u64>)> {
    if rules.standard_percent > 0 && rng.below(100) < u64::from(rules.standard_percent) {
        return random_plies(frc::position(frc::STANDARD)?, rng, rules.random_plies);
    }
    let count = u64::from(frc::COUNT);
    let white = rng.below(count) as u32;
    let black = if rng.below(100) < u64::from(rules.dfrc_percent) { rng.below(count) as u32 } else { white };
    let pos = frc::dfrc_position(white, black)?;
    random_plies(pos, rng, rules.random_plies)
}

/// `pos` after a number of random legal plies drawn from `lo..=hi`, with
/// the keys of the positions before it; `None` when the plies ended the
/// game.
pub fn random_plies(mut pos: Chess, rng: &mut Rng, (lo, hi): (u32, u32)) -> Option<(Chess, Vec<u64>)> {
    let plies = lo + rng.below(u64::from(hi.saturating_sub(lo)) + 1) as u32;
    let mut keys = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        keys.push(position_key(&pos));
        pos.play_unchecked(m);
    }
    (!pos.legal_moves().is_empty()).then_some((pos, keys))
}

/// One search of `pos` at the rules' node count.
pub fn search(searcher: &mut Searcher, pos: &Chess, keys: &[u64], nodes: u64) -> (Option<Move>, i32, u64) {
    let out = searcher.run_here(SearchRequest {
        root: pos.clone(),
        history: keys.to_vec(),
        limits: Limits { nodes: Some(nodes), ..Limits::default() },
        multipv: 1,
        move_overhead_ms: 0,
        start: Instant::now(),
    });
    (out.best, out.score, out.nodes)
}

/// Draws starts until one scores within the balance limit.
pub fn balanced_start(rng: &mut Rng, rules: &Rules, searcher: &mut Searcher) -> Start {
    let mut rejected = 0;
    loop {
        let Some((pos, keys)) = random_start(rng, rules) else {
            rejected += 1;
            continue;
        };
        let (_, score, _) = search(searcher, &pos, &keys, rules.nodes);
        if score.abs() <= rules.balance_cp || rejected + 1 >= START_TRIES {
            return Start { pos, keys, rejected };
        }
        rejected += 1;
    }
}

/// The real result of `pos`, White's view (0, 1, 2), if the game is over:
/// mate, stalemate, insufficient material, fifty moves, threefold
/// repetition (`keys`: the positions before `pos`, oldest first).
pub fn game_over(pos: &Chess, keys: &[u64]) -> Option<u8> {
    if pos.legal_moves().is_empty() {
        return Some(if !pos.is_check() {
            1
        } else if pos.turn() == Color::White {
            0
        } else {
            2
        });
    }
    if pos.is_insufficient_material() || pos.halfmoves() >= 100 {
        return Some(1);
    }
    let key = position_key(pos);
    let reversible = (pos.halfmoves() as usize).min(keys.len());
    let seen = keys[keys.len() - reversible..].iter().filter(|&&k| k == key).count();
    (seen >= 2).then_some(1)
}

/// Whether a searched position goes into the data: quiet (not in check,
/// best move neither a capture nor a promotion) and not a mate score.
pub fn keep(pos: &Chess, best: &Move, score: i32) -> bool {
    !pos.is_check() && !best.is_capture() && !best.is_promotion() && score.abs() < MATE_BOUND
}

/// How a game went, besides its records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub plies: u32,
    pub nodes: u64,
    pub rejected_starts: u32,
    pub adjudicated: bool,
}

/// Plays game `index` of a run seeded `seed`: its start (after the random
/// plies) and every searched move, with which positions are kept.
pub fn play(seed: u64, index: u32, rules: &Rules, searcher: &mut Searcher) -> (PlayedGame, Stats) {
    let mut rng = game_rng(seed, index);
    searcher.clear();
    let start = balanced_start(&mut rng, rules, searcher);
    let mut stats = Stats { rejected_starts: start.rejected, ..Stats::default() };
    let (mut pos, mut keys) = (start.pos, start.keys);
    let first = pos.clone();
    let mut plies: Vec<Ply> = Vec::new();
    // Plies in a row over the win margin (positive: White ahead) and
    // within the draw margin.
    let (mut winning, mut drawish) = (0i32, 0u32);
    let result = loop {
        if let Some(r) = game_over(&pos, &keys) {
            break r;
        }
        if stats.plies >= rules.max_plies {
            stats.adjudicated = true;
            break 1;
        }
        let (best, score, nodes) = search(searcher, &pos, &keys, rules.nodes);
        stats.nodes += nodes;
        stats.plies += 1;
        let legal = pos.legal_moves();
        // The search always answers with a legal move; be safe anyway.
        let Some(best) = best.filter(|m| legal.contains(m)).or_else(|| legal.first().copied()) else {
            break 1;
        };
        let white = if pos.turn() == Color::White { score } else { -score };
        let kept = keep(&pos, &best, score);
        plies.push(Ply { mv: best, score: white.clamp(-32_000, 32_000) as i16, kept });
        winning = match white {
            w if w >= rules.win_cp => winning.max(0) + 1,
            w if w <= -rules.win_cp => winning.min(0) - 1,
            _ => 0,
        };
        if winning.unsigned_abs() >= rules.win_plies {
            stats.adjudicated = true;
            break if winning > 0 { 2 } else { 0 };
        }
        let late = pos.fullmoves().get() >= rules.draw_after_move;
        drawish = if late && white.abs() <= rules.draw_cp { drawish + 1 } else { 0 };
        if drawish >= rules.draw_plies {
            stats.adjudicated = true;
            break 1;
        }
        keys.push(position_key(&pos));
        pos.play_unchecked(best);
    };
    plies.truncate(u16::MAX as usize);
    (PlayedGame { index, result, start: first, plies }, stats)
}
