/** Test support: what a test starts (a simulator, a host, a stream rig) is closed after it. */
import { afterEach } from 'vitest';

/**
 * `make`, wrapped: whatever it starts is closed after each test, all at once. Call at a
 * suite's top level (it registers the `afterEach`).
 */
export function closeAfterEach<A extends unknown[], T extends { close(): unknown }>(
  make: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  const open: T[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((x) => x.close()));
  });
  return async (...args) => {
    const started = await make(...args);
    open.push(started);
    return started;
  };
}
