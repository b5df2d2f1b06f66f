//! The bitboard word: `u64` for boards whose padded layout fits (8x8, 10x10, 10x8, Turkish),
//! `u128` for larger ones (12x12). The move generator is generic over this trait so the
//! common boards run on 64-bit words.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// A fixed-width bitset word.
pub(crate) trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bits.
    const ZERO: Self;
    /// Width in bits.
    const WIDTH: u32;
    /// The word with bit `i` set.
    fn bit(i: u32) -> Self;
    /// Number of set bits.
    fn count(self) -> u32;
    /// Index of the lowest set bit (undefined for zero).
    fn lowest(self) -> u32;
    /// The word without its lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Rotation to the left by `n` bits.
    fn rotl(self, n: u32) -> Self;
    /// The word widened to 128 bits (for a move kept outside the generator).
    fn wide(self) -> u128;
    /// The word of [`Self::wide`]'s value.
    fn narrow(x: u128) -> Self;

    /// True when no bit is set.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    /// True when some bit is set.
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::ZERO
    }

    /// Iterates over the set bits, lowest first, as single-bit words.
    #[inline(always)]
    fn singles(self) -> Singles<Self> {
        Singles(self)
    }
}

/// [`Bits`] for `u64` and `u128`: one body for both, as the integers' own methods
/// (`trailing_zeros`, shifts) are reachable through no trait.
macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const WIDTH: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn rotl(self, n: u32) -> Self {
                self.rotate_left(n)
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn narrow(x: u128) -> Self {
                x as $t
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// Iterator over the set bits of a word as single-bit words.
pub(crate) struct Singles<B>(B);

impl<B: Bits> Iterator for Singles<B> {
    type Item = B;
    #[inline(always)]
    fn next(&mut self) -> Option<B> {
        if self.0.is_empty() {
            return None;
        }
        let rest = self.0.clear_lowest();
        let single = self.0 ^ rest;
        self.0 = rest;
        Some(single)
    }
}
