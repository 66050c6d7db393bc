import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../../shared/bridge';
import { ApiError } from '../api';
import { StoreError } from '../settings';
import { createDispatcher, type CommandHandlers } from './dispatcher';
import { BridgeFailure } from './errors';

const ctx = { clientId: 'c1', send: (_m: BridgeEventMessage) => undefined };
const notUsed = async (): Promise<never> => {
  throw new Error('not used');
};

/** A table whose getStatus throws `error`; every other handler is unused. */
function throwing(error: unknown): CommandHandlers {
  return {
    subscribe: notUsed,
    unsubscribe: notUsed,
    loadCandles: notUsed,
    loadNews: notUsed,
    getInfo: notUsed,
    checkSymbol: notUsed,
    searchSymbols: notUsed,
    setToken: notUsed,
    clearToken: notUsed,
    getStatus: async () => {
      throw error;
    },
    getFeedPlan: notUsed,
    testConnection: notUsed,
    getSettings: notUsed,
    setSettings: notUsed,
    setAutoUpdate: notUsed,
    openExternal: notUsed,
    popOut: notUsed,
    saveFile: notUsed,
    setVisibility: notUsed,
    setFocus: notUsed,
    loadWorkspace: notUsed,
    saveWorkspace: notUsed,
    listAlerts: notUsed,
    createAlert: notUsed,
    updateAlert: notUsed,
    deleteAlert: notUsed,
    loadDrawings: notUsed,
    saveDrawing: notUsed,
    deleteDrawing: notUsed,
    loadRegionEvents: notUsed,
    loadChartEvents: notUsed,
    getRecording: notUsed,
    setRecorded: notUsed,
    replaySpans: notUsed,
    replayStart: notUsed,
    replayControl: notUsed,
    replayStop: notUsed,
    getReplay: notUsed,
    loadDepthHistory: notUsed,
    loadTrades: notUsed,
  };
}

describe('dispatcher errors', () => {
  it('answers a thrown Error as internal with its first line, never a stack', async () => {
    const error = new Error('disk on fire\n    at secret.js:1:1');
    const r = await createDispatcher(throwing(error))('getStatus', {}, ctx);
    expect(r).toEqual({
      ok: false,
      error: { code: 'internal', message: 'getStatus failed: disk on fire' },
    });
    expect(JSON.stringify(r)).not.toMatch(/\bat .*:\d+:\d+/);
    expect(Object.keys((r as { error: object }).error).sort()).toEqual(['code', 'message']);
  });

  it('keeps the code of BridgeFailure, StoreError and ApiError', async () => {
    const cases: [unknown, string][] = [
      [new BridgeFailure('not-found', 'gone'), 'not-found'],
      [new StoreError('storage', 'Could not save'), 'storage'],
      [
        new ApiError({ kind: 'auth', operation: 'quotes', message: 'The token was refused' }),
        'api',
      ],
      ['a string', 'internal'],
      [{ code: 'SQLITE_FULL', message: 'database or disk is full' }, 'storage'],
    ];
    for (const [error, code] of cases) {
      const r = await createDispatcher(throwing(error))('getStatus', {}, ctx);
      expect(r).toMatchObject({ ok: false, error: { code } });
    }
  });

  it('redacts secrets from every error message', async () => {
    const dispatch = createDispatcher(throwing(new Error('bad token SECRET-1 sent')), {
      redact: (text) => text.split('SECRET-1').join('[redacted]'),
    });
    const r = await dispatch('getStatus', {}, ctx);
    expect(JSON.stringify(r)).not.toContain('SECRET-1');
    expect(r).toMatchObject({ error: { message: 'getStatus failed: bad token [redacted] sent' } });
  });

  it('never calls a handler with arguments that failed validation', async () => {
    let called = false;
    const table = throwing(new Error('x'));
    table.getStatus = async () => {
      called = true;
      throw new Error('x');
    };
    const r = await createDispatcher(table)('getStatus', { extra: true }, ctx);
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(called).toBe(false);
  });
});
