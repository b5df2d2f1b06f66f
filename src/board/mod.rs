//! Board geometry and square notation (no move rules). Filled in by the rules-engine work.
