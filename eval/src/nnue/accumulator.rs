//! The accumulator stack of one search thread: for every ply from the
//! root, the hidden layer's pre-activations from both sides.
//!
//! Updates are lazy: [`AccumulatorStack::push`] only records which features
//! a move adds and removes (at most two of each, castling included), and
//! [`AccumulatorStack::evaluate`] computes the missing plies from the
//! nearest computed one, since most searched nodes are never evaluated.
//! The changes are read off the two boards, piece by piece, rather than
//! off the move, so every castling geometry of Chess960 (king and rook
//! swapping squares, one landing on the other's square, a king that does
//! not move) is the same simple case as any other move.

use shakmaty::{Chess, Color, Move, Position, Role};

use super::features::{View, index};
use super::simd;
use super::{Network, QA, QB, SCALE};

/// Plies the stack holds: the search's 128 plies and a margin. Deeper
/// pushes still work; positions past the end are evaluated from scratch.
pub const STACK_CAPACITY: usize = 128 + 32;

const SIDES: [Color; 2] = [Color::White, Color::Black];

/// Features a move adds and removes (White's side, unmirrored), and how
/// each side sees the board after it.
#[derive(Clone, Copy, Debug, Default)]
struct Delta {
    add: [u16; 2],
    sub: [u16; 2],
    adds: u8,
    subs: u8,
    /// More changes than a move makes (the caller passed unrelated
    /// positions): this ply must be computed from its position.
    invalid: bool,
    /// Per side (White, Black): how it sees the board after the move.
    views: [View; 2],
    /// Per side: its king crossed between files d and e or into another
    /// king bucket, so its view changed and its accumulator must be
    /// computed afresh.
    crossed: [bool; 2],
}

impl Delta {
    /// The changes from `before` to `after`.
    fn between(net: &Network, before: &Chess, after: &Chess) -> Delta {
        let (b, a) = (before.board(), after.board());
        let mut d = Delta::default();
        // The squares whose occupant changed: a move touches two to four.
        // Roles and colours both, since a Chess960 castling move can swap
        // a king and a rook of one colour.
        let mut changed = b.white() ^ a.white();
        for role in Role::ALL {
            changed |= b.by_role(role) ^ a.by_role(role);
        }
        for sq in changed {
            let (was, is) = (b.piece_at(sq), a.piece_at(sq));
            if let Some(piece) = was {
                d.push_sub(index(Color::White, piece, sq, false));
            }
            if let Some(piece) = is {
                d.push_add(index(Color::White, piece, sq, false));
            }
        }
        // Views from the board, not from the ply below: that ply may have
        // been pushed for another network. Only a king move can change one.
        if net.views_change() {
            let king_moved = changed.intersects(b.kings() | a.kings());
            for (i, side) in SIDES.into_iter().enumerate() {
                d.views[i] = net.view(after, side);
                d.crossed[i] = king_moved && d.views[i] != net.view(before, side);
            }
        }
        d
    }

    /// A null move: nothing changes, views included.
    fn null(parent_views: [View; 2]) -> Delta {
        Delta { views: parent_views, ..Delta::default() }
    }
    fn push_add(&mut self, f: usize) {
        match self.add.get_mut(usize::from(self.adds)) {
            Some(slot) => {
                *slot = f as u16;
                self.adds += 1;
            }
            None => self.invalid = true,
        }
    }

    fn push_sub(&mut self, f: usize) {
        match self.sub.get_mut(usize::from(self.subs)) {
            Some(slot) => {
                *slot = f as u16;
                self.subs += 1;
            }
            None => self.invalid = true,
        }
    }
}

/// Per-thread accumulators along the current line of play.
pub struct AccumulatorStack {
    hidden: usize,
    /// `[STACK_CAPACITY][2 sides][hidden]`, White's side first.
    values: Vec<i16>,
    /// Per ply and side: whether that accumulator is up to date.
    computed: Vec<[bool; 2]>,
    deltas: Vec<Delta>,
    top: usize,
    /// Pushes past the end of the stack not yet popped.
    overflow: usize,
    /// Scratch accumulators for positions past the end of the stack.
    spare: Vec<i16>,
    /// Which network the computed plies belong to (its address).
    net_id: usize,
    /// Sides computed from scratch (refreshes included): a diagnostic.
    full_computes: u64,
}

impl Default for AccumulatorStack {
    fn default() -> Self {
        Self::new()
    }
}

impl AccumulatorStack {
    /// An empty stack; it sizes itself to the first network it sees.
    pub fn new() -> AccumulatorStack {
        AccumulatorStack {
            hidden: 0,
            values: Vec::new(),
            computed: vec![[false; 2]; STACK_CAPACITY],
            deltas: vec![Delta::default(); STACK_CAPACITY],
            top: 0,
            overflow: 0,
            spare: Vec::new(),
            net_id: 0,
            full_computes: 0,
        }
    }

    /// Plies pushed above the root (popped plies not counted).
    pub fn depth(&self) -> usize {
        self.top + self.overflow
    }

    /// How many side accumulators were computed from scratch rather than
    /// updated (a refresh counts both sides).
    pub fn full_computes(&self) -> u64 {
        self.full_computes
    }

    /// Makes the storage fit `net`; forgets computed plies of another net.
    fn adopt(&mut self, net: &Network) {
        let id = net as *const Network as usize;
        if self.hidden != net.hidden {
            self.hidden = net.hidden;
            self.values = vec![0; STACK_CAPACITY * 2 * net.hidden];
            self.spare = vec![0; 2 * net.hidden];
        }
        if self.net_id != id {
            self.net_id = id;
            self.computed.fill([false; 2]);
        }
    }

    /// Starts a new line at `pos` (the root): computes it from scratch.
    pub fn refresh(&mut self, net: &Network, pos: &Chess) {
        self.adopt(net);
        self.top = 0;
        self.overflow = 0;
        self.computed.fill([false; 2]);
        let h = self.hidden;
        for (i, side) in SIDES.into_iter().enumerate() {
            self.full_computes += 1;
            compute_side(net, pos, side, &mut self.values[i * h..(i + 1) * h]);
            self.deltas[0].views[i] = net.view(pos, side);
        }
        self.computed[0] = [true; 2];
    }

    /// Records the move from `before` to `after` (`mv` is what was played;
    /// the changes are read off the boards).
    pub fn push(&mut self, net: &Network, before: &Chess, _mv: &Move, after: &Chess) {
        self.adopt(net);
        if self.overflow > 0 || self.top + 1 == STACK_CAPACITY {
            self.overflow += 1;
            return;
        }
        self.top += 1;
        self.deltas[self.top] = Delta::between(net, before, after);
        self.computed[self.top] = [false; 2];
    }

    /// Records a null move: the same pieces, the other side to move.
    pub fn push_null(&mut self) {
        if self.overflow > 0 || self.top + 1 == STACK_CAPACITY {
            self.overflow += 1;
            return;
        }
        self.top += 1;
        self.deltas[self.top] = Delta::null(self.deltas[self.top - 1].views);
        self.computed[self.top] = [false; 2];
    }

    /// Takes back the last push (nothing at the root).
    pub fn pop(&mut self) {
        if self.overflow > 0 {
            self.overflow -= 1;
        } else {
            self.top = self.top.saturating_sub(1);
        }
    }

    /// The network's evaluation of `pos`, the position after the pushes so
    /// far: side to move's view, in centipawn-like units (output × SCALE).
    pub fn evaluate(&mut self, net: &Network, pos: &Chess) -> i32 {
        self.adopt(net);
        let h = self.hidden;
        let acc: &[i16] = if self.overflow > 0 {
            self.full_computes += 2;
            compute_from_scratch(net, pos, &mut self.spare);
            &self.spare
        } else {
            self.materialise(net, pos);
            &self.values[self.top * 2 * h..(self.top + 1) * 2 * h]
        };
        output(net, acc, pos)
    }

    /// The top ply's accumulators (White's side first), computed.
    #[cfg(test)]
    pub(crate) fn current(&mut self, net: &Network, pos: &Chess) -> Vec<i16> {
        self.adopt(net);
        if self.overflow > 0 {
            compute_from_scratch(net, pos, &mut self.spare);
            return self.spare.clone();
        }
        self.materialise(net, pos);
        let h = self.hidden;
        self.values[self.top * 2 * h..(self.top + 1) * 2 * h].to_vec()
    }

    /// Computes each side of the top ply from the nearest computed ply
    /// below it, or from `pos` when there is none to build on (the root was
    /// never computed, a king changed the view, or a push was not a move).
    fn materialise(&mut self, net: &Network, pos: &Chess) {
        let h = self.hidden;
        for (i, side) in SIDES.into_iter().enumerate() {
            let mut base = self.top;
            let mut from_scratch = false;
            while !self.computed[base][i] {
                let d = &self.deltas[base];
                if base == 0 || d.invalid || d.crossed[i] {
                    from_scratch = true;
                    break;
                }
                base -= 1;
            }
            if from_scratch {
                self.full_computes += 1;
                let at = (self.top * 2 + i) * h;
                compute_side(net, pos, side, &mut self.values[at..at + h]);
                self.computed[self.top][i] = true;
                continue;
            }
            for ply in base + 1..=self.top {
                let d = self.deltas[ply];
                let view = |f: u16| d.views[i].row(side, usize::from(f));
                let add: [&[i16]; 2] = [net.row(view(d.add[0])), net.row(view(d.add[1]))];
                let sub: [&[i16]; 2] = [net.row(view(d.sub[0])), net.row(view(d.sub[1]))];
                let (below, above) = self.values.split_at_mut((ply * 2 + i) * h);
                simd::update(
                    &mut above[..h],
                    &below[((ply - 1) * 2 + i) * h..((ply - 1) * 2 + i + 1) * h],
                    &add[..usize::from(d.adds)],
                    &sub[..usize::from(d.subs)],
                );
                self.computed[ply][i] = true;
            }
        }
    }
}

/// One side's accumulator of `pos` from its pieces (`out` is `hidden` long).
pub(crate) fn compute_side(net: &Network, pos: &Chess, side: Color, out: &mut [i16]) {
    let board = pos.board();
    let view = net.view(pos, side);
    // Summed in registers, all rows at once. A legal position has at most
    // 32 pieces; any more are added one by one.
    let mut rows: [&[i16]; 32] = [&[]; 32];
    let mut count = 0;
    let mut more = Vec::new();
    for sq in board.occupied() {
        if let Some(piece) = board.piece_at(sq) {
            let row = net.row(view.row(side, index(Color::White, piece, sq, false)));
            match rows.get_mut(count) {
                Some(slot) => {
                    *slot = row;
                    count += 1;
                }
                None => more.push(row),
            }
        }
    }
    simd::update(out, &net.feature_bias, &rows[..count], &[]);
    for row in more {
        for (d, r) in out.iter_mut().zip(row) {
            *d = d.wrapping_add(*r);
        }
    }
}

/// Both sides' accumulators of `pos` (`out` is 2·hidden, White's first).
pub(crate) fn compute_from_scratch(net: &Network, pos: &Chess, out: &mut [i16]) {
    let h = net.hidden;
    for (i, side) in SIDES.into_iter().enumerate() {
        compute_side(net, pos, side, &mut out[i * h..(i + 1) * h]);
    }
}

/// The output layer on both sides' accumulators of `pos` (`acc`, White's
/// first), from the side to move's view.
pub(crate) fn output(net: &Network, acc: &[i16], pos: &Chess) -> i32 {
    let h = net.hidden;
    let (us, them) =
        if pos.turn() == Color::White { (&acc[..h], &acc[h..2 * h]) } else { (&acc[h..2 * h], &acc[..h]) };
    let bucket = net.bucket(pos.board().occupied().count());
    let w = &net.output_weights[bucket * 2 * h..(bucket + 1) * 2 * h];
    let sum = simd::screlu_dot(us, &w[..h]).wrapping_add(simd::screlu_dot(them, &w[h..]));
    let raw = i64::from(sum / QA) + i64::from(net.output_bias[bucket]);
    (raw * i64::from(SCALE) / i64::from(QA * QB)) as i32
}
