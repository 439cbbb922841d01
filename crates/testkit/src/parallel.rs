//! The tests' one way of using the machine's two cores inside a test
//! binary: `cargo test` runs binaries one after another, so a binary whose
//! time is one long loop leaves a core idle unless the loop is split.

/// `f(state, i)` for every `i` in `0..n`, on two threads, the answers in
/// index order (so printed figures and listed problems do not depend on
/// the split). The indices alternate between the threads, which balances
/// them when costs vary along the list; each thread has a `state` of its
/// own (scratch space), made by `init`.
pub fn map_on_two_threads<S, R, I, F>(n: usize, init: I, f: F) -> Vec<R>
where
    R: Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, usize) -> R + Sync,
{
    let run = |first: usize| -> Vec<R> {
        let mut state = init();
        (first..n).step_by(2).map(|i| f(&mut state, i)).collect()
    };
    let (even, odd) = std::thread::scope(|scope| {
        let odd = scope.spawn(|| run(1));
        let even = run(0);
        (even, odd.join().expect("the second worker"))
    });
    let (mut e, mut o) = (even.into_iter(), odd.into_iter());
    (0..n)
        .map(|i| if i % 2 == 0 { e.next() } else { o.next() }.expect("one answer per index"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_back_in_index_order_with_per_thread_state() {
        for n in [0, 1, 2, 7] {
            let got = map_on_two_threads(
                n,
                || 0usize,
                |calls, i| {
                    *calls += 1;
                    (i, *calls)
                },
            );
            let want: Vec<(usize, usize)> = (0..n).map(|i| (i, i / 2 + 1)).collect();
            assert_eq!(got, want, "n = {n}");
        }
    }
}
