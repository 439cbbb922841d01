//! Time commands: `time_settings MAIN BYO_YOMI STONES` and
//! `time_left COLOR SECONDS STONES`. The session records them in its
//! [`Clock`](crate::clock::Clock).

use crate::clock::{TimeLeft, TimeSettings};
use crate::error::fail;
use crate::registry::Registry;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("time_settings", |s, args| {
        let (Some(main_time), Some(byo_yomi_time), Some(byo_yomi_stones)) = (
            args.number::<u32>(0),
            args.number::<u32>(1),
            args.number::<u32>(2),
        ) else {
            return fail("not three integers");
        };
        s.clock_mut().set(TimeSettings {
            main_time,
            byo_yomi_time,
            byo_yomi_stones,
        });
        Ok(String::new())
    });
    r.add("time_left", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        let (Some(seconds), Some(stones)) = (args.number::<u32>(1), args.number::<u32>(2)) else {
            return fail("time and stones not two integers");
        };
        s.clock_mut().report(color, TimeLeft { seconds, stones });
        Ok(String::new())
    });
}

#[cfg(test)]
mod tests {
    use katachi_board::Color;

    use crate::clock::{TimeLeft, TimeSettings};
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn settings_and_reports_are_recorded() {
        let mut s = session();
        assert_eq!(ok(&mut s, "time_settings 300 30 5"), "");
        assert_eq!(
            s.clock().settings,
            Some(TimeSettings {
                main_time: 300,
                byo_yomi_time: 30,
                byo_yomi_stones: 5
            })
        );
        assert_eq!(ok(&mut s, "time_left white 25 3"), "");
        assert_eq!(
            s.clock().left(Color::White),
            Some(TimeLeft {
                seconds: 25,
                stones: 3
            })
        );
        assert_eq!(s.clock().left(Color::Black), None);
    }

    #[test]
    fn malformed_time_commands() {
        let mut s = session();
        for bad in ["", "10 20", "a b c", "10 -1 0", "1.5 2 3"] {
            assert_eq!(
                run(&mut s, &format!("time_settings {bad}")),
                Err("not three integers".into()),
                "{bad}"
            );
        }
        assert_eq!(
            run(&mut s, "time_left foo 10 0"),
            Err("invalid color".into())
        );
        assert_eq!(run(&mut s, "time_left"), Err("invalid color".into()));
        assert_eq!(
            run(&mut s, "time_left black 10"),
            Err("time and stones not two integers".into())
        );
        assert_eq!(s.clock().settings, None);
    }
}
