//! Commands that read the position: `showboard`, `color`, `list_stones`,
//! `countlib`, `findlib`, `captures`, `is_legal`.

use katachi_board::{Cell, Point};

use crate::args::{color_word, vertex_list, Args};
use crate::error::{fail, CommandError};
use crate::registry::Registry;
use crate::session::Session;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("showboard", |s, _| Ok(s.board().showboard()))
        .gogui("string/Show board/showboard");
    r.add("color", |s, args| {
        let Some(p) = args.vertex(0, s.board()) else {
            return fail("invalid coordinate");
        };
        Ok(match s.board().cell(p).color() {
            Some(c) => color_word(c),
            None => "empty",
        }
        .to_string())
    })
    .gogui("string/Color/color %p");
    r.add("list_stones", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        let b = s.board();
        Ok(vertex_list(
            b,
            b.points().filter(|&p| b.cell(p) == color.cell()),
        ))
    })
    .gogui("plist/Black stones/list_stones black")
    .gogui("plist/White stones/list_stones white");
    r.add("countlib", |s, args| {
        let p = stone(s, args)?;
        Ok(s.board().liberty_count(p).to_string())
    })
    .gogui("string/Liberty count/countlib %p");
    r.add("findlib", |s, args| {
        let p = stone(s, args)?;
        let b = s.board();
        Ok(vertex_list(b, b.liberties(p)))
    })
    .gogui("plist/Liberties/findlib %p");
    r.add("captures", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        Ok(s.board().captures(color).to_string())
    })
    .gogui("string/Black captures/captures black")
    .gogui("string/White captures/captures white");
    r.add("is_legal", |s, args| {
        let (Some(color), Some(m)) = (args.color(0), args.game_move(1, s.board())) else {
            return fail("invalid color or coordinate");
        };
        Ok(if s.board().is_legal(color, m) {
            "1"
        } else {
            "0"
        }
        .to_string())
    })
    .gogui("string/Legal for Black/is_legal black %p")
    .gogui("string/Legal for White/is_legal white %p");
}

/// The first argument as an occupied vertex, with GNU Go's messages.
fn stone(s: &Session, args: &Args<'_>) -> Result<Point, CommandError> {
    let Some(p) = args.vertex(0, s.board()) else {
        return fail("invalid coordinate");
    };
    if s.board().cell(p) == Cell::Empty {
        return fail("vertex must not be empty");
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn showboard_matches_gnugo_layout() {
        let mut s = session();
        ok(&mut s, "boardsize 7");
        ok(&mut s, "play black D5");
        ok(&mut s, "play white C3");
        ok(&mut s, "play black E3");
        let want = "
   A B C D E F G
 7 . . . . . . . 7
 6 . . . . . . . 6
 5 . . + X + . . 5
 4 . . . + . . . 4
 3 . . O . X . . 3
 2 . . . . . . . 2     WHITE (O) has captured 0 stones
 1 . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G";
        assert_eq!(ok(&mut s, "showboard"), want);
        assert_eq!(
            crate::protocol::format_answer(None, Ok(&ok(&mut s, "showboard"))),
            format!("= {want}\n\n")
        );
    }

    #[test]
    fn color_and_list_stones() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        ok(&mut s, "play b c3");
        ok(&mut s, "play w b3");
        ok(&mut s, "play w a1");
        assert_eq!(ok(&mut s, "color C3"), "black");
        assert_eq!(ok(&mut s, "color b3"), "white");
        assert_eq!(ok(&mut s, "color E5"), "empty");
        for bad in ["color", "color F1", "color pass", "color 3C"] {
            assert_eq!(run(&mut s, bad), Err("invalid coordinate".into()), "{bad}");
        }
        assert_eq!(ok(&mut s, "list_stones white"), "B3 A1");
        assert_eq!(ok(&mut s, "list_stones B"), "C3");
        assert_eq!(run(&mut s, "list_stones"), Err("invalid color".into()));
        assert_eq!(run(&mut s, "list_stones red"), Err("invalid color".into()));
    }

    #[test]
    fn liberties() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        ok(&mut s, "play b c3");
        ok(&mut s, "play b c4");
        ok(&mut s, "play w b3");
        assert_eq!(ok(&mut s, "countlib C3"), "5");
        assert_eq!(ok(&mut s, "findlib c4"), "C5 B4 D4 D3 C2");
        assert_eq!(ok(&mut s, "findlib B3"), "B4 A3 B2");
        assert_eq!(
            run(&mut s, "countlib A1"),
            Err("vertex must not be empty".into())
        );
        assert_eq!(
            run(&mut s, "findlib A1"),
            Err("vertex must not be empty".into())
        );
        assert_eq!(
            run(&mut s, "countlib Q16"),
            Err("invalid coordinate".into())
        );
        assert_eq!(run(&mut s, "findlib"), Err("invalid coordinate".into()));
    }

    #[test]
    fn captures_counts_prisoners_taken_by_a_colour() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        for m in ["b A2", "w A1", "b B1", "w E5", "b D5", "b E4"] {
            ok(&mut s, &format!("play {m}"));
        }
        assert_eq!(ok(&mut s, "captures black"), "2");
        assert_eq!(ok(&mut s, "captures w"), "0");
        assert_eq!(run(&mut s, "captures"), Err("invalid color".into()));
    }

    #[test]
    fn is_legal_reports_occupied_suicide_and_pass() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        ok(&mut s, "play b A2");
        ok(&mut s, "play b B1");
        assert_eq!(ok(&mut s, "is_legal black C3"), "1");
        assert_eq!(ok(&mut s, "is_legal white A2"), "0");
        assert_eq!(ok(&mut s, "is_legal white A1"), "0");
        assert_eq!(ok(&mut s, "is_legal black A1"), "1");
        assert_eq!(ok(&mut s, "is_legal w pass"), "1");
        assert_eq!(
            run(&mut s, "is_legal black"),
            Err("invalid color or coordinate".into())
        );
        assert_eq!(
            run(&mut s, "is_legal C3"),
            Err("invalid color or coordinate".into())
        );
    }
}
