//! Move ordering, in stages so that no work is done for moves a cutoff
//! makes irrelevant: the table move is tried before any move is generated;
//! captures are scored before quiet moves are; quiet moves are scored only
//! once captures, killers and the countermove have failed to cut.

use shakmaty::{Chess, Color, Move, MoveList, Position, Role};

use crate::history::{Histories, QuietKey};
use crate::params::{CAPTURE_VALUE_WEIGHT, PIECE_VALUES};
use crate::see::see_ge;
use crate::tt::encode_move;

#[inline(always)]
fn value(role: Role) -> i32 {
    // Constant indices: no bounds check in the quiescence picker's loop.
    match role {
        Role::Pawn => PIECE_VALUES[0],
        Role::Knight => PIECE_VALUES[1],
        Role::Bishop => PIECE_VALUES[2],
        Role::Rook => PIECE_VALUES[3],
        Role::Queen => PIECE_VALUES[4],
        Role::King => PIECE_VALUES[5],
    }
}

/// What a noisy move wins at once: its victim's value plus, for a
/// promotion, the new piece's. Both pickers order noisy moves by it.
#[inline(always)]
fn capture_value(m: &Move) -> i32 {
    m.capture().map_or(0, value) + m.promotion().map_or(0, value)
}

/// How the main search orders a noisy move of `side`: what it wins at once,
/// then its capture history (the move picker and ProbCut).
#[inline(always)]
pub(crate) fn noisy_score(hist: &Histories, side: Color, m: Move) -> i32 {
    CAPTURE_VALUE_WEIGHT() * capture_value(&m) + hist.capture.get(side, m)
}

/// A capturing piece's cost, which orders captures of equal value: its
/// value in pawns, the king's above the queen's (a capture by the king is
/// the one least likely to be the best). Always less than the smallest gap
/// between two capture values (a pawn), so it never overrides the victim.
#[inline(always)]
fn attacker_cost(role: Role) -> i32 {
    match role {
        Role::King => value(Role::Queen) / 100 + 1,
        r => value(r) / 100,
    }
}

/// Captures, en passant and promotions: the moves quiescence searches.
pub(crate) fn is_noisy(m: &Move) -> bool {
    m.is_capture() || m.is_promotion()
}

fn is_underpromotion(m: &Move) -> bool {
    m.promotion().is_some_and(|r| r != Role::Queen)
}

/// Most valuable victim, least valuable attacker; promotions by piece.
#[inline(always)]
fn mvv_lva(m: &Move) -> i32 {
    capture_value(m) - if m.is_capture() { attacker_cost(m.role()) } else { 0 }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The root's moves, in the order given.
    Listed,
    TableMove,
    Generate,
    Noisy,
    Killer1,
    Killer2,
    Counter,
    ScoreQuiets,
    Quiets,
    BadNoisy,
    Done,
}

/// The main search's move source.
pub(crate) struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// What the quiet moves' histories are read by.
    quiet_key: QuietKey,
    side: Color,
    moves: MoveList,
    scores: [i32; 256],
    noisy_end: usize,
    /// Next noisy move to consider.
    cur: usize,
    /// Quiet moves from here on have not been handed out.
    quiet_start: usize,
    /// Captures that lose material (static exchange below zero), tried
    /// last. They are kept at `moves[..bad_end]`, over noisy moves already
    /// handed out, so the picker needs no second move list.
    bad_end: usize,
    bad_next: usize,
}

impl MovePicker {
    /// `tt_move` must be legal in the position (the caller checked it).
    pub fn new(
        pos: &Chess,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        quiet_key: QuietKey,
    ) -> Self {
        MovePicker {
            stage: Stage::TableMove,
            tt_move,
            killers,
            counter,
            quiet_key,
            side: pos.turn(),
            moves: MoveList::new(),
            scores: [0; 256],
            noisy_end: 0,
            cur: 0,
            quiet_start: 0,
            bad_end: 0,
            bad_next: 0,
        }
    }

    /// The root's move source: `moves` in the order given (the root move
    /// list, ordered by the last iteration), nothing generated or scored.
    pub fn listed(pos: &Chess, moves: impl Iterator<Item = Move>) -> Self {
        let mut picker = MovePicker::new(pos, None, [None; 2], None, QuietKey::default());
        picker.stage = Stage::Listed;
        picker.moves.extend(moves);
        picker
    }

    /// No more quiet moves (killers and countermove included) from here on.
    pub fn skip_quiets(&mut self) {
        if matches!(
            self.stage,
            Stage::Killer1 | Stage::Killer2 | Stage::Counter | Stage::ScoreQuiets | Stage::Quiets
        ) {
            self.stage = Stage::BadNoisy;
        }
    }

    /// Whether the position has at least one legal move (valid once the
    /// picker has returned `None`).
    pub fn any_legal(&self) -> bool {
        self.tt_move.is_some() || !self.moves.is_empty()
    }

    fn generate(&mut self, pos: &Chess, hist: &Histories) {
        // Copy only the moves, not the whole fixed-capacity list.
        let legal = pos.legal_moves();
        self.moves.clear();
        self.moves.extend(legal.iter().copied());
        if let Some(tt) = self.tt_move
            && let Some(i) = self.moves.iter().position(|&m| m == tt)
        {
            self.moves.swap_remove(i);
        }
        // Noisy moves to the front, scored; quiet ones wait.
        let mut end = 0;
        for i in 0..self.moves.len() {
            if is_noisy(&self.moves[i]) {
                self.moves.swap(i, end);
                end += 1;
            }
        }
        for i in 0..end {
            let m = self.moves[i];
            self.scores[i] = noisy_score(hist, self.side, m);
        }
        self.noisy_end = end;
        self.quiet_start = end;
    }

    /// Index of the best-scored move in `from..to` (the first of equals).
    /// A slice and a running best keep this hot loop free of bounds checks
    /// and reloads.
    fn best_in(&self, from: usize, to: usize) -> Option<usize> {
        let scores = self.scores.get(from..to)?;
        let (&first, rest) = scores.split_first()?;
        let (mut best, mut best_score) = (0, first);
        for (i, &s) in rest.iter().enumerate() {
            if s > best_score {
                best = i + 1;
                best_score = s;
            }
        }
        Some(from + best)
    }

    /// Hands out `m` as a special quiet move if it is among the quiet moves
    /// not yet handed out.
    fn take_quiet(&mut self, m: Option<Move>) -> Option<Move> {
        let m = m?;
        let i = (self.quiet_start..self.moves.len()).find(|&i| self.moves[i] == m)?;
        self.moves.swap(i, self.quiet_start);
        self.quiet_start += 1;
        Some(m)
    }

    pub fn next(&mut self, pos: &Chess, hist: &Histories) -> Option<Move> {
        loop {
            match self.stage {
                Stage::Listed => {
                    if self.cur < self.moves.len() {
                        self.cur += 1;
                        return Some(self.moves[self.cur - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::TableMove => {
                    self.stage = Stage::Generate;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::Generate => {
                    self.generate(pos, hist);
                    self.stage = Stage::Noisy;
                }
                Stage::Noisy => match self.best_in(self.cur, self.noisy_end) {
                    Some(i) => {
                        self.moves.swap(self.cur, i);
                        self.scores.swap(self.cur, i);
                        self.cur += 1;
                        let m = self.moves[self.cur - 1];
                        if see_ge(pos, m, 0) && !is_underpromotion(&m) {
                            return Some(m);
                        }
                        // `bad_end < cur`: this overwrites a move already handed out.
                        self.moves[self.bad_end] = m;
                        self.bad_end += 1;
                    }
                    None => self.stage = Stage::Killer1,
                },
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    if let Some(m) = self.take_quiet(self.killers[0]) {
                        return Some(m);
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    if let Some(m) = self.take_quiet(self.killers[1]) {
                        return Some(m);
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::ScoreQuiets;
                    if let Some(m) = self.take_quiet(self.counter) {
                        return Some(m);
                    }
                }
                Stage::ScoreQuiets => {
                    let scorer = hist.quiet_scorer(self.side, &self.quiet_key);
                    for i in self.quiet_start..self.moves.len() {
                        self.scores[i] = scorer.order(self.moves[i]);
                    }
                    self.cur = self.quiet_start;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => match self.best_in(self.cur, self.moves.len()) {
                    Some(i) => {
                        self.moves.swap(self.cur, i);
                        self.scores.swap(self.cur, i);
                        self.cur += 1;
                        return Some(self.moves[self.cur - 1]);
                    }
                    None => self.stage = Stage::BadNoisy,
                },
                Stage::BadNoisy => {
                    if self.bad_next < self.bad_end {
                        self.bad_next += 1;
                        return Some(self.moves[self.bad_next - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Quiescence's move source: noisy moves (or every evasion when in
/// check), the table move first, then by most valuable victim, least
/// valuable attacker. It works in a move list the caller owns, so the list
/// `legal_moves` builds in place is never copied, and it scores moves while
/// picking instead of filling a score array: most quiescence nodes cut or
/// run out after a move or two.
pub(crate) struct QPicker<'a> {
    moves: &'a mut MoveList,
    cur: usize,
    /// `moves[0]` is the table move, handed out before any scoring.
    tt_first: bool,
}

impl<'a> QPicker<'a> {
    /// `moves` holds the legal moves; the table move (`tt_code`, as the
    /// table packs it; 0 for none) goes first if it is one of the moves
    /// searched. Matching the packed move against legal moves needs no
    /// separate legality check of the table's move.
    #[inline(always)]
    pub fn new(moves: &'a mut MoveList, in_check: bool, tt_code: u16) -> QPicker<'a> {
        if !in_check {
            moves.retain(|m| is_noisy(m));
        }
        let mut tt_first = false;
        if tt_code != 0
            && let Some(i) = moves.iter().position(|&m| encode_move(m) == tt_code)
        {
            moves.swap(0, i);
            tt_first = true;
        }
        QPicker { moves, cur: 0, tt_first }
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl Iterator for QPicker<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.cur >= n {
            return None;
        }
        if !(self.cur == 0 && self.tt_first) {
            let mut best = self.cur;
            let mut best_score = mvv_lva(&self.moves[best]);
            for i in self.cur + 1..n {
                let s = mvv_lva(&self.moves[i]);
                if s > best_score {
                    best = i;
                    best_score = s;
                }
            }
            self.moves.swap(self.cur, best);
        }
        self.cur += 1;
        Some(self.moves[self.cur - 1])
    }
}

#[cfg(test)]
mod tests;
