//! Variant rules and move generation. Filled in by the rules-engine work.
