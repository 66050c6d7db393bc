import { describe, expect, it } from 'vitest';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { PageLoad, type LoadView } from './page-load';

/** A load whose answers the test gives by hand; `shown` is what reached the view. */
function rig(retryAnswer = false) {
  const bridge = new FakeBridge();
  const view: LoadView & { shown: string[]; cleared: number; older: string[] } = {
    loading: false,
    error: null,
    shown: [],
    cleared: 0,
    older: [],
  };
  const answers: { target: string; settle: (answer: string | Error) => void }[] = [];
  let reconnect = () => {};
  const page = new PageLoad<string>(
    bridge,
    (listener) => {
      reconnect = listener;
      return () => (reconnect = () => {});
    },
    view,
    {
      reset: () => view.cleared++,
      load: async (target, current) => {
        const answer = await new Promise<string | Error>((settle) =>
          answers.push({ target, settle }),
        );
        if (answer instanceof Error) throw answer;
        if (current()) view.shown.push(answer);
        return retryAnswer;
      },
    },
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { bridge, view, page, answers, settle, reconnect: () => reconnect() };
}

describe('PageLoad', () => {
  it('shows the answer for the newest target only, however late an older one comes', async () => {
    const t = rig();
    const first = t.page.show('a');
    const second = t.page.show('b');
    expect(t.view.loading).toBe(true);
    t.answers[1]!.settle('page of b');
    t.answers[0]!.settle(new Error('a failed late'));
    await Promise.all([first, second]);
    expect(t.view).toMatchObject({ shown: ['page of b'], error: null, loading: false });
    expect(t.page.target).toBe('b');
  });

  it('clears for no target without loading anything', async () => {
    const t = rig();
    void t.page.show('a');
    await t.page.show(null);
    expect(t.view).toMatchObject({ loading: false, cleared: 2 });
    expect(t.answers).toHaveLength(1);
    await t.page.retry();
    expect(t.answers).toHaveLength(1);
  });

  it('shows a failure as the error and loads again once the bridge is back', async () => {
    const t = rig();
    const first = t.page.show('a');
    t.answers[0]!.settle(new Error('the connection was lost'));
    await first;
    expect(t.view).toMatchObject({ error: 'the connection was lost', loading: false });
    t.reconnect();
    expect(t.answers).toHaveLength(2);
    expect(t.view).toMatchObject({ error: null, loading: true });
    t.answers[1]!.settle('page of a');
    await t.settle();
    expect(t.view.shown).toEqual(['page of a']);
    // Loaded now: a later reconnect does not load again.
    t.reconnect();
    expect(t.answers).toHaveLength(2);
  });

  it('loads again an answer the pane calls worth another try, and on retry(), never while loading', async () => {
    const t = rig(true);
    const first = t.page.show('a');
    void t.page.retry(); // a load runs: nothing
    t.answers[0]!.settle('cached page of a');
    await first;
    expect(t.answers).toHaveLength(1);
    t.reconnect();
    expect(t.answers).toHaveLength(2);
    t.answers[1]!.settle('page of a');
    await t.settle();
    void t.page.retry();
    expect(t.answers).toHaveLength(3);
  });

  it('counts a further request only while its target stays shown, and ends it with its target', async () => {
    const t = rig();
    const first = t.page.show('a');
    t.answers[0]!.settle('page of a');
    await first;
    let busy = false;
    const older = (answer: Promise<string>) =>
      t.page.more({
        busy: (running) => (busy = running),
        request: () => answer,
        apply: (page) => t.view.older.push(page),
        failed: () => t.view.older.push('failed'),
      });
    const more = older(Promise.resolve('older of a'));
    expect(busy).toBe(true);
    await more;
    expect(busy).toBe(false);
    await older(Promise.reject(new Error('no older pages')));
    expect(t.view).toMatchObject({ older: ['older of a', 'failed'], error: 'no older pages' });

    let late: (page: string) => void = () => {};
    const stale = older(new Promise((resolve) => (late = resolve)));
    void t.page.show('b');
    late('older of a, late');
    await stale;
    expect(t.view.older).toEqual(['older of a', 'failed']);
    expect(busy).toBe(false); // ended with its target: b may page at once
  });

  it('drops a load in flight and stops listening on dispose', async () => {
    const t = rig();
    const first = t.page.show('a');
    t.page.dispose();
    t.answers[0]!.settle(new Error('too late'));
    await first;
    expect(t.view.error).toBeNull();
    expect(t.bridge.listenerCount()).toBe(0);
  });
});
