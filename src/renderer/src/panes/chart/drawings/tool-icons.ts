/** The drawing tools' icons: one SVG path each, on a 16 × 16 grid, stroked. */
import type { DrawingKind } from '../../../../../shared/model';

export const TOOL_ICONS: Readonly<Record<DrawingKind, string>> = {
  hline: 'M1 8H15',
  ray: 'M2 13L14 3M2 13m-1.5 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0',
  trend:
    'M3 12L13 4M3 12m-1.5 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0M13 4m-1.5 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0',
  rect: 'M2.5 4.5H13.5V11.5H2.5Z',
  fib: 'M1 2.5H15M1 6H15M1 9H15M1 13.5H15',
  text: 'M3 3.5H13M8 3.5V13.5M6 13.5H10',
};
