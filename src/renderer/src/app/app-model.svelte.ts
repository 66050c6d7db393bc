/**
 * The composition root of the renderer: builds the state classes over one bridge
 * and wires their listeners. Components reach it through Svelte context
 * (`getApp()`), so the recursive layout components need no prop drilling.
 */
import { getContext, setContext } from 'svelte';
import type { MarketdeskBridge } from '../../../shared/bridge';
import { HostConnection } from '../bridge/host-connection.svelte';
import type { HostTransport } from '../bridge/host-transport';
import { reconnectsOf } from '../panes/common/retry-when-back';
import { PaneContexts } from '../workspace/pane-context';
import { WorkspaceState } from '../workspace/workspace-state.svelte';
import { PaletteState } from './palette-state.svelte';
import type { Route } from './route';
import { SettingsState } from './settings-state.svelte';
import { StatusState } from './status-state.svelte';
import { errorMessage } from '../../../shared/errors';
import type { DeepLink } from '../../../shared/deep-link';
import { deepLinkQuery } from '../../../shared/deep-link';
import { parseSymbolCommand } from './palette-parse';

export class AppModel {
  readonly workspace: WorkspaceState;
  readonly status: StatusState;
  readonly settings: SettingsState;
  readonly connection = new HostConnection();
  readonly contexts: PaneContexts;
  readonly palette: PaletteState;

  settingsOpen = $state(false);
  /** The settings section to bring into view and focus when the dialog opens. */
  settingsSection = $state<'token' | null>(null);
  saveAsOpen = $state(false);
  /** A short-lived message (pop-out refused, theme not saved…). */
  message = $state<string | null>(null);

  constructor(
    readonly bridge: MarketdeskBridge,
    private readonly host: HostTransport | null,
    readonly route: Route,
  ) {
    this.workspace = new WorkspaceState({ bridge });
    this.status = new StatusState(bridge);
    this.settings = new SettingsState(bridge);
    this.palette = new PaletteState(bridge);
    this.contexts = new PaneContexts({
      bridge,
      workspace: this.workspace,
      status: () => this.status.status,
      settings: () => this.settings.settings,
      poppedOut: route.paneId !== null,
      reconnects: host ? reconnectsOf(host) : () => () => {},
    });
  }

  get paletteOpen(): boolean {
    return this.palette.open;
  }
  set paletteOpen(open: boolean) {
    if (open) this.palette.show();
    else this.palette.close();
  }

  /** Opens the settings, at a section when given (the status bar's "Set a new token"). */
  openSettings(section: 'token' | null = null): void {
    this.settingsSection = section;
    this.settingsOpen = true;
  }

  /** Starts everything; returns the function that stops it. */
  start(win: Window): () => void {
    const stops = [
      this.connection.follow(this.host),
      this.status.start(),
      this.bridge.on('workspace', (document) => this.workspace.applyRemote(document)),
      this.bridge.on('openSymbol', (link) => void this.openLink(link)),
    ];
    void this.settings.load();
    void this.workspace.load();

    const visibility = () => {
      this.bridge
        .invoke('setVisibility', { visible: win.document.visibilityState === 'visible' })
        .catch(() => {});
    };
    visibility();
    win.document.addEventListener('visibilitychange', visibility);
    const flush = () => void this.workspace.flush();
    win.addEventListener('pagehide', flush);
    return () => {
      for (const stop of stops) stop();
      win.document.removeEventListener('visibilitychange', visibility);
      win.removeEventListener('pagehide', flush);
      flush();
    };
  }

  /** Pops a pane out into its own window (the shell opens it in Electron; we do in a browser). */
  async popOut(paneId: string): Promise<void> {
    const pane = this.workspace.paneById(paneId);
    if (!pane) return;
    try {
      // The new window loads the saved workspace: save first so it finds this pane.
      await this.workspace.flush();
      const { openUrl } = await this.bridge.invoke('popOut', {
        paneId,
        title: pane.title,
        width: 720,
        height: 520,
      });
      if (openUrl) {
        const opened = window.open(openUrl, `marketdesk-${paneId}`, 'popup,width=720,height=520');
        if (!opened) this.message = 'The pop-out window was blocked: allow pop-ups for this page.';
      }
    } catch (error) {
      this.message = `Could not pop the pane out: ${errorMessage(error)}`;
    }
  }

  /**
   * A `marketdesk://` link (the shell sends it to the main window): the palette opens
   * with the link's words, the symbol is checked with the source as a typed one is,
   * and shown when it passes; when it does not, the palette stays open saying why.
   */
  async openLink(link: DeepLink): Promise<void> {
    if (this.route.paneId !== null) return;
    const query = deepLinkQuery(link);
    const command = parseSymbolCommand(query);
    if (!command) {
      this.message = `The link's symbol could not be read: ${query}`;
      return;
    }
    this.palette.show();
    this.palette.query = query;
    this.palette.edited();
    const checked = await this.palette.check(command);
    if (!checked) return;
    this.palette.close();
    this.workspace.goTo(checked);
  }

  async toggleTheme(): Promise<void> {
    const problem = await this.settings.toggleTheme();
    if (problem) this.message = `The theme could not be saved: ${problem}`;
  }
}

const KEY = Symbol('marketdesk-app');

export function setApp(app: AppModel): void {
  setContext(KEY, app);
}

export function getApp(): AppModel {
  const app = getContext<AppModel | undefined>(KEY);
  if (!app) throw new Error('Marketdesk: getApp() outside the app shell');
  return app;
}
