/**
 * The bridge commands that need the window system (`ShellHooks` of src/core/bridge):
 * opening a vetted news link in the system browser, popping a pane out into its own
 * window, and saving a file where the user says in a save dialog.
 */
import { writeFile } from 'node:fs/promises';
import type { ShellHooks } from '../core/bridge';
import { BridgeFailure } from '../core/bridge';
import type { PopOutRequest } from '../shared/bridge';
import { errorMessage } from '../shared/errors';
import { isWebUrl } from '../shared/urls';

export interface ShellHooksOptions {
  /** Electron's `shell.openExternal`. */
  openExternal(url: string): Promise<void>;
  /** Opens (or focuses) a pane's pop-out window. */
  popOut(request: PopOutRequest): { windowId: string; openUrl: null };
  /** Electron's save dialog, suggesting `name`: the chosen path, or null when cancelled. */
  chooseSavePath(name: string): Promise<string | null>;
}

/** Builds the hooks the bridge server calls. */
export function createShellHooks(options: ShellHooksOptions): ShellHooks {
  return {
    async openExternal(url) {
      // The bridge already checked the link came from a news item; the scheme is
      // checked again here because this is the call that hands it to the OS.
      if (!isWebUrl(url)) {
        throw new BridgeFailure('forbidden', 'openExternal: only http(s) links can be opened');
      }
      await options.openExternal(url);
    },
    async popOut(request, _clientId) {
      return options.popOut(request);
    },
    async saveFile({ name, text }) {
      const path = await options.chooseSavePath(name);
      if (path === null) return { outcome: 'cancelled' };
      try {
        await writeFile(path, text, 'utf8');
      } catch (error) {
        throw new BridgeFailure('internal', `Could not save ${path}: ${errorMessage(error)}`);
      }
      return { outcome: 'saved', path };
    },
  };
}
