/**
 * Saving an export in Electron: the system's save dialog, opened in the user's
 * Downloads folder with the suggested name and a filter for its extension, then an
 * atomic write (a failed write leaves no half file). Electron's dialog and the file
 * system are injected, so this runs in tests without either.
 */
import path from 'node:path';
import type { SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import { BridgeFailure } from '../core/bridge';
import { errorMessage } from '../shared/errors';
import type { SaveFileAnswer, SaveFileRequest } from '../shared/bridge';

export interface SaveDialogDeps {
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  /** The folder the dialog opens in (Downloads). */
  folder: string;
  write(file: string, text: string): void;
}

/** Asks where, then writes; `path: null` when the user cancelled. */
export async function saveWithDialog(
  request: SaveFileRequest,
  deps: SaveDialogDeps,
): Promise<SaveFileAnswer> {
  // The schema checked it already; this is the call that touches the disk.
  if (path.basename(request.name) !== request.name || request.name.startsWith('.')) {
    throw new BridgeFailure('bad-argument', 'saveFile: the name must be a bare file name');
  }
  const extension = path.extname(request.name).slice(1);
  const answer = await deps.showSaveDialog({
    defaultPath: path.join(deps.folder, request.name),
    filters: [
      { name: `${extension.toUpperCase()} file`, extensions: [extension] },
      { name: 'All files', extensions: ['*'] },
    ],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (answer.canceled || !answer.filePath) return { path: null, download: false };
  try {
    deps.write(answer.filePath, request.text);
  } catch (error) {
    throw new BridgeFailure('storage', `Could not save ${answer.filePath}: ${errorMessage(error)}`);
  }
  return { path: answer.filePath, download: false };
}
