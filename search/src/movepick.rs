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
mod tests {
    use super::*;
    use crate::testutil::pos;
    use shakmaty::{CastlingMode, Square};

    #[test]
    fn stages_come_in_order_and_every_move_once() {
        let p = pos("4k3/8/8/3q1r2/4P3/8/3P1P2/R3K2R w KQ - 0 1");
        let legal = p.legal_moves();
        let tt = *legal.iter().find(|m| m.is_castle()).unwrap();
        let quiet = legal.iter().copied().filter(|m| !is_noisy(m) && *m != tt).collect::<Vec<_>>();
        let killer = quiet[3];
        let hist = Histories::new();
        let mut picker = MovePicker::new(&p, Some(tt), [Some(killer), None], None, QuietKey::default());
        let mut order = Vec::new();
        while let Some(m) = picker.next(&p, &hist) {
            order.push(m);
        }
        assert_eq!(order.len(), legal.len());
        assert_eq!(order[0], tt);
        assert_eq!(order[1].capture(), Some(Role::Queen));
        assert_eq!(order[2].capture(), Some(Role::Rook));
        assert_eq!(order[3], killer);
        let mut sorted = order.clone();
        sorted.sort_by_key(|m| format!("{m:?}"));
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "no move twice");
    }

    #[test]
    fn losing_captures_come_last_and_every_move_once() {
        // Qxd6 and Rxh7 lose material (the queen to a pawn; the rook to the
        // knight for pawn and knight); Bxh7 wins a pawn (the rook behind it
        // takes back); Bxa4 trades evenly.
        let p = pos("4kn2/2p1p2p/3p4/1b6/n7/8/2B5/3QK2R w K - 0 1");
        let legal = p.legal_moves();
        let hist = Histories::new();
        let mut picker = MovePicker::new(&p, None, [None, None], None, QuietKey::default());
        let mut order = Vec::new();
        while let Some(m) = picker.next(&p, &hist) {
            order.push(m);
        }
        assert_eq!(order.len(), legal.len());
        let mut sorted = order.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "no move twice");
        let losing = order.iter().filter(|m| m.is_capture() && !see_ge(&p, **m, 0)).count();
        assert_eq!(losing, 2, "{order:?}");
        assert!(
            order[order.len() - losing..].iter().all(|m| m.is_capture() && !see_ge(&p, *m, 0)),
            "{order:?}"
        );
        assert!(order[0].is_capture() && see_ge(&p, order[0], 0), "{order:?}");
    }

    #[test]
    fn history_orders_quiet_moves() {
        let p = Chess::default();
        let mut hist = Histories::new();
        let legal = p.legal_moves();
        let favourite = legal[7];
        let key = QuietKey::of(&p, [None, None]);
        hist.update_quiet(Color::White, favourite, &key, 500);
        let mut picker = MovePicker::new(&p, None, [None, None], None, key);
        assert_eq!(picker.next(&p, &hist), Some(favourite));
    }

    #[test]
    fn quiescence_order_table_move_then_victims() {
        // Captures: Qxd5 (queen takes pawn), Nxd5 (knight takes pawn),
        // Rxh7 (rook takes rook) and Bxg5 (bishop takes queen).
        let p = pos("4k3/7r/8/3p2q1/8/2N1B3/8/3QK2R w - - 0 1");
        let by_victim = |p: &Chess, tt: u16| {
            let mut moves = p.legal_moves();
            QPicker::new(&mut moves, false, tt)
                .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(by_victim(&p, 0), ["e3g5", "h1h7", "c3d5", "d1d5"]);
        let nxd5 = p.legal_moves().into_iter().find(|m| m.from() == Some(Square::C3) && m.to() == Square::D5);
        let code = encode_move(nxd5.unwrap());
        assert_eq!(by_victim(&p, code), ["c3d5", "e3g5", "h1h7", "d1d5"]);
        // A quiet table move is not a quiescence move: the order stays.
        let quiet = p.legal_moves().into_iter().find(|m| !is_noisy(m)).unwrap();
        assert_eq!(by_victim(&p, encode_move(quiet)), ["e3g5", "h1h7", "c3d5", "d1d5"]);
    }

    /// Quiescence's order is exactly the classic MVV-LVA one (victim and
    /// promotion in pawns times 16, less the attacker's 1, 3, 3, 5, 9, or
    /// 10 for the king), ties included: its scores rank every pair of
    /// moves alike.
    #[test]
    fn quiescence_order_is_classic_mvv_lva() {
        use crate::testutil::{Rng, random_walks};
        let pawns = |r: Role| [1, 3, 3, 5, 9, 10][r as usize - 1];
        let classic = |m: &Move| {
            let attacker = if m.is_capture() { pawns(m.role()) } else { 0 };
            16 * (m.capture().map_or(0, pawns) + m.promotion().map_or(0, pawns)) - attacker
        };
        let mut rng = Rng::new(0x51ed_2701_3a4f_9b11);
        let mut pairs = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
        ] {
            random_walks(&pos(fen), &mut rng, 20, 60, |p| {
                let moves = p.legal_moves();
                for a in &moves {
                    for b in &moves {
                        assert_eq!(mvv_lva(a).cmp(&mvv_lva(b)), classic(a).cmp(&classic(b)), "{a:?} {b:?}");
                        pairs += 1;
                    }
                }
            });
        }
        assert!(pairs > 10_000, "{pairs}");
        // Every victim, promotion and attacker, which the walks may miss.
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let mut kinds = Vec::new();
        for victim in std::iter::once(None).chain(roles[..5].iter().copied().map(Some)) {
            for promo in std::iter::once(None).chain(roles[1..5].iter().copied().map(Some)) {
                for &attacker in &roles {
                    let cost = |f: &dyn Fn(Role) -> i32| victim.map_or(0, |_| f(attacker));
                    let gain = |f: &dyn Fn(Role) -> i32| victim.map_or(0, f) + promo.map_or(0, f);
                    kinds.push((gain(&value) - cost(&attacker_cost), 16 * gain(&pawns) - cost(&pawns)));
                }
            }
        }
        for (new_a, old_a) in &kinds {
            for (new_b, old_b) in &kinds {
                assert_eq!(new_a.cmp(new_b), old_a.cmp(old_b));
            }
        }
    }

    #[test]
    fn no_legal_move() {
        let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        let hist = Histories::new();
        let mut picker = MovePicker::new(&p, None, [None, None], None, QuietKey::default());
        assert_eq!(picker.next(&p, &hist), None);
        assert!(!picker.any_legal());
        assert!(QPicker::new(&mut p.legal_moves(), false, 0).is_empty());
    }
}
