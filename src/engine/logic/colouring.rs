//! Simple colouring: per digit, the conjugate-pair graph coloured in two colours. Trap: a cell
//! seeing both colours of a cluster loses the digit. Wrap: two cells of one colour see each
//! other, so that colour is false everywhere.

use super::single_digit::strong_links;
use super::{Marks, Step, Technique};
use crate::engine::grid::Digit;

pub(super) fn simple(m: &Marks, t: Technique, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let cells = m.size().cells();
    // colour[cell]: 0 none, else 2 * cluster + (1 or 2).
    let mut colour = vec![0usize; cells];
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for d in 0..side {
        for a in adj.iter_mut() {
            a.clear();
        }
        colour.fill(0);
        let links = strong_links(m, d, 0..3 * side);
        for &(_, a, b) in &links {
            adj[a].push(b);
            adj[b].push(a);
        }
        let mut cluster = 0;
        for &(_, start, _) in &links {
            if colour[start] != 0 {
                continue;
            }
            cluster += 1;
            let mut members = vec![start];
            colour[start] = 2 * cluster + 1;
            let mut i = 0;
            while i < members.len() {
                let c = members[i];
                i += 1;
                for &x in &adj[c] {
                    if colour[x] == 0 {
                        colour[x] = if colour[c] % 2 == 1 {
                            2 * cluster + 2
                        } else {
                            2 * cluster + 1
                        };
                        members.push(x);
                    }
                }
            }
            let (on, off): (Vec<usize>, Vec<usize>) =
                members.iter().partition(|&&c| colour[c] % 2 == 1);
            let elims: Vec<usize> = if t == Technique::SimpleColorsTrap {
                m.empty_cells()
                    .filter(|&c| {
                        m.has(c, d)
                            && colour[c] == 0
                            && on.iter().any(|&x| m.sees(c, x))
                            && off.iter().any(|&x| m.sees(c, x))
                    })
                    .collect()
            } else {
                let clash = |g: &[usize]| {
                    g.iter()
                        .enumerate()
                        .any(|(i, &x)| g[i + 1..].iter().any(|&y| m.sees(x, y)))
                };
                if clash(&on) {
                    on.clone()
                } else if clash(&off) {
                    off.clone()
                } else {
                    Vec::new()
                }
            };
            if elims.is_empty() {
                continue;
            }
            let digit = Digit::from_index(d);
            let mut s = Step::new(t);
            s.digits.push(digit);
            s.cells = on.iter().chain(&off).map(|&c| m.pos(c)).collect();
            s.groups = vec![
                on.iter().map(|&c| m.pos(c)).collect(),
                off.iter().map(|&c| m.pos(c)).collect(),
            ];
            s.eliminations = elims.iter().map(|&c| (m.pos(c), digit)).collect();
            s.eliminations.sort();
            out.push(s);
            if out.len() >= limit {
                return;
            }
        }
    }
}
