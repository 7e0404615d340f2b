//! Forcing chains: an assumption followed by singles to a contradiction (the candidate is
//! false) or, for every candidate of a cell, to one common placement (it holds). Cells with
//! at most three candidates are tried, and singles only are followed, at every size.

use super::{Marks, Step, Technique, Unit};
use crate::engine::grid::Digit;

/// Where a state breaks: a cell with no candidate, or a unit with no place for a digit.
enum Broken {
    Cell(usize),
    Unit(usize, usize),
}

/// Applies naked and hidden singles until none is left or the state breaks.
fn propagate(m: &mut Marks) -> Result<(), Broken> {
    let side = m.side();
    loop {
        let mut progress = false;
        for c in 0..m.size().cells() {
            if m.value(c).is_none() {
                match m.mask(c).count_ones() {
                    0 => return Err(Broken::Cell(c)),
                    1 => {
                        m.place(c, Digit::from_index(m.mask(c).trailing_zeros() as usize));
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        for u in 0..3 * side {
            let placed = m.layout().units[u]
                .iter()
                .filter_map(|&c| m.value(c))
                .fold(0u64, |a, d| a | 1 << d.index());
            for d in 0..side {
                let p = m.places(u, d);
                if p == 0 && placed >> d & 1 == 0 {
                    return Err(Broken::Unit(u, d));
                }
                if p.count_ones() == 1 {
                    let c = m.cell_at(u, p.trailing_zeros() as usize);
                    m.place(c, Digit::from_index(d));
                    progress = true;
                }
            }
        }
        if !progress {
            return Ok(());
        }
    }
}

/// Forcing chains: a candidate whose singles lead to a contradiction is false; a cell whose
/// every candidate leads to one placement gets it.
pub(super) fn forcing(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    for want in 2..=3u32 {
        for c in m.empty_cells().filter(|&c| m.mask(c).count_ones() == want) {
            let mut common: Option<Vec<u8>> = None;
            let mut bits = m.mask(c);
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut trial = m.clone();
                trial.place(c, Digit::from_index(d));
                match propagate(&mut trial) {
                    Err(broken) => {
                        let mut s = Step::new(Technique::ForcingChain);
                        let digit = Digit::from_index(d);
                        s.chain.push((m.pos(c), digit));
                        s.digits.push(digit);
                        match broken {
                            Broken::Cell(x) => s.cells.push(m.pos(x)),
                            Broken::Unit(u, e) => {
                                s.units.push(Unit::from_layout(u, m.size()));
                                s.digits.push(Digit::from_index(e));
                            }
                        }
                        s.eliminations.push((m.pos(c), digit));
                        out.push(s);
                        if out.len() >= limit {
                            return;
                        }
                        common = Some(Vec::new());
                    }
                    Ok(()) => {
                        let vals: Vec<u8> = (0..m.size().cells())
                            .map(|x| trial.value(x).map_or(0, |v| v.get()))
                            .collect();
                        common = Some(match common {
                            None => vals,
                            Some(prev) => prev
                                .iter()
                                .zip(&vals)
                                .map(|(&a, &b)| if a == b { a } else { 0 })
                                .collect(),
                        });
                    }
                }
            }
            let Some(common) = common else { continue };
            let mut s = Step::new(Technique::ForcingChain);
            for (x, &v) in common.iter().enumerate() {
                if v != 0 && m.value(x).is_none() {
                    s.placements
                        .push((m.pos(x), Digit::from_index(v as usize - 1)));
                }
            }
            if s.placements.is_empty() {
                continue;
            }
            s.placements.truncate(1);
            s.cells.push(m.pos(c));
            let mut bits = m.mask(c);
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                s.chain.push((m.pos(c), Digit::from_index(d)));
            }
            out.push(s);
            if out.len() >= limit {
                return;
            }
        }
    }
}
