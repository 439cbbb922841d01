//! GNU Go's eye commands (gtp-commands.texi): `eye_data COLOR VERTEX`
//! (the eye space of COLOR at VERTEX: origin, colour, esize, msize, value,
//! marginal, neighbours, marginal neighbours) and `half_eye_data VERTEX`
//! (the topological value, type and the attack and defence points of the
//! diagonals) and `eval_eye VERTEX` (the minimum and maximum number of
//! eyes of the eye space at VERTEX, with an attack and a defence point when
//! they differ; `-1` for a point in no eye space or in both colours'), in
//! GNU Go 3.8's formats, read from the eyes and eye-value stages of the
//! position's [`katachi_engine::analysis::Analysis`]. The `value` row of
//! `eye_data` is the eye-value stage's four-digit value (`0000` for a
//! point outside every eye space, as GNU Go).

use katachi_engine::eyes::Eyes;

use crate::analysis::current_analysis;
use crate::args::Args;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register `eye_data`, `half_eye_data` and `eval_eye`.
pub fn register(r: &mut Registry) {
    r.add("eye_data", eye_data)
        .gogui("string/Eye data (black)/eye_data black %p")
        .gogui("string/Eye data (white)/eye_data white %p");
    r.add("half_eye_data", half_eye_data)
        .gogui("string/Half eye data/half_eye_data %p");
    r.add("eval_eye", eval_eye)
        .gogui("string/Evaluate eye/eval_eye %p");
}

fn eye_data(s: &mut Session, a: &Args<'_>) -> Reply {
    // GNU Go's one message for both arguments; `PASS` is in no eye space.
    let Some(color) = a.color(0) else {
        return fail("invalid color or coordinate");
    };
    if a.get(1).is_some_and(|w| w.eq_ignore_ascii_case("pass")) {
        return Ok(Eyes::format_no_eye_data());
    }
    let Some(p) = a.vertex(1, s.board()) else {
        return fail("invalid color or coordinate");
    };
    let board = s.board().clone();
    let analysis = current_analysis(s);
    let hook = analysis.eye_values().hook();
    Ok(analysis
        .eyes()
        .format_eye_data(&board, color, p, Some(&hook)))
}

fn eval_eye(s: &mut Session, a: &Args<'_>) -> Reply {
    let Some(p) = a.vertex(0, s.board()) else {
        return fail("invalid coordinate");
    };
    let board = s.board().clone();
    let analysis = current_analysis(s);
    Ok(analysis
        .eye_values()
        .format_eval_eye(&board, analysis.eyes(), p))
}

fn half_eye_data(s: &mut Session, a: &Args<'_>) -> Reply {
    let Some(p) = a.vertex(0, s.board()) else {
        return fail("invalid coordinate");
    };
    let board = s.board().clone();
    let eyes = current_analysis(s).eyes();
    Ok(eyes.format_half_eye_data(&board, p))
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::serve_script as run;

    #[test]
    fn eye_data_and_half_eye_data_answer_in_gnugo_format() {
        // A white corner eye at A9 with a marginal B9/A8 pair: GNU Go 3.8
        // prints the same rows (its value row reads 0111 there).
        let out = run("boardsize 9\nplay w B8\nplay b J1\nplay w C9\nplay b J2\n\
             play w A7\nplay b J3\n1 eye_data white A9\n2 half_eye_data A9\n\
             3 eye_data black A9\n4 eye_data white Z9\n5 half_eye_data E5\n\
             6 eye_data black pass\n7 half_eye_data Z9\n8 eye_data purple A9\n\
             9 eval_eye A9\n10 eval_eye B8\n11 eval_eye Z9\n");
        // GNU Go 3.8's eval_eye answers: the corner eye is one eye unless
        // the attacker moves twice; a stone is in no eye space here.
        assert!(out.contains("=9 1 1\n"), "{out}");
        assert!(out.contains("=10 -1\n"), "{out}");
        assert!(out.contains("?11 invalid coordinate\n"), "{out}");
        // GNU Go 3.8's answers to the last three.
        assert!(
            out.contains("=6 origin               PASS\ncolor                empty\n"),
            "{out}"
        );
        assert!(out.contains("?7 invalid coordinate\n"), "{out}");
        assert!(out.contains("?8 invalid color or coordinate\n"), "{out}");
        assert!(
            out.contains("=1 origin               A9\ncolor                white\n"),
            "{out}"
        );
        assert!(out.contains("esize                3\nmsize                0\nvalue                0111\nmarginal             0\nneighbors            2\nmarginal_neighbors   0\n"), "{out}");
        assert!(out.contains("=3 origin               PASS\ncolor                empty\nesize                0\nmsize                0\nvalue                0000\n"), "{out}");
        assert!(out.contains("?4 invalid color or coordinate\n"), "{out}");
        assert!(out.contains("=5 value                10.00\ntype                 0\nnum_attacks          0\nnum_defenses         0\n"), "{out}");
        // A9 has two neighbours in its eye space: not examined, as GNU Go.
        assert!(out.contains("=2 value                10.00\n"), "{out}");
    }
}
