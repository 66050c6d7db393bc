/**
 * Saves an export the way the shell says: Electron asks where with its save dialog
 * and writes the file; the browser host answers `download`, and the page downloads
 * the text itself (a Blob and an `<a download>`), so nothing crosses to its disk.
 */
import type { MarketdeskBridge, SaveFileAnswer, SaveFileRequest } from '../../../shared/bridge';

export async function saveFile(
  bridge: MarketdeskBridge,
  request: SaveFileRequest,
  doc: Document = document,
): Promise<SaveFileAnswer> {
  const answer = await bridge.invoke('saveFile', request);
  if (answer.download) download(doc, request);
  return answer;
}

function download(doc: Document, { name, type, text }: SaveFileRequest): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
