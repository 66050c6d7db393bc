/**
 * The command line and a service that repeats the token in its errors: what it prints
 * carries the app's mask, never the token, and a one-letter token garbles nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, REDACT_PREFIX_LENGTH, encodedForms } from '../core/redact';
import {
  startTokenEchoService,
  type EchoMode,
  type TokenEchoService,
} from '../core/testing/token-echo-service';
import { cliHarness, type CliHarness } from './test-harness';

const TOKEN = 'CLIECHOCANARY_a41f9e';

let echo: TokenEchoService;
let h: CliHarness;
beforeAll(async () => {
  echo = await startTokenEchoService();
  h = cliHarness();
});
afterAll(async () => {
  h.cleanup();
  await echo.close();
});

describe('marketdesk against a token-echoing service', () => {
  it.each([
    ['--token', (url: string) => ({ flags: ['--base-url', url, '--token', TOKEN], env: {} })],
    [
      'MARKETDESK_TOKEN',
      // The environment token goes only to the environment's service.
      (url: string) => ({ flags: [], env: { MARKETDESK_TOKEN: TOKEN, MARKETDESK_BASE_URL: url } }),
    ],
  ])('prints the mask, never the token (%s)', async (_label, given) => {
    const { flags, env } = given(echo.url);
    const argv = ['info', '--code', 'AAPL', '--region', 'US', '--no-cache'];
    for (const json of [[], ['--json']]) {
      const r = await h.cli([...argv, ...flags, ...json], env);
      expect(r.code).toBe(1);
      expect(echo.tokens.at(-1)).toBe(TOKEN);
      expect(r.stdout + r.stderr).not.toContain(TOKEN);
      expect(r.stderr).toContain(`for token ${REDACTED}`);
    }
  });

  it('does not garble its messages with a one-letter token', async () => {
    const r = await h.cli(
      `info --code AAPL --region US --base-url ${echo.url} --no-cache --token T`,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The market data service reported an error');
    expect(r.stderr).toContain(`for token ${REDACTED};`);
    expect(r.stderr).not.toContain(`${REDACTED}he`);
  });

  // Findings 1 and 4 of the second audit: the URL-encoded echo reached stderr whole, a
  // body starting with the token 30 of its characters, a record field 40.
  const ENCODABLE = 'CLI+Echo/Canary=7d3f9a1c5e8b2d4f6a0c9e7b5d3f1a8c';
  it.each<[EchoMode, string]>([
    [{ kind: 'envelope', encoding: 'url' }, 'info --code AAPL --region US'],
    [{ kind: 'http', status: 400, encoding: 'base64' }, 'info --code AAPL --region US'],
    [{ kind: 'envelope', encoding: 'hex' }, 'info --code AAPL --region US'],
    [{ kind: 'text' }, 'info --code AAPL --region US'],
    [{ kind: 'field' }, 'quotes stock --codes AAPL --region US'],
  ])('prints no form of a token echoed encoded or cut short (%o)', async (mode, command) => {
    echo.mode = mode;
    try {
      const argv = [...command.split(' '), '--no-cache', '--base-url', echo.url];
      const r = await h.cli([...argv, '--token', ENCODABLE]);
      expect(r.code).not.toBe(0);
      expect(echo.tokens.at(-1)).toBe(ENCODABLE);
      for (const form of encodedForms(ENCODABLE)) {
        expect(r.stdout + r.stderr).not.toContain(form.slice(0, REDACT_PREFIX_LENGTH));
      }
      expect(r.stderr).toContain(REDACTED);
    } finally {
      echo.mode = { kind: 'envelope' };
    }
  });
});
