'use strict';
// A throwaway copy of examples/platform laid out as a user's project would be: the app's files as
// they are, and node_modules holding cdktf, constructs, @types and this checkout as cdk-workspaces
// (so nothing is installed). Used by `npm run demo` and the end-to-end tests, so neither writes
// state or cdktf.out into the repository. Only the app command differs: the example runs ts-node
// from its own node_modules, the copy runs the repository's TypeScript loader.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXAMPLE = path.join(ROOT, 'examples', 'platform');
const LINKED = ['cdktf', 'constructs', '@types'];

/** Copies the example into a new temporary folder and returns its path. */
function createExampleProject(prefix = 'cdkws-example-') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(EXAMPLE, dir, { recursive: true, filter: (from) => !/[\\/](node_modules|cdktf\.out)$/.test(from) });
  const config = JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.json'), 'utf8'));
  config.app = `node --require ${JSON.stringify(path.join(ROOT, 'scripts', 'ts-register.js'))} main.ts`;
  fs.writeFileSync(path.join(dir, 'cdktf.json'), `${JSON.stringify(config, null, 2)}\n`);
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  fs.symlinkSync(ROOT, path.join(modules, 'cdk-workspaces'), 'dir');
  for (const name of LINKED) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name), 'dir');
  return dir;
}

module.exports = { createExampleProject, ROOT, EXAMPLE };
