import { describe, expect, it } from 'vitest';
import { allPanes } from './layout-tree';
import { defaultWorkspace } from './default-workspace';
import { WORKSPACE_VERSION, readWorkspace, toDocument } from './workspace-document';

describe('readWorkspace', () => {
  it('reads back what it wrote', () => {
    const data = defaultWorkspace();
    const read = readWorkspace(JSON.parse(JSON.stringify(toDocument(data))));
    expect(read).toEqual(data);
  });

  it('gives the default workspace unique pane ids across layouts', () => {
    const ids = defaultWorkspace().layouts.flatMap((l) => allPanes(l.root).map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['a newer version', { version: WORKSPACE_VERSION + 1, data: defaultWorkspace() }],
    ['no layouts', { version: WORKSPACE_VERSION, data: { layouts: 'x' } }],
    [
      'only broken layouts',
      { version: WORKSPACE_VERSION, data: { layouts: [{ name: 'x', root: 7 }] } },
    ],
  ])('refuses %s', (_label, doc) => {
    expect(readWorkspace(doc)).toBeNull();
  });

  it('repairs damaged parts instead of failing', () => {
    const doc = {
      version: WORKSPACE_VERSION,
      data: {
        activeLayout: 'missing',
        watchlists: [
          {
            id: 'w',
            name: 'W',
            symbols: [{ class: 'stock', region: 'US', code: 'A' }, { class: 'bogus' }],
          },
          5,
        ],
        linkSymbols: {
          red: { class: 'crypto', region: 'BA', code: 'BTCUSDT' },
          green: 'x',
          purple: {},
        },
        layouts: [
          {
            name: 'ok',
            root: {
              type: 'split',
              id: 's',
              direction: 'row',
              ratio: 42,
              first: {
                type: 'tabs',
                id: 't1',
                activeId: 'nope',
                panes: [
                  {
                    id: 'a',
                    kind: 'chart',
                    title: 3,
                    link: 'pink',
                    symbol: 'x',
                    options: { kType: 8 },
                  },
                  { id: 'b', kind: 'spreadsheet' },
                  { id: 'a', kind: 'news' },
                ],
              },
              second: { type: 'tabs', id: 't2', panes: [] },
            },
          },
          { name: 'ok', root: { type: 'tabs', id: 't', panes: [] } },
          { name: '', root: { type: 'tabs', id: 't', panes: [] } },
        ],
      },
    };
    const read = readWorkspace(doc);
    expect(read?.activeLayout).toBe('ok');
    expect(read?.layouts).toHaveLength(1);
    // The empty second group is dropped and the split collapses to its first child.
    expect(read?.layouts[0]?.root).toEqual({
      type: 'tabs',
      id: 't1',
      activeId: 'a',
      panes: [
        {
          id: 'a',
          kind: 'chart',
          title: 'Chart',
          link: null,
          symbol: null,
          options: { kType: 8, studies: [], scale: 'normal', compare: [] },
        },
      ],
    });
    expect(read?.watchlists).toEqual([
      { id: 'w', name: 'W', symbols: [{ class: 'stock', region: 'US', exchange: '', code: 'A' }] },
    ]);
    expect(Object.keys(read?.linkSymbols ?? {})).toEqual(['red']);
  });

  it('canonicalises saved codes and keeps each instrument once per watchlist', () => {
    const data = defaultWorkspace();
    const doc = JSON.parse(JSON.stringify(toDocument(data)));
    doc.data.watchlists = [
      {
        id: 'w',
        name: 'W',
        symbols: [
          { class: 'stock', region: 'us', exchange: '', code: 'aapl' },
          { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
          { class: 'stock', region: 'HK', exchange: '', code: '00700' },
          { class: 'stock', region: 'HK', exchange: '', code: '700' },
          { class: 'crypto', region: 'BA', exchange: 'binance', code: ' btcusdt ' },
          { class: 'stock', region: 'US', exchange: '', code: '   ' },
        ],
      },
    ];
    doc.data.linkSymbols.red = { class: 'stock', region: 'HK', exchange: '', code: '0700' };
    doc.data.layouts[1].root.second.second.panes[0].options = {
      region: 'ba',
      codes: ['btcusdt', 'BTCUSDT', 'ethusdt', 7],
    };
    const read = readWorkspace(doc)!;
    expect(read.watchlists[0]!.symbols).toEqual([
      { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
      { class: 'stock', region: 'HK', exchange: '', code: '700' },
      { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
    ]);
    expect(read.linkSymbols.red).toEqual({
      class: 'stock',
      region: 'HK',
      exchange: '',
      code: '700',
    });
    const ticks = allPanes(read.layouts[1]!.root).find((p) => p.kind === 'ticks')!;
    expect(ticks.options).toEqual({ region: 'BA', codes: ['BTCUSDT', 'ETHUSDT'] });
  });

  it('keeps an empty root group', () => {
    const read = readWorkspace({
      version: WORKSPACE_VERSION,
      data: { layouts: [{ name: 'blank', root: { type: 'tabs', id: 't', panes: [] } }] },
    });
    expect(read?.layouts[0]?.root).toEqual({ type: 'tabs', id: 't', panes: [], activeId: '' });
    expect(read?.watchlists).toEqual([]);
  });

  it('survives a deeply nested tree', () => {
    let node: unknown = { type: 'tabs', id: 'leaf', panes: [{ id: 'n', kind: 'news' }] };
    for (let i = 0; i < 100; i++)
      node = { type: 'split', id: `s${i}`, direction: 'row', first: node, second: node };
    expect(() =>
      readWorkspace({
        version: WORKSPACE_VERSION,
        data: { layouts: [{ name: 'deep', root: node }] },
      }),
    ).not.toThrow();
  });

  // Finding 6 of the second audit: codes read back from workspace.json were not checked,
  // so formula text reached the watchlist CSV.
  it('leaves out saved symbols whose code does not match the one code pattern', () => {
    const sym = (code: string) => ({ class: 'stock', region: 'US', code });
    const doc = {
      version: WORKSPACE_VERSION,
      data: {
        ...defaultWorkspace(),
        watchlists: [
          {
            id: 'w',
            name: 'W',
            symbols: [
              sym("=CMD|' /C CALC'!A0"),
              sym('@SUM(1+1)*CMD'),
              sym('+1'),
              sym('-2+3'),
              sym('AAPL'),
              sym('BRK.B'),
            ],
          },
        ],
        linkSymbols: { red: sym('=1+1') },
      },
    };
    const read = readWorkspace(JSON.parse(JSON.stringify(doc)));
    expect(read?.watchlists[0]?.symbols.map((s) => s.code)).toEqual(['AAPL', 'BRK.B']);
    expect(read?.linkSymbols.red).toBeUndefined();
  });
});
