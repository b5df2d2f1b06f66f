//! The bytes of an index file: its marks, its 24-byte entries, the games' records, the
//! directory, the table of files and the footer (see the module's documentation for the
//! layout).

use super::IndexedFile;

/// The mark that starts and ends an index file (and says its format's version).
pub(super) const MAGIC: &[u8; 8] = b"PDNKIDX2";
/// The mark of the first format, which carried no checksums.
pub(super) const OLD_MAGIC: &[u8; 8] = b"PDNKIDX1";
/// Bytes of an entry.
pub(super) const ENTRY: usize = 24;
/// Bytes of a game's place in the directory.
pub(super) const DIRECTORY_ENTRY: usize = 16;
/// Bytes of the footer, its closing mark included.
pub(super) const FOOTER: usize = 64;

/// One position of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// The position's key mixed with its variant's ([`super::indexed_key`]).
    pub key: u64,
    /// The file's number in the index's table of files.
    pub file: u32,
    /// The game's number in its file (from 1).
    pub game: u32,
    /// The ply after which the position stands (0: the start).
    pub ply: u16,
    /// The number of the move of that ply.
    pub number: u16,
    /// The variant's place in [`draughts::Variant::ALL`].
    pub variant: u8,
    /// 0 White, 1 Black played the ply; 2 for the start position.
    pub side: u8,
}

impl Entry {
    pub(super) fn to_bytes(self) -> [u8; ENTRY] {
        let mut b = [0u8; ENTRY];
        b[0..8].copy_from_slice(&self.key.to_le_bytes());
        b[8..12].copy_from_slice(&self.file.to_le_bytes());
        b[12..16].copy_from_slice(&self.game.to_le_bytes());
        b[16..18].copy_from_slice(&self.ply.to_le_bytes());
        b[18..20].copy_from_slice(&self.number.to_le_bytes());
        b[20] = self.variant;
        b[21] = self.side;
        b
    }

    pub(super) fn from_bytes(b: &[u8]) -> Entry {
        Entry {
            key: u64_at(b, 0),
            file: u32_at(b, 8),
            game: u32_at(b, 12),
            ply: u16::from_le_bytes([b[16], b[17]]),
            number: u16::from_le_bytes([b[18], b[19]]),
            variant: b[20],
            side: b[21],
        }
    }
}

pub(super) fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"))
}

pub(super) fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"))
}

/// What the index keeps of a game for the rows of its hits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct GameInfo {
    pub(super) event: Option<String>,
    pub(super) white: Option<String>,
    pub(super) black: Option<String>,
    pub(super) date: Option<String>,
    /// The full path of each main-line move replayed.
    pub(super) moves: Vec<String>,
}

impl GameInfo {
    /// The record: each text as a length (`u32::MAX` for none) and its bytes, then the number
    /// of moves and each move's length (`u16`) and bytes.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::new();
        for text in [&self.event, &self.white, &self.black, &self.date] {
            match text {
                Some(t) => {
                    b.extend((t.len() as u32).to_le_bytes());
                    b.extend(t.as_bytes());
                }
                None => b.extend(u32::MAX.to_le_bytes()),
            }
        }
        b.extend((self.moves.len() as u32).to_le_bytes());
        for m in &self.moves {
            b.extend((m.len() as u16).to_le_bytes());
            b.extend(m.as_bytes());
        }
        b
    }

    /// The record written by [`Self::to_bytes`], if `b` is one whole.
    #[cfg(test)]
    pub(super) fn from_bytes(b: &[u8]) -> Option<GameInfo> {
        GameView::parse(b)?.to_info()
    }
}

/// A game's record as read from the index, its moves left in their bytes until one is asked
/// for (a hit wants one move of a game of a hundred).
#[derive(Debug)]
pub struct GameView<'b> {
    /// The Event tag.
    pub event: Option<&'b str>,
    /// The White tag.
    pub white: Option<&'b str>,
    /// The Black tag.
    pub black: Option<&'b str>,
    /// The Date tag.
    pub date: Option<&'b str>,
    count: usize,
    moves: &'b [u8],
}

impl<'b> GameView<'b> {
    /// The record in `b`, if `b` is one whole: its texts UTF-8, its moves' lengths adding up.
    pub(super) fn parse(b: &'b [u8]) -> Option<GameView<'b>> {
        let mut at = 0usize;
        let mut take = |n: usize| {
            let s = b.get(at..at + n)?;
            at += n;
            Some(s)
        };
        let mut text = || -> Option<Option<&'b str>> {
            let len = u32::from_le_bytes(take(4)?.try_into().ok()?);
            if len == u32::MAX {
                return Some(None);
            }
            std::str::from_utf8(take(len as usize)?).ok().map(Some)
        };
        let (event, white, black, date) = (text()?, text()?, text()?, text()?);
        let count = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
        let moves = &b[at..];
        let mut walked = 0usize;
        for _ in 0..count {
            let len = u16::from_le_bytes(moves.get(walked..walked + 2)?.try_into().ok()?);
            // Each move's text is checked when it is asked for (`move_at`).
            walked += 2 + usize::from(len);
        }
        (walked == moves.len()).then_some(GameView {
            event,
            white,
            black,
            date,
            count,
            moves,
        })
    }

    /// How many main-line moves the record holds.
    pub fn moves(&self) -> usize {
        self.count
    }

    /// The `i`-th move of the main line (from 0), as its full path.
    pub fn move_at(&self, i: usize) -> Option<&'b str> {
        if i >= self.count {
            return None;
        }
        let mut at = 0usize;
        for _ in 0..i {
            at += 2 + usize::from(u16::from_le_bytes([self.moves[at], self.moves[at + 1]]));
        }
        let len = usize::from(u16::from_le_bytes([self.moves[at], self.moves[at + 1]]));
        std::str::from_utf8(&self.moves[at + 2..at + 2 + len]).ok()
    }

    /// The record owned, every move read.
    #[cfg(test)]
    pub(super) fn to_info(&self) -> Option<GameInfo> {
        Some(GameInfo {
            event: self.event.map(str::to_string),
            white: self.white.map(str::to_string),
            black: self.black.map(str::to_string),
            date: self.date.map(str::to_string),
            moves: (0..self.count)
                .map(|i| self.move_at(i).map(str::to_string))
                .collect::<Option<_>>()?,
        })
    }
}

/// The table of files: their number, then each file's path, location, size, modification
/// time, fingerprint and variants.
pub(super) fn file_table(files: &[IndexedFile]) -> Vec<u8> {
    let mut table = Vec::new();
    table.extend((files.len() as u32).to_le_bytes());
    for f in files {
        for text in [&f.path, &f.location] {
            table.extend((text.len() as u32).to_le_bytes());
            table.extend(text.as_bytes());
        }
        table.extend(f.size.to_le_bytes());
        table.extend(f.modified.to_le_bytes());
        table.extend(f.fingerprint.to_le_bytes());
        table.extend(f.variants.to_le_bytes());
    }
    table
}

pub(super) fn read_table(b: &[u8]) -> Option<Vec<IndexedFile>> {
    let mut at = 0usize;
    let mut take = |n: usize| {
        let s = b.get(at..at + n)?;
        at += n;
        Some(s)
    };
    let count = u32::from_le_bytes(take(4)?.try_into().ok()?);
    let mut files = Vec::new();
    for _ in 0..count {
        let mut text = || {
            let len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
            String::from_utf8(take(len)?.to_vec()).ok()
        };
        let path = text()?;
        let location = text()?;
        let size = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let modified = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let fingerprint = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let variants = u32::from_le_bytes(take(4)?.try_into().ok()?);
        files.push(IndexedFile {
            path,
            location,
            size,
            modified,
            fingerprint,
            variants,
        });
    }
    (at == b.len()).then_some(files)
}

/// Where the parts of an index start, and their sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Footer {
    pub(super) entries: u64,
    pub(super) games: u64,
    pub(super) games_start: u64,
    pub(super) directory_start: u64,
    pub(super) table_start: u64,
    /// CRC-32 of the entries.
    pub(super) entries_crc: u32,
    /// CRC-32 of the games, the directory and the file table.
    pub(super) rest_crc: u32,
}

impl Footer {
    /// Five numbers, two sums, the sum of those 48 bytes, four zero bytes, the mark.
    pub(super) fn to_bytes(self) -> [u8; FOOTER] {
        let mut b = [0u8; FOOTER];
        for (i, n) in [
            self.entries,
            self.games,
            self.games_start,
            self.directory_start,
            self.table_start,
        ]
        .into_iter()
        .enumerate()
        {
            b[i * 8..i * 8 + 8].copy_from_slice(&n.to_le_bytes());
        }
        b[40..44].copy_from_slice(&self.entries_crc.to_le_bytes());
        b[44..48].copy_from_slice(&self.rest_crc.to_le_bytes());
        let own = crc32fast::hash(&b[..48]);
        b[48..52].copy_from_slice(&own.to_le_bytes());
        b[56..64].copy_from_slice(MAGIC);
        b
    }

    /// The footer of an index `len` bytes long, if it is whole and its parts fit the file.
    pub(super) fn read(b: &[u8; FOOTER], len: u64) -> Result<Footer, &'static str> {
        if &b[56..64] != MAGIC {
            return Err("its end is missing: truncated, or written over");
        }
        if u32_at(b, 48) != crc32fast::hash(&b[..48]) || b[52..56] != [0; 4] {
            return Err("its footer does not match its checksum");
        }
        let f = Footer {
            entries: u64_at(b, 0),
            games: u64_at(b, 8),
            games_start: u64_at(b, 16),
            directory_start: u64_at(b, 24),
            table_start: u64_at(b, 32),
            entries_crc: u32_at(b, 40),
            rest_crc: u32_at(b, 44),
        };
        let fits = f
            .entries
            .checked_mul(ENTRY as u64)
            .map(|n| n + MAGIC.len() as u64)
            == Some(f.games_start)
            && f.games_start <= f.directory_start
            && f.games
                .checked_mul(DIRECTORY_ENTRY as u64)
                .and_then(|n| n.checked_add(f.directory_start))
                == Some(f.table_start)
            && f.table_start <= len.saturating_sub(FOOTER as u64);
        if !fits {
            return Err("its parts do not fit its length");
        }
        Ok(f)
    }
}
