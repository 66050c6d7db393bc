import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, stockQuoteAAPL } from './fixtures/samples';
import { sendJson, startTestServer, testClient, useTestServer } from './test-helpers';

const TOKEN = 'secret-token-123';
const a = useTestServer();
/** Where a redirect points: it must never see the token. */
const b = useTestServer();
beforeEach(() => {
  b.handle((_req, res) => sendJson(res, envelope({ AAPL: stockQuoteAAPL })));
});

const client = (baseUrl: string, token = TOKEN) => testClient(baseUrl, { token });

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])(
    'does not follow a %i to another host, and the other host never sees the token',
    async (status) => {
      a.handle((req, res) => {
        res.writeHead(status, { location: `${b.url}${req.path}?codes=AAPL` }).end();
      });
      const result = await client(a.url).quotes('stock', { region: 'US', codes: ['AAPL'] });
      expect(a.seen).toHaveLength(1);
      expect(a.seen[0]?.headers.token).toBe(TOKEN);
      expect(b.seen).toHaveLength(0);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const e = result.error;
      expect(e.kind).toBe('http');
      expect(e.status).toBe(status);
      expect(e.message).toBe(
        `The market data service redirected to ${new URL(b.url).host}; Marketdesk does not follow redirects with your token. Check the base URL.`,
      );
      expect(e.message).not.toContain(TOKEN);
    },
  );

  it('is not retried', async () => {
    a.handle((_req, res) => res.writeHead(302, { location: b.url }).end());
    const result = await client(a.url).quotes('stock', { region: 'US', codes: ['AAPL'] });
    expect(result.ok).toBe(false);
    expect(a.seen).toHaveLength(1);
  });
});

describe('a request fetch cannot build', () => {
  it('reports a token HTTP cannot carry as invalid-request, not network, without sending', async () => {
    const bad = 'abc\u200bdef';
    const result = await client(b.url, bad).quotes('stock', { region: 'US', codes: ['AAPL'] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-request');
    expect(result.error.message).not.toContain(bad);
    expect(b.seen).toHaveLength(0);
  });

  it('still reports an unreachable service as network', async () => {
    const gone = await startTestServer();
    const goneUrl = gone.url;
    await gone.close();
    const result = await client(goneUrl).quotes('stock', { region: 'US', codes: ['AAPL'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('network');
  });
});
