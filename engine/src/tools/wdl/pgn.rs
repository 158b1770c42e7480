//! Match games as fastchess and cutechess write them: a `[FEN]` start
//! (Chess960 castling rights in either notation), SAN moves with `O-O` for
//! Chess960 castling, and the mover's score in the comment after each move
//! (see [`comment`](super::comment)). Each scored move gives a [`Sample`]:
//! the reported centipawns, the material before the move and the result
//! from the mover's side.
//!
//! With an engine's name ([`read`]'s `engine`), only the moves that engine
//! played count: a game where it played neither side is skipped, and the
//! scores its opponent reported are left out (each engine's scores mean
//! what its own model says, and a match pits two of them).
//!
//! Bad input never stops the reading: a game with an illegal move, a bad
//! FEN or a result that disagrees with its tag is counted as unreadable, a
//! game with no result yet (a file still being written) as unfinished, and
//! the rest are read. Only a file that cannot be read at all is an error.

use std::io::Read;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::comment::{Said, score};
use rockad_eval::wdl::material;

/// One scored move: the score the mover reported (centipawns as in `info`
/// lines), the material before the move, and the game's result from the
/// mover's side (0 loss, 1 draw, 2 win).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    pub cp: i32,
    pub material: u32,
    pub result: u8,
}

/// One finished game's scored moves and its time control tag.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Game {
    pub samples: Vec<Sample>,
    pub time_control: String,
}

/// What a file held.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Games {
    pub games: Vec<Game>,
    /// Games that could not be followed (illegal move, bad start, ...).
    pub unreadable: u64,
    /// Games without a result: cut off, or `*`.
    pub unfinished: u64,
    /// Moves with a mate score (left out: certain, not the model's).
    pub mates: u64,
    /// Moves with no score in their comment (`{book}`, no comment).
    pub unscored: u64,
    /// With an engine's name: games it did not play, and its opponents'
    /// moves in the games it did, left out.
    pub other_games: u64,
    pub other_moves: u64,
    /// The first unreadable game's number and what was wrong with it.
    pub first_problem: Option<String>,
}

/// How one game was read.
#[derive(Debug)]
enum Read1 {
    Game {
        game: Game,
        mates: u64,
        unscored: u64,
        others: u64,
    },
    Unreadable(String),
    Unfinished,
    /// Neither side was the engine asked for.
    NotPlayed,
}

#[derive(Default)]
struct Tags {
    fen: Option<String>,
    variant: Option<String>,
    result: Option<String>,
    time_control: String,
    white: Option<String>,
    black: Option<String>,
}

struct Movetext {
    pos: Chess,
    /// The move just played, until its comment: (material before it, mover).
    last: Option<(u32, Color)>,
    scored: Vec<(i32, u32, Color)>,
    mates: u64,
    unscored: u64,
    outcome: Option<Outcome>,
    result_tag: Option<String>,
    time_control: String,
    /// Whose scores count: [White, Black].
    counted: [bool; 2],
    /// Moves of a side that does not count.
    others: u64,
}

impl Movetext {
    fn counts(&self, side: Color) -> bool {
        self.counted[usize::from(side == Color::Black)]
    }

    /// The move just played gets no score: counted as unscored, or as the
    /// other side's.
    fn unscored_last(&mut self) {
        if let Some((_, mover)) = self.last.take() {
            if self.counts(mover) {
                self.unscored += 1;
            } else {
                self.others += 1;
            }
        }
    }
}

struct GameVisitor<'a> {
    /// Only this engine's moves count (`None`: both sides').
    engine: Option<&'a str>,
}

fn text(tag: RawTag<'_>) -> String {
    tag.decode_utf8_lossy().into_owned()
}

/// The start of a game: its FEN in Chess960 mode (which also reads standard
/// chess and both castling notations), or the standard start.
fn start(tags: &Tags) -> Result<Chess, String> {
    if let Some(v) = &tags.variant {
        let v = v.to_ascii_lowercase();
        if !["chess960", "fischerandom", "fischer random", "standard", "chess", "normal"]
            .contains(&v.as_str())
        {
            return Err(format!("variant {v:?} is not chess"));
        }
    }
    let Some(fen) = &tags.fen else { return Ok(Chess::default()) };
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
    parsed.into_position(CastlingMode::Chess960).map_err(|e| format!("bad FEN {fen:?}: {e}"))
}

impl Visitor for GameVisitor<'_> {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = Read1;

    fn begin_tags(&mut self) -> ControlFlow<Read1, Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Read1> {
        match name {
            b"FEN" => tags.fen = Some(text(value)),
            b"Variant" => tags.variant = Some(text(value)),
            b"Result" => tags.result = Some(text(value)),
            b"TimeControl" => tags.time_control = text(value),
            b"White" => tags.white = Some(text(value)),
            b"Black" => tags.black = Some(text(value)),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Read1, Movetext> {
        let counted = match self.engine {
            None => [true, true],
            Some(e) => [tags.white.as_deref() == Some(e), tags.black.as_deref() == Some(e)],
        };
        if counted == [false, false] {
            return ControlFlow::Break(Read1::NotPlayed);
        }
        match start(&tags) {
            Ok(pos) => ControlFlow::Continue(Movetext {
                pos,
                last: None,
                scored: Vec::new(),
                mates: 0,
                unscored: 0,
                outcome: None,
                result_tag: tags.result,
                time_control: tags.time_control,
                counted,
                others: 0,
            }),
            Err(e) => ControlFlow::Break(Read1::Unreadable(e)),
        }
    }

    fn san(&mut self, m: &mut Movetext, san_plus: SanPlus) -> ControlFlow<Read1> {
        m.unscored_last();
        let Ok(mv) = san_plus.san.to_move(&m.pos) else {
            let fen = Fen::from_position(&m.pos, shakmaty::EnPassantMode::Legal);
            return ControlFlow::Break(Read1::Unreadable(format!(
                "move {} {san_plus} is not legal in {fen}",
                m.pos.fullmoves()
            )));
        };
        m.last = Some((material(&m.pos), m.pos.turn()));
        m.pos.play_unchecked(mv);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, m: &mut Movetext, comment: RawComment<'_>) -> ControlFlow<Read1> {
        // Only the first comment after a move holds its score.
        if let Some((material, mover)) = m.last.take() {
            match score(comment.as_bytes()) {
                _ if !m.counts(mover) => m.others += 1,
                Said::Cp(cp) => m.scored.push((cp, material, mover)),
                Said::Mate => m.mates += 1,
                Said::Nothing => m.unscored += 1,
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, m: &mut Movetext, outcome: Outcome) -> ControlFlow<Read1> {
        m.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut m: Movetext) -> Read1 {
        m.unscored_last();
        let Some(Outcome::Known(outcome)) = m.outcome else { return Read1::Unfinished };
        let white = match outcome {
            KnownOutcome::Decisive { winner: Color::White } => 2,
            KnownOutcome::Draw => 1,
            KnownOutcome::Decisive { winner: Color::Black } => 0,
        };
        if let Some(tag) = m.result_tag.as_deref().filter(|t| *t != "*" && *t != outcome.as_str()) {
            return Read1::Unreadable(format!(
                "the Result tag says {tag} but the moves end {}",
                outcome.as_str()
            ));
        }
        let samples = m
            .scored
            .iter()
            .map(|&(cp, material, mover)| Sample {
                cp,
                material,
                result: if mover == Color::White { white } else { 2 - white },
            })
            .collect();
        Read1::Game {
            game: Game { samples, time_control: m.time_control },
            mates: m.mates,
            unscored: m.unscored,
            others: m.others,
        }
    }
}

/// Reads every game of `input`, keeping only the moves `engine` played
/// when it names one (the `White` / `Black` tags); `name` names the input
/// in the error for input that cannot be read at all.
pub fn read(input: impl Read, name: &str, engine: Option<&str>) -> Result<Games, String> {
    let mut reader = Reader::new(input);
    let mut visitor = GameVisitor { engine };
    let mut out = Games::default();
    let mut number = 0u64;
    loop {
        number += 1;
        let read = match reader.read_game(&mut visitor) {
            Ok(Some(r)) => r,
            Ok(None) => break,
            // The parser's own complaints (an unterminated tag) spoil one
            // game; it has skipped past the line, so reading goes on.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Read1::Unreadable(e.to_string()),
            Err(e) => return Err(format!("cannot read {name} (game {number}): {e}")),
        };
        match read {
            Read1::Game { game, mates, unscored, others } => {
                out.mates += mates;
                out.unscored += unscored;
                out.other_moves += others;
                out.games.push(game);
            }
            Read1::Unreadable(why) => {
                out.unreadable += 1;
                out.first_problem.get_or_insert_with(|| format!("game {number}: {why}"));
            }
            Read1::Unfinished => out.unfinished += 1,
            Read1::NotPlayed => out.other_games += 1,
        }
    }
    if out.games.is_empty() && out.unreadable > 0 {
        let why = out.first_problem.unwrap_or_default();
        return Err(format!("no game in {name} could be read ({} unreadable; {why})", out.unreadable));
    }
    Ok(out)
}

/// Reads every game of the file `path` (see [`read`]).
pub fn read_file(path: &str, engine: Option<&str>) -> Result<Games, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    read(file, path, engine)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Chess960 game as fastchess writes it (the start and moves of a
    /// real one, cut short, with a result put in): a book move, White's
    /// Chess960 `O-O`, a mate score, a remark, a second comment; then an
    /// unfinished game, one with an illegal move and a mate in standard
    /// chess.
    const PGN: &str = r#"[Event "Fastchess Tournament"]
[White "qsb"]
[Black "base"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "bbnrkrqn/pppppppp/8/8/8/8/PPPPPPPP/BBNRKRQN w FDfd - 0 1"]
[Variant "Chess960"]
[TimeControl "4+0.04"]

1. c4 {book} c5 {-0.18/11 0.092s} 2. f3 {+0.27/13 0.095s}
b6 {-0.18/13 0.141s} 3. b3 {+0.22/12 0.115s} Ng6 {-0.08/12 0.104s}
4. d4 {+0.22/11 0.122s} cxd4 {-0.28/12 0.131s} 5. Bxd4 {+0.16/12 0.123s}
e6 {0.00/12 0.231s} 6. Ng3 {+0.22/11 0.411s} f6 {-0.36/11 0.243s}
7. e4 {+0.46/12 0.207s} Nf4 {-0.17/12 0.119s} 8. Nd3 {+0.41/10 0.123s}
g5 {-M3/11 0.188s} 9. Qf2 {+0.57/11 0.087s} h5 10. O-O {+1.47/11 0.200s, a remark}
{a second comment} 1/2-1/2

[Event "cut off"]
[Result "*"]
[FEN "bbnrkrqn/pppppppp/8/8/8/8/PPPPPPPP/BBNRKRQN w FDfd - 0 1"]

1. c4 {+0.12/13 0.132s} c5 {-0.18/11 0.092s} *

[Event "illegal"]
[Result "0-1"]

1. e4 {+0.30/10 0.1s} e5 {-0.20/10 0.1s} 2. Ke3 {+0.10/9 0.1s} 0-1

[Event "standard"]
[Result "0-1"]

1. f3 {-0.50/10 0.1s} e5 {+0.60/10 0.1s} 2. g4 {-3.20/9 0.1s} Qh4# {+M1/127 0.001s, Black mates} 0-1
"#;

    #[test]
    fn scored_moves_become_samples() {
        let read = read(PGN.as_bytes(), "test.pgn", None).unwrap();
        assert_eq!((read.games.len(), read.unfinished, read.unreadable), (2, 1, 1), "{read:?}");
        assert_eq!(
            read.first_problem.as_deref(),
            Some(
                "game 3: move 2 Ke3 is not legal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
            )
        );
        // book (1. c4), mate (8... g5) and no comment (9... h5) are left out.
        assert_eq!((read.mates, read.unscored), (2, 2), "{read:?}");
        let game = &read.games[0];
        assert_eq!(game.time_control, "4+0.04");
        assert_eq!(game.samples.len(), 16);
        assert_eq!(game.samples[0], Sample { cp: -18, material: 78, result: 1 });
        // 4... cxd4 was scored before the capture, 5. Bxd4 after it.
        assert_eq!(game.samples[6], Sample { cp: -28, material: 78, result: 1 });
        assert_eq!(game.samples[7], Sample { cp: 16, material: 77, result: 1 });
        // White's castling was read (a king move to g1 would be illegal
        // here) and scored from the material before it.
        assert_eq!(*game.samples.last().unwrap(), Sample { cp: 147, material: 76, result: 1 });
        // The result from each mover's side.
        let mated = &read.games[1];
        assert_eq!(
            mated.samples,
            vec![
                Sample { cp: -50, material: 78, result: 0 },
                Sample { cp: 60, material: 78, result: 2 },
                Sample { cp: -320, material: 78, result: 0 }
            ]
        );
    }

    #[test]
    fn an_engine_name_keeps_its_moves_alone() {
        // Game 1: qsb (White) against base; the cut-off game has no
        // players and is skipped before its result is looked at; the
        // illegal and the standard game neither.
        let named = PGN.replacen("[Event \"illegal\"]", "[Event \"illegal\"]\n[White \"qsb\"]", 1);
        let qsb = read(named.as_bytes(), "test.pgn", Some("qsb")).unwrap();
        assert_eq!((qsb.games.len(), qsb.unreadable, qsb.unfinished, qsb.other_games), (1, 1, 0, 2));
        let white = &qsb.games[0].samples;
        // White's scored moves, 2. f3 to 10. O-O (1. c4 is a book move).
        assert_eq!(white.len(), 9, "{white:?}");
        assert_eq!(white[0], Sample { cp: 27, material: 78, result: 1 });
        assert_eq!(*white.last().unwrap(), Sample { cp: 147, material: 76, result: 1 });
        // Black's nine moves (its mate score and 9... h5 without a comment
        // among them) are the other side's.
        assert_eq!((qsb.other_moves, qsb.mates, qsb.unscored), (9, 0, 1), "{qsb:?}");
        let black = read(named.as_bytes(), "test.pgn", Some("base")).unwrap();
        assert_eq!((black.games.len(), black.other_games, black.unreadable), (1, 3, 0));
        assert_eq!((black.other_moves, black.mates, black.unscored), (10, 1, 1), "{black:?}");
        assert_eq!(black.games[0].samples.len(), 7);
        assert_eq!(black.games[0].samples[0], Sample { cp: -18, material: 78, result: 1 });
        // A name that played nothing: every game is someone else's.
        let none = read(named.as_bytes(), "test.pgn", Some("Qsb")).unwrap();
        assert_eq!((none.games.len(), none.other_games, none.unreadable), (0, 4, 0));
    }

    #[test]
    fn a_castling_move_is_played_as_chess960_castling() {
        let pgn = "[FEN \"bbnrkrqn/pppppppp/8/8/8/8/PPPPPPPP/BBNRKRQN w FDfd - 0 1\"]\n\n\
                   1. c4 c5 2. f3 b6 3. b3 Ng6 4. d4 cxd4 5. Bxd4 e6 6. Ng3 f6 7. e4 Nf4 8. Nd3 g5 \
                   9. Qf2 h5 10. O-O h4 11. Rf1e1 {+0.10/1 0.1s} 1-0";
        // After O-O the rook is on f1 and the king on g1: 11. Rf1e1 is legal
        // only if castling put them there.
        let read = read(pgn.as_bytes(), "c.pgn", None).unwrap();
        assert_eq!(read.unreadable, 0, "{read:?}");
        assert_eq!(read.games[0].samples, vec![Sample { cp: 10, material: 76, result: 2 }]);
    }

    #[test]
    fn bad_input_is_counted_or_named() {
        let tag = "[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} 0-1\n";
        let e = read(tag.as_bytes(), "t.pgn", None).unwrap_err();
        assert_eq!(
            e,
            "no game in t.pgn could be read (1 unreadable; game 1: the Result tag says 1-0 but the moves end 0-1)"
        );
        let fen = "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1-0\n";
        assert!(read(fen.as_bytes(), "f.pgn", None).unwrap_err().contains("game 1: bad FEN"));
        let variant = "[Variant \"Atomic\"]\n\n1. e4 1-0\n";
        assert!(
            read(variant.as_bytes(), "v.pgn", None).unwrap_err().contains("variant \"atomic\" is not chess")
        );
        assert_eq!(read(&b""[..], "e.pgn", None), Ok(Games::default()));
        let binary: Vec<u8> = (0..4000u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
        // Noise: no panic, and either nothing read or an error naming the input.
        match read(&binary[..], "b.bin", None) {
            Ok(g) => assert!(g.games.iter().all(|g| g.samples.is_empty()), "{g:?}"),
            Err(e) => assert!(e.contains("b.bin"), "{e}"),
        }
        assert!(
            read_file("/nonexistent/g.pgn", None)
                .unwrap_err()
                .starts_with("cannot read /nonexistent/g.pgn: ")
        );
    }
}
