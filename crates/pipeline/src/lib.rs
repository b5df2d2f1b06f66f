//! An ordered parallel map for streams of games: one reader, `jobs` workers, one consumer.
//!
//! ```text
//! input iterator ──batches──▶ bounded queue ──▶ N workers ──▶ reorder by batch number ──▶ consume
//! ```
//!
//! The consumer sees results in input order, so output is byte-identical for every `jobs`
//! value; `jobs == 1` runs inline without threads. Each worker owns a state value (for example
//! statistics) that is returned at the end for the caller to merge, so no lock is held while
//! work runs. Memory is bounded: at most `max_batches_in_flight` batches exist between the
//! reader and the consumer, however long the input is, and with [`Pipeline::run_weighed`] a
//! batch closes early once its items weigh `max_batch_weight` (input bytes: a batch of 64 games
//! of a megabyte each, each with a report or JSON many times its size, would hold gigabytes).
//!
//! [`each_in_parallel`] shares the independent pieces of one step (the columns of a Parquet
//! batch) among threads the same way.
//!
//! A crate of its own, below nothing and above nothing: the library's archive API
//! (the `archive` module of the `pdnkit` library) runs every game of the `pdnkit` binary and the Python module through it,
//! and knows no thread of its own.
//!
//! ```
//! use std::ops::ControlFlow;
//! use pipeline::Pipeline;
//!
//! let mut squares = Vec::new();
//! let sums = Pipeline::new(2).run(
//!     1..=5u64,
//!     || 0u64,
//!     |sum, x| {
//!         *sum += x;
//!         x * x
//!     },
//!     |sq| {
//!         squares.push(sq);
//!         ControlFlow::<()>::Continue(())
//!     },
//! );
//! assert_eq!(squares, [1, 4, 9, 16, 25]); // in input order, whichever worker squared them
//! assert_eq!(sums.unwrap().iter().sum::<u64>(), 15);
//! ```

#![deny(missing_docs)]

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

/// How the work is spread.
#[derive(Debug, Clone, Copy)]
pub struct Pipeline {
    /// Worker threads; 1 means inline, no threads.
    pub jobs: usize,
    /// Items per batch: large enough to amortise channel traffic, small enough to keep
    /// memory low and workers balanced.
    pub batch_size: usize,
    /// Upper bound on batches read but not yet consumed.
    pub max_batches_in_flight: usize,
    /// A batch closes once its items weigh this much ([`Pipeline::run_weighed`]); it always
    /// holds at least one item.
    pub max_batch_weight: usize,
}

/// Default [`Pipeline::max_batch_weight`]: 256 KB of games, four times what 64 games of a real
/// archive hold (about 1 KB each), so only unusually large games close batches early.
pub const DEFAULT_MAX_BATCH_WEIGHT: usize = 256 << 10;

impl Pipeline {
    /// A pipeline with `jobs` workers (0 = all cores) and default batching.
    pub fn new(jobs: usize) -> Pipeline {
        let jobs = if jobs == 0 {
            thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            jobs
        };
        Pipeline {
            jobs,
            batch_size: 64,
            max_batches_in_flight: 4 * jobs,
            max_batch_weight: DEFAULT_MAX_BATCH_WEIGHT,
        }
    }

    /// Maps `work` over `input` and hands each result to `consume` in input order.
    ///
    /// `init` makes one state per worker; the states are returned when the input is exhausted
    /// or when `consume` breaks (the error it breaks with is returned instead).
    pub fn run<T, R, S, E>(
        &self,
        input: impl Iterator<Item = T> + Send,
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, T) -> R + Sync,
        consume: impl FnMut(R) -> ControlFlow<E>,
    ) -> Result<Vec<S>, E>
    where
        T: Send,
        R: Send,
        S: Send,
        E: Send,
    {
        self.run_weighed(input, |_| 0, init, work, consume)
    }

    /// [`Pipeline::run`], with batches that also close once their items weigh
    /// `max_batch_weight` by `weight`.
    pub fn run_weighed<T, R, S, E>(
        &self,
        input: impl Iterator<Item = T> + Send,
        weight: impl Fn(&T) -> usize + Send,
        init: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, T) -> R + Sync,
        mut consume: impl FnMut(R) -> ControlFlow<E>,
    ) -> Result<Vec<S>, E>
    where
        T: Send,
        R: Send,
        S: Send,
        E: Send,
    {
        if self.jobs <= 1 {
            let mut state = init();
            for item in input {
                if let ControlFlow::Break(e) = consume(work(&mut state, item)) {
                    return Err(e);
                }
            }
            return Ok(vec![state]);
        }
        self.run_threaded(input, weight, &init, &work, &mut consume)
    }

    fn run_threaded<T, R, S, E>(
        &self,
        input: impl Iterator<Item = T> + Send,
        weight: impl Fn(&T) -> usize + Send,
        init: &(impl Fn() -> S + Sync),
        work: &(impl Fn(&mut S, T) -> R + Sync),
        consume: &mut impl FnMut(R) -> ControlFlow<E>,
    ) -> Result<Vec<S>, E>
    where
        T: Send,
        R: Send,
        S: Send,
    {
        let in_flight = self.max_batches_in_flight.max(1);
        // Tickets bound the batches between reader and consumer: the reader takes one per
        // batch, the consumer returns it once that batch has been consumed in order.
        let (ticket_tx, ticket_rx) = mpsc::sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            ticket_tx.send(()).expect("ticket channel has room");
        }
        let (batch_tx, batch_rx) = mpsc::sync_channel::<(u64, Vec<T>)>(in_flight);
        let batch_rx = Arc::new(Mutex::new(batch_rx));
        let (result_tx, result_rx) = mpsc::sync_channel::<(u64, Vec<R>)>(in_flight);
        let limits = BatchLimits {
            items: self.batch_size.max(1),
            weight: self.max_batch_weight,
        };

        thread::scope(|scope| {
            scope.spawn(move || read_batches(input, limits, weight, &ticket_rx, &batch_tx));
            let workers: Vec<_> = (0..self.jobs)
                .map(|_| {
                    let batch_rx = Arc::clone(&batch_rx);
                    let result_tx = result_tx.clone();
                    scope.spawn(move || work_batches(init(), work, &batch_rx, &result_tx))
                })
                .collect();
            drop(result_tx);
            let outcome = consume_in_order(&result_rx, &ticket_tx, consume);
            // Dropping the receivers unblocks reader and workers if the consumer stopped early.
            drop(result_rx);
            drop(ticket_tx);
            let states = workers
                .into_iter()
                .map(|w| w.join().expect("pipeline worker panicked"))
                .collect();
            outcome.map(|()| states)
        })
    }
}

/// When a batch closes: at `items` items, or once they weigh `weight`.
#[derive(Clone, Copy)]
struct BatchLimits {
    items: usize,
    weight: usize,
}

fn read_batches<T>(
    input: impl Iterator<Item = T>,
    limits: BatchLimits,
    weight: impl Fn(&T) -> usize,
    tickets: &Receiver<()>,
    batches: &SyncSender<(u64, Vec<T>)>,
) {
    let mut input = input.peekable();
    let mut seq = 0u64;
    while input.peek().is_some() {
        if tickets.recv().is_err() {
            return; // consumer stopped
        }
        let mut batch: Vec<T> = Vec::with_capacity(limits.items);
        let mut weighed = 0;
        while batch.is_empty() || batch.len() < limits.items && weighed < limits.weight {
            let Some(item) = input.next() else {
                break;
            };
            weighed += weight(&item);
            batch.push(item);
        }
        if batches.send((seq, batch)).is_err() {
            return;
        }
        seq += 1;
    }
}

fn work_batches<T, R, S>(
    mut state: S,
    work: &impl Fn(&mut S, T) -> R,
    batches: &Mutex<Receiver<(u64, Vec<T>)>>,
    results: &SyncSender<(u64, Vec<R>)>,
) -> S {
    loop {
        let next = batches.lock().expect("batch queue lock").recv();
        let Ok((seq, batch)) = next else {
            return state;
        };
        let out = batch.into_iter().map(|t| work(&mut state, t)).collect();
        if results.send((seq, out)).is_err() {
            return state;
        }
    }
}

fn consume_in_order<R, E>(
    results: &Receiver<(u64, Vec<R>)>,
    tickets: &SyncSender<()>,
    consume: &mut impl FnMut(R) -> ControlFlow<E>,
) -> Result<(), E> {
    let mut waiting: BTreeMap<u64, Vec<R>> = BTreeMap::new();
    let mut next = 0u64;
    for (seq, batch) in results {
        waiting.insert(seq, batch);
        while let Some(batch) = waiting.remove(&next) {
            for r in batch {
                if let ControlFlow::Break(e) = consume(r) {
                    return Err(e);
                }
            }
            next += 1;
            // The reader may have finished already; a closed ticket channel is fine.
            let _ = tickets.try_send(());
        }
    }
    Ok(())
}

/// Runs `work` on each of `items` on up to `threads` threads (the caller's among them), each
/// taking the next item not yet taken, for independent pieces of one step that differ in cost;
/// the first error is returned once every thread has stopped. `threads <= 1` runs inline.
///
/// # Errors
/// The first error `work` returned (in the order the threads are joined).
pub fn each_in_parallel<T: Send, E: Send>(
    items: impl IntoIterator<Item = T, IntoIter: Send>,
    threads: usize,
    work: impl Fn(T) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let items = items.into_iter();
    if threads <= 1 {
        return items.into_iter().try_for_each(work);
    }
    let queue = Mutex::new(items);
    let next = || queue.lock().unwrap_or_else(|e| e.into_inner()).next();
    let drain = || -> Result<(), E> {
        while let Some(item) = next() {
            work(item)?;
        }
        Ok(())
    };
    thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(drain)).collect();
        let mine = drain();
        helpers
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .fold(mine, Result::and)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(jobs: usize, n: u64) -> (Vec<u64>, u64) {
        let mut p = Pipeline::new(jobs);
        p.batch_size = 7;
        p.max_batches_in_flight = 3;
        let mut out = Vec::new();
        let states = p
            .run(
                0..n,
                || 0u64,
                |sum, x| {
                    *sum += x;
                    x * x
                },
                |r| {
                    out.push(r);
                    ControlFlow::<()>::Continue(())
                },
            )
            .unwrap();
        (out, states.into_iter().sum())
    }

    #[test]
    fn output_order_and_merged_state_do_not_depend_on_jobs() {
        let expected: Vec<u64> = (0..1000).map(|x| x * x).collect();
        for jobs in [1, 2, 3, 8] {
            let (out, sum) = collect(jobs, 1000);
            assert_eq!(out, expected, "jobs={jobs}");
            assert_eq!(sum, 999 * 1000 / 2, "jobs={jobs}");
        }
    }

    #[test]
    fn consumer_can_stop_early_without_deadlock() {
        for jobs in [1, 4] {
            let mut seen = 0;
            let r = Pipeline::new(jobs).run(
                0..1_000_000u64,
                || (),
                |_, x| x,
                |x| {
                    seen += 1;
                    if x == 500 {
                        ControlFlow::Break("stop")
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(r.unwrap_err(), "stop");
            assert_eq!(seen, 501);
        }
    }

    #[test]
    fn a_batch_closes_at_its_item_count_or_once_its_items_weigh_enough() {
        let (ticket_tx, ticket_rx) = mpsc::sync_channel::<()>(100);
        let (batch_tx, batch_rx) = mpsc::sync_channel::<(u64, Vec<usize>)>(100);
        for _ in 0..100 {
            ticket_tx.send(()).unwrap();
        }
        // Items weigh their value: light ones fill batches of 4, a heavy one closes its batch
        // (and alone is over the weight: a batch still takes it).
        let items = [1, 1, 1, 1, 1, 1, 30, 1, 1, 50, 2, 2, 0, 0, 0];
        let limits = BatchLimits {
            items: 4,
            weight: 10,
        };
        read_batches(items.into_iter(), limits, |&w| w, &ticket_rx, &batch_tx);
        drop(batch_tx);
        let batches: Vec<(u64, Vec<usize>)> = batch_rx.iter().collect();
        let expected = [
            vec![1, 1, 1, 1],
            vec![1, 1, 30],
            vec![1, 1, 50],
            vec![2, 2, 0, 0],
            vec![0],
        ];
        assert_eq!(batches.len(), expected.len(), "{batches:?}");
        for (k, ((seq, batch), want)) in batches.iter().zip(&expected).enumerate() {
            assert_eq!((*seq, batch), (k as u64, want));
        }
        // Weighed batches keep the output in order for any jobs.
        for jobs in [1, 2, 3] {
            let mut out = Vec::new();
            Pipeline::new(jobs)
                .run_weighed(
                    0..500usize,
                    |&x| x % 97,
                    || (),
                    |_, x| x,
                    |x| {
                        out.push(x);
                        ControlFlow::<()>::Continue(())
                    },
                )
                .unwrap();
            assert_eq!(out, (0..500).collect::<Vec<_>>(), "jobs={jobs}");
        }
    }

    #[test]
    fn empty_input_gives_one_state_per_worker() {
        let states = Pipeline::new(3)
            .run(
                0..0u8,
                || 1u8,
                |_, x| x,
                |_| ControlFlow::<()>::Continue(()),
            )
            .unwrap();
        assert_eq!(states, vec![1, 1, 1]);
    }

    #[test]
    fn each_item_is_worked_once_on_any_number_of_threads_and_an_error_comes_back() {
        for threads in [0, 1, 2, 7] {
            let seen = Mutex::new(Vec::new());
            let done = each_in_parallel(0..100u32, threads, |i| {
                seen.lock().unwrap().push(i);
                Ok::<(), String>(())
            });
            assert_eq!(done, Ok(()));
            let mut seen = seen.into_inner().unwrap();
            seen.sort_unstable();
            assert_eq!(seen, (0..100).collect::<Vec<_>>(), "{threads} threads");
            let failed = each_in_parallel(0..100u32, threads, |i| {
                if i == 37 {
                    Err(format!("item {i}"))
                } else {
                    Ok(())
                }
            });
            assert_eq!(failed, Err("item 37".to_string()), "{threads} threads");
        }
    }
}
