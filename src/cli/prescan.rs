//! Finding the games in the plain shape ahead of the splitter, on other threads, so that a pass
//! that only needs to know a plain game is there (`validate --syntax-only`) uses every core.
//!
//! ```text
//! input ──blocks──▶ jobs threads: plain games at the lines that may start a game
//!       ──blocks in order, with their hints──▶ Prescanned (a reader) ──▶ Splitter::with_hints
//! ```
//!
//! A regular file can be prescanned with its blocks mapped into memory rather than read
//! ([`prescan_mapped`]): the kernel then copies nothing, and copying is a large share of a
//! pass this fast (`benches/RESULTS.md`). Mapping is the binary's choice, with its one
//! `unsafe`: a file truncated by another program while mapped ends the process with a bus
//! error, which `--no-mmap` avoids.
//!
//! The splitter stays the one that decides where games are: it takes a hint only for a game
//! that starts where it stands at the start of a game, and a hint says only what the plain
//! shape says of the bytes there ([`PlainHint::find_in`]), which depends on nothing else. So
//! the games are the same with or without a prescan (the tests here compare the threads'
//! hints with those found block by block in one thread; `tests/pdn_fast_paths.rs` compares
//! those with no hints, on inputs cut into blocks of every size).

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, Read};
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};

use pdn::fast::{Hints, NotesPassed, PlainHint};
use pipeline::Pipeline;

/// Default size of the blocks read: large enough that few games straddle two (those get no
/// hint) and that handing blocks between threads costs little, small enough to keep memory low
/// (about `2 * jobs + 3` blocks are in flight). Chosen by `benches/scale.sh`.
pub const DEFAULT_BLOCK: usize = 1 << 20;

/// Most bytes of a mapped file held in the blocks in flight ([`mapped_block_size`]).
const MAPPED_BUDGET: usize = 32 << 20;

/// Largest block mapped: beyond, fewer hand-offs between threads gain nothing.
const MAX_MAPPED_BLOCK: usize = 4 << 20;

/// Size of the blocks mapped by [`prescan_mapped`] for `jobs` threads: mapped blocks cost no
/// copy, so larger ones only spare hand-offs, but the pages of the blocks in flight count in
/// the process's resident memory: the blocks in flight (about `2 * jobs + 3`) share 32 MB, each
/// between [`DEFAULT_BLOCK`] and 4 MB.
pub fn mapped_block_size(jobs: usize) -> usize {
    const GRAIN: usize = 1 << 16;
    let share = MAPPED_BUDGET / (2 * jobs.max(1) + 3);
    share.clamp(DEFAULT_BLOCK, MAX_MAPPED_BLOCK) / GRAIN * GRAIN
}

/// Buffers of blocks the splitter is done with, for the next blocks read: fresh ones would
/// cost the kernel a page fault and a zeroed page for every 4 KB read.
type Spare = Arc<Mutex<Vec<Vec<u8>>>>;

/// Most spare buffers kept (more are in flight only while the splitter lags).
const MAX_SPARE: usize = 8;

/// A block of the input and the hints found in it.
struct Block {
    offset: u64,
    bytes: BlockBytes,
    /// The input ends after this block.
    last: bool,
    /// Reading failed after this block's bytes.
    error: Option<io::Error>,
    hints: Vec<PlainHint>,
}

/// The bytes of a block: read into a buffer (reused once the splitter is done with it), or
/// mapped from the file (unmapped when dropped).
enum BlockBytes {
    Read(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl std::ops::Deref for BlockBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            BlockBytes::Read(bytes) => bytes,
            BlockBytes::Mapped(map) => map,
        }
    }
}

/// Reads `input` in blocks of `block` bytes and has `jobs` threads find the plain games in
/// them, allowing the notes `notes` lets by. Returns a reader of the same bytes and the hints,
/// for a [`pdn::Splitter`] with the same [`SplitOptions::notes_passed`].
///
/// [`SplitOptions::notes_passed`]: pdn::SplitOptions::notes_passed
pub fn prescan(
    input: impl Read + Send + 'static,
    jobs: usize,
    block: usize,
    notes: NotesPassed,
) -> (Prescanned, Hints) {
    let spare = Spare::default();
    let blocks = read_blocks(input, block.max(1), Arc::clone(&spare));
    prescan_blocks(blocks, spare, jobs, notes)
}

/// [`prescan`] of a regular file, its blocks of `block` bytes mapped into memory rather than
/// read, up to the length the file has now: bytes appended later are not read.
///
/// A file truncated by another program is an error once a block is found past its new end;
/// but truncated under a block mapped already (the blocks in flight, up to 32 MB), it makes
/// the process receive `SIGBUS` when it reads the lost pages, which ends it (`--no-mmap`
/// reads instead).
///
/// # Errors
/// The file's length cannot be read. Errors mapping a block come out of the reader, after the
/// bytes before it.
pub fn prescan_mapped(
    file: File,
    jobs: usize,
    block: usize,
    notes: NotesPassed,
) -> io::Result<(Prescanned, Hints)> {
    let len = file.metadata()?.len();
    let blocks = mapped_blocks(file, len, block.max(1) as u64);
    Ok(prescan_blocks(blocks, Spare::default(), jobs, notes))
}

/// Hands `blocks` to `jobs` threads that find their hints, and on, in order, to the reader
/// returned.
fn prescan_blocks(
    blocks: impl Iterator<Item = Block> + Send + 'static,
    spare: Spare,
    jobs: usize,
    notes: NotesPassed,
) -> (Prescanned, Hints) {
    let (tx, rx) = mpsc::sync_channel::<Block>(2);
    let pipeline = Pipeline {
        jobs,
        batch_size: 1,
        max_batches_in_flight: 2 * jobs.max(1),
        max_batch_weight: usize::MAX,
    };
    std::thread::spawn(move || {
        let _ = pipeline.run(
            blocks,
            || (),
            |_, mut block: Block| {
                block.hints = PlainHint::find_in(&block.bytes, block.offset, block.last, notes);
                block
            },
            |block| match tx.send(block) {
                Ok(()) => ControlFlow::Continue(()),
                // The splitter is gone: stop reading.
                Err(_) => ControlFlow::Break(()),
            },
        );
    });
    let found = Arc::new(Mutex::new(VecDeque::new()));
    let reader = Prescanned {
        blocks: rx,
        current: None,
        pos: 0,
        done: false,
        found: Arc::clone(&found),
        spare,
    };
    let mut taken = VecDeque::new();
    (
        reader,
        Box::new(move |offset| hint_at(&found, &mut taken, offset)),
    )
}

/// The hint for a game at `offset`; hints before it are dropped, as offsets only grow. The
/// hints are taken from the queue all at once, and the queue locked again only when those
/// taken are used up: a lock per block rather than per game (the splitter asks at every game).
/// The queue's hints all lie past those taken, which come from earlier blocks: so the hint at
/// `offset` is among those taken unless they all lie before it.
fn hint_at(
    found: &Mutex<VecDeque<PlainHint>>,
    taken: &mut VecDeque<PlainHint>,
    offset: u64,
) -> Option<PlainHint> {
    let drop_before = |taken: &mut VecDeque<PlainHint>| {
        while taken.front().is_some_and(|h| h.offset < offset) {
            taken.pop_front();
        }
    };
    drop_before(taken);
    if taken.is_empty() {
        // The queue and the empty deque trade places: no hint is copied.
        std::mem::swap(&mut *found.lock().expect("hint queue lock"), taken);
        drop_before(taken);
    }
    taken.front().filter(|h| h.offset == offset).copied()
}

/// The blocks of `input`, each with its offset, read into spare buffers when there are some; a
/// read error ends the blocks, after the bytes read before it.
fn read_blocks(mut input: impl Read, size: usize, spare: Spare) -> impl Iterator<Item = Block> {
    let mut offset = 0u64;
    let mut ended = false;
    std::iter::from_fn(move || {
        if ended {
            return None;
        }
        let mut bytes = spare
            .lock()
            .expect("spare buffers lock")
            .pop()
            .unwrap_or_default();
        // Read straight into the block, in reads as large as the room left (a buffered reader
        // passes those through without copying). A spare buffer is already this long.
        bytes.resize(size, 0);
        let mut filled = 0;
        let mut error = None;
        while filled < size {
            match input.read(&mut bytes[filled..]) {
                // The input has ended.
                Ok(0) => {
                    ended = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // The bytes read before the error are kept.
                Err(e) => {
                    ended = true;
                    error = Some(e);
                    break;
                }
            }
        }
        bytes.truncate(filled);
        let n = bytes.len();
        let block = Block {
            offset,
            bytes: BlockBytes::Read(bytes),
            last: ended && error.is_none(),
            error,
            hints: Vec::new(),
        };
        offset += n as u64;
        Some(block)
    })
}

/// The blocks of the first `len` bytes of `file`, each mapped into memory; an error mapping
/// one ends the blocks, as does finding the file shorter than the block (truncated since it was
/// opened: an error then, rather than the bus error that reading the lost pages would raise;
/// only the blocks mapped already, at most the blocks in flight, are not checked again). An
/// empty file is one empty block, which ends the input.
fn mapped_blocks(file: File, len: u64, size: u64) -> impl Iterator<Item = Block> {
    let mut offset = 0u64;
    let mut ended = false;
    std::iter::from_fn(move || {
        if ended {
            return None;
        }
        let n = (len - offset).min(size);
        let mapped = file.metadata().and_then(|now| {
            if now.len() < offset + n {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!(
                        "the file shrank from {len} to {} bytes while it was read",
                        now.len()
                    ),
                ));
            }
            map(&file, offset, n)
        });
        let (bytes, error) = match mapped {
            Ok(bytes) => (bytes, None),
            Err(e) => (BlockBytes::Read(Vec::new()), Some(e)),
        };
        ended = offset + n == len || error.is_some();
        let block = Block {
            offset,
            bytes,
            last: ended && error.is_none(),
            error,
            hints: Vec::new(),
        };
        offset += n;
        Some(block)
    })
}

/// Maps `len` bytes of `file` from `offset`, its pages read in at once (by the thread reading
/// the blocks rather than by the threads checking them).
#[allow(unsafe_code)]
fn map(file: &File, offset: u64, len: u64) -> io::Result<BlockBytes> {
    if len == 0 {
        return Ok(BlockBytes::Read(Vec::new()));
    }
    let len = usize::try_from(len).map_err(io::Error::other)?;
    let mut options = memmap2::MmapOptions::new();
    options.offset(offset).len(len).populate();
    // SAFETY: the map is read only, and this process never writes the file; so the bytes can
    // change under the slice only if another program writes or truncates the file while it is
    // read. That is the caveat of `prescan_mapped`, stated there, in `--no-mmap`'s help and in
    // the README, and taken for the copy it saves (as ripgrep takes it).
    let map = unsafe { options.map(file)? };
    Ok(BlockBytes::Mapped(map))
}

/// The bytes of a prescanned input, in order, for a splitter; each block's hints are handed on
/// when its bytes are.
pub struct Prescanned {
    blocks: Receiver<Block>,
    current: Option<Block>,
    pos: usize,
    done: bool,
    found: Arc<Mutex<VecDeque<PlainHint>>>,
    spare: Spare,
}

impl Read for Prescanned {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Prescanned {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while !self.done
            && self
                .current
                .as_ref()
                .is_none_or(|b| self.pos == b.bytes.len())
        {
            if let Some(block) = self.current.take() {
                if let Some(error) = block.error {
                    self.done = true;
                    return Err(error);
                }
                if block.last {
                    self.done = true;
                    break;
                }
                if let BlockBytes::Read(bytes) = block.bytes {
                    let mut spare = self.spare.lock().expect("spare buffers lock");
                    if spare.len() < MAX_SPARE {
                        spare.push(bytes);
                    }
                }
            }
            match self.blocks.recv() {
                Ok(mut block) => {
                    let hints = std::mem::take(&mut block.hints);
                    self.found.lock().expect("hint queue lock").extend(hints);
                    self.current = Some(block);
                    self.pos = 0;
                }
                Err(_) => {
                    // The blocks end with the last one or an error: anything else is a fault.
                    self.done = true;
                    return Err(io::Error::other("the prescan of the input stopped early"));
                }
            }
        }
        match &self.current {
            Some(block) if !self.done => Ok(&block.bytes[self.pos..]),
            _ => Ok(&[]),
        }
    }

    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::TestRng;
    use pdn::fast::{Cut, hints_in_blocks};
    use pdn::{SplitOptions, Splitter};

    #[test]
    fn a_mapped_file_truncated_while_read_is_an_error_after_the_bytes_left() {
        let path = std::env::temp_dir().join(format!("pdnkit-shrink-{}.pdn", std::process::id()));
        let archive = "[Event \"a\"]\n1. 32-28 19-23 *\n\n".repeat(400);
        std::fs::write(&path, &archive).unwrap();
        let file = File::open(&path).unwrap();
        // One job and blocks of 100 bytes: a few blocks are mapped ahead of the reader.
        let (mut reader, _hints) = prescan_mapped(file, 1, 100, NotesPassed::None).unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(5_000)
            .unwrap();
        let mut read = Vec::new();
        let err = reader.read_to_end(&mut read).unwrap_err();
        assert!(err.to_string().contains("shrank"), "{err}");
        assert_eq!(read, archive.as_bytes()[..5_000]);
        std::fs::remove_file(&path).unwrap();
    }

    /// Every cut of a splitter over `reader` with `hints`, and how many games it passed on a
    /// hint.
    fn cuts(reader: impl BufRead, hints: Hints) -> (Vec<Cut>, u64) {
        let options = SplitOptions {
            fast_paths: true,
            ..SplitOptions::default()
        };
        let mut splitter = Splitter::with_options(reader, options).with_hints(hints);
        let mut cuts = Vec::new();
        while let Some(cut) = splitter.next_cut().unwrap() {
            cuts.push(cut);
        }
        (cuts, splitter.hinted())
    }

    /// The threads find the hints `hints_in_blocks` finds in one, blocks read or mapped: the
    /// splitter passes the same games on them.
    #[test]
    fn threads_find_the_hints_one_thread_finds_read_or_mapped() {
        const GAMES: [&str; 6] = [
            "[Event \"a\"]\n[Round \"1\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n",
            "[Event \"b\"]\n1. 33-29 {comment} 17-22 1-0\n\n",
            "[Event \"c\"]\\r\n[Site \"s\"]\\r\n1. 34-30 20-25 2-0\\r\n\n",
            "[Event \"d\"]\n1. 31-27 (1. 32-28) 16-21 *\n\n",
            "1. 32-28 19-23 0-2\n\n",
            "[Event \"e\"] 1. 35-30 *\n",
        ];
        let mut rng = TestRng::new(0xC0FF_EE00_1234_5677);
        let path = std::env::temp_dir().join(format!("pdnkit-hints-{}.pdn", std::process::id()));
        for round in 0..30 {
            let archive: String = (0..40 + rng.below(200))
                .map(|_| GAMES[rng.below(GAMES.len())])
                .collect();
            let bytes = archive.as_bytes();
            let block = 64 + rng.below(3_000);
            let notes = [NotesPassed::None, NotesPassed::LiteralEscapes][round % 2];
            let (one, hinted) = cuts(bytes, hints_in_blocks(bytes, block, notes));
            assert!(hinted > 0, "round {round}: no game passed on a hint");
            for jobs in [1, 2, 3] {
                let (reader, hints) = prescan(io::Cursor::new(bytes.to_vec()), jobs, block, notes);
                let read = cuts(reader, hints);
                assert!(
                    read == (one.clone(), hinted),
                    "round {round}, read, {jobs} jobs"
                );
                std::fs::write(&path, bytes).unwrap();
                let file = File::open(&path).unwrap();
                let (reader, hints) = prescan_mapped(file, jobs, block, notes).unwrap();
                let mapped = cuts(reader, hints);
                assert!(
                    mapped == (one.clone(), hinted),
                    "round {round}, mapped, {jobs} jobs"
                );
            }
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn every_hint_is_found_at_its_offset_whenever_its_block_came() {
        let mut rng = TestRng::new(0x510E_527F_ADE6_82D1);
        for _ in 0..200 {
            // Hints at growing offsets, handed on in blocks of a few; offsets asked in order,
            // each once its block has come, now and then one without a hint.
            let offsets: Vec<u64> = (0..60).map(|k| 10 * k + 5 + rng.below(5) as u64).collect();
            let hint = |offset| PlainHint::of(b"[A \"b\"]\n*\n", offset, true, true);
            let found = Mutex::new(VecDeque::new());
            let mut taken = VecDeque::new();
            let mut handed = 0;
            for (k, &offset) in offsets.iter().enumerate() {
                while handed <= k || rng.below(3) == 0 && handed < offsets.len() {
                    let end = (handed + 1 + rng.below(5)).min(offsets.len());
                    found
                        .lock()
                        .unwrap()
                        .extend((handed..end).map(|i| hint(offsets[i])));
                    handed = end;
                }
                if rng.below(4) == 0 {
                    assert_eq!(hint_at(&found, &mut taken, offset - 1), None);
                }
                if rng.below(3) != 0 {
                    assert_eq!(hint_at(&found, &mut taken, offset), Some(hint(offset)));
                }
            }
        }
    }
}
