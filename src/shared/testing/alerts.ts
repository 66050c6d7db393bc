/** An alert for tests: an active "AAPL US above 230" made on demo data, with `patch` over it. */
import type { Alert } from '../model';

export function testAlert(patch: Partial<Alert> = {}): Alert {
  return {
    id: 'a1',
    instrument: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
    condition: { kind: 'above', price: 230 },
    repeat: 'once',
    state: 'active',
    source: 'demo',
    createdAt: 0,
    lastFired: null,
    firedCount: 0,
    ...patch,
  };
}
