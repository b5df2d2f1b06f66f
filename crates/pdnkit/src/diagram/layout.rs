//! Where things are on the picture: the board as its notation writes it (mirrored when the
//! game's board has the other corner colour than the rules' board), turned half a turn when
//! flipped, inside a frame of the same width on every side.

use draughts::{Geometry, Notation, Square};

/// Side of a square, in drawing units (the picture is scaled to its size by its view box).
pub const SQUARE: f64 = 50.0;

/// Width of the frame that holds the coordinates.
const FRAME_WITH_COORDINATES: f64 = 0.5 * SQUARE;
/// Width of the plain frame.
const FRAME_PLAIN: f64 = 0.1 * SQUARE;

/// The placement of a board's squares on the picture.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    geometry: Geometry,
    mirrored: bool,
    flip: bool,
    frame: f64,
}

impl Layout {
    /// The squares of `notation`'s board, flipped or not, in a frame wide enough for
    /// coordinates or a plain one.
    pub fn new(notation: &Notation, flip: bool, coordinates: bool) -> Layout {
        Layout {
            geometry: notation.geometry(),
            mirrored: notation.is_mirrored(),
            flip,
            frame: if coordinates {
                FRAME_WITH_COORDINATES
            } else {
                FRAME_PLAIN
            },
        }
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Width of the frame.
    pub fn frame(&self) -> f64 {
        self.frame
    }

    /// Width of the whole picture.
    pub fn width(&self) -> f64 {
        f64::from(self.geometry.width()) * SQUARE + 2.0 * self.frame
    }

    /// Height of the whole picture.
    pub fn height(&self) -> f64 {
        f64::from(self.geometry.height()) * SQUARE + 2.0 * self.frame
    }

    /// Column (from the left) and row (from the top) where `sq` is drawn.
    pub fn cell(&self, sq: Square) -> (i32, i32) {
        let (w, h) = (
            i32::from(self.geometry.width()),
            i32::from(self.geometry.height()),
        );
        let (file, rank) = self.geometry.coords(sq);
        let col = if self.mirrored { w - 1 - file } else { file };
        let row = h - 1 - rank;
        if self.flip {
            (w - 1 - col, h - 1 - row)
        } else {
            (col, row)
        }
    }

    /// Top-left corner of the cell in column `col`, row `row`.
    pub fn corner_of(&self, col: i32, row: i32) -> (f64, f64) {
        (
            self.frame + f64::from(col) * SQUARE,
            self.frame + f64::from(row) * SQUARE,
        )
    }

    /// Top-left corner of `sq`.
    pub fn corner(&self, sq: Square) -> (f64, f64) {
        let (col, row) = self.cell(sq);
        self.corner_of(col, row)
    }

    /// Centre of `sq`.
    pub fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::{Config, Variant};

    #[test]
    fn flipping_turns_the_board_half_a_turn_about_its_centre() {
        for v in Variant::ALL {
            let n = Config::standard(v).notation;
            for coordinates in [false, true] {
                let (a, b) = (
                    Layout::new(&n, false, coordinates),
                    Layout::new(&n, true, coordinates),
                );
                for sq in n.geometry().all() {
                    let ((x, y), (fx, fy)) = (a.centre(sq), b.centre(sq));
                    assert_eq!((a.width() - x, a.height() - y), (fx, fy), "{v} {sq:?}");
                }
            }
        }
    }

    #[test]
    fn a_board_written_mirrored_is_drawn_as_written() {
        let gt = draughts::GameType::parse("23,B,8,8,A1,1").unwrap();
        let config = Config::from_game_type(&gt).unwrap();
        assert!(config.notation.is_mirrored());
        let layout = Layout::new(&config.notation, false, false);
        // The rules' board has a playable square at White's near left; the written board has
        // it at the near right.
        let corner = config.notation.geometry().square_at(0, 0).unwrap();
        assert_eq!(layout.cell(corner), (7, 7));
    }
}
