// Issue 37, item 5: another process holding SQLite's write lock for seconds must not stop this
// one. A write waiting for the lock waits on timers (never in SQLite's synchronous busy wait), so
// /healthz and reads answer at once meanwhile; the waiting write completes once the lock is free.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startSqliteFileService, type SqliteFileService } from '../helpers/storage-faults';
import { ORG } from '../helpers/service';
import { uniqueName } from '../helpers/workspace-assertions';

const HOLD_MS = 3_000;
const ROOT = path.resolve(__dirname, '..', '..');

/** Another process takes the write lock of `file`, says "locked", and commits after `ms`. */
function holdLockInAnotherProcess(file: string, ms: number): Promise<{ child: ChildProcess; done: Promise<void> }> {
  // node:sqlite where this Node.js has it unflagged, else better-sqlite3 (as the service chooses).
  const script = `let d; try { d = new (require('node:sqlite').DatabaseSync)(process.argv[1]); } catch { d = new (require('better-sqlite3'))(process.argv[1]); } d.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n'); setTimeout(() => { d.exec('COMMIT'); d.close(); }, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ['-e', script, file, String(ms)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited ${code}`)))));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ child, done }));
    child.once('error', reject);
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

describe('a SQLite write lock held by another process', () => {
  let service: SqliteFileService;
  beforeEach(async () => {
    service = await startSqliteFileService();
  });
  afterEach(async () => {
    await service.close();
  });

  it('leaves /healthz and reads prompt while a write waits for it, and the write completes once it is free', async () => {
    const existing = uniqueName('held');
    expect(
      (await service.request('POST', `/organizations/${ORG}/workspaces`, { body: { data: { type: 'workspaces', attributes: { name: existing } } } })).status,
    ).toBe(201);
    const holder = await holdLockInAnotherProcess(service.file, HOLD_MS);
    const started = performance.now();
    const waitingWrite = service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('waits') } } },
    });
    await new Promise((r) => setTimeout(r, 200));
    const latencies: number[] = [];
    // Probe while the lock is surely still held.
    while (performance.now() - started < HOLD_MS - 1_000) {
      const health = await timed(() => fetch(`${service.server.url}/healthz`));
      expect(health.value.status).toBe(200);
      const show = await timed(() => service.request('GET', `/organizations/${ORG}/workspaces/${existing}`));
      expect(show.value.status).toBe(200);
      const list = await timed(() => service.request('GET', `/organizations/${ORG}/workspaces`));
      expect(list.value.status).toBe(200);
      latencies.push(health.ms, show.ms, list.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(latencies.length).toBeGreaterThanOrEqual(9);
    // Blocked, each would take the rest of the hold (seconds); unblocked, milliseconds.
    expect(Math.max(...latencies)).toBeLessThan(750);
    const written = await waitingWrite;
    expect(written.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThan(HOLD_MS - 1_000);
    await holder.done;
  });
});
