use super::{random_net, random_net_of};
use crate::nnue::Shape;
use crate::nnue::network::{HEADER_BYTES, Network, NetworkError, file_size};

fn shape(hidden: usize, buckets: usize, mirrored: bool, king_buckets: bool) -> Shape {
    Shape { hidden, buckets, mirrored, king_buckets }
}

#[test]
fn a_network_reads_back_from_its_bytes() {
    let net = random_net(32, 1, false, 1);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), file_size(shape(32, 1, false, false)));
    assert_eq!(bytes.len(), 32 + 2 * (768 * 32 + 32 + 64) + 4);
    assert_eq!(Network::from_bytes(&bytes), Ok(net));

    let bucketed = random_net_of(shape(32, 2, true, true), 3);
    let bytes = bucketed.to_bytes();
    assert_eq!(bytes.len(), 32 + 2 * (4 * 768 * 32 + 32 + 2 * 64) + 2 * 4);
    assert_eq!(&bytes[12..16], &3072u32.to_le_bytes());
    assert_eq!(&bytes[20..22], &3u16.to_le_bytes());
    assert_eq!(Network::from_bytes(&bytes), Ok(bucketed));
}

#[test]
fn the_embedded_network_parses() {
    let net = Network::embedded();
    assert!(net.hidden() >= 16);
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let good = random_net(32, 8, true, 2).to_bytes();
    assert_eq!(Network::from_bytes(&good[..10]), Err(NetworkError::TooShort { len: 10 }));
    assert_eq!(Network::from_bytes(&[]), Err(NetworkError::TooShort { len: 0 }));
    let cut = &good[..good.len() - 1];
    assert_eq!(
        Network::from_bytes(cut),
        Err(NetworkError::WrongSize { expected: good.len(), actual: good.len() - 1 })
    );
    let mut long = good.clone();
    long.push(0);
    assert_eq!(
        Network::from_bytes(&long),
        Err(NetworkError::WrongSize { expected: good.len(), actual: good.len() + 1 })
    );

    let with = |at: usize, bytes: &[u8]| {
        let mut b = good.clone();
        b[at..at + bytes.len()].copy_from_slice(bytes);
        Network::from_bytes(&b)
    };
    assert_eq!(with(0, b"RKDGAME1"), Err(NetworkError::BadMagic));
    assert_eq!(with(8, &2u32.to_le_bytes()), Err(NetworkError::UnsupportedVersion(2)));
    assert_eq!(with(12, &769u32.to_le_bytes()), Err(NetworkError::BadShape { inputs: 769, hidden: 32 }));
    assert_eq!(with(16, &33u32.to_le_bytes()), Err(NetworkError::BadShape { inputs: 768, hidden: 33 }));
    assert_eq!(with(16, &0u32.to_le_bytes()), Err(NetworkError::BadShape { inputs: 768, hidden: 0 }));
    assert_eq!(
        with(16, &(1u32 << 30).to_le_bytes()),
        Err(NetworkError::BadShape { inputs: 768, hidden: 1 << 30 })
    );
    // A header that declares another size than the file has.
    assert_eq!(
        with(16, &64u32.to_le_bytes()),
        Err(NetworkError::WrongSize { expected: file_size(shape(64, 8, true, false)), actual: good.len() })
    );
    assert_eq!(with(20, &5u16.to_le_bytes()), Err(NetworkError::UnsupportedFlags(5)));
    // The king-bucket flag on a file with one set of inputs.
    assert_eq!(with(20, &3u16.to_le_bytes()), Err(NetworkError::BadShape { inputs: 768, hidden: 32 }));
    // King-bucket inputs without the flag.
    assert_eq!(with(12, &3072u32.to_le_bytes()), Err(NetworkError::BadShape { inputs: 3072, hidden: 32 }));
    assert_eq!(with(22, &0u16.to_le_bytes()), Err(NetworkError::BadBuckets(0)));
    assert_eq!(with(22, &17u16.to_le_bytes()), Err(NetworkError::BadBuckets(17)));
    // Another bucket count than the file holds.
    assert_eq!(
        with(22, &1u16.to_le_bytes()),
        Err(NetworkError::WrongSize { expected: file_size(shape(32, 1, true, false)), actual: good.len() })
    );
    assert_eq!(with(24, &127u16.to_le_bytes()), Err(NetworkError::WrongQuantisation { qa: 127, qb: 64 }));
    let last = good[HEADER_BYTES + 100];
    assert_eq!(with(HEADER_BYTES + 100, &[last ^ 1]), Err(NetworkError::BadChecksum));
}

#[test]
fn errors_read_as_one_line_naming_the_problem() {
    let e = Network::load(std::path::Path::new("/nonexistent/x.nnue")).unwrap_err();
    assert!(matches!(e, NetworkError::Io(_)));
    assert!(e.to_string().contains("/nonexistent/x.nnue"), "{e}");
    let e = NetworkError::WrongSize { expected: 100, actual: 50 }.to_string();
    assert!(e.contains("truncated") && !e.contains('\n'), "{e}");
}
