//! Passes over the device IR, each small and tested on IR built by hand:
//! [`fold`] (constant folding and removal of code that cannot run).

pub mod fold;
