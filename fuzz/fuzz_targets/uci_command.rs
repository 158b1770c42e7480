//! Any line a GUI could send: parsing never panics, an error is one line of
//! text, and a parsed `position` command builds a game or names its problem.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rockad::game::Game;
use rockad_uci::{Command, parse_command};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        match parse_command(line) {
            Ok(None) => assert!(line.split_whitespace().next().is_none(), "blank: {line:?}"),
            Ok(Some(Command::Position(p))) => {
                if let Err(e) = Game::from_command(&p) {
                    assert!(!e.to_string().is_empty());
                }
            }
            Ok(Some(_)) => {}
            Err(e) => {
                let msg = e.to_string();
                assert!(!msg.is_empty());
                assert!(!msg.contains('\n'), "{msg:?}");
            }
        }
    }
});
