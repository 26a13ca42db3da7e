'use strict';
// A throwaway copy of examples/platform laid out as a user's project would be: the app, its
// cdktf.json, and node_modules holding cdktf, constructs and this package. Used by `npm run demo`
// and the end-to-end tests, so neither writes state or cdktf.out into the repository.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXAMPLE = path.join(ROOT, 'examples', 'platform');

/** Copies the example into a new temporary folder and returns its path. */
function createExampleProject(prefix = 'cdkws-example-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.copyFileSync(path.join(EXAMPLE, 'main.ts'), path.join(dir, 'main.ts'));
  const config = JSON.parse(fs.readFileSync(path.join(EXAMPLE, 'cdktf.json'), 'utf8'));
  // The example's app command names the TypeScript loader relative to the repository.
  config.app = `node --require ${JSON.stringify(path.join(ROOT, 'scripts', 'ts-register.js'))} main.ts`;
  fs.writeFileSync(path.join(dir, 'cdktf.json'), `${JSON.stringify(config, null, 2)}\n`);
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  fs.symlinkSync(ROOT, path.join(modules, 'cdk-workspaces'), 'dir');
  for (const name of ['cdktf', 'constructs']) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name), 'dir');
  return dir;
}

module.exports = { createExampleProject, ROOT, EXAMPLE };
