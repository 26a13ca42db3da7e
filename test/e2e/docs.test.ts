// Every shell block of README.md and docs/**/*.md, run as written (docs/doc-tests.md): the package
// is packed once and installed from its tarball into an empty folder outside the repository, and
// each page's blocks run in order in a folder of their own below it, as a user would type them.
// Blocks marked `<!-- doc-test: skip (reason) -->` are listed as skipped with their reason.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentedPages, pageBlocks, type DocBlock } from '../helpers/doc-blocks';

const ROOT = path.resolve(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL_NAME = `cdk-workspaces-${VERSION}.tgz`;
const BLOCK_TIMEOUT_MS = 180_000;

jest.setTimeout(BLOCK_TIMEOUT_MS + 60_000);

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The environment blocks run in: the user's PATH and npm cache, no service credentials, GitHub's step variables. */
function blockEnvironment(base: string, slug: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(CDKWS_|TFE_|TF_|npm_|JEST_|NODE_OPTIONS$|INIT_CWD$)/.test(key)) env[key] = value;
  }
  const runnerTemp = path.join(base, 'runner-temp', slug);
  mkdirSync(runnerTemp, { recursive: true });
  return { ...env, CHECKPOINT_DISABLE: '1', NO_COLOR: '1', RUNNER_TEMP: runnerTemp, GITHUB_ENV: path.join(runnerTemp, 'github-env') };
}

/**
 * One block in a fresh bash (`-eo pipefail`, as a GitHub Actions step runs), starting where the
 * page's previous block ended: its folder and exported variables, plus what a block appended to
 * $GITHUB_ENV (as GitHub passes it to the next step). Returns the exit code and the output.
 */
async function runBlock(block: DocBlock, pageDir: string, env: NodeJS.ProcessEnv, groups: number[]): Promise<{ code: number | null; output: string }> {
  const state = path.join(pageDir, '.doc-test');
  mkdirSync(state, { recursive: true });
  const script = path.join(state, `block-${block.line}.sh`);
  writeFileSync(
    script,
    [
      `cd "$(cat '${state}/cwd' 2>/dev/null || echo '${pageDir}')"`,
      `if [ -f '${state}/env' ]; then . '${state}/env'; fi`,
      'if [ -f "$GITHUB_ENV" ]; then set -a; . "$GITHUB_ENV"; set +a; fi',
      'set -eo pipefail',
      block.code,
      `pwd > '${state}/cwd'`,
      `export -p | grep -v -E '^declare -[a-zA-Z]*r' > '${state}/env'`,
      '',
    ].join('\n'),
  );
  const log = path.join(state, `block-${block.line}.log`);
  const fd = openSync(log, 'w');
  // Its own process group, so whatever the block leaves running (a server in the background) is stopped with the page.
  const child = spawn('bash', ['--noprofile', '--norc', script], { cwd: pageDir, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  if (child.pid !== undefined) groups.push(child.pid);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, BLOCK_TIMEOUT_MS);
    child.on('exit', (exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
  return { code, output: readFileSync(log, 'utf8') };
}

let base: string;
let tarball: string;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'cdkws-docs-'));
  // dist is built by the test run's global setup; packing again would rebuild it.
  run(process.execPath, [path.join(ROOT, 'scripts', 'make-bins-executable.js')], ROOT);
  run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', base], ROOT);
  tarball = path.join(base, TARBALL_NAME);
  writeFileSync(path.join(base, 'package.json'), `${JSON.stringify({ name: 'doc-test', version: '1.0.0', private: true }, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], base);
  // The storage driver is a native module: linked from this checkout rather than compiled again.
  symlinkDriver(path.join(base, 'node_modules', 'better-sqlite3'));
}, 600_000);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

function symlinkDriver(target: string): void {
  if (!existsSync(target)) run('ln', ['-s', path.join(ROOT, 'node_modules', 'better-sqlite3'), target], ROOT);
}

describe('the packed package', () => {
  it('holds the LICENSE, the example bootstrap file, the CI workflow and an executable cdkws', () => {
    const listing = run('tar', ['-tvzf', tarball], base);
    for (const file of ['LICENSE', 'CHANGELOG.md', 'examples/bootstrap.json', 'examples/ci/workflow.yml', 'client.mjs', 'index.mjs']) {
      expect(listing).toMatch(new RegExp(` package/${file.replace('.', '\\.')}\\n`));
    }
    expect(listing).toMatch(/^-rwxr-xr-x .* package\/bin\/cdkws\.js$/m);
  });

  it('holds every example the packaged pages name (README.md and docs/)', () => {
    const listing = run('tar', ['-tzf', tarball], base)
      .split('\n')
      .map((line) => line.replace(/^package\//, ''));
    const named = new Set<string>();
    for (const page of documentedPages(ROOT)) {
      for (const [reference] of readFileSync(path.join(ROOT, page), 'utf8').matchAll(/\bexamples\/[\w./-]*[\w]/g)) named.add(reference);
    }
    expect(named.size).toBeGreaterThan(2);
    const missing = [...named].filter((reference) => !listing.some((file) => file === reference || file.startsWith(`${reference}/`)));
    expect(missing).toEqual([]);
  });

  it('runs from the tarball with npx, and init writes the tarball as the app dependency', () => {
    const dir = mkdtempSync(path.join(base, 'npx-'));
    copyFileSync(tarball, path.join(dir, TARBALL_NAME));
    const env = blockEnvironment(base, 'npx');
    expect(run('npx', ['-y', `./${TARBALL_NAME}`, '--version'], dir, env).trim()).toBe(VERSION);
    run('npx', ['-y', '--package', `./${TARBALL_NAME}`, 'cdkws', 'init', 'my-app', '--no-install'], dir, env);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'my-app', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // Copied into the app and depended on there, so the app installs wherever it is cloned.
    expect(manifest.dependencies['cdk-workspaces']).toBe(`file:vendor/${TARBALL_NAME}`);
    expect(readFileSync(path.join(dir, 'my-app', 'vendor', TARBALL_NAME))).toEqual(readFileSync(tarball));
  });

  it('serves the client to import (an ES module with top-level await) and to require', () => {
    writeFileSync(
      path.join(base, 'client-check.mjs'),
      'import client, { Client } from "cdk-workspaces/client";\nconst shown = await Promise.resolve([typeof Client, typeof Client.fromEnvironment, client.Client === Client]);\nconsole.log(JSON.stringify(shown));\n',
    );
    expect(JSON.parse(run(process.execPath, ['client-check.mjs'], base))).toEqual(['function', 'function', true]);
    expect(run(process.execPath, ['-p', 'typeof require("cdk-workspaces/client").Client'], base).trim()).toBe('function');
  });
});

for (const page of documentedPages(ROOT)) {
  const blocks = pageBlocks(ROOT, page);
  if (blocks.length === 0) continue;
  describe(page, () => {
    const slug = page.replace(/[^A-Za-z0-9]+/g, '-');
    const groups: number[] = [];
    let pageDir: string;
    let env: NodeJS.ProcessEnv;
    let failed: string | undefined;
    beforeAll(() => {
      pageDir = path.join(base, 'pages', slug);
      mkdirSync(pageDir, { recursive: true });
      copyFileSync(tarball, path.join(pageDir, TARBALL_NAME)); // for the commands that name it
      env = blockEnvironment(base, slug);
    });
    afterAll(() => {
      for (const group of groups) {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          // the group has ended
        }
      }
    });
    for (const block of blocks) {
      const name = `${page}:${block.line} (${block.file ? `file ${block.file}` : block.language})`;
      if (block.skip !== undefined) {
        it.skip(`${name}: skipped, ${block.skip}`, () => undefined);
        continue;
      }
      it(name, async () => {
        if (failed) throw new Error(`not run: an earlier block of this page failed (${failed})`);
        if (block.file) {
          const file = path.join(pageDir, block.file);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, block.code);
          return;
        }
        const { code, output } = await runBlock(block, pageDir, env, groups);
        if (code !== 0) failed = name;
        expect({ block: name, code, output: code === 0 ? '' : output.slice(-4000) }).toEqual({ block: name, code: 0, output: '' });
      });
    }
  });
}
