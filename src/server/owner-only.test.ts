import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSessionKey, SESSION_KEY_FILE } from './owner-only';

const ROOT = path.resolve(__dirname, '../..');

/** Starts a process that loads (and if need be creates) the key; resolves with the key it got. */
function keyFromAnotherProcess(file: string, start: string): Promise<string> {
  const program = `
    const { loadSessionKey } = require(${JSON.stringify(path.join(__dirname, 'owner-only.ts'))});
    while (Date.now() < ${start}) {}
    process.stdout.write(loadSessionKey(${JSON.stringify(file)}, true).toString('utf8'));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', path.join(ROOT, 'scripts/ts-register.js'), '-e', program], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

describe('the session key file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'cdkws-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made once, owner-only, and read back the same', () => {
    const file = path.join(dir, '.cdkws', SESSION_KEY_FILE);
    const made = loadSessionKey(file, true);
    expect(made.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSessionKey(file, true).equals(made)).toBe(true);
    expect(readdirSync(path.dirname(file))).toEqual([SESSION_KEY_FILE]);
  });

  it('gives instances that start together over one folder the same whole key', async () => {
    const file = path.join(dir, SESSION_KEY_FILE);
    // Each process spins until the same moment, so their creations overlap.
    const start = Date.now() + 3000;
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyFromAnotherProcess(file, String(start))));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(dir)).toEqual([SESSION_KEY_FILE]);
  });
});
