// The provider executable's entry (bundled into the filesystem mirror by scripts/bundle-provider.js).
// Run as a script, it serves at once. Run by `node --build-snapshot` (snapshot.ts), it builds the
// provider and leaves serving to the start from the snapshot: everything up to here is in the heap
// the snapshot holds; key material, sockets and the environment are all made or read after it.
import * as v8 from 'node:v8';
import { EXIT_WITH_PARENT_ENV, PROVIDER_DIR_ENV } from './protocol/handshake';
import { serveProvider } from './protocol/server';
import { buildProvider } from './provider';

function serve(provider: ReturnType<typeof buildProvider>, fromSnapshot: boolean): void {
  // From a snapshot, the bundle's own folder is the one it was built from: the launcher names ours.
  const dir = fromSnapshot ? process.env[PROVIDER_DIR_ENV] : undefined;
  if (dir) (globalThis as { __cdkwsProviderDir?: string }).__cdkwsProviderDir = dir;
  void serveProvider(provider).then(() => {
    // Started by cdkws ahead of Terraform, to be reattached to: it waits for Terraform anyway, so it
    // loads the libraries its sessions will need (deferred bundles, see build.ts) meanwhile.
    if (process.env[EXIT_WITH_PARENT_ENV] === '1') {
      setImmediate(() => {
        // Literal names: the bundler turns each into its deferred bundle's loader.
        /* eslint-disable @typescript-eslint/no-require-imports */
        require('zod');
        require('undici');
        /* eslint-enable @typescript-eslint/no-require-imports */
      });
    }
  });
}

const provider = buildProvider();
if (v8.startupSnapshot?.isBuildingSnapshot()) v8.startupSnapshot.setDeserializeMainFunction(() => serve(provider, true));
else serve(provider, false);
