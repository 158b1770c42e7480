//! How many search threads to run for a `Threads` setting: never more than
//! the machine runs at once. Lazy SMP threads beyond the hardware's only
//! take turns on its cores, each slowing the others, and hundreds of them
//! make `quit` and `stop` wait for every one to be scheduled.

/// The thread count to use, and the `info string` when it is not the one
/// asked for.
#[derive(Debug, PartialEq, Eq)]
pub struct Usable {
    pub count: usize,
    pub note: Option<String>,
}

/// Threads the machine runs at once (1 where it cannot tell).
pub fn hardware() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `asked` capped at the machine's [`hardware`] threads.
pub fn usable(asked: usize) -> Usable {
    cap(asked, hardware())
}

fn cap(asked: usize, hardware: usize) -> Usable {
    let asked = asked.max(1);
    if asked <= hardware {
        return Usable { count: asked, note: None };
    }
    Usable {
        count: hardware,
        note: Some(format!(
            "Threads {asked} is more than the {hardware} this machine runs at once; using {hardware}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capped_at_the_hardware_with_one_line() {
        assert_eq!(cap(4, 8), Usable { count: 4, note: None });
        assert_eq!(cap(8, 8), Usable { count: 8, note: None });
        assert_eq!(
            cap(512, 8),
            Usable {
                count: 8,
                note: Some("Threads 512 is more than the 8 this machine runs at once; using 8".into())
            }
        );
        assert!(hardware() >= 1);
    }
}
