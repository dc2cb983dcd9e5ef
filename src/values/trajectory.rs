//! Trajectories and thermographs (Winning Ways ch. 6; Siegel, *Combinatorial Game
//! Theory* II.5; Berlekamp, "The Economist's View of Combinatorial Games", for the
//! generalised thermography below temperature 0 that CGSuite uses).
//!
//! A trajectory is a continuous piecewise-linear function x(t) on temperatures
//! −1 ≤ t < ∞ with slopes −1, 0 or 1 (all arithmetic exact, in the kernel's dyadic
//! numbers). Here it is a list of segments from the bottom up; it prints the way CGSuite
//! prints it: the mast value, the critical points from the top down, the slopes from the
//! top down (one more than critical points), with x = slope·t + intercept on a segment.
//! A thermograph is a pair of trajectories, its left and right walls.

use std::fmt;

use super::dyadic::Dyadic;
use super::limits::Limit;

/// One linear piece, from temperature `from` up to the next piece's `from` (or ∞).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    from: Dyadic,
    slope: i32,
    intercept: Dyadic,
}

/// A continuous piecewise-linear function of temperature on [−1, ∞).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    /// Pieces from the bottom (`from` = −1) up.
    segments: Vec<Segment>,
}

fn minus_one() -> Dyadic {
    Dyadic::int(-1)
}

/// `a·t + b`, exactly.
fn line(slope: i32, intercept: Dyadic, t: Dyadic) -> Result<Dyadic, Limit> {
    let mut x = intercept;
    for _ in 0..slope.unsigned_abs() {
        x = if slope > 0 {
            x.checked_add(t)?
        } else {
            x.checked_sub(t)?
        };
    }
    Ok(x)
}

/// Where `s1·t + b1 = s2·t + b2` (slopes differ by 1 or 2, so t is dyadic).
fn crossing(s1: i32, b1: Dyadic, s2: i32, b2: Dyadic) -> Result<Dyadic, Limit> {
    let d = b2.checked_sub(b1)?;
    match s1 - s2 {
        1 => Ok(d),
        -1 => Ok(-d),
        2 => Dyadic::new(d.num() as i128, d.exp() + 1),
        -2 => Dyadic::new(-(d.num() as i128), d.exp() + 1),
        k => unreachable!("trajectory slopes differ by {k}"),
    }
}

impl Trajectory {
    /// The constant `x`.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![Segment {
                from: minus_one(),
                slope: 0,
                intercept: x,
            }],
        }
    }

    /// The value at temperature `t ≥ −1`.
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic, Limit> {
        let s = self
            .segments
            .iter()
            .rev()
            .find(|s| s.from <= t)
            .expect("a trajectory starts at -1");
        line(s.slope, s.intercept, t)
    }

    /// The critical points, from the top down.
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.segments.iter().skip(1).rev().map(|s| s.from).collect()
    }

    /// The corners from the bottom up: `(t, x(t))` at −1 and at each critical point
    /// (where the slope changes), exactly. Between two corners the trajectory is the
    /// straight line through them; above the last it keeps the top piece's slope (0,
    /// vertical, for a thermograph's walls).
    pub fn corners(&self) -> Result<Vec<(Dyadic, Dyadic)>, Limit> {
        self.segments
            .iter()
            .map(|s| Ok((s.from, line(s.slope, s.intercept, s.from)?)))
            .collect()
    }

    /// The highest critical point, if any.
    pub fn top(&self) -> Option<Dyadic> {
        self.segments
            .last()
            .filter(|_| self.segments.len() > 1)
            .map(|s| s.from)
    }

    /// The value above the highest critical point (the mast, if vertical).
    pub fn mast(&self) -> Result<Dyadic, Limit> {
        self.value_at(self.top().unwrap_or_else(minus_one))
    }

    /// `x(t) + r·t` (r = ±1: the tilt of a scaffold).
    pub fn tilt(&self, r: i32) -> Trajectory {
        Trajectory {
            segments: self
                .segments
                .iter()
                .map(|s| Segment {
                    slope: s.slope + r,
                    ..*s
                })
                .collect(),
        }
    }

    /// Merges neighbouring pieces that are one line.
    fn simplified(mut segments: Vec<Segment>) -> Trajectory {
        segments.dedup_by(|upper, lower| {
            upper.slope == lower.slope && upper.intercept == lower.intercept
        });
        Trajectory { segments }
    }

    /// The breakpoints of both, ascending, from −1.
    fn breakpoints(&self, other: &Trajectory) -> Vec<Dyadic> {
        let mut p: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(&other.segments)
            .map(|s| s.from)
            .collect();
        p.sort();
        p.dedup();
        p
    }

    /// The piece in force on (t, next breakpoint).
    fn piece(&self, t: Dyadic) -> Segment {
        *self
            .segments
            .iter()
            .rev()
            .find(|s| s.from <= t)
            .expect("a trajectory starts at -1")
    }

    /// The pointwise maximum (`max`) or minimum.
    fn extremum(&self, other: &Trajectory, max: bool) -> Result<Trajectory, Limit> {
        let mut out = Vec::new();
        let points = self.breakpoints(other);
        for (i, &a) in points.iter().enumerate() {
            let (p, q) = (self.piece(a), other.piece(a));
            let next = points.get(i + 1).copied();
            // Split at a crossing strictly inside (a, next).
            let mut starts = vec![a];
            if p.slope != q.slope {
                let c = crossing(p.slope, p.intercept, q.slope, q.intercept)?;
                if c > a && next.is_none_or(|n| c < n) {
                    starts.push(c);
                }
            }
            for &s in &starts {
                // Compare just above s: by value at s, then by slope.
                let (vp, vq) = (
                    line(p.slope, p.intercept, s)?,
                    line(q.slope, q.intercept, s)?,
                );
                let p_above = match vp.cmp(&vq) {
                    std::cmp::Ordering::Greater => true,
                    std::cmp::Ordering::Less => false,
                    std::cmp::Ordering::Equal => p.slope >= q.slope,
                };
                let pick = if p_above == max { p } else { q };
                out.push(Segment { from: s, ..pick });
            }
        }
        Ok(Trajectory::simplified(out))
    }

    /// The pointwise maximum.
    pub fn max(&self, other: &Trajectory) -> Result<Trajectory, Limit> {
        self.extremum(other, true)
    }

    /// The pointwise minimum.
    pub fn min(&self, other: &Trajectory) -> Result<Trajectory, Limit> {
        self.extremum(other, false)
    }
}

/// The left and right walls of a game's thermograph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (Left's stop as the game cools).
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
}

impl Thermograph {
    /// The thermograph of a number-like mast: both walls the constant `x`.
    pub fn mast(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(x),
            right: Trajectory::constant(x),
        }
    }

    /// The thermograph whose left scaffold is `ls` (the right walls of the left options,
    /// maximised and tilted by −1) and right scaffold `rs` (the left walls of the right
    /// options, minimised and tilted by +1). Going up from −1, the walls are the
    /// scaffolds while the left scaffold lies to the left of (is at least) the right one
    /// (a hill); from the first temperature where it lies to the right (a cave: the game
    /// cooled that far is a number) both walls are one vertical mast at the value where
    /// they met. A cave at the base itself stands at 0 if 0 lies between the scaffolds
    /// there, else at the scaffold nearer 0 (Berlekamp's generalised thermography, as
    /// CGSuite computes it).
    ///
    /// By induction on games, left walls only have slopes −1 and 0 and right walls 0 and
    /// 1 (so left scaffolds −1 and 0, right scaffolds 0 and 1): above a cave's start the
    /// scaffolds only move apart, and the mast never leans. This is checked, not assumed.
    pub fn from_scaffolds(ls: &Trajectory, rs: &Trajectory) -> Result<Thermograph, Limit> {
        assert!(
            ls.segments.iter().all(|s| s.slope == -1 || s.slope == 0)
                && rs.segments.iter().all(|s| s.slope == 0 || s.slope == 1),
            "scaffold slopes outside the thermograph invariant: {ls} / {rs}"
        );
        let points = ls.breakpoints(rs);
        let (mut lw, mut rw) = (Vec::new(), Vec::new());
        let mast = |lw: &mut Vec<Segment>, rw: &mut Vec<Segment>, from: Dyadic, v: Dyadic| {
            let s = Segment {
                from,
                slope: 0,
                intercept: v,
            };
            lw.push(s);
            rw.push(s);
        };
        for (i, &a) in points.iter().enumerate() {
            let (p, q) = (ls.piece(a), rs.piece(a));
            let (vp, vq) = (
                line(p.slope, p.intercept, a)?,
                line(q.slope, q.intercept, a)?,
            );
            let hill = vp > vq || (vp == vq && p.slope >= q.slope);
            if !hill {
                // Entered from a hill the scaffolds meet here (vp = vq); at the base,
                // the value nearest 0 between them.
                let v = if i > 0 || vp > Dyadic::ZERO {
                    vp
                } else if vq < Dyadic::ZERO {
                    vq
                } else {
                    Dyadic::ZERO
                };
                mast(&mut lw, &mut rw, a, v);
                break;
            }
            lw.push(Segment { from: a, ..p });
            rw.push(Segment { from: a, ..q });
            if p.slope < q.slope {
                let c = crossing(p.slope, p.intercept, q.slope, q.intercept)?;
                if c > a && points.get(i + 1).is_none_or(|&n| c < n) {
                    mast(&mut lw, &mut rw, c, line(p.slope, p.intercept, c)?);
                    break;
                }
            }
        }
        Ok(Thermograph {
            left: Trajectory::simplified(lw),
            right: Trajectory::simplified(rw),
        })
    }

    /// The temperature: the highest critical point of either wall, −1 if neither has one.
    pub fn temperature(&self) -> Dyadic {
        match (self.left.top(), self.right.top()) {
            (Some(a), Some(b)) => a.max(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => minus_one(),
        }
    }

    /// The mast value: the left wall at the temperature.
    pub fn mean(&self) -> Result<Dyadic, Limit> {
        self.left.value_at(self.temperature())
    }
}

impl fmt::Display for Trajectory {
    /// `mast,[critical points],[slopes]` as CGSuite prints a wall.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cps: Vec<String> = self
            .critical_points()
            .iter()
            .map(|c| c.to_string())
            .collect();
        let slopes: Vec<String> = self
            .segments
            .iter()
            .rev()
            .map(|s| s.slope.to_string())
            .collect();
        let mast = self.mast().map(|m| m.to_string()).unwrap_or_default();
        write!(f, "{mast},[{}],[{}]", cps.join(","), slopes.join(","))
    }
}

impl fmt::Display for Thermograph {
    /// `Thermograph(left wall,right wall)` as CGSuite prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph({},{})", self.left, self.right)
    }
}
