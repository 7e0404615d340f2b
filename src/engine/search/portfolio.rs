//! A portfolio of differently configured searches of one start, each on its own thread: the
//! first to settle the question answers and the others stop. Every member is complete, so the
//! answer (how many solutions, up to the cap, and whether the space was exhausted) is a proof
//! whichever member gives it; only which solutions are kept when there are more than asked for
//! can depend on the winner.

use super::probe::Probing;
use super::restart::{Geometric, Luby, Never, RestartPolicy};
use super::{Cancel, Halt, Limits, Order, SearchStats, Searcher, Start};
use std::sync::mpsc;
use std::time::Duration;

/// Node budget unit of the restarting members (Luby).
const MEMBER_LUBY_UNIT: u64 = 256;

/// The box size from which the first member cycles its branching rules, and its budgets.
const CYCLING_FROM_BOX: usize = 6;
const CYCLING_FIRST: u64 = 2000;
const CYCLING_FACTOR: f64 = 1.25;

/// The probing of the look-ahead member ([`lookahead_searcher`]): from level 20, 128 literals
/// a node, the choices of most reach first, the node branching on the choice whose sides
/// narrowed most (BENCHMARKS.md, "Failed-literal probing").
pub const LOOKAHEAD: Probing = Probing {
    from: 20,
    depth: u32::MAX,
    every: 1,
    budget: 128,
    matching: true,
    lookahead: true,
    alternate: false,
    ranked: true,
};

/// The look-ahead member's first budget, probes counted as nodes: a probed node takes 30 to 40
/// probes, so the cycling member's 2,000 would hold only about 50 of them.
const LOOKAHEAD_FIRST: u64 = 20_000;

/// How often the caller's cancel flag is looked at while the members run.
const POLL: Duration = Duration::from_millis(20);

/// What a portfolio found: the winner's solutions (row-major values), effort and halt.
#[derive(Clone, Debug)]
pub struct PortfolioAnswer {
    pub solutions: Vec<Vec<u8>>,
    /// The winner's effort.
    pub stats: SearchStats,
    /// `Exhausted` (every solution is in `solutions`), `Sink` (`stop_at` were found), or the
    /// caller's limit.
    pub halt: Halt,
    /// Which member answered: 0 is the plain search in `order`.
    pub member: usize,
}

/// The number of threads a portfolio may use: the available cores, at most `cap`.
pub fn threads(cap: usize) -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(cap)
        .max(1)
}

/// Searches `start` with `threads` members until one has found `stop_at` solutions or
/// exhausted the space. Member 0 is [`member_searcher`]'s first (the plain search in `order`,
/// from 36x36 the cycling search), and one thread runs it alone; member `i > 0` restarts (Luby, nogoods, conflict weights) with its own
/// seed for tie breaks. `limits.max_nodes` bounds each member; a member that reaches it is
/// out of the race, and when all are the answer is `NodeLimit`.
pub fn search(
    start: &Start,
    order: &Order,
    limits: &Limits,
    stop_at: usize,
    threads: usize,
) -> PortfolioAnswer {
    let threads = threads.max(1);
    if threads == 1 {
        let searcher = member_searcher(start, order, limits.clone(), 0);
        return run_member(searcher, stop_at, 0);
    }
    let members: Vec<Member> = (0..threads)
        .map(|member| -> Member {
            let start = start.clone();
            let order = order.clone();
            Box::new(move |limits: Limits| {
                let searcher = member_searcher(&start, &order, limits, member);
                run_member(searcher, stop_at, member)
            })
        })
        .collect();
    race(members, limits)
}

/// One racer of [`race`]: given limits whose cancel flag is raised once another member has
/// answered (or the caller cancels), it searches and reports. `member` in its answer is its
/// index in the list.
pub type Member = Box<dyn FnOnce(Limits) -> PortfolioAnswer + Send>;

/// Runs `members` on one thread each and returns the first answer that settles the question
/// (`Exhausted` or `Sink`); the others are told to stop. `limits.max_nodes` is handed to every
/// member; a member that reaches it is out of the race, and when all are the answer is
/// `NodeLimit`. The caller's cancel flag stops the race with `Cancelled`.
pub fn race(members: Vec<Member>, limits: &Limits) -> PortfolioAnswer {
    let stop = Cancel::new();
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for (index, member) in members.into_iter().enumerate() {
            let tx = tx.clone();
            let member_limits = Limits {
                max_nodes: limits.max_nodes,
                cancel: Some(stop.clone()),
            };
            scope.spawn(move || {
                let answer = PortfolioAnswer {
                    member: index,
                    ..member(member_limits)
                };
                let _ = tx.send(answer);
            });
        }
        drop(tx);
        let mut over_budget = None;
        let answer = loop {
            match rx.recv_timeout(POLL) {
                Ok(a) if a.halt == Halt::NodeLimit => {
                    over_budget.get_or_insert(a);
                }
                Ok(a) if a.halt == Halt::Cancelled => {}
                Ok(a) => break Some(a),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                        break None;
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break over_budget.take(),
            }
        };
        stop.cancel();
        answer.unwrap_or_else(|| PortfolioAnswer {
            solutions: Vec::new(),
            stats: SearchStats::default(),
            halt: Halt::Cancelled,
            member: 0,
        })
    })
}

/// Member `member` of a portfolio: the plain search first, then restarting ones. From 36x36 up
/// the first member is the cycling search ([`Searcher::cycling`]), which at the hardness peak
/// answers about twice as many grids as the plain search in the same time (BENCHMARKS.md,
/// "Peak-hard grids"); below that the plain search wastes nothing on restarts.
pub fn member_searcher(start: &Start, order: &Order, limits: Limits, member: usize) -> Searcher {
    let mut searcher = if member == 0 && start.size.box_size() >= CYCLING_FROM_BOX {
        let policy = Geometric {
            first: CYCLING_FIRST,
            factor: CYCLING_FACTOR,
        };
        Searcher::cycling(start, order.clone(), limits, Box::new(policy))
    } else {
        let policy: Box<dyn RestartPolicy> = if member == 0 {
            Box::new(Never)
        } else {
            Box::new(Luby {
                unit: MEMBER_LUBY_UNIT << (member - 1),
            })
        };
        Searcher::with_restarts(start, order.clone(), limits, policy)
    };
    searcher.reseed(member as u64);
    searcher
}

/// The cycling search with look-ahead probing ([`LOOKAHEAD`]) in every run, its budgets
/// growing from [`LOOKAHEAD_FIRST`] as the cycling member's do. It settles at the hardness peak
/// many grids the unprobed cycle takes long over, and is slower on the ones that cycle settles
/// in its first runs, so the two race well side by side (BENCHMARKS.md, "Peak-hard grids").
pub fn lookahead_searcher(start: &Start, order: &Order, limits: Limits) -> Searcher {
    let policy = Geometric {
        first: LOOKAHEAD_FIRST,
        factor: CYCLING_FACTOR,
    };
    let mut searcher = Searcher::cycling(start, order.clone(), limits, Box::new(policy));
    searcher.set_probing(Some(LOOKAHEAD));
    searcher
}

/// Runs one search until it has `stop_at` solutions or halts, as a member's answer.
pub fn run_member(mut searcher: Searcher, stop_at: usize, member: usize) -> PortfolioAnswer {
    let mut solutions = Vec::new();
    while solutions.len() < stop_at {
        match searcher.next_solution() {
            Some(values) => solutions.push(values.to_vec()),
            None => break,
        }
    }
    let halt = if solutions.len() >= stop_at {
        Halt::Sink
    } else {
        searcher.halt().unwrap_or(Halt::Exhausted)
    };
    PortfolioAnswer {
        solutions,
        stats: searcher.stats(),
        halt,
        member,
    }
}
