// Integration tests spawn the CLI and the provider from dist/: build once before they run (tsc is
// incremental; the provider bundle is rebuilt). Type errors are reported by `npm run typecheck`
// (part of `npm test`); they do not stop the emit here.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
module.exports = async () => {
  // The PostgreSQL pass must not pass by running on SQLite: it needs the database it is named for.
  if (process.env.CDKWS_REQUIRE_POSTGRES && !process.env.CDKWS_TEST_DATABASE_URL) {
    throw new Error('npm run test:postgres needs CDKWS_TEST_DATABASE_URL: run `source .ci/postgres.sh` first (README "Run the tests")');
  }
  const root = path.resolve(__dirname, '..', '..');
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) process.stderr.write(`\nglobal-setup: tsc reported problems (the build was still written):\n${tsc.stdout}${tsc.stderr}\n`);
  const bundle = spawnSync(process.execPath, [path.join(root, 'scripts', 'bundle-provider.js')], { cwd: root, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`global-setup: bundling the provider failed:\n${bundle.stdout}${bundle.stderr}`);
};
