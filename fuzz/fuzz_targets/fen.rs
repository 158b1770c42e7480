//! FEN in both castling notations: whatever is accepted is written back in
//! X-FEN and Shredder-FEN, and both read back as the same position with
//! nothing to repair. Input starting with `#` is a Double Fischer Random
//! start position by number instead (the next four bytes).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rockad::frc;
use rockad_uci::{parse_fen, shredder_fen, xfen};
use shakmaty::{Chess, Position};

fn round_trip(pos: &Chess) {
    let x = xfen(pos);
    let s = shredder_fen(pos);
    for text in [&x, &s] {
        let (again, _) = parse_fen(text).unwrap_or_else(|e| panic!("{text} written, then refused: {e}"));
        assert_eq!(xfen(&again), x, "X-FEN of {text}");
        assert_eq!(shredder_fen(&again), s, "Shredder-FEN of {text}");
        assert_eq!(again.castles().castling_rights(), pos.castles().castling_rights());
    }
}

fuzz_target!(|data: &[u8]| {
    if let [b'#', a, b, c, d, ..] = data {
        let w = u32::from(u16::from_le_bytes([*a, *b])) % 960;
        let bl = u32::from(u16::from_le_bytes([*c, *d])) % 960;
        let pos = frc::dfrc_position(w, bl).expect("every pair of numbers 0..959 is a start position");
        assert_eq!(frc::start_numbers(&pos), Some((w, bl)));
        round_trip(&pos);
        return;
    }
    let text = String::from_utf8_lossy(data);
    if let Ok((pos, _)) = parse_fen(&text) {
        round_trip(&pos);
    }
});
