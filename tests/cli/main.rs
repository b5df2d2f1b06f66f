//! One test binary drives the real executable for every subcommand.

mod util;

mod archive_tools;
mod boards;
mod compressed;
mod conventions;
mod convert;
mod counts;
mod dedupe_evidence;
mod desk;
mod desk_doc;
mod formats;
mod general;
mod inputs;
mod io_faults;
mod parquet;
mod pictures;
mod real_world;
mod search;
mod stats;
mod validate;
