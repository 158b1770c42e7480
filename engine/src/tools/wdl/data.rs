//! The self-play data path of `rockad wdl --data`: each position of
//! `rockad datagen` files, scored by the default evaluation (or by the
//! search score stored with it), with its game's result.

use shakmaty::{Color, Position};

use rockad_eval::data::decode;
use rockad_eval::wdl::{self, fit::Counts};

use super::names::file_list;
use crate::evaluation;
use crate::tools::plural::plural;
use crate::tools::tune::load;

/// The samples of `files` and what they are, for the report and the
/// header of `coefficients.rs`.
pub fn counts(
    files: &[String],
    search_scores: bool,
    say: &mut dyn FnMut(&str),
) -> Result<(Counts, String), String> {
    let records = load(files, say)?;
    let net = evaluation::default_network();
    let mut counts = Counts::default();
    for bytes in &records {
        let Ok(r) = decode(bytes) else { continue };
        let score = if search_scores {
            i32::from(r.score)
        } else {
            let v = match &net {
                Some(n) => rockad_eval::nnue::evaluate(n, &r.pos),
                None => rockad_eval::evaluate(&r.pos),
            };
            if r.pos.turn() == Color::White { v } else { -v }
        };
        counts.add(score, wdl::material(&r.pos), r.result);
    }
    let source = match (search_scores, &net) {
        (true, _) => "search scores",
        (false, Some(_)) => "the embedded network",
        (false, None) => "the hand-crafted evaluation",
    };
    say(&format!("{} scored by {source}", plural(counts.samples, "position")));
    let what = format!("{} of {}, scored by {source}", plural(counts.samples, "position"), file_list(files));
    Ok((counts, what))
}
