/**
 * Which session an intraday bar of an instrument falls in, from its market's calendar
 * (src/shared/calendar): null for a market without pre- or post-market sessions, so a
 * chart of it shades nothing.
 */
import type { AssetClass } from '../../../../shared/model';
import type { SessionKind } from './session-marks';

export function sessionClassifier(
  cls: AssetClass,
  region: string,
): ((time: number) => SessionKind) | null {
  // Interim: the calendar module's extended sessions land with the calendar contract.
  void cls;
  void region;
  return null;
}
