/**
 * The palette's per-symbol recording switch for the focused pane's symbol: "Stop
 * recording BTCUSDT" or "Record BTCUSDT again", the same switch as the REC popover's
 * checkbox. Offered only for a symbol the recording lists (one the workspace shows),
 * and only while recording is on and works.
 */
import { instrumentKey, type RecordedSymbol, type RecordingStatus } from '../../../shared/model';
import type { SymbolRef } from '../workspace/symbol-ref';
import type { PaletteItem } from './palette-items';

/** The recording's entry for `symbol`, or null (none shown, or recording off or failing). */
export function recordingSwitchItem(
  status: RecordingStatus | null,
  symbol: SymbolRef | null,
  setRecorded: (symbol: RecordedSymbol, on: boolean) => void,
): PaletteItem | null {
  if (!status || !symbol || (status.state !== 'recording' && status.state !== 'idle')) return null;
  // A stock keeps its exchange; the other classes have none.
  const key = instrumentKey({
    ...symbol,
    exchange: symbol.class === 'stock' ? symbol.exchange : '',
  });
  const shown = status.symbols.find((s) => instrumentKey(s.instrument) === key);
  if (!shown) return null;
  return {
    id: 'record-symbol',
    label: shown.recorded ? `Stop recording ${symbol.code}` : `Record ${symbol.code} again`,
    hint: shown.recorded ? 'its frames stop being kept' : 'switched off now',
    keywords: 'recording rec switch symbol pause resume',
    run: () => setRecorded(shown, !shown.recorded),
  };
}
