// Integration tests spawn the CLI from dist/: compile once (incrementally) before they run.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
module.exports = async () => {
  const root = path.resolve(__dirname, '..', '..');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
};
