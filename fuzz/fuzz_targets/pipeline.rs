//! Everything the mutation harness checks (tests/mutation/check.rs), on arbitrary bytes:
//! split → parse → replay → record → every writer, with the invariants of nothing lost and
//! diagnostics inside the input.
#![no_main]

#[path = "../../tests/mutation/check.rs"]
mod check;
#[path = "../../tests/pdn_support/mod.rs"]
mod pdn_support;

use libfuzzer_sys::fuzz_target;
use pdnkit::ReplayOptions;
use draughts::Variant;

fuzz_target!(|data: &[u8]| {
    let (knob, data) = data.split_first().map_or((0, data), |(k, d)| (*k, d));
    let variant = match knob % 8 {
        1 => Some(Variant::International),
        2 => Some(Variant::Russian),
        3 => Some(Variant::English),
        4 => Some(Variant::Frisian),
        _ => None,
    };
    let options = check::CheckOptions {
        replay: ReplayOptions {
            variant,
            mainline_only: knob & 0x10 != 0,
            strict: knob & 0x20 != 0,
            ..ReplayOptions::default()
        },
        max_game_size: (knob & 0x40 != 0).then_some(512),
        read_capacity: (knob & 0x80 != 0).then_some(7),
        group_by: None,
    };
    if let Err(e) = check::check(data, &options) {
        panic!("{e}");
    }
});
