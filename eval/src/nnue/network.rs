//! The network file: a 32-byte header, then little-endian integer arrays.
//!
//! | bytes  | field |
//! |--------|-------|
//! | 0..8   | magic `RKDNNUE1` |
//! | 8..12  | format version, `u32` ([`VERSION`]) |
//! | 12..16 | inputs per perspective, `u32` (768) |
//! | 16..20 | hidden size per perspective H, `u32` (a multiple of 16, at most [`MAX_HIDDEN`]) |
//! | 20..24 | flags, `u32` (none defined: must be 0) |
//! | 24..26 | QA, `u16`; 26..28 QB, `u16` (must match [`QA`], [`QB`]) |
//! | 28..32 | FNV-1a hash of everything after the header, `u32` |
//!
//! Then: feature weights `i16 [768][H]` (one feature's row is contiguous, so
//! one update touches one row), feature biases `i16 [H]`, output weights
//! `i16 [2H]` (side to move's half first), output bias `i32`.

use std::fmt;
use std::path::Path;

use super::{INPUTS, QA, QB};

pub const MAGIC: &[u8; 8] = b"RKDNNUE1";
pub const VERSION: u32 = 1;
pub const HEADER_BYTES: usize = 32;
/// Largest hidden layer a file may declare (keeps a hostile header from
/// asking for gigabytes).
pub const MAX_HIDDEN: usize = 4096;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    Io(String),
    TooShort { len: usize },
    BadMagic,
    UnsupportedVersion(u32),
    BadShape { inputs: u32, hidden: u32 },
    UnsupportedFlags(u32),
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
                "network shape {inputs} inputs x {hidden} hidden: need {INPUTS} inputs and a hidden size that is a multiple of 16 up to {MAX_HIDDEN}"
            ),
            NetworkError::UnsupportedFlags(x) => {
                write!(f, "network flags {x:#x} are not supported by this build")
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
    /// `[INPUTS][hidden]`, in units of 1/QA.
    pub(crate) feature_weights: Vec<i16>,
    /// `[hidden]`, in units of 1/QA.
    pub(crate) feature_bias: Vec<i16>,
    /// `[2 * hidden]`, side to move's half first, in units of 1/QB.
    pub(crate) output_weights: Vec<i16>,
    /// In units of 1/(QA·QB).
    pub(crate) output_bias: i32,
}

/// Total file size for a hidden size.
pub fn file_size(hidden: usize) -> usize {
    HEADER_BYTES + 2 * (INPUTS * hidden + hidden + 2 * hidden) + 4
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
        if inputs as usize != INPUTS
            || hidden == 0
            || !hidden.is_multiple_of(16)
            || hidden as usize > MAX_HIDDEN
        {
            return Err(NetworkError::BadShape { inputs, hidden });
        }
        let flags = u32_at(b, 20);
        if flags != 0 {
            return Err(NetworkError::UnsupportedFlags(flags));
        }
        let (qa, qb) = (u16_at(b, 24), u16_at(b, 26));
        if i32::from(qa) != QA || i32::from(qb) != QB {
            return Err(NetworkError::WrongQuantisation { qa, qb });
        }
        let h = hidden as usize;
        let expected = file_size(h);
        if b.len() != expected {
            return Err(NetworkError::WrongSize { expected, actual: b.len() });
        }
        let payload = &b[HEADER_BYTES..];
        if fnv1a(payload) != u32_at(b, 28) {
            return Err(NetworkError::BadChecksum);
        }
        let (fw, rest) = payload.split_at(2 * INPUTS * h);
        let (fb, rest) = rest.split_at(2 * h);
        let (ow, rest) = rest.split_at(4 * h);
        Ok(Network {
            hidden: h,
            feature_weights: i16s(fw),
            feature_bias: i16s(fb),
            output_weights: i16s(ow),
            output_bias: i32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]),
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
    /// Panics if the slices do not match `hidden` (a programming error).
    pub fn from_parts(
        hidden: usize,
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Network {
        assert!(hidden > 0 && hidden.is_multiple_of(16) && hidden <= MAX_HIDDEN, "hidden size {hidden}");
        assert_eq!(feature_weights.len(), INPUTS * hidden);
        assert_eq!(feature_bias.len(), hidden);
        assert_eq!(output_weights.len(), 2 * hidden);
        Network { hidden, feature_weights, feature_bias, output_weights, output_bias }
    }

    /// Hidden neurons per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The file bytes of this network.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(file_size(self.hidden) - HEADER_BYTES);
        for w in self.feature_weights.iter().chain(&self.feature_bias).chain(&self.output_weights) {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        payload.extend_from_slice(&self.output_bias.to_le_bytes());
        let mut out = Vec::with_capacity(HEADER_BYTES + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
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

static EMBEDDED: &[u8] = include_bytes!("../../nets/default.nnue");
