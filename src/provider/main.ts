// The provider executable's entry (bundled into the filesystem mirror by scripts/bundle-provider.js).
import { EXIT_WITH_PARENT_ENV } from './protocol/handshake';
import { serveProvider } from './protocol/server';
import { buildProvider } from './provider';

void serveProvider(buildProvider()).then(() => {
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
