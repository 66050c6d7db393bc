/**
 * The last theme, kept in this origin's localStorage so a start paints in it before
 * `getSettings` answers (the settings stay the source of truth).
 */
import type { Theme } from '../../../shared/model';

const KEY = 'marketdesk.theme';

export function rememberedTheme(storage: Pick<Storage, 'getItem'> | null): Theme {
  try {
    return storage?.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export function rememberTheme(
  theme: Theme,
  storage: Storage | null = globalThis.localStorage ?? null,
): void {
  try {
    storage?.setItem(KEY, theme);
  } catch {
    // Storage may be disabled; the theme then follows the settings a moment later.
  }
}
