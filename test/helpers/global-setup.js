// Integration tests spawn the CLI from dist/: compile once (incrementally) before they run. Type
// errors are reported by `npm run typecheck` (part of `npm test`); they do not stop the emit here.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
module.exports = async () => {
  const root = path.resolve(__dirname, '..', '..');
  const result = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) process.stderr.write(`\nglobal-setup: tsc reported problems (the build was still written):\n${result.stdout}${result.stderr}\n`);
};
