import { describe, expect, it } from 'vitest';
import { listen } from './listen';

// The renderer's tests run in Node, without a DOM: Node's own EventTarget stands in.
const element = () => new EventTarget() as unknown as HTMLElement;

describe('listen', () => {
  it.each([false, true])(
    'calls the listener until its answer removes it (capture %s)',
    (capture) => {
      const el = element();
      let calls = 0;
      const off = listen(el, 'click', () => calls++, capture);
      el.dispatchEvent(new Event('click'));
      off();
      el.dispatchEvent(new Event('click'));
      expect(calls).toBe(1);
    },
  );
});
