/**
 * Saves an export the way the shell says: Electron asks where with its save dialog
 * and writes the file; the browser host answers `download`, and the page downloads
 * the text itself (a Blob and an `<a download>`), so nothing crosses to its disk.
 */
import type { MarketdeskBridge, SaveFileAnswer, SaveFileRequest } from '../../../shared/bridge';
import { systemTimers, timeout, type Timers } from '../../../shared/timers';

/** What the page's download needs of the window: its document, the URL maker, timers. */
export interface DownloadTarget {
  document: Document;
  url: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  timers: Timers;
}

const pageTarget = (): DownloadTarget => ({ document, url: URL, timers: systemTimers });

export async function saveFile(
  bridge: MarketdeskBridge,
  request: SaveFileRequest,
  target: DownloadTarget = pageTarget(),
): Promise<SaveFileAnswer> {
  const answer = await bridge.invoke('saveFile', request);
  if (answer.download) download(target, request);
  return answer;
}

function download(target: DownloadTarget, { name, type, text }: SaveFileRequest): void {
  const doc = target.document;
  const url = target.url.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once this task ends.
  timeout(target.timers, () => target.url.revokeObjectURL(url), 0);
}
