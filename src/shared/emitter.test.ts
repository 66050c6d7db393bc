import { describe, expect, it, vi } from 'vitest';
import { DisposableStore, Emitter, toDisposable } from './emitter';

describe('Emitter', () => {
  it('tells every listener, in order, until each is disposed', () => {
    const emitter = new Emitter<number>();
    const heard: string[] = [];
    const a = emitter.event((v) => heard.push(`a${v}`));
    emitter.event((v) => heard.push(`b${v}`));
    emitter.fire(1);
    a.dispose();
    a.dispose();
    emitter.fire(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('keeps telling the others when one listener throws, and reports the error', () => {
    const onListenerError = vi.fn();
    const emitter = new Emitter<string>({ onListenerError });
    const heard: string[] = [];
    emitter.event(() => {
      throw new Error('boom');
    });
    emitter.event((v) => heard.push(v));
    emitter.fire('x');
    expect(heard).toEqual(['x']);
    expect(onListenerError).toHaveBeenCalledWith(new Error('boom'));
  });

  it('does not call a listener removed by an earlier one during the same fire', () => {
    const emitter = new Emitter<void>();
    const heard: string[] = [];
    const second = { dispose: () => undefined };
    emitter.event(() => {
      heard.push('first');
      second.dispose();
    });
    Object.assign(
      second,
      emitter.event(() => heard.push('second')),
    );
    emitter.fire();
    expect(heard).toEqual(['first']);
  });

  it('reaches no one after dispose, and counts the same function twice', () => {
    const emitter = new Emitter<number>();
    const listener = vi.fn();
    emitter.event(listener);
    emitter.event(listener);
    emitter.fire(1);
    expect(listener).toHaveBeenCalledTimes(2);
    emitter.dispose();
    expect(emitter.hasListeners).toBe(false);
    emitter.event(listener);
    emitter.fire(2);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('DisposableStore', () => {
  it('disposes everything once, newest first, and at once what comes later', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(() => order.push('a'));
    store.add(toDisposable(() => order.push('b')));
    store.dispose();
    store.dispose();
    store.add(() => order.push('late'));
    expect(order).toEqual(['b', 'a', 'late']);
    expect(store.isDisposed).toBe(true);
  });

  it('disposes the rest when one throws, then rethrows', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(() => order.push('a'));
    store.add(() => {
      throw new Error('bad');
    });
    expect(() => store.dispose()).toThrow('bad');
    expect(order).toEqual(['a']);
  });
});
