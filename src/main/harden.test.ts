import { EventEmitter } from 'node:events';
import type { App } from 'electron';
import { describe, expect, it } from 'vitest';
import { installAppHardening } from './harden';

/** A web contents and its session, recording the handlers the hardening installs. */
function fakeContents() {
  const session = {
    request: null as
      null | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
    check: null as null | (() => boolean),
    device: null as null | (() => boolean),
    setPermissionRequestHandler(handler: typeof this.request) {
      this.request = handler;
    },
    setPermissionCheckHandler(handler: typeof this.check) {
      this.check = handler;
    },
    setDevicePermissionHandler(handler: typeof this.device) {
      this.device = handler;
    },
  };
  const contents = Object.assign(new EventEmitter(), {
    session,
    openHandler: null as null | ((details: { url: string }) => { action: string }),
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    },
  });
  return contents;
}

/** Emits an event with a preventDefault spy; answers whether it was prevented. */
function prevented(
  contents: EventEmitter,
  name: string,
  details: Record<string, unknown> = {},
): boolean {
  let stopped = false;
  contents.emit(name, {
    ...details,
    preventDefault: () => {
      stopped = true;
    },
  });
  return stopped;
}

function setUp() {
  const app = new EventEmitter();
  const logs: string[] = [];
  installAppHardening(app as unknown as App, { devServerOrigin: null }, (m) => void logs.push(m));
  const contents = fakeContents();
  app.emit('web-contents-created', {}, contents);
  return { app, contents, logs };
}

describe('installAppHardening', () => {
  it('lets pages navigate within the app only', () => {
    const { contents, logs } = setUp();
    expect(prevented(contents, 'will-navigate', { url: 'app://marketdesk/index.html' })).toBe(
      false,
    );
    expect(prevented(contents, 'will-navigate', { url: 'https://example.com/' })).toBe(true);
    expect(prevented(contents, 'will-redirect', { url: 'https://example.com/' })).toBe(true);
    expect(
      prevented(contents, 'will-frame-navigate', {
        url: 'https://example.com/',
        isMainFrame: false,
      }),
    ).toBe(true);
    expect(logs).toHaveLength(3);
  });

  it('denies every window.open and <webview>', () => {
    const { contents } = setUp();
    expect(contents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'app://marketdesk/index.html' })).toEqual({
      action: 'deny',
    });
    expect(prevented(contents, 'will-attach-webview')).toBe(true);
  });

  it('denies permission requests and checks', () => {
    const { contents } = setUp();
    const answers: boolean[] = [];
    contents.session.request?.({}, 'notifications', (granted) => answers.push(granted));
    contents.session.request?.({}, 'media', (granted) => answers.push(granted));
    expect(answers).toEqual([false, false]);
    expect(contents.session.check?.()).toBe(false);
    expect(contents.session.device?.()).toBe(false);
  });
});
