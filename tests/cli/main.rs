//! One test binary drives the real executable for every subcommand.

mod util;

mod compressed;
mod convert;
mod formats;
mod general;
mod io_faults;
mod real_world;
mod stats;
