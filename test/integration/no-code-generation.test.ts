// Hardened runtimes refuse code generation from strings. The client's document checks and the
// service's show path compile functions from the spec's tables (src/contract/compile.ts); under
// `--disallow-code-generation-from-strings` they must fall back to interpreted functions with the
// same answers, not throw EvalError.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist', 'src');

// Starts the service (in memory) and drives it with the client; prints what both produced, with
// the values that differ from run to run (IDs, times) left out.
const SCRIPT = `
const { startServer } = require(${JSON.stringify(path.join(DIST, 'server'))});
const { Client } = require(${JSON.stringify(path.join(DIST, 'client'))});
const { codeGenerationAllowed } = require(${JSON.stringify(path.join(DIST, 'contract'))});
const bootstrap = require(${JSON.stringify(path.join(ROOT, 'examples', 'bootstrap.json'))});
const VARYING = /^(id|created-at|updated-at|latest-change-at|createdAt|updatedAt|latestChangeAt)$/;
const stable = (value) => JSON.parse(JSON.stringify(value, (key, v) => (VARYING.test(key) ? undefined : v)).replace(/\\b(ws|prj|sv|user)-[A-Za-z0-9]+/g, '$1-ID'));
(async () => {
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {} });
  try {
    const client = new Client({ address: server.url, token: 'alice-token' });
    await client.workspaces.create('acme', { name: 'net', executionMode: 'local', autoApply: true, description: 'networking' });
    const created = await client.workspaces.create('acme', { name: 'app', executionMode: 'remote', vcsRepo: null });
    const read = await client.workspaces.readById(created.id);
    const page = await client.workspaces.list('acme');
    const raw = await (await fetch(server.url + '/api/v2/workspaces/' + created.id, { headers: { authorization: 'Bearer alice-token' } })).json();
    process.stdout.write(JSON.stringify({ generation: codeGenerationAllowed(), read: stable(read), names: page.items.map((w) => w.name), raw: stable(raw.data.attributes) }));
  } finally {
    await server.close();
  }
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

function run(flags: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, '-e', SCRIPT], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('without code generation from strings', () => {
  beforeAll(() => {
    if (!fs.existsSync(path.join(DIST, 'server', 'index.js'))) throw new Error('dist/ is missing: the global setup builds it');
  });

  it('the client and the service answer exactly as with it', async () => {
    const [hardened, normal] = await Promise.all([run(['--disallow-code-generation-from-strings']), run([])]);
    expect(hardened.stderr).toBe('');
    expect(hardened.code).toBe(0);
    expect(normal.code).toBe(0);
    const a = JSON.parse(hardened.stdout);
    const b = JSON.parse(normal.stdout);
    expect(a.generation).toBe(false);
    expect(b.generation).toBe(true);
    expect(a.read.name).toBe('app');
    expect(a.read.executionMode).toBe('remote');
    expect(a.names.sort()).toEqual(['app', 'net']);
    expect(a.raw['execution-mode']).toBe('remote');
    expect({ ...a, generation: null }).toEqual({ ...b, generation: null });
  });
});
