/**
 * A pane's clock for what it says about time (a closed market's countdown, "closed
 * since", a quote's time of day): the data's clock (`PaneContext.now`: the replay clock
 * during a replay, else the wall clock), read again every `everyMs` and whenever the
 * effect that made it runs again. A replay at 100× moves a minute in 0.6 s, so a
 * countdown read from the wall clock every 30 s (as before) told the wrong time there.
 * Call it while a component (or an effect root) is being set up.
 */
export function tickingClock(read: () => number, everyMs = 1_000): { readonly now: number } {
  let now = $state(read());
  $effect(() => {
    now = read();
    const timer = setInterval(() => (now = read()), everyMs);
    return () => clearInterval(timer);
  });
  return {
    get now() {
      return now;
    },
  };
}
