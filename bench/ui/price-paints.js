// @ts-check
/* global document, Element, MutationObserver, requestAnimationFrame */
/**
 * Installed in the app's page before its scripts run (`addInitScript({ path })`, a
 * plain script): records when each change of a quote board's last price is painted
 * into `globalThis.__paints` (shape: `PricePaint` in price-paints.ts). A change is
 * seen by a MutationObserver; its paint is the frame after it: a requestAnimationFrame
 * callback, then a message posted from it, which runs once that frame's rendering is
 * done. The time is `Date.now()`, the clock the simulator's send times are on.
 */
(() => {
  const LAST = 'tr[data-key] td.num.last';
  const MAX = 200_000;
  /** @type {{ key: string, text: string, at: number }[]} */
  const paints = [];
  /** @type {{ key: string, text: string }[]} */
  let pending = [];
  Object.assign(globalThis, { __paints: paints });

  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const at = Date.now();
    for (const p of pending) if (paints.length < MAX) paints.push({ ...p, at });
    pending = [];
  };
  let armed = false;
  const afterPaint = () => {
    armed = false;
    channel.port2.postMessage(0);
  };

  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.type === 'characterData' ? r.target.parentElement : r.target;
      if (!(el instanceof Element) || !el.matches(LAST)) continue;
      const key = el.parentElement?.getAttribute('data-key');
      if (key) pending.push({ key, text: el.textContent ?? '' });
    }
    if (pending.length > 0 && !armed) {
      armed = true;
      requestAnimationFrame(afterPaint);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
