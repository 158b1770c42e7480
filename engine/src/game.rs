//! The game the GUI has set up: the current position and the keys of the
//! positions before it (for repetition draws).

use shakmaty::{Chess, Position};

use rockad_uci::{PositionBase, PositionCommand, parse_fen, parse_move};

use crate::frc;

#[derive(Debug, Clone, Default)]
pub struct Game {
    pub pos: Chess,
    /// Keys of the positions before `pos`, oldest first.
    pub history: Vec<u64>,
}

impl Game {
    /// Builds the game a `position` command describes. Returns warnings
    /// about repaired input; an error leaves the caller's game untouched.
    pub fn from_command(cmd: &PositionCommand) -> Result<(Game, Vec<String>), String> {
        let (mut pos, warnings) = match &cmd.base {
            PositionBase::StartPos => (Chess::default(), Vec::new()),
            PositionBase::Fen(fen) => parse_fen(fen).map_err(|e| format!("position: {e}"))?,
            PositionBase::Frc(n) => {
                (frc::position(*n).ok_or(format!("position frc: no start position {n}"))?, Vec::new())
            }
            PositionBase::Dfrc(w, b) => (
                frc::dfrc_position(*w, *b).ok_or(format!("position dfrc: no start position {w} {b}"))?,
                Vec::new(),
            ),
        };
        let mut history = Vec::with_capacity(cmd.moves.len());
        for (i, text) in cmd.moves.iter().enumerate() {
            let m = parse_move(&pos, text)
                .map_err(|e| format!("position: move {} ({text}): {e}; position unchanged", i + 1))?;
            history.push(rockad_search::position_key(&pos));
            pos.play_unchecked(m);
        }
        let warnings = warnings.into_iter().map(|w| format!("position: {w}")).collect();
        Ok((Game { pos, history }, warnings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rockad_uci::Command;
    use rockad_uci::parse_command;

    fn game(line: &str) -> Result<Game, String> {
        match parse_command(line) {
            Ok(Some(Command::Position(p))) => Game::from_command(&p).map(|(g, _)| g),
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
        assert!(e.contains("move 3") && e.contains("e4e5"), "{e}");
    }

    #[test]
    fn frc_and_dfrc_bases() {
        assert_eq!(game("position frc 518").unwrap().pos, Chess::default());
        let g = game("position dfrc 0 959").unwrap();
        assert_eq!(frc::start_numbers(&g.pos), Some((0, 959)));
    }
}
