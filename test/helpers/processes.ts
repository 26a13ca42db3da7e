// Runs `cdkws serve` as a separate process (architecture "Starting the service"): the contract is the
// `listening on http://HOST:PORT` line on stdout, SIGTERM → exit 0, acknowledged writes survive a kill.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabaseUrl, request, usingPostgres, type ApiResponse, type RequestOptions } from './service';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'bin', 'cdkws.js');
export const BOOTSTRAP_FILE = path.join(ROOT, 'examples', 'bootstrap.json');

export interface ServeProcess {
  url: string;
  apiUrl: string;
  child: ChildProcess;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): { stdout: string; stderr: string };
  request(method: string, pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse>;
}

const temporaryDirs: string[] = [];

/** Storage flags for one shared store: a fresh PostgreSQL database, or a temporary SQLite file. */
export async function sharedStorageArgs(): Promise<string[]> {
  if (usingPostgres()) return ['--database', await createTestDatabaseUrl()];
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-it-'));
  temporaryDirs.push(dir);
  return ['--data', path.join(dir, 'service.db')];
}

/** Removes the temporary SQLite directories made so far (call once every process has stopped). */
export function removeTemporaryStorage(): void {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** `cwd` matters where serve keeps files relative to it (`--tls` on PostgreSQL: `.cdkws/tls`). */
export function spawnServe(
  storageArgs: string[],
  extraArgs: string[] = [],
  timeoutMs = 30000,
  bootstrapFile = BOOTSTRAP_FILE,
  cwd = ROOT,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--host', '127.0.0.1', '--port', '0', '--bootstrap', bootstrapFile, ...storageArgs, ...extraArgs], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not print "listening on" within ${timeoutMs} ms; stdout: ${stdout} stderr: ${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (https?:\/\/[^\s]+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        const url = match[1].replace(/\/$/, '');
        const apiUrl = `${url}/api/v2`;
        resolve({
          url,
          apiUrl,
          child,
          exited,
          output: () => ({ stdout, stderr }),
          request: (method, pathOrUrl, options) => request(apiUrl, method, pathOrUrl, options),
        });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (code ${code}, signal ${signal}) before listening; stdout: ${stdout} stderr: ${stderr}`));
    });
  });
}

/** Ends a process this test started, if it is still running, and waits for it. */
export async function stopServe(serve: ServeProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!serve) return;
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill(signal);
  await serve.exited;
}
