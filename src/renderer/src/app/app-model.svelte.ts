/**
 * The composition root of the renderer: builds the state classes over one bridge
 * and wires their listeners. Components reach it through Svelte context
 * (`getApp()`), so the recursive layout components need no prop drilling.
 */
import { createContext } from 'svelte';
import type { MarketdeskBridge, SaveFileRequest } from '../../../shared/bridge';
import { HostConnection } from '../base/bridge/host-connection.svelte';
import type { HostTransport } from '../base/bridge/host-transport';
import { reconnectsOf } from '../panes/common/retry-when-back';
import { PaneContexts } from '../workspace/pane-context';
import { WorkspaceState } from '../workspace/workspace-state.svelte';
import { ConfirmState } from './confirm-state.svelte';
import { shortcutText } from '../base/keybindings';
import { PaletteState } from './palette-state.svelte';
import { saveFile } from '../base/save-file';
import type { Route } from './route';
import { SettingsState } from './settings-state.svelte';
import { StatusState } from './status-state.svelte';
import { ReplayState } from './replay/replay-state.svelte';
import { ToastState } from './toast-state.svelte';
import { RecordingState } from './recording-state.svelte';
import { errorMessage } from '../../../shared/errors';
import { DisposableStore } from '../../../shared/emitter';
import { AlertList } from '../alerts/alert-list.svelte';
import { followFirings } from '../alerts/alert-firing';
import { FiredAlerts } from '../alerts/fired-alerts.svelte';
import { makeAlert } from '../alerts/make-alert';
import type { DeepLink } from '../../../shared/deep-link';
import { deepLinkQuery } from '../../../shared/deep-link';
import { parseSymbolCommand } from '../workspace/palette-parse';

export class AppModel {
  readonly workspace: WorkspaceState;
  readonly status: StatusState;
  readonly settings: SettingsState;
  readonly connection = new HostConnection();
  readonly contexts: PaneContexts;
  readonly palette: PaletteState;
  /** The price alerts (the palette makes them; firings notify and sound in every window). */
  readonly alerts: AlertList;
  /** Fired alerts shown in the window until dismissed, and the status bar's count. */
  readonly fired = new FiredAlerts();
  /** The one question before a destructive action. */
  readonly confirm = new ConfirmState();
  /** The one short-lived message with an action (Undo). */
  readonly toasts = new ToastState();
  /** The recording of what the workspace shows: the REC indicator, its switches, Settings. */
  readonly recording: RecordingState;
  /** The replay bar: the running replay, the spans to pick from. */
  readonly replay: ReplayState;

  settingsOpen = $state(false);
  /** The settings section to bring into view and focus when the dialog opens. */
  settingsSection = $state<'token' | null>(null);
  saveAsOpen = $state(false);
  /** The keyboard cheat sheet (`?`). */
  shortcutsOpen = $state(false);
  /** A short-lived message (pop-out refused, theme not saved…). */
  message = $state<string | null>(null);

  constructor(
    readonly bridge: MarketdeskBridge,
    private readonly host: HostTransport | null,
    readonly route: Route,
  ) {
    // A pane that went in as a tab rather than the split asked for says so.
    this.workspace = new WorkspaceState({ bridge, note: (text) => this.toasts.show({ text }) });
    this.status = new StatusState(bridge, () => this.replay.now());
    this.replay = new ReplayState(bridge);
    this.settings = new SettingsState(bridge);
    this.palette = new PaletteState(bridge);
    this.alerts = new AlertList(bridge);
    this.recording = new RecordingState(bridge);
    this.contexts = new PaneContexts({
      bridge,
      workspace: this.workspace,
      status: () => this.status.status,
      settings: () => this.settings.settings,
      clock: this.replay,
      poppedOut: route.paneId !== null,
      reconnects: host ? reconnectsOf(host) : () => () => {},
      saveFile: (file) => this.exportFile(file),
      deleteWatchlist: (id) => this.deleteWatchlist(id),
      makeAlert: async (draft, price) => {
        const made = await makeAlert(this, draft, price);
        if (made === null) this.message = `The alert was not made: ${this.alerts.problem}`;
        return made;
      },
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

  /**
   * Tells the main side what the focused pane shows, as it changes: the stream serves
   * that symbol first of all (the plan's few subscriptions go where the user works).
   */
  #followFocus(): () => void {
    let last = '';
    return $effect.root(() => {
      $effect(() => {
        const pane = this.workspace.focusedPane;
        const symbol = pane ? this.workspace.symbolOf(pane) : null;
        const instrument = symbol && {
          class: symbol.class,
          region: symbol.region,
          exchange: symbol.exchange,
          code: symbol.code,
        };
        const key = JSON.stringify(instrument);
        if (key === last) return;
        last = key;
        this.bridge.invoke('setFocus', { instrument }).catch(() => {});
      });
    });
  }

  /** Starts everything; returns the function that stops it. */
  start(win: Window): () => void {
    const store = new DisposableStore();
    // Added first, so given up last: the last save goes out once everything has stopped.
    const flush = () => void this.workspace.flush();
    store.add(flush);
    store.add(this.connection.follow(this.host));
    store.add(this.status.start());
    store.add(this.replay.start());
    store.add(this.bridge.on('workspace', (document) => this.workspace.applyRemote(document)));
    store.add(
      followFirings({
        bridge: this.bridge,
        win,
        settings: () => this.settings.settings,
        playsSound: this.route.paneId === null,
      }),
    );
    store.add(() => this.alerts.dispose());
    // Seen in the main window whatever the notification permission (a pop-out has
    // no status bar, and the main window shows every firing).
    if (this.route.paneId === null) store.add(this.fired.follow(this.bridge));
    store.add(this.bridge.on('openSymbol', (link) => void this.openLink(link)));
    store.add(this.#followFocus());
    // The workspace first: its panes' subscriptions go out as soon as it is in, ahead
    // of what the first screen does not wait for (the alerts list, for firings and menus).
    void this.workspace.load();
    void this.settings.load();
    this.alerts.start();

    const visibility = () => {
      this.bridge
        .invoke('setVisibility', { visible: win.document.visibilityState === 'visible' })
        .catch(() => {});
    };
    visibility();
    win.document.addEventListener('visibilitychange', visibility);
    store.add(() => win.document.removeEventListener('visibilitychange', visibility));
    win.addEventListener('pagehide', flush);
    store.add(() => win.removeEventListener('pagehide', flush));
    return () => store.dispose();
  }

  /** Shows a pane and moves keyboard focus to its tab. */
  showPane(paneId: string): void {
    this.workspace.activateTab(paneId);
    this.workspace.focusPane(paneId);
    // The tab exists once the layout re-renders.
    requestAnimationFrame(() => document.getElementById(`tab-${paneId}`)?.focus());
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

  // ---------------------------------------------------------- workspace, safely

  /** Closes a pane at once, with a toast to bring it back (Undo). */
  closePane(paneId: string): void {
    const title = this.workspace.paneById(paneId)?.title ?? 'Pane';
    if (!this.workspace.removePane(paneId)) return;
    this.toasts.show({
      text: `${title} closed`,
      action: { label: 'Undo', run: () => this.undo() },
    });
  }

  /** Undoes the last workspace change, saying which, with Redo at hand. */
  undo(): void {
    this.#sayStep(this.workspace.undo(), 'Undone', 'Nothing to undo', 'Redo', () => this.redo());
  }

  redo(): void {
    this.#sayStep(this.workspace.redo(), 'Redone', 'Nothing to redo', 'Undo', () => this.undo());
  }

  /** Says which change an undo or redo took (`label`; null: none), with the way back. */
  #sayStep(label: string | null, done: string, none: string, back: string, run: () => void) {
    this.toasts.show(
      label ? { text: `${done}: ${label}`, action: { label: back, run } } : { text: none },
    );
  }

  /** Brings the default layouts back, once the user says so. */
  async resetLayouts(): Promise<void> {
    const custom = this.workspace.layouts.length;
    const yes = await this.confirm.ask({
      title: 'Reset layouts?',
      message: `All ${custom} layouts are replaced by the default ones (watchlists stay). Undo (${shortcutText('app', 'undo')}) can bring them back.`,
      confirm: 'Reset layouts',
    });
    if (yes) this.workspace.resetLayouts();
  }

  async deleteLayout(name: string): Promise<void> {
    const yes = await this.confirm.ask({
      title: `Delete layout “${name}”?`,
      message: `Its panes and their settings go with it. Undo (${shortcutText('app', 'undo')}) can bring it back.`,
      confirm: 'Delete layout',
    });
    if (yes) this.workspace.deleteLayout(name);
  }

  /**
   * Saves the shown layout under a name, asking first when that replaces another
   * layout; answers a problem to show, or null (saved, or the user kept the old one).
   */
  async saveLayoutAs(name: string): Promise<string | null | 'kept'> {
    const trimmed = name.trim();
    const replaces = trimmed !== this.workspace.activeName;
    if (replaces && this.workspace.layouts.some((l) => l.name === trimmed)) {
      const yes = await this.confirm.ask({
        title: `Replace layout “${trimmed}”?`,
        message: 'A layout of that name exists: it is replaced by the one shown.',
        confirm: 'Replace',
      });
      if (!yes) return 'kept';
    }
    return this.workspace.saveLayoutAs(trimmed);
  }

  /** Deletes a watchlist at once, with a toast to bring it back; answers a problem or null. */
  deleteWatchlist(id: string): string | null {
    const name = this.workspace.watchlists.find((w) => w.id === id)?.name ?? 'List';
    const problem = this.workspace.deleteWatchlist(id);
    if (problem) return problem;
    this.toasts.show({
      text: `Watchlist “${name}” deleted`,
      action: { label: 'Undo', run: () => this.undo() },
    });
    return null;
  }

  /** Saves an export (a save dialog, or a download in a browser) and says where it went. */
  async exportFile(file: SaveFileRequest): Promise<void> {
    try {
      const answer = await saveFile(this.bridge, file);
      if (answer.download) this.toasts.show({ text: `Downloaded ${file.name}` });
      else if (answer.path) this.toasts.show({ text: `Saved ${answer.path}` });
    } catch (error) {
      this.message = `Could not save ${file.name}: ${errorMessage(error)}`;
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
    this.showPane(this.workspace.goTo(checked));
  }

  async toggleTheme(): Promise<void> {
    const problem = await this.settings.toggleTheme();
    if (problem) this.message = `The theme could not be saved: ${problem}`;
  }
}

/** `setApp` gives the shell's model to its components; `getApp` reads it (throws outside the shell). */
export const [getApp, setApp] = createContext<AppModel>();
