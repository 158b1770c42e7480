//! The game the GUI has set up: the current position and the keys of the
//! positions before it (for repetition draws).

use std::fmt;

use shakmaty::{Chess, Position};

use rockad_uci::{
    FenError, FenNotice, MoveError, PositionBase, PositionCommand, lowercase_reading, parse_fen, parse_move,
};

use crate::frc;

#[derive(Debug, Clone, Default)]
pub struct Game {
    pub pos: Chess,
    /// Keys of the positions before `pos`, oldest first.
    pub history: Vec<u64>,
}

/// Why a `position` command was refused; the game in use stays as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    Fen(FenError),
    NoFrc(u32),
    NoDfrc(u32, u32),
    /// Move `number` (from 1) of the list, as written, and why it failed.
    Move {
        number: usize,
        text: String,
        error: MoveError,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "position: {e}"),
            PositionError::NoFrc(n) => write!(f, "position frc: no start position {n}"),
            PositionError::NoDfrc(w, b) => write!(f, "position dfrc: no start position {w} {b}"),
            PositionError::Move { number, text, error } => {
                write!(f, "position: move {number} ({text}): {error}; position unchanged")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// What was done to a `position` line that was accepted but not as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    Fen(FenNotice),
    /// Move `number` (from 1), written with capitals, read in lower case.
    MoveCase {
        number: usize,
        given: String,
        read: String,
    },
}

/// Moves read in lower case named in one line at most.
const SHOWN_MOVES: usize = 4;

/// The one `info string` for a `position` line that was accepted but not
/// as written (`None` when it was taken as written).
pub fn notices_line(notices: &[Notice]) -> Option<String> {
    if notices.is_empty() {
        return None;
    }
    let fen: Vec<String> = notices
        .iter()
        .filter_map(|n| if let Notice::Fen(n) = n { Some(n.to_string()) } else { None })
        .collect();
    let moves: Vec<String> = notices
        .iter()
        .filter_map(|n| match n {
            Notice::MoveCase { number, given, read } => {
                Some(format!("move {number} '{given}' read as '{read}'"))
            }
            Notice::Fen(_) => None,
        })
        .collect();
    let mut parts = Vec::new();
    if !fen.is_empty() {
        parts.push(format!("FEN {}", fen.join("; ")));
    }
    parts.extend(moves.iter().take(SHOWN_MOVES).cloned());
    if moves.len() > SHOWN_MOVES {
        parts.push(format!("and {} more moves read in lower case", moves.len() - SHOWN_MOVES));
    }
    Some(format!("position: {}", parts.join("; ")))
}

impl Game {
    /// Builds the game a `position` command describes, with what was done to
    /// its FEN and moves ([`Notice`]); an error leaves the caller's game
    /// untouched.
    pub fn from_command(cmd: &PositionCommand) -> Result<(Game, Vec<Notice>), PositionError> {
        let (mut pos, fen_notices) = match &cmd.base {
            PositionBase::StartPos => (Chess::default(), Vec::new()),
            PositionBase::Fen(fen) => parse_fen(fen).map_err(PositionError::Fen)?,
            PositionBase::Frc(n) => (frc::position(*n).ok_or(PositionError::NoFrc(*n))?, Vec::new()),
            PositionBase::Dfrc(w, b) => {
                (frc::dfrc_position(*w, *b).ok_or(PositionError::NoDfrc(*w, *b))?, Vec::new())
            }
        };
        let mut notices: Vec<Notice> = fen_notices.into_iter().map(Notice::Fen).collect();
        let mut history = Vec::with_capacity(cmd.moves.len());
        for (i, text) in cmd.moves.iter().enumerate() {
            let m = parse_move(&pos, text).map_err(|error| PositionError::Move {
                number: i + 1,
                text: text.clone(),
                error,
            })?;
            if let Some(read) = lowercase_reading(text) {
                notices.push(Notice::MoveCase { number: i + 1, given: text.clone(), read });
            }
            history.push(rockad_search::position_key(&pos));
            pos.play_unchecked(m);
        }
        Ok((Game { pos, history }, notices))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rockad_uci::Command;
    use rockad_uci::parse_command;

    fn game(line: &str) -> Result<Game, String> {
        match parse_command(line) {
            Ok(Some(Command::Position(p))) => {
                Game::from_command(&p).map(|(g, _)| g).map_err(|e| e.to_string())
            }
            other => panic!("not a position command: {other:?}"),
        }
    }

    #[test]
    fn moves_are_played_and_remembered() {
        let g = game("position startpos moves e2e4 e7e5 g1f3").unwrap();
        assert_eq!(g.history.len(), 3);
        assert_eq!(g.history[0], rockad_search::position_key(&Chess::default()));
        assert_eq!(g.pos.turn(), shakmaty::Color::Black);
    }

    #[test]
    fn an_illegal_move_names_itself() {
        let e = game("position startpos moves e2e4 e7e5 e4e5").unwrap_err();
        assert_eq!(e, "position: move 3 (e4e5): 'e4e5' is not a legal move here; position unchanged");
    }

    #[test]
    fn fen_repairs_come_back_in_one_line() {
        let cmd = match parse_command("position fen 4k3/8/8/8/8/8/8/4K3 w K e3 200 1") {
            Ok(Some(Command::Position(p))) => p,
            other => panic!("{other:?}"),
        };
        let (g, notices) = Game::from_command(&cmd).unwrap();
        assert_eq!(g.pos.halfmoves(), rockad_uci::MAX_HALFMOVE_CLOCK);
        assert_eq!(
            notices_line(&notices).unwrap(),
            "position: FEN repaired: dropped the castling right with h1 (no king and rook to castle with); \
             repaired: dropped the en passant square e3 (no double step can have made it); \
             repaired: halfmove clock 200 set to 150, the most a game reaches"
        );
    }

    #[test]
    fn moves_in_capitals_are_read_in_lower_case_and_named() {
        let cmd = match parse_command("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 moves E1E2 e8e7 E2E3") {
            Ok(Some(Command::Position(p))) => p,
            other => panic!("{other:?}"),
        };
        let (g, notices) = Game::from_command(&cmd).unwrap();
        assert_eq!(g.history.len(), 3);
        assert_eq!(
            notices_line(&notices).unwrap(),
            "position: FEN repaired: fullmove field missing; read as 1; \
             move 1 'E1E2' read as 'e1e2'; move 3 'E2E3' read as 'e2e3'"
        );
        let many = format!("position startpos moves {}", "G1F3 G8F6 F3G1 F6G8 ".repeat(3));
        let cmd = match parse_command(&many) {
            Ok(Some(Command::Position(p))) => p,
            other => panic!("{other:?}"),
        };
        let (_, notices) = Game::from_command(&cmd).unwrap();
        assert!(notices_line(&notices).unwrap().ends_with("; and 8 more moves read in lower case"));
    }

    #[test]
    fn frc_and_dfrc_bases() {
        assert_eq!(game("position frc 518").unwrap().pos, Chess::default());
        let g = game("position dfrc 0 959").unwrap();
        assert_eq!(frc::start_numbers(&g.pos), Some((0, 959)));
    }
}
