#!/usr/bin/env node
// The `marketdesk` bin. The command line is TypeScript with extensionless imports, which
// Node's own type stripping cannot resolve, so tsx's loader is registered first: tsx is
// needed at run time (a dependency, not only a devDependency, for installed use).
// Before anything else, an older Node is refused in one line (better-sqlite3 would fail to load).
import '../scripts/require-node.mjs';
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/marketdesk.ts');
await main();
