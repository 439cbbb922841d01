//! Time commands: `time_settings MAIN BYO_YOMI STONES` and
//! `time_left COLOR SECONDS STONES`, and KGS's `kgs-time_settings`
//! (`none`, `absolute MAIN`, `canadian MAIN PERIOD STONES`, `byoyomi
//! MAIN PERIOD PERIODS`; Japanese byo-yomi is recorded as Canadian with
//! one stone a period, the number of periods being a reserve the clock
//! does not spend). The session records them in its
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
    r.add("kgs-time_settings", |s, args| {
        let n = |i: usize| args.number::<u32>(i);
        let settings = match args.get(0).unwrap_or_default().to_ascii_lowercase().as_str() {
            // GTP's "byo-yomi time with zero stones": no limit.
            "none" if args.len() == 1 => TimeSettings {
                main_time: 0,
                byo_yomi_time: 1,
                byo_yomi_stones: 0,
            },
            "absolute" if args.len() == 2 => match n(1) {
                Some(main_time) => TimeSettings {
                    main_time,
                    byo_yomi_time: 0,
                    byo_yomi_stones: 0,
                },
                None => return fail("absolute: main time not an integer"),
            },
            "canadian" if args.len() == 4 => match (n(1), n(2), n(3)) {
                (Some(main_time), Some(byo_yomi_time), Some(byo_yomi_stones)) => TimeSettings {
                    main_time,
                    byo_yomi_time,
                    byo_yomi_stones,
                },
                _ => return fail("canadian: not three integers"),
            },
            "byoyomi" if args.len() == 4 => match (n(1), n(2), n(3)) {
                (Some(main_time), Some(byo_yomi_time), Some(_periods)) => TimeSettings {
                    main_time,
                    byo_yomi_time,
                    byo_yomi_stones: 1,
                },
                _ => return fail("byoyomi: not three integers"),
            },
            _ => {
                return fail(
                    "expected none, absolute MAIN, canadian MAIN PERIOD STONES or byoyomi MAIN PERIOD PERIODS",
                )
            }
        };
        s.clock_mut().set(settings);
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
    fn kgs_time_settings_are_recorded() {
        let mut s = session();
        assert_eq!(ok(&mut s, "kgs-time_settings byoyomi 600 30 5"), "");
        assert_eq!(s.clock().budget(Color::Black), Some(20.0));
        assert_eq!(ok(&mut s, "kgs-time_settings canadian 0 300 25"), "");
        assert_eq!(s.clock().budget(Color::White), Some(12.0));
        assert_eq!(ok(&mut s, "kgs-time_settings absolute 90"), "");
        assert_eq!(s.clock().budget(Color::White), Some(3.0));
        assert_eq!(ok(&mut s, "kgs-time_settings none"), "");
        assert!(s.clock().unlimited());
        for bad in [
            "",
            "absolute",
            "absolute x",
            "canadian 1 2",
            "sudden 5",
            "none 3",
        ] {
            assert!(
                run(&mut s, &format!("kgs-time_settings {bad}")).is_err(),
                "{bad}"
            );
        }
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
