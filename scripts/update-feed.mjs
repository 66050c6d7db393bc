// electron-builder's beforePack hook (electron-builder.yml `beforePack`): writes the
// update feed electron-builder computes for this platform and arch — the very
// configuration it writes as `app-update.yml` beside the asar after packing, from the
// `publish` block (provider, repository, release type, the Windows publisher) — into
// out/main/app-update.yml before the app's files are packed, so the asar holds it. The
// updater reads that copy (src/main/updates.ts, `updateConfigPath`): on macOS and
// Windows the asar's integrity is checked, and the copy beside it is not. Where no feed
// resolves (no publish target, as in `npm run package:check` without a GitHub remote)
// no file is left, and the updater reports that it has no feed.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {{ packager: unknown, arch: number }} context electron-builder's BeforePackContext */
export default async function writeUpdateFeed(context) {
  const { getAppUpdatePublishConfiguration } =
    await import('app-builder-lib/out/publish/PublishManager.js');
  const { serializeToYaml } = await import('builder-util');
  const { UPDATE_CONFIG_FILE } = await import('../src/main/app-paths.ts');
  const file = path.join(root, 'out', 'main', UPDATE_CONFIG_FILE);
  const config = await getAppUpdatePublishConfiguration(
    context.packager,
    null,
    context.arch,
    false,
  );
  if (config == null) rmSync(file, { force: true });
  else writeFileSync(file, serializeToYaml(config));
}
