'use strict';
// Runs before `npm pack` and `npm publish`: npm copies file modes into the tarball, and a bin
// without its executable bit (a checkout on a file system or with a git setting that drops it)
// makes `npx <tarball>` fail with "Permission denied".
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { bin } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const file of Object.values(typeof bin === 'string' ? { cdkws: bin } : bin)) {
  const full = path.join(root, file);
  fs.chmodSync(full, fs.statSync(full).mode | 0o111);
}
