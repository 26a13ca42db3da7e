// A PostgreSQL cluster of a test's own, from the binaries `.ci/postgres.sh` found (CDKWS_PG_BINDIR),
// for fault tests that restart, stop and start the server: the shared test cluster stays up for the
// test files running beside them.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

// runuser lives in /usr/sbin, which a minimal PATH (env -i, some CI images) leaves out.
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => existsSync(candidate)) ?? 'runuser';

/**
 * The server binaries, or undefined when PostgreSQL is not set up (the tests needing them are then
 * skipped). `npm run test:postgres` sets CDKWS_REQUIRE_POSTGRES, and CI with a test database
 * requires them too: there a missing PostgreSQL fails instead of skipping silently.
 */
export function postgresBinDir(): string | undefined {
  const bindir = process.env.CDKWS_PG_BINDIR;
  const required = Boolean(process.env.CDKWS_REQUIRE_POSTGRES) || Boolean(process.env.CI && process.env.CDKWS_TEST_DATABASE_URL);
  if (!bindir && required) throw new Error('PostgreSQL is required here but CDKWS_PG_BINDIR is not set: run "source .ci/postgres.sh" first');
  return bindir;
}

const run = promisify(execFile);

/**
 * A port nobody listens on, below the kernel's ephemeral range (from 32768 by default). A port the
 * kernel hands out (listen(0)) lies inside that range, where any outgoing connection of the tests
 * can take it while the server is stopped, and its restart then fails to bind.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const candidate = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
}

export class PostgresCluster {
  private constructor(
    private readonly bindir: string,
    private readonly dir: string,
    private boundPort: number,
  ) {}

  get port(): number {
    return this.boundPort;
  }

  static async start(bindir: string): Promise<PostgresCluster> {
    const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-pgfault-'));
    const cluster = new PostgresCluster(bindir, dir, await freePort());
    // initdb and postgres refuse to run as root: the cluster belongs to the postgres user then.
    if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
    await cluster.asOwner('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
    // Another process can still take the port between the probe and the bind: take another then.
    for (let attempt = 1; ; attempt++) {
      try {
        await cluster.start();
        return cluster;
      } catch (error) {
        const log = readFileSync(path.join(dir, 'server.log'), 'utf8');
        if (attempt >= 5 || !log.includes('Address already in use')) throw error;
        cluster.boundPort = await freePort();
      }
    }
  }

  private get data(): string {
    return path.join(this.dir, 'data');
  }

  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Runs a server tool; asynchronously, so the test's requests keep flowing meanwhile. */
  private async asOwner(tool: string, args: string[]): Promise<void> {
    const command = path.join(this.bindir, tool);
    if (process.getuid?.() === 0) await run(RUNUSER, ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }

  private get serverOptions(): string {
    return `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  }

  /** Starts the server and returns once it accepts connections. */
  start(): Promise<void> {
    return this.asOwner('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'server.log'), '-w', '-t', '60', '-o', this.serverOptions, 'start']);
  }

  stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    return this.asOwner('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** `pg_ctl restart`: returns once the server accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void> {
    return this.asOwner('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'server.log'),
      '-m',
      mode,
      '-w',
      '-t',
      '60',
      '-o',
      this.serverOptions,
      'restart',
    ]);
  }

  /** A fresh database; returns its URL. */
  async createDatabase(name: string): Promise<string> {
    await this.admin((client) => client.query(`CREATE DATABASE ${name}`));
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Ends every connection to `database` (as an operator's pg_terminate_backend would); returns how many. */
  async terminateConnections(database: string): Promise<number> {
    return this.admin(async (client) => {
      const result = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
      return result.rowCount ?? 0;
    });
  }

  /** Sends `signal` to the server and every one of its processes (SIGSTOP freezes it as a stalled host would; SIGCONT thaws it). */
  signalAll(signal: 'SIGSTOP' | 'SIGCONT'): void {
    const postmaster = Number(readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  }

  private async admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.adminUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined); // already stopped
    rmSync(this.dir, { recursive: true, force: true });
  }
}
