import { describe, expect, it } from 'vitest';
import type { SettingsMigration } from './settings-migrations';
import {
  SETTINGS_FILE_VERSION,
  SETTINGS_MIGRATIONS,
  migrateSettingsFile,
  migrateUnversionedToV1,
} from './settings-migrations';

describe('the migration list', () => {
  it('has one migration per version step', () => {
    expect(SETTINGS_MIGRATIONS).toHaveLength(SETTINGS_FILE_VERSION);
  });
});

describe('migration 0 → 1 (hand-written file without a version)', () => {
  it("splits the command line's plan notation into plan and enterprise maximum", () => {
    expect(migrateUnversionedToV1({ plan: 'enterprise:200', theme: 'light' })).toEqual({
      plan: 'enterprise',
      enterpriseMaxCodes: 200,
      theme: 'light',
    });
    expect(migrateUnversionedToV1({ plan: 'Premium' })).toEqual({ plan: 'premium' });
  });

  it('keeps the enterprise maximum of the file when the plan names none', () => {
    expect(migrateUnversionedToV1({ plan: 'enterprise', enterpriseMaxCodes: 300 })).toEqual({
      plan: 'enterprise',
      enterpriseMaxCodes: 300,
    });
  });

  it('leaves values it cannot read for validation to replace', () => {
    expect(migrateUnversionedToV1({ plan: 'gold', baseUrl: 7 })).toEqual({
      plan: 'gold',
      baseUrl: 7,
    });
  });

  it('runs for a file without a version', () => {
    const outcome = migrateSettingsFile({ plan: 'enterprise:150' });
    expect(outcome).toEqual({
      kind: 'current',
      from: 0,
      file: { plan: 'enterprise', enterpriseMaxCodes: 150 },
    });
  });
});

describe('migrateSettingsFile', () => {
  const addA: SettingsMigration = (file) => ({ ...file, a: 1 });
  const renameAToB: SettingsMigration = ({ a, ...rest }) => ({ ...rest, b: a });

  it('runs each step in order from the file version to the target', () => {
    expect(migrateSettingsFile({ version: 0 }, [addA, renameAToB], 2)).toEqual({
      kind: 'current',
      from: 0,
      file: { b: 1 },
    });
    expect(migrateSettingsFile({ version: 1, a: 5 }, [addA, renameAToB], 2)).toEqual({
      kind: 'current',
      from: 1,
      file: { b: 5 },
    });
  });

  it('leaves a current file as it is, minus its version', () => {
    expect(migrateSettingsFile({ version: SETTINGS_FILE_VERSION, theme: 'light' })).toEqual({
      kind: 'current',
      from: SETTINGS_FILE_VERSION,
      file: { theme: 'light' },
    });
  });

  it('reports a newer version instead of reading it', () => {
    expect(migrateSettingsFile({ version: SETTINGS_FILE_VERSION + 1 })).toEqual({
      kind: 'newer',
      version: SETTINGS_FILE_VERSION + 1,
    });
  });

  it.each(['2', -1, 1.5, null])(
    'reports a version %j that is not a whole number ≥ 0',
    (version) => {
      expect(migrateSettingsFile({ version, theme: 'light' })).toEqual({
        kind: 'bad-version',
        version,
        file: { theme: 'light' },
      });
    },
  );
});
