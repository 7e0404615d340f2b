//! Work spread over threads with the answers in input order, as one thread gives them, and
//! a bounded number of items read ahead, so an endless input runs in bounded memory.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What the writer of the answers says after each.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Next {
    Continue,
    /// Nothing more is wanted (the reader has gone, or an answer ended the run).
    Stop,
}

/// `--jobs`: the number given, or every core.
pub fn count(jobs: Option<u64>) -> usize {
    // Counting the cores reads the control groups' files: only when asked.
    let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
    jobs.map_or_else(cores, |j| usize::try_from(j).unwrap_or(usize::MAX))
}

/// Items one thread answers before any thread starts, when each is light (a 9x9 solve): a
/// short file is answered before threads (and counting the cores) would have paid for
/// themselves.
const SOLO_ITEMS: usize = 64;
/// How long the calling thread answers alone: about what starting the threads costs, so a
/// short file of hard puzzles still gets every core. The unit tests' is longer, so that a
/// busy machine cannot move their light items to the threads.
const SOLO_TIME: Duration = match cfg!(test) {
    true => Duration::from_millis(500),
    false => Duration::from_millis(1),
};

/// [`ordered`] that answers on the calling thread while the input has given at most
/// [`SOLO_ITEMS`] items, all `light`, and they have taken less than [`SOLO_TIME`]; threads
/// start with the first batch that does not fit, or take the rest of the batch. `jobs` is
/// `--jobs`: the cores are counted only when threads start.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn ordered_light<T, R, S, W, O>(
    jobs: Option<u64>,
    light: impl Fn(&T) -> bool,
    mut source: S,
    work: W,
    mut write: O,
) -> Option<String>
where
    T: Send + 'static,
    R: Send + 'static,
    S: FnMut() -> Result<Option<Vec<T>>, String> + Send + 'static,
    W: Fn(&T, &AtomicBool) -> R + Sync,
    O: FnMut(Option<R>) -> Next,
{
    let stop = AtomicBool::new(false);
    let (mut solo, start) = (0, Instant::now());
    while jobs != Some(1) {
        let batch = match source() {
            Ok(Some(batch)) => batch,
            Ok(None) => return None,
            Err(e) => return Some(e),
        };
        if solo + batch.len() > SOLO_ITEMS || !batch.iter().all(&light) {
            let mut first = Some(batch);
            let rest = move || first.take().map_or_else(&mut source, |b| Ok(Some(b)));
            return ordered(count(jobs), rest, work, write);
        }
        solo += batch.len();
        let mut items = batch.into_iter();
        while let Some(t) = items.next() {
            if write(Some(work(&t, &stop))) == Next::Stop {
                return None;
            }
            if start.elapsed() > SOLO_TIME && items.len() > 0 {
                let _ = write(None);
                let mut first = Some(items.collect::<Vec<T>>());
                let rest = move || first.take().map_or_else(&mut source, |b| Ok(Some(b)));
                return ordered(count(jobs), rest, work, write);
            }
        }
        let _ = write(None);
    }
    sequential(source, |t| work(t, &stop), write)
}

/// Batches of input the reader may have ahead of the work.
const BATCHES_AHEAD: usize = 4;
/// Chunks of work in flight per thread.
const CHUNKS_PER_JOB: usize = 4;
/// Items per chunk at most; fewer when items take long, so answers are not held back.
const MAX_CHUNK: usize = 256;
/// How long a chunk should take: long enough that handing it over (a wake-up of the writer,
/// which takes a core from the work for a moment) costs little; the last chunks shrink
/// instead, so the threads still finish together.
const CHUNK_TIME: Duration = Duration::from_millis(5);

/// Answers every item `source` gives (in batches, `Ok(None)` at the end, `Err` to end with an
/// error after the answers before it) with `work`, on `jobs` threads, handing each answer to
/// `write` in input order; `write(None)` asks to flush what was written while work goes on.
/// Returns the error that ended the input, if any.
// Out of line: a short run of light items never starts threads, and keeps their code cold.
#[inline(never)]
pub fn ordered<T, R, S, W, O>(jobs: usize, source: S, work: W, mut write: O) -> Option<String>
where
    T: Send + 'static,
    R: Send + 'static,
    S: FnMut() -> Result<Option<Vec<T>>, String> + Send + 'static,
    W: Fn(&T, &AtomicBool) -> R + Sync,
    O: FnMut(Option<R>) -> Next,
{
    let stop = AtomicBool::new(false);
    if jobs <= 1 {
        return sequential(source, |t| work(t, &stop), write);
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(_) => return sequential(source, |t| work(t, &stop), write),
    };
    let (events, inbox) = mpsc::channel::<Event<T, R>>();
    let permits = read_ahead(source, events.clone());
    let mut pending: VecDeque<T> = VecDeque::new();
    let mut done: BTreeMap<u64, Vec<R>> = BTreeMap::new();
    let (mut sent, mut written) = (0u64, 0u64);
    let (mut ended, mut failure) = (false, None);
    // Seconds per item, measured, so chunks take about CHUNK_TIME.
    let mut per_item: Option<f64> = None;
    pool.in_place_scope(|scope| {
        loop {
            while sent - written < (jobs * CHUNKS_PER_JOB) as u64 && !pending.is_empty() {
                let mut len =
                    per_item.map_or(1, |s| (CHUNK_TIME.as_secs_f64() / s.max(1e-9)) as usize);
                if ended {
                    // The last items go in ever smaller chunks, so the threads finish together.
                    len = len.min(pending.len().div_ceil(2 * jobs));
                }
                let chunk: Vec<T> = pending
                    .drain(..len.clamp(1, MAX_CHUNK).min(pending.len()))
                    .collect();
                let (events, work, stop, seq) = (events.clone(), &work, &stop, sent);
                scope.spawn(move |_| {
                    let start = Instant::now();
                    let answers: Vec<R> = chunk
                        .iter()
                        .take_while(|_| !stop.load(Ordering::Relaxed))
                        .map(|t| work(t, stop))
                        .collect();
                    let took = start.elapsed().as_secs_f64() / answers.len().max(1) as f64;
                    let _ = events.send(Event::Done(seq, answers, took));
                });
                sent += 1;
            }
            if pending.len() < MAX_CHUNK * jobs && !ended {
                let _ = permits.try_send(());
            }
            if ended && pending.is_empty() && sent == written {
                break;
            }
            match inbox.recv_timeout(Duration::from_millis(100)) {
                Ok(Event::Input(Ok(Some(batch)))) => pending.extend(batch),
                Ok(Event::Input(Ok(None))) => ended = true,
                Ok(Event::Input(Err(e))) => (ended, failure) = (true, Some(e)),
                Ok(Event::Done(seq, answers, took)) => {
                    per_item = Some(per_item.map_or(took, |s| 0.7 * s + 0.3 * took));
                    done.insert(seq, answers);
                    let ready = done.contains_key(&written);
                    while let Some(answers) = done.remove(&written) {
                        written += 1;
                        for answer in answers {
                            if write(Some(answer)) == Next::Stop {
                                stop.store(true, Ordering::Relaxed);
                                return;
                            }
                        }
                    }
                    // Answers that arrive together go out together, a write for them all.
                    if ready {
                        let _ = write(None);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = write(None);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => ended = true,
            }
        }
    });
    failure
}

enum Event<T, R> {
    Input(Result<Option<Vec<T>>, String>),
    /// A chunk's answers, and the seconds each took.
    Done(u64, Vec<R>, f64),
}

/// Reads on its own thread, a batch for each permit, so that a slow input never keeps
/// answers from being written; returns the permits' sender. The thread is left to end with
/// the process when the work stops first (it may be waiting on a terminal).
fn read_ahead<T, R, S>(mut source: S, events: mpsc::Sender<Event<T, R>>) -> mpsc::SyncSender<()>
where
    T: Send + 'static,
    R: Send + 'static,
    S: FnMut() -> Result<Option<Vec<T>>, String> + Send + 'static,
{
    let (permits, permitted) = mpsc::sync_channel::<()>(BATCHES_AHEAD);
    std::thread::spawn(move || {
        while permitted.recv().is_ok() {
            let batch = source();
            let last = !matches!(batch, Ok(Some(_)));
            if events.send(Event::Input(batch)).is_err() || last {
                break;
            }
        }
    });
    permits
}

/// One thread: each batch answered as it is read.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn sequential<T, R>(
    mut source: impl FnMut() -> Result<Option<Vec<T>>, String>,
    work: impl Fn(&T) -> R,
    mut write: impl FnMut(Option<R>) -> Next,
) -> Option<String> {
    loop {
        match source() {
            Ok(Some(batch)) => {
                for t in &batch {
                    if write(Some(work(t))) == Next::Stop {
                        return None;
                    }
                }
                // Reading on may wait for input: what is answered goes out first.
                let _ = write(None);
            }
            Ok(None) => return None,
            Err(e) => return Some(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers batches of numbers (an item above 99 is not light) with `jobs` threads: what
    /// was written, and which items ran on the calling thread.
    fn answer(jobs: Option<u64>, batches: Vec<Vec<u32>>) -> (Vec<u32>, Vec<u32>) {
        let main = std::thread::current().id();
        let mut batches = batches.into_iter();
        let source = move || Ok(batches.next());
        let on_main = std::sync::Mutex::new(Vec::new());
        let work = |&t: &u32, _: &AtomicBool| {
            if std::thread::current().id() == main {
                on_main.lock().expect("not poisoned").push(t);
            }
            if t == 50 {
                // Longer than the calling thread answers alone.
                std::thread::sleep(SOLO_TIME * 2);
            }
            t * 2
        };
        let mut written = Vec::new();
        let light = |&t: &u32| t < 100;
        ordered_light(jobs, light, source, work, |a| {
            written.extend(a);
            Next::Continue
        });
        (written, on_main.into_inner().expect("not poisoned"))
    }

    #[test]
    fn few_light_items_stay_on_the_calling_thread() {
        let (written, on_main) = answer(Some(2), vec![vec![1, 2, 3], vec![4, 5]]);
        assert_eq!(written, [2, 4, 6, 8, 10]);
        assert_eq!(on_main, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn threads_take_over_in_order_once_the_items_are_many_or_heavy() {
        let many: Vec<u32> = (10..90).collect();
        let (written, on_main) = answer(Some(2), vec![vec![1, 2], many.clone(), vec![7]]);
        let mut expected = vec![2, 4];
        expected.extend(many.iter().map(|t| t * 2));
        expected.push(14);
        assert_eq!(written, expected);
        assert_eq!(on_main, [1, 2], "the rest goes to the pool's threads");
        let (written, on_main) = answer(Some(2), vec![vec![3], vec![5, 500, 6]]);
        assert_eq!(written, [6, 10, 1000, 12]);
        assert_eq!(on_main, [3]);
        let (written, on_main) = answer(Some(2), vec![vec![1, 50, 2, 3], vec![4]]);
        assert_eq!(written, [2, 100, 4, 6, 8]);
        assert_eq!(
            on_main,
            [1, 50],
            "a slow item sends the rest to the threads"
        );
        let (_, on_main) = answer(Some(1), vec![vec![1], (0..200).collect()]);
        assert_eq!(
            on_main.len(),
            201,
            "one job: every item on the calling thread"
        );
    }
}
