import { describe, expect, it } from 'vitest';
import { THEMES, THEME_VARIABLES, contrast, themeCss } from './theme';

describe('themes', () => {
  it.each(['dark', 'light'] as const)('%s defines every theme variable', (theme) => {
    expect(Object.keys(THEMES[theme]).sort()).toEqual([...THEME_VARIABLES].sort());
    for (const name of THEME_VARIABLES)
      expect(themeCss()).toContain(`${name}: ${THEMES[theme][name]};`);
  });

  it.each(['dark', 'light'] as const)('%s keeps text at 4.5:1 on every surface', (theme) => {
    const t = THEMES[theme];
    for (const fg of ['--text', '--muted', '--accent', '--up', '--down', '--warn'] as const) {
      for (const bg of ['--bg', '--panel', '--panel-2'] as const) {
        expect(contrast(t[fg], t[bg]), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('computes the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
  });
});

describe('remembered theme', () => {
  it('reads back light, and dark for anything else', async () => {
    const { rememberTheme, rememberedTheme } = await import('./theme-memory');
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as unknown as Storage;
    expect(rememberedTheme(storage)).toBe('dark');
    rememberTheme('light', storage);
    expect(rememberedTheme(storage)).toBe('light');
    expect(rememberedTheme(null)).toBe('dark');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedTheme(broken)).toBe('dark');
  });
});
