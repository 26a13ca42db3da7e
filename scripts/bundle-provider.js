#!/usr/bin/env node
// Part of `npm run build` (after tsc): bundles the Terraform provider into dist/provider-mirror.
const { buildProviderBundle } = require('../dist/src/provider/build');

buildProviderBundle()
  .then((exe) => process.stdout.write(`provider bundled: ${exe}\n`))
  .catch((error) => {
    process.stderr.write(`bundling the provider failed: ${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  });
