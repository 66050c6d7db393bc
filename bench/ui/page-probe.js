// @ts-check
/* global document, Element, MutationObserver, requestAnimationFrame */
/**
 * Installed in the app's page before any of its scripts run (`addInitScript({ path })`,
 * a plain script: no build step may add helpers to it). Records long tasks, the bridge
 * messages the page sends and receives, changes of the quote board's price cells and
 * the first quote painted into `globalThis.__probe` (shape: `ProbeData` in
 * page-probe.ts).
 */
(() => {
  const probe = {
    /** @type {{ start: number, duration: number }[]} */
    longTasks: [],
    /** @type {Record<string, number>} */
    frames: {},
    /** @type {Record<string, number>} */
    firstFrameAt: {},
    /** @type {number | null} */
    wsCreatedAt: null,
    /** @type {{ at: number, what: string }[]} */
    log: [],
    priceCellChanges: 0,
    /** @type {number | null} */
    firstQuoteSeen: null,
    /** @type {number | null} */
    firstQuotePainted: null,
    timeOrigin: performance.timeOrigin,
    /** @param {string} what */
    note(what) {
      if (probe.log.length < 40) probe.log.push({ at: performance.now(), what });
    },
  };
  Object.assign(globalThis, { __probe: probe });

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'longtask', buffered: true });

  const Native = WebSocket;
  const ID = /"id":(\d+)/;
  globalThis.WebSocket = class extends Native {
    /**
     * @param {string | URL} url
     * @param {string | string[]} [protocols]
     */
    constructor(url, protocols) {
      super(url, protocols);
      probe.wsCreatedAt ??= performance.now();
      /** @type {Map<number, string>} */
      this.names = new Map();
      this.addEventListener('open', () => probe.note('open'));
      this.addEventListener('message', (m) => {
        if (typeof m.data !== 'string') return;
        const at = m.data.indexOf('"event":"');
        const name = at < 0 ? 'answer' : m.data.slice(at + 9, m.data.indexOf('"', at + 9));
        probe.firstFrameAt[name] ??= performance.now();
        if (at >= 0) {
          probe.frames[name] = (probe.frames[name] ?? 0) + 1;
          probe.note(`!${name}`);
        } else {
          probe.note(`<${this.names.get(Number(ID.exec(m.data)?.[1])) ?? '?'}`);
        }
      });
    }

    /** @param {string | ArrayBufferLike | Blob | ArrayBufferView} data */
    send(data) {
      if (typeof data === 'string') {
        const name = /"name":"([^"]+)"/.exec(data)?.[1] ?? '?';
        this.names.set(Number(ID.exec(data)?.[1]), name);
        probe.note(`>${name}`);
      }
      super.send(data);
    }
  };

  const PRICE = 'tr[data-key] td.num';
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.type === 'characterData' ? r.target.parentElement : r.target;
      if (el instanceof Element && el.matches(PRICE)) probe.priceCellChanges++;
    }
    if (probe.firstQuoteSeen === null) {
      const cell = document.querySelector(PRICE);
      if (cell && /\d/.test(cell.textContent ?? '')) {
        probe.firstQuoteSeen = performance.now();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => (probe.firstQuotePainted = performance.now())),
        );
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
