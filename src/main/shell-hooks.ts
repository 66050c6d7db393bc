/**
 * The bridge commands that need the window system (`ShellHooks` of src/core/bridge):
 * opening a vetted news link in the system browser, popping a pane out into its own
 * window, and saving an export where the user says.
 */
import type { ShellHooks } from '../core/bridge';
import { BridgeFailure } from '../core/bridge';
import type { PopOutRequest, SaveFileAnswer, SaveFileRequest } from '../shared/bridge';
import { isWebUrl } from '../shared/urls';

export interface ShellHooksOptions {
  /** Electron's `shell.openExternal`. */
  openExternal(url: string): Promise<void>;
  /** Opens (or focuses) a pane's pop-out window. */
  popOut(request: PopOutRequest): { windowId: string; openUrl: null };
  /** Asks where with a save dialog and writes the file (./save-dialog). */
  saveFile(request: SaveFileRequest): Promise<SaveFileAnswer>;
  /**
   * Asks, in a native message box, whether to turn updates on; null when this app never
   * updates (not packaged).
   */
  confirmAutoUpdate(): Promise<boolean | null>;
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
    async saveFile(request, _clientId) {
      return options.saveFile(request);
    },
    async confirmAutoUpdate(_clientId) {
      return options.confirmAutoUpdate();
    },
  };
}
