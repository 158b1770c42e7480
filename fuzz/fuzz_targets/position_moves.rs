//! Move lists as a GUI sends them: legal moves written in any accepted form
//! (king-takes-rook, king-two-squares, `O-O`, upper case) from a start
//! position, a Chess960 / DFRC start or a FEN are all accepted and reach the
//! position that playing them reaches; garbage moves are refused by name.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rockad::frc;
use rockad::game::Game;
use rockad_uci::{PositionBase, PositionCommand, format_move, parse_fen};
use shakmaty::{CastlingSide, Chess, Move, Position};

fn number(bytes: &[u8]) -> u32 {
    let lo = bytes.first().copied().unwrap_or(0);
    let hi = bytes.get(1).copied().unwrap_or(0);
    u32::from(u16::from_le_bytes([lo, hi])) % 960
}

/// One of the forms a GUI may write `m` in.
fn written(m: Move, style: u8) -> String {
    match style % 4 {
        0 => format_move(m, true),
        1 => format_move(m, false),
        2 => match m.castling_side() {
            Some(CastlingSide::KingSide) => "O-O".to_string(),
            Some(CastlingSide::QueenSide) => "O-O-O".to_string(),
            None => format_move(m, false),
        },
        _ => format_move(m, true).to_ascii_uppercase(),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    let (base, start, moves_data): (PositionBase, Chess, &[u8]) = match kind % 4 {
        0 => (PositionBase::StartPos, Chess::default(), rest),
        1 => {
            let n = number(rest);
            (PositionBase::Frc(n), frc::position(n).expect("0..959"), rest.get(2..).unwrap_or(&[]))
        }
        2 => {
            let (w, b) = (number(rest), number(rest.get(2..).unwrap_or(&[])));
            let pos = frc::dfrc_position(w, b).expect("0..959 twice");
            (PositionBase::Dfrc(w, b), pos, rest.get(4..).unwrap_or(&[]))
        }
        _ => {
            let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            let fen = String::from_utf8_lossy(&rest[..end]).split_whitespace().collect::<Vec<_>>().join(" ");
            let Ok((pos, _)) = parse_fen(&fen) else { return };
            (PositionBase::Fen(fen), pos, rest.get(end + 1..).unwrap_or(&[]))
        }
    };
    let mut pos = start;
    let mut moves = Vec::new();
    let mut garbage = false;
    for pair in moves_data.chunks(2) {
        let legal = pos.legal_moves();
        let (pick, style) = (pair[0], pair.get(1).copied().unwrap_or(0));
        if style >= 0xf0 {
            // A word that is no move (as `parse_command` splits them: no
            // whitespace in it).
            let c = char::from(pair[0]);
            let c = if c.is_whitespace() { '?' } else { c };
            moves.push(format!("{c}1x"));
            garbage = true;
            continue;
        }
        if legal.is_empty() {
            break;
        }
        let m = legal[pick as usize % legal.len()];
        moves.push(written(m, style));
        pos.play_unchecked(m);
    }
    let cmd = PositionCommand { base, moves };
    match Game::from_command(&cmd) {
        Ok((game, _)) => {
            assert!(!garbage, "garbage accepted: {:?}", cmd.moves);
            assert_eq!(game.pos, pos, "{cmd:?}");
            assert_eq!(game.history.len(), cmd.moves.len());
        }
        Err(e) => {
            assert!(garbage, "legal moves refused: {cmd:?}: {e}");
            assert!(!e.to_string().contains('\n'));
        }
    }
});
