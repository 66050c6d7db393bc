/**
 * The alerts file through the one JSON store: what the second audit found lost — a
 * newer build's alerts overwritten by the first new alert, and a huge file read whole
 * at every start and copied aside at every launch.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../shared/model';
import { MAX_ALERTS } from '../../shared/model';
import { tempFolder } from '../testing/temp-folder';
import { AlertService, type AlertFeed } from './alert-service';
import { ALERTS_FILE_NAME, ALERTS_MAX_BYTES, AlertStore } from './alert-store';

const feed: AlertFeed = { subscribe: () => 's', unsubscribe: () => undefined };

function alert(n: number): Alert {
  return {
    id: `alert-${n}`,
    instrument: { class: 'stock', region: 'US', exchange: '', code: `S${n % 100_000}` },
    condition: { kind: 'above', price: 100 + (n % 50) },
    repeat: 'once',
    state: 'active',
    source: 'demo',
    createdAt: 1_000 + n,
    lastFired: null,
    firedCount: 0,
  };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const copies = (folder: string) =>
  readdirSync(folder).filter((f) => f.startsWith(`${ALERTS_FILE_NAME}.bad-`));

function service(folder: string) {
  return new AlertService({ store: new AlertStore({ folder }), feed, source: () => 'demo' });
}

describe('alerts.json', () => {
  it('leaves a newer build’s file untouched: a new alert is refused, not written over it', () => {
    const folder = tempFolder();
    const file = path.join(folder, ALERTS_FILE_NAME);
    const newer = JSON.stringify({ version: 2, alerts: [alert(1)], groups: ['x'] });
    writeFileSync(file, newer);
    const s = service(folder);
    expect(s.notice).toMatch(/alerts\.json was written by a newer Marketdesk \(format 2/);
    expect(() =>
      s.create({
        instrument: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
        condition: { kind: 'above', price: 1 },
        repeat: 'once',
      }),
    ).toThrow(/not saved this session/);
    expect(readFileSync(file, 'utf8')).toBe(newer);
    expect(copies(folder)).toEqual([]);
  });

  it('keeps a file of 330,000 alerts aside unread, whole, with one notice, once', () => {
    const folder = tempFolder();
    const file = path.join(folder, ALERTS_FILE_NAME);
    const alerts = Array.from({ length: 330_000 }, (_, n) => alert(n));
    const bytes = Buffer.from(JSON.stringify({ version: 1, alerts }));
    expect(bytes.length).toBeGreaterThan(ALERTS_MAX_BYTES);
    writeFileSync(file, bytes);
    const first = new AlertStore({ folder }).load();
    expect(first.alerts).toEqual([]);
    expect(first.notice).toMatch(/more than the 4\.0 MiB it may hold, so it was not read/);
    const [kept] = copies(folder);
    expect(first.notice).toContain(`kept as ${kept}`);
    expect(sha(readFileSync(path.join(folder, kept!)))).toBe(sha(bytes));
    // The next start finds no file: no second notice, no second copy.
    expect(new AlertStore({ folder }).load()).toEqual({ alerts: [], notice: null });
    expect(copies(folder)).toHaveLength(1);
  });

  it('keeps an unreadable 100 MB file aside once, not at every launch', () => {
    const folder = tempFolder();
    writeFileSync(path.join(folder, ALERTS_FILE_NAME), Buffer.alloc(100 * 1024 * 1024, 0x7b));
    for (let launch = 0; launch < 3; launch++) new AlertStore({ folder, now: () => launch }).load();
    expect(copies(folder)).toHaveLength(1);
  });

  it('reads at most MAX_ALERTS alerts of a file that holds more, and keeps the file aside', () => {
    const folder = tempFolder();
    const file = path.join(folder, ALERTS_FILE_NAME);
    const alerts = Array.from({ length: MAX_ALERTS + 5 }, (_, n) => alert(n));
    writeFileSync(file, JSON.stringify({ version: 1, alerts }));
    const loaded = new AlertStore({ folder }).load();
    expect(loaded.alerts).toHaveLength(MAX_ALERTS);
    expect(loaded.notice).toMatch(
      /^5 alerts past the 2,000 kept were left out \(the file is kept as alerts\.json\.bad-/,
    );
    expect(copies(folder)).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8')).alerts).toHaveLength(MAX_ALERTS);
  });
});
