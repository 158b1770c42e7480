//! Node kinds as types: the one principal variation search is generic over
//! them, and each kind's differences compile to constants.

/// What the search function must know about the node it is searching.
pub(crate) trait Node {
    /// A principal variation node: the window may be wide and the exact
    /// score is wanted (no table cutoffs, no forward pruning before moves).
    const PV: bool;
    /// The root: moves come from the root move list in its order, each
    /// one's result is recorded there, and nothing is pruned.
    const ROOT: bool;
}

/// The root of the search (a PV node).
pub(crate) struct Root;
/// A PV node below the root.
pub(crate) struct Pv;
/// A scout node: a null window around alpha.
pub(crate) struct NonPv;

impl Node for Root {
    const PV: bool = true;
    const ROOT: bool = true;
}

impl Node for Pv {
    const PV: bool = true;
    const ROOT: bool = false;
}

impl Node for NonPv {
    const PV: bool = false;
    const ROOT: bool = false;
}
