//! The network file: a 32-byte header, then little-endian integer arrays.
//!
//! | bytes  | field |
//! |--------|-------|
//! | 0..8   | magic `RKDNNUE1` |
//! | 8..12  | format version, `u32` ([`VERSION`]) |
//! | 12..16 | inputs per perspective, `u32` (768, or 768 × [`KING_BUCKETS`] with king buckets) |
//! | 16..20 | hidden size per perspective H, `u32` (a multiple of 16, at most [`MAX_HIDDEN`]) |
//! | 20..22 | flags, `u16`: bit 0 = horizontally mirrored by king file ([`FLAG_MIRRORED`]); bit 1 = king buckets ([`FLAG_KING_BUCKETS`]); others must be 0 |
//! | 22..24 | output buckets B, `u16`, 1..=[`MAX_BUCKETS`] (chosen by the number of pieces) |
//! | 24..26 | QA, `u16`; 26..28 QB, `u16` (must match [`QA`], [`QB`]) |
//! | 28..32 | FNV-1a hash of everything after the header, `u32` |
//!
//! Then: feature weights `i16 [inputs][H]` (one feature's row is contiguous, so
//! one update touches one row; king bucket k's rows are `k·768..(k+1)·768`), feature biases `i16 [H]`, output weights
//! `i16 [B][2H]` (side to move's half first), output biases `i32 [B]`.

use std::fmt;
use std::path::Path;

use super::features::{KING_BUCKETS, View};
use super::{INPUTS, QA, QB};

pub const MAGIC: &[u8; 8] = b"RKDNNUE1";
pub const VERSION: u32 = 1;
pub const HEADER_BYTES: usize = 32;
/// Largest hidden layer a file may declare (keeps a hostile header from
/// asking for gigabytes).
pub const MAX_HIDDEN: usize = 4096;
/// Most output buckets a file may declare.
pub const MAX_BUCKETS: usize = 16;
/// Header flag: each side's view is mirrored when its king is on files a–d.
pub const FLAG_MIRRORED: u16 = 1;
/// Header flag: a set of feature rows per king bucket
/// ([`super::features::KING_BUCKETS`]).
pub const FLAG_KING_BUCKETS: u16 = 2;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    Io(String),
    TooShort { len: usize },
    BadMagic,
    UnsupportedVersion(u32),
    BadShape { inputs: u32, hidden: u32 },
    UnsupportedFlags(u16),
    BadBuckets(u16),
    WrongQuantisation { qa: u16, qb: u16 },
    WrongSize { expected: usize, actual: usize },
    BadChecksum,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Io(e) => write!(f, "cannot read the network file: {e}"),
            NetworkError::TooShort { len } => {
                write!(f, "not a Rockad network: {len} bytes, shorter than the {HEADER_BYTES}-byte header")
            }
            NetworkError::BadMagic => write!(f, "not a Rockad network (bad magic)"),
            NetworkError::UnsupportedVersion(v) => {
                write!(f, "network format version {v}, this build reads version {VERSION}")
            }
            NetworkError::BadShape { inputs, hidden } => write!(
                f,
                "network shape {inputs} inputs x {hidden} hidden: need {INPUTS} inputs ({} with king buckets) and a hidden size that is a multiple of 16 up to {MAX_HIDDEN}",
                INPUTS * KING_BUCKETS
            ),
            NetworkError::UnsupportedFlags(x) => {
                write!(f, "network flags {x:#x} are not supported by this build")
            }
            NetworkError::BadBuckets(b) => {
                write!(f, "network declares {b} output buckets; 1 to {MAX_BUCKETS} are allowed")
            }
            NetworkError::WrongQuantisation { qa, qb } => {
                write!(f, "network quantised with QA={qa}, QB={qb}; this build uses QA={QA}, QB={QB}")
            }
            NetworkError::WrongSize { expected, actual } => {
                write!(f, "network file is {actual} bytes, its header says {expected} (truncated or damaged)")
            }
            NetworkError::BadChecksum => write!(f, "network file is damaged (checksum mismatch)"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// A parsed network, integer weights ready for inference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub(crate) hidden: usize,
    /// Output buckets, chosen by the number of pieces ([`Network::bucket`]).
    pub(crate) buckets: usize,
    /// Whether each side's view is mirrored when its king is on files a–d.
    pub(crate) mirrored: bool,
    /// Whether each side reads the feature rows of its king's bucket.
    pub(crate) king_buckets: bool,
    /// `[inputs][hidden]`, in units of 1/QA.
    pub(crate) feature_weights: Vec<i16>,
    /// `[hidden]`, in units of 1/QA.
    pub(crate) feature_bias: Vec<i16>,
    /// `[buckets][2 * hidden]`, side to move's half first, in units of 1/QB.
    pub(crate) output_weights: Vec<i16>,
    /// `[buckets]`, in units of 1/(QA·QB).
    pub(crate) output_bias: Vec<i32>,
}

/// Total file size of a network of `shape`.
pub fn file_size(shape: Shape) -> usize {
    let Shape { hidden, buckets, .. } = shape;
    HEADER_BYTES + 2 * (shape.inputs() * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

fn i16s(bytes: &[u8]) -> Vec<i16> {
    bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect()
}

impl Network {
    /// Parses a network file; the error names what is wrong with it.
    pub fn from_bytes(b: &[u8]) -> Result<Network, NetworkError> {
        if b.len() < HEADER_BYTES {
            return Err(NetworkError::TooShort { len: b.len() });
        }
        if &b[0..8] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let version = u32_at(b, 8);
        if version != VERSION {
            return Err(NetworkError::UnsupportedVersion(version));
        }
        let (inputs, hidden) = (u32_at(b, 12), u32_at(b, 16));
        let flags = u16_at(b, 20);
        if flags & !(FLAG_MIRRORED | FLAG_KING_BUCKETS) != 0 {
            return Err(NetworkError::UnsupportedFlags(flags));
        }
        let king_buckets = flags & FLAG_KING_BUCKETS != 0;
        let want_inputs = input_rows(king_buckets);
        if inputs as usize != want_inputs
            || hidden == 0
            || !hidden.is_multiple_of(16)
            || hidden as usize > MAX_HIDDEN
        {
            return Err(NetworkError::BadShape { inputs, hidden });
        }
        let buckets = u16_at(b, 22);
        if buckets == 0 || usize::from(buckets) > MAX_BUCKETS {
            return Err(NetworkError::BadBuckets(buckets));
        }
        let buckets = usize::from(buckets);
        let (qa, qb) = (u16_at(b, 24), u16_at(b, 26));
        if i32::from(qa) != QA || i32::from(qb) != QB {
            return Err(NetworkError::WrongQuantisation { qa, qb });
        }
        let h = hidden as usize;
        let shape = Shape { hidden: h, buckets, mirrored: flags & FLAG_MIRRORED != 0, king_buckets };
        let expected = file_size(shape);
        if b.len() != expected {
            return Err(NetworkError::WrongSize { expected, actual: b.len() });
        }
        let payload = &b[HEADER_BYTES..];
        if fnv1a(payload) != u32_at(b, 28) {
            return Err(NetworkError::BadChecksum);
        }
        let (fw, rest) = payload.split_at(2 * shape.inputs() * h);
        let (fb, rest) = rest.split_at(2 * h);
        let (ow, rest) = rest.split_at(buckets * 4 * h);
        Ok(Network {
            hidden: h,
            buckets,
            mirrored: shape.mirrored,
            king_buckets,
            feature_weights: i16s(fw),
            feature_bias: i16s(fb),
            output_weights: i16s(ow),
            output_bias: rest.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect(),
        })
    }

    /// Reads and parses a network file.
    pub fn load(path: &Path) -> Result<Network, NetworkError> {
        let bytes = std::fs::read(path).map_err(|e| NetworkError::Io(format!("{}: {e}", path.display())))?;
        Network::from_bytes(&bytes)
    }

    /// The network compiled into the binary (`eval/nets/default.nnue`).
    pub fn embedded() -> &'static Network {
        static NET: std::sync::OnceLock<Network> = std::sync::OnceLock::new();
        NET.get_or_init(|| {
            // Checked by a test; a broken default net is a build defect.
            Network::from_bytes(EMBEDDED).expect("the embedded network is valid")
        })
    }

    /// Builds a network from its parts (the trainer's quantised weights).
    ///
    /// Panics if the slices do not match the shape (a programming error).
    pub fn from_parts(
        shape: Shape,
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Network {
        let Shape { hidden, buckets, mirrored, king_buckets } = shape;
        assert!(hidden > 0 && hidden.is_multiple_of(16) && hidden <= MAX_HIDDEN, "hidden size {hidden}");
        assert!((1..=MAX_BUCKETS).contains(&buckets), "{buckets} buckets");
        assert_eq!(feature_weights.len(), shape.inputs() * hidden);
        assert_eq!(feature_bias.len(), hidden);
        assert_eq!(output_weights.len(), buckets * 2 * hidden);
        assert_eq!(output_bias.len(), buckets);
        Network {
            hidden,
            buckets,
            mirrored,
            king_buckets,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        }
    }

    /// The network's architecture.
    pub fn shape(&self) -> Shape {
        Shape {
            hidden: self.hidden,
            buckets: self.buckets,
            mirrored: self.mirrored,
            king_buckets: self.king_buckets,
        }
    }

    /// How `side` sees `pos` in this network.
    #[inline]
    pub fn view(&self, pos: &shakmaty::Chess, side: shakmaty::Color) -> View {
        View::of(pos, side, self.mirrored, self.king_buckets)
    }

    /// Whether a side's view can change with its king's moves.
    #[inline]
    pub(crate) fn views_change(&self) -> bool {
        self.mirrored || self.king_buckets
    }

    /// The output bucket of a position with `pieces` pieces (kings
    /// included).
    #[inline]
    pub fn bucket(&self, pieces: usize) -> usize {
        bucket(pieces, self.buckets)
    }

    /// Hidden neurons per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The file bytes of this network.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(file_size(self.shape()) - HEADER_BYTES);
        for w in self.feature_weights.iter().chain(&self.feature_bias).chain(&self.output_weights) {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            payload.extend_from_slice(&b.to_le_bytes());
        }
        let mut out = Vec::with_capacity(HEADER_BYTES + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.shape().inputs() as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        let flags = if self.mirrored { FLAG_MIRRORED } else { 0 }
            | if self.king_buckets { FLAG_KING_BUCKETS } else { 0 };
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&(self.buckets as u16).to_le_bytes());
        out.extend_from_slice(&(QA as u16).to_le_bytes());
        out.extend_from_slice(&(QB as u16).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// One feature's row of weights.
    #[inline]
    pub(crate) fn row(&self, feature: usize) -> &[i16] {
        &self.feature_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }
}

/// A network's architecture: hidden size, output buckets, mirroring, king
/// buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub hidden: usize,
    pub buckets: usize,
    pub mirrored: bool,
    pub king_buckets: bool,
}

impl Shape {
    /// Feature rows per perspective.
    pub fn inputs(self) -> usize {
        input_rows(self.king_buckets)
    }
}

/// Feature rows per perspective, with or without king buckets.
fn input_rows(king_buckets: bool) -> usize {
    if king_buckets { INPUTS * KING_BUCKETS } else { INPUTS }
}

/// The output bucket of a position with `pieces` pieces (2..=32) among
/// `buckets`: the piece counts spread evenly.
#[inline]
pub fn bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / 31).min(buckets - 1)
}

static EMBEDDED: &[u8] = include_bytes!("../../nets/default.nnue");

/// The embedded network's name: the first 8 hex digits of the SHA-256 of
/// `eval/nets/default.nnue` (`ae77ffb0` for net #26c), from `build.rs`.
pub const EMBEDDED_HASH: &str = env!("ROCKAD_NET_HASH");

#[cfg(test)]
mod hash_tests {
    #[test]
    fn the_build_names_the_embedded_network_by_its_sha256() {
        assert_eq!(super::EMBEDDED_HASH, crate::sha256::short_hash(super::EMBEDDED));
        assert_eq!(super::EMBEDDED_HASH.len(), 8);
    }
}
