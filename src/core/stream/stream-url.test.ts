import { describe, expect, it } from 'vitest';
import { streamUrl } from './stream-url';

describe('stream address', () => {
  it('is the base URL’s host with ws or wss and the endpoint path', () => {
    expect(streamUrl('https://api.itick.org', '/stock')).toBe('wss://api.itick.org/stock');
    expect(streamUrl('https://api.itick.org/', 'crypto')).toBe('wss://api.itick.org/crypto');
    expect(streamUrl('http://127.0.0.1:8080', '/fund')).toBe('ws://127.0.0.1:8080/fund');
    expect(streamUrl('http://127.0.0.1:8080/api/', '/forex')).toBe('ws://127.0.0.1:8080/api/forex');
  });

  it('takes a whole ws(s) URL as the endpoint, and refuses bases it cannot stream from', () => {
    expect(streamUrl('https://api.itick.org', 'wss://stream.example/cc')).toBe(
      'wss://stream.example/cc',
    );
    expect(() => streamUrl('ftp://example.org', '/stock')).toThrow(TypeError);
    expect(() => streamUrl('not a url', '/stock')).toThrow(TypeError);
  });
});
