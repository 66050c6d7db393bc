// `npm run serve -- [--port N] [--no-open]`: the browser host from its pre-built bundle
// (`out/host/serve.mjs`, see build-host.mjs), rebuilt first when missing or older than
// its sources, then run in this same process (no second Node start). The arguments
// reach the host unchanged (it reads process.argv). `tsx src/host/serve.ts` runs the
// same host from source.
// First: refuse an older Node in one line, before a native module fails to load.
import './require-node.mjs';
// A default import: a named one would fail to link on an old Node before require-node speaks.
import nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { ensureHostBuilt } from './build-host.mjs';

const bundle = await ensureHostBuilt();
// V8's code cache for the bundle (Node's compile cache, in the system's temp folder unless
// NODE_COMPILE_CACHE names one): compiling its 1.4 MB was the larger part of the time to
// listen; from the second start on, the compiled code is read back instead. Keyed by the
// bundle's contents, so a rebuilt bundle is compiled afresh once.
nodeModule.enableCompileCache();
await import(pathToFileURL(bundle).href);
