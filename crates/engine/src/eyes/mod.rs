//! The eyes stage, board side (eyes.texi, "Eye spaces", "False Margins",
//! "Topology of Half Eyes and False Eyes", "Eye Topology with Ko",
//! "Functions in optics.c"): the domains of each colour, the eye spaces
//! cut from them (points, marginal vertices, opponent stones inside,
//! connected eye spaces with their origin and sizes), false margins, and
//! topological half and false eyes. One [`Eyes`] value per position, read
//! from the analysis stage (`Analysis::eyes`, [`Eyes::compute_position`]:
//! a string is lively, and so visible to the domains, when reading cannot
//! capture it or can save it, whoever is to move; the owl's
//! [`Eyes::compute`] lets the player to move decide, see `domains`).
//!
//! Conventions, decided by black-box experiments with GNU Go 3.8 where the
//! manual is silent (the figures are in `tests/eyes_gnugo.rs`):
//! - a point is in the eye space of `c` when it is in `c`'s domain and is
//!   neither a stone of `c` nor a lively opponent stone (dead opponent
//!   stones are eye points, as GNU Go's "captured X stones inside");
//! - it is marginal when one of its neighbours is outside the eye space
//!   without being a lively stone of `c` (an empty point, an invisible
//!   stone or a lively opponent stone), and when the topology finds it a
//!   false eye (`add_false_eye`);
//! - eye spaces are the connected parts of the eye points where two
//!   marginal points never join directly; the origin is the first point
//!   in board order (top row first, then left to right); `neighbors`
//!   counts a point's neighbours in its own eye space (given GNU Go's own
//!   eye points and margins, this partition gives its `esize` on 99.6% of
//!   the eye points of the 20 test positions);
//! - a false margin (an empty marginal point next to an opponent string
//!   that cannot be attacked, where an opponent move would have one
//!   liberty) leaves the eye space; the margins are found before it
//!   leaves, so a dead stone beside it stays a proper eye point.
//!
//! The eye value of a space (GNU Go's four-digit `eyevalue`) comes from
//! the eye-graph database and the local-game solver (the `eye_values`
//! stage, after this one); [`EyeValueFn`] is the hook that connects them:
//! [`Eyes::value`] and [`Eyes::format_eye_data`] take it, and without one
//! the value is `None` (`eye_data` prints `????`).

mod domains;
mod map;
mod topology;

pub use map::eye_map;
pub use topology::{obvious_false_eye, EyeKind, HalfEye, KO_GOOD_FOR_ATTACKER, KO_GOOD_FOR_OWNER};

use katachi_board::{Board, Cell, Color, Point};
use katachi_tactics::reading::Reader;
use katachi_tactics::worms::Worms;

/// GNU Go's `eyevalue`: the number of eyes if the attacker moves twice,
/// the attacker first, the defender first, the defender twice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EyeValue {
    /// Attacker plays first twice.
    pub a: u8,
    /// Attacker plays first.
    pub b: u8,
    /// Defender plays first.
    pub c: u8,
    /// Defender plays first twice.
    pub d: u8,
}

impl EyeValue {
    /// The four digits as `eye_data` prints them (`0112`).
    pub fn digits(&self) -> String {
        format!("{}{}{}{}", self.a, self.b, self.c, self.d)
    }

    /// The value of the sum of two independent local games (eyes.texi,
    /// "Local games": each player on his turn plays in either). With
    /// alternating play the first player chooses the space and the other
    /// answers in the other: attacker first gives the smaller of
    /// `b1 + c2` and `c1 + b2`, defender first the larger. Two attacker
    /// moves are spent both in one space (`a1 + c2`, `c1 + a2`) or one in
    /// each (`b1 + b2`), whichever leaves fewer eyes; two defender moves
    /// likewise (`d1 + b2`, `b1 + d2`, `c1 + c2`), whichever leaves more.
    /// Settled spaces (`b = c`) simply add.
    pub fn sum(self, o: EyeValue) -> EyeValue {
        let s = |x: u8, y: u8| x.saturating_add(y);
        let b = s(self.b, o.c).min(s(self.c, o.b));
        let c = s(self.b, o.c).max(s(self.c, o.b));
        let a = s(self.a, o.c)
            .min(s(self.c, o.a))
            .min(s(self.b, o.b))
            .min(b);
        let d = s(self.d, o.b)
            .max(s(self.b, o.d))
            .max(s(self.c, o.c))
            .max(c);
        EyeValue { a, b, c, d }
    }
}

/// The hook that values an eye space: the eye-graph database and solver
/// stage provides it (`eye_values::EyeValues::hook`, which borrows the
/// values it keeps, hence the lifetime); `None` means "not known".
pub type EyeValueFn<'a> = dyn Fn(&Board, &Eyes, &EyeSpace) -> Option<EyeValue> + 'a;

/// One connected eye space.
#[derive(Clone, Debug, PartialEq)]
pub struct EyeSpace {
    /// The colour whose eye space it is.
    pub color: Color,
    /// Its first point in board order.
    pub origin: Point,
    /// Its points, in board order.
    pub points: Vec<Point>,
    /// How many of them are marginal.
    pub msize: usize,
}

impl EyeSpace {
    /// Number of points (`esize`).
    pub fn esize(&self) -> usize {
        self.points.len()
    }
}

/// What an eye point knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyePoint {
    /// Index of its eye space in [`ColorEyes::spaces`].
    pub space: usize,
    /// Marginal vertex.
    pub marginal: bool,
    /// Neighbours in the same eye space.
    pub neighbors: u8,
    /// Those of them that are marginal.
    pub marginal_neighbors: u8,
}

/// The domain and eye spaces of one colour.
#[derive(Clone, Debug)]
pub struct ColorEyes {
    /// The colour.
    pub color: Color,
    domain: Vec<bool>,
    points: Vec<Option<EyePoint>>,
    false_margins: Vec<Point>,
    half: Vec<Option<HalfEye>>,
    /// The connected eye spaces, by origin in board order.
    pub spaces: Vec<EyeSpace>,
}

impl ColorEyes {
    /// Whether `p` is in this colour's domain.
    pub fn in_domain(&self, p: Point) -> bool {
        self.domain.get(p.index()).copied().unwrap_or(false)
    }

    /// The eye data of `p`, if it is an eye point.
    pub fn point(&self, p: Point) -> Option<&EyePoint> {
        self.points.get(p.index())?.as_ref()
    }

    /// The eye space containing `p`.
    pub fn space_of(&self, p: Point) -> Option<&EyeSpace> {
        self.point(p).map(|e| &self.spaces[e.space])
    }

    /// The topological data of `p` as an eye point of this colour, if
    /// the topology examined it.
    pub fn half_eye(&self, p: Point) -> Option<&HalfEye> {
        self.half.get(p.index())?.as_ref()
    }

    /// The false margins taken out of the eye space.
    pub fn false_margins(&self) -> &[Point] {
        &self.false_margins
    }
}

/// The eyes stage of one position.
#[derive(Clone, Debug)]
pub struct Eyes {
    black: ColorEyes,
    white: ColorEyes,
    lively: Vec<bool>,
}

impl Eyes {
    /// The eye spaces of `board` with the worms' tactical reading, as the
    /// owl reads them: a string that can be attacked and defended is
    /// lively only for the player to move. The reader answers the safety
    /// of opponent moves on diagonals. (GNU Go's `make_domains` has an
    /// owl mode; counting such strings lively for both players in the
    /// owl's eye spaces too lost one of the 26 owl.tst tests of every 8th
    /// position, 17 -> 16, and put owl statuses by stones at 87.4%, under
    /// their floor of 87.8%, so the owl keeps this view.)
    pub fn compute(board: &Board, worms: &Worms, reader: &mut Reader) -> Eyes {
        Eyes::compute_with(board, worms, reader, true, |_, _| true)
    }

    /// The eye spaces of a position as GNU Go's examination shows them
    /// (`eye_data`): a string that can be attacked and defended is lively
    /// whoever is to move. What `Analysis::eyes` holds.
    pub fn compute_position(board: &Board, worms: &Worms, reader: &mut Reader) -> Eyes {
        Eyes::compute_with(board, worms, reader, false, |_, _| true)
    }

    /// [`Eyes::compute`] (the owl's view) examining the topology (half
    /// and false eyes, [`ColorEyes::half_eye`]) only of the eye spaces
    /// for which `examined(colour, points)` holds. The other spaces keep
    /// the marginal points found before the topology (a false eye among
    /// their points is not turned into a margin) and have no half-eye
    /// data. Everything about an examined space is what
    /// [`Eyes::compute`] gives: domains, spaces and false margins do not
    /// depend on the topology, and one point's topology changes only
    /// that point's marginal mark. Owl values only the goal's own
    /// spaces: the safety reading of the empty diagonals of every other
    /// space of both colours was a fifth of owl.tst's time.
    pub fn compute_for(
        board: &Board,
        worms: &Worms,
        reader: &mut Reader,
        examined: impl Fn(Color, &[Point]) -> bool,
    ) -> Eyes {
        Eyes::compute_with(board, worms, reader, true, examined)
    }

    fn compute_with(
        board: &Board,
        worms: &Worms,
        reader: &mut Reader,
        to_move_decides: bool,
        examined: impl Fn(Color, &[Point]) -> bool,
    ) -> Eyes {
        reader.set_board(board);
        let lively = domains::lively(board, worms, to_move_decides);
        let [black, white] = [Color::Black, Color::White].map(|c| {
            let dom = domains::domain(board, &lively, c);
            color_eyes(board, worms, reader, &lively, dom, c, &examined)
        });
        Eyes {
            black,
            white,
            lively,
        }
    }

    /// The eyes of `color`.
    pub fn of(&self, color: Color) -> &ColorEyes {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Whether the stone at `p` is lively (cannot be attacked, or can be
    /// defended, by the player to move for [`Eyes::compute`]).
    pub fn is_lively(&self, p: Point) -> bool {
        self.lively.get(p.index()).copied().unwrap_or(false)
    }

    /// The topological data of `p`, if the topology examined it, as GNU
    /// Go's one `half_eye` array holds it (white's examination written
    /// after black's).
    pub fn half_eye(&self, p: Point) -> Option<&HalfEye> {
        self.white.half_eye(p).or_else(|| self.black.half_eye(p))
    }

    /// The value of the eye space of `color` at `p`, with `value` the
    /// valuation hook (the eye-graph stage); `None` when `p` is not an eye
    /// point or the hook does not know.
    pub fn value(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        value: Option<&EyeValueFn<'_>>,
    ) -> Option<EyeValue> {
        let space = self.of(color).space_of(p)?;
        value.and_then(|f| f(board, self, space))
    }

    /// GNU Go's `eye_data COLOR VERTEX` answer. The `value` row is the
    /// hook's value, `0000` for a point outside the eye space and `????`
    /// for an eye space the hook cannot value (or when no hook is given).
    pub fn format_eye_data(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        value: Option<&EyeValueFn<'_>>,
    ) -> String {
        let ce = self.of(color);
        let Some(e) = ce.point(p) else {
            return Eyes::format_no_eye_data();
        };
        let s = &ce.spaces[e.space];
        let val = match self.value(board, color, p, value) {
            Some(v) => v.digits(),
            None => "????".to_string(),
        };
        let col = match color {
            Color::Black => "black",
            Color::White => "white",
        };
        Eyes::format_rows(
            &board.vertex(s.origin),
            col,
            s.esize(),
            s.msize,
            &val,
            Some(e),
        )
    }

    /// The `eye_data` answer for a point in no eye space (and for `PASS`).
    pub fn format_no_eye_data() -> String {
        Eyes::format_rows("PASS", "empty", 0, 0, "0000", None)
    }

    fn format_rows(
        origin: &str,
        color: &str,
        esize: usize,
        msize: usize,
        value: &str,
        e: Option<&EyePoint>,
    ) -> String {
        let row = |k: &str, v: String| format!("{k:<21}{v}");
        let (marginal, n, m) = e.map_or((false, 0, 0), |e| {
            (e.marginal, e.neighbors, e.marginal_neighbors)
        });
        [
            row("origin", origin.to_string()),
            row("color", color.to_string()),
            row("esize", esize.to_string()),
            row("msize", msize.to_string()),
            row("value", value.to_string()),
            row("marginal", u8::from(marginal).to_string()),
            row("neighbors", n.to_string()),
            row("marginal_neighbors", m.to_string()),
        ]
        .join("\n")
    }

    /// GNU Go's `half_eye_data VERTEX` answer (value 10.00, type 0 for a
    /// point the topology did not examine).
    pub fn format_half_eye_data(&self, board: &Board, p: Point) -> String {
        let row = |k: &str, v: String| format!("{k:<21}{v}");
        let mut out = Vec::new();
        match self.half_eye(p) {
            Some(h) => {
                out.push(row("value", format!("{:.2}", h.value)));
                let t = match h.kind {
                    EyeKind::Half => "HALF_EYE",
                    EyeKind::False => "FALSE_EYE",
                    EyeKind::Proper => "0",
                };
                out.push(row("type", t.to_string()));
                out.push(row("num_attacks", h.attack_points.len().to_string()));
                for (k, a) in h.attack_points.iter().enumerate() {
                    out.push(row(&format!("attack_point[{k}]"), board.vertex(*a)));
                }
                out.push(row("num_defenses", h.defense_points.len().to_string()));
                for (k, d) in h.defense_points.iter().enumerate() {
                    out.push(row(&format!("defense_point[{k}]"), board.vertex(*d)));
                }
            }
            None => {
                out.push(row("value", "10.00".to_string()));
                out.push(row("type", "0".to_string()));
                out.push(row("num_attacks", "0".to_string()));
                out.push(row("num_defenses", "0".to_string()));
            }
        }
        out.join("\n")
    }
}

/// The eye spaces of `color` from its domain.
fn color_eyes(
    board: &Board,
    worms: &Worms,
    reader: &mut Reader,
    lively: &[bool],
    domain: Vec<bool>,
    color: Color,
    examined: &dyn Fn(Color, &[Point]) -> bool,
) -> ColorEyes {
    let mut half = vec![None; board.cells().len()];
    let len = board.cells().len();
    let own_lively = |q: Point| board.cell(q) == color.cell() && lively[q.index()];
    let mut eye = vec![false; len];
    for p in board.points() {
        let cell = board.cell(p);
        eye[p.index()] = domain[p.index()]
            && cell != color.cell()
            && !(cell == color.opponent().cell() && lively[p.index()]);
    }
    let marginal_at = |eye: &[bool], p: Point| {
        board
            .neighbors(p)
            .iter()
            .any(|&q| board.on_board(q) && !own_lively(q) && !eye[q.index()])
    };
    // False margins leave the eye space.
    let mut false_margins = Vec::new();
    for p in board.points() {
        if eye[p.index()]
            && board.cell(p) == Cell::Empty
            && marginal_at(&eye, p)
            && is_false_margin(board, worms, p, color)
        {
            false_margins.push(p);
        }
    }
    // Marginal points are found with the false margins still in the eye
    // space: a dead stone beside one stays proper (GNU Go 3.8 agrees).
    let mut marginal = vec![false; len];
    for p in board.points() {
        marginal[p.index()] = eye[p.index()] && marginal_at(&eye, p);
    }
    for &p in &false_margins {
        eye[p.index()] = false;
        marginal[p.index()] = false;
    }
    // Connected eye spaces; two marginal points do not join directly.
    let mut space_of = vec![usize::MAX; len];
    let mut spaces = Vec::new();
    for p in board.points() {
        if !eye[p.index()] || space_of[p.index()] != usize::MAX {
            continue;
        }
        let k = spaces.len();
        let mut points = vec![p];
        space_of[p.index()] = k;
        let mut i = 0;
        while i < points.len() {
            let q = points[i];
            i += 1;
            for r in board.neighbors(q) {
                if board.on_board(r)
                    && eye[r.index()]
                    && space_of[r.index()] == usize::MAX
                    && !(marginal[q.index()] && marginal[r.index()])
                {
                    space_of[r.index()] = k;
                    points.push(r);
                }
            }
        }
        points.sort();
        spaces.push(EyeSpace {
            color,
            origin: points[0],
            points,
            msize: 0,
        });
    }
    let count = |p: Point, marginal: &[bool]| {
        let k = space_of[p.index()];
        let mut n = 0u8;
        let mut m = 0u8;
        for q in board.neighbors(p) {
            if board.on_board(q) && space_of[q.index()] == k {
                n += 1;
                m += u8::from(marginal[q.index()]);
            }
        }
        (n, m)
    };
    // Topological half and false eyes of the proper points with at most
    // one neighbour; a false eye becomes a margin.
    let topology: Vec<bool> = spaces.iter().map(|s| examined(color, &s.points)).collect();
    for p in board.points() {
        if !eye[p.index()] || marginal[p.index()] || count(p, &marginal).0 > 1 {
            continue;
        }
        if !topology[space_of[p.index()]] {
            continue;
        }
        let h = topology::topological_eye(board, worms, reader, p, color);
        half[p.index()] = Some(h);
    }
    for p in board.points() {
        if eye[p.index()]
            && half[p.index()]
                .as_ref()
                .is_some_and(|h| h.kind == EyeKind::False && space_of[p.index()] != usize::MAX)
            && !marginal[p.index()]
        {
            marginal[p.index()] = true;
        }
    }
    let mut points = vec![None; len];
    for p in board.points() {
        if eye[p.index()] {
            let (n, m) = count(p, &marginal);
            points[p.index()] = Some(EyePoint {
                space: space_of[p.index()],
                marginal: marginal[p.index()],
                neighbors: n,
                marginal_neighbors: m,
            });
        }
    }
    for s in &mut spaces {
        s.msize = s.points.iter().filter(|p| marginal[p.index()]).count();
    }
    ColorEyes {
        color,
        domain,
        points,
        false_margins,
        half,
        spaces,
    }
}

/// eyes.texi, "False Margins": `p` touches the eye space of `owner`, an
/// opponent string next to it cannot be attacked, and an opponent stone at
/// `p` would have a single liberty.
fn is_false_margin(board: &Board, worms: &Worms, p: Point, owner: Color) -> bool {
    let x = owner.opponent();
    let safe_x_next = board
        .neighbors(p)
        .iter()
        .any(|&q| board.cell(q) == x.cell() && worms.get(q).is_some_and(|w| w.attack.is_none()));
    safe_x_next
        && katachi_tactics::predicates::accurate_liberties(board, x, p)
            .is_some_and(|l| l.len() == 1)
}

#[cfg(test)]
mod tests;

impl crate::autohelper::EyeFacts for Eyes {
    fn eye_point(&self, p: Point) -> [Option<bool>; 2] {
        [Color::Black, Color::White].map(|c| self.of(c).point(p).map(|e| e.marginal))
    }

    fn topological(&self, p: Point) -> Option<crate::autohelper::EyeTopology> {
        use crate::autohelper::EyeTopology;
        self.half_eye(p).map(|h| match h.kind {
            EyeKind::Proper => EyeTopology::Proper,
            EyeKind::Half => EyeTopology::Half,
            EyeKind::False => EyeTopology::False,
        })
    }
}

#[cfg(test)]
mod sum_tests {
    use super::EyeValue;

    fn v(s: &str) -> EyeValue {
        let d: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
        EyeValue {
            a: d[0],
            b: d[1],
            c: d[2],
            d: d[3],
        }
    }

    #[test]
    fn eye_values_add_as_local_games() {
        // Settled spaces add; nothing is the identity.
        assert_eq!(v("1111").sum(v("1111")).digits(), "2222");
        for x in ["0112", "1122", "0011", "0222", "1111"] {
            assert_eq!(v("0000").sum(v(x)).digits(), x);
            assert_eq!(v(x).sum(v("0000")).digits(), x);
        }
        // Two half eyes are miai: one eye whoever moves first, none if
        // the attacker moves twice, two if the defender does.
        assert_eq!(v("0011").sum(v("0011")).digits(), "0112");
        // An eye and a half eye: two eyes if the defender moves first.
        assert_eq!(v("1111").sum(v("0011")).digits(), "1122");
        // The sum does not depend on the order.
        assert_eq!(v("0112").sum(v("1122")), v("1122").sum(v("0112")));
    }
}
