// Issue 22, item 1: PostgreSQL faults are outages, not crashes. Two `cdkws serve` processes share
// one database while writers and readers keep sending; the database is restarted (fast and
// immediate), stopped for 10 s, or has its connections terminated. Both processes stay up, every
// request meanwhile answers 2xx or 503 with Retry-After and a code of the catalogue (never a 500,
// never a dropped connection), the processes answer again once the database is back, and every
// acknowledged create is found through a third process. The cluster is the test's own
// (postgres-cluster.ts), so the shared one keeps serving the files running beside this one.
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ERRORS } from '../../src/contract';
import { PostgresCluster, postgresBinDir } from '../helpers/postgres-cluster';
import { spawnServe, stopServe, type ServeProcess } from '../helpers/processes';
import { ORG } from '../helpers/service';
import { describeWith } from '../helpers/requirements';

jest.setTimeout(60_000);

const bindir = postgresBinDir();
// Only in the PostgreSQL pass (jest.config.js), which has the server's binaries (.ci/postgres.sh).
const describeWithPostgres = describeWith('postgres');

const FAULT_CODES = new Set<string>([ERRORS.databaseUnavailable.code, ERRORS.databaseBusy.code, ERRORS.writeOutcomeUnknown.code]);

interface Outcome {
  instance: number;
  kind: 'create' | 'list' | 'show';
  status: number | 'dropped';
  code?: string;
  retryAfter?: string | null;
  startedAt: number;
  endedAt: number;
  name?: string;
}

/** Requests through the instances until `stop`, two writers and one reader each. */
class Load {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: string[] = [];
  readonly unknown: string[] = [];
  private running = true;
  private readonly loops: Array<Promise<void>>;
  private counter = 0;

  constructor(
    private readonly instances: ServeProcess[],
    private readonly showId: string,
  ) {
    this.loops = instances.flatMap((_, i) => [this.writer(i), this.writer(i), this.reader(i)]);
  }

  private async send(instance: number, kind: Outcome['kind'], method: string, path: string, body?: unknown, name?: string): Promise<Outcome> {
    const startedAt = Date.now();
    let outcome: Outcome;
    try {
      const response = await fetch(`${this.instances[instance].apiUrl}${path}`, {
        method,
        headers: { authorization: 'Bearer alice-token', 'content-type': 'application/vnd.api+json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let code: string | undefined;
      if (response.status >= 400) code = (JSON.parse(text) as { errors: Array<{ code: string }> }).errors[0]?.code;
      outcome = { instance, kind, status: response.status, code, retryAfter: response.headers.get('retry-after'), startedAt, endedAt: Date.now(), name };
    } catch {
      outcome = { instance, kind, status: 'dropped', startedAt, endedAt: Date.now(), name };
    }
    this.outcomes.push(outcome);
    return outcome;
  }

  private async writer(instance: number): Promise<void> {
    while (this.running) {
      const name = `fault-${randomBytes(4).toString('hex')}-${(this.counter += 1)}`;
      const outcome = await this.send(
        instance,
        'create',
        'POST',
        `/organizations/${ORG}/workspaces`,
        { data: { type: 'workspaces', attributes: { name } } },
        name,
      );
      if (outcome.status === 201) this.acknowledged.push(name);
      else if (outcome.code === ERRORS.writeOutcomeUnknown.code) this.unknown.push(name);
      if (outcome.status !== 201) await pause(20);
    }
  }

  private async reader(instance: number): Promise<void> {
    for (let turn = 0; this.running; turn += 1) {
      const outcome =
        turn % 2 === 0
          ? await this.send(instance, 'list', 'GET', `/organizations/${ORG}/workspaces?page%5Bsize%5D=5`)
          : await this.send(instance, 'show', 'GET', `/workspaces/${this.showId}`);
      if (outcome.status !== 200) await pause(20);
    }
  }

  /** Resolves once every instance answered a request sent after `since` with a success. */
  async answeredAfter(since: number): Promise<void> {
    while (
      this.instances.some((_, i) => !this.outcomes.some((o) => o.instance === i && o.startedAt >= since && typeof o.status === 'number' && o.status < 300))
    ) {
      await pause(20);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The figures of the closing note, written to CDKWS_FAULT_REPORT when set. */
const figures: Record<string, unknown> = {};

describeWithPostgres('PostgreSQL faults under two serve processes', () => {
  let cluster: PostgresCluster;
  let databaseName: string;
  let databaseUrl: string;
  let instances: ServeProcess[] = [];
  let showId: string;

  beforeAll(async () => {
    if (!bindir) throw new Error('no PostgreSQL server binaries: source .ci/postgres.sh (it sets CDKWS_PG_BINDIR)');
    cluster = await PostgresCluster.start(bindir);
    databaseName = `cdkws_fault_${randomBytes(4).toString('hex')}`;
    databaseUrl = await cluster.createDatabase(databaseName);
    // One process with the defaults, one with the bounds given on the command line.
    instances = await Promise.all([
      spawnServe(['--database', databaseUrl]),
      spawnServe(['--database', databaseUrl, '--database-pool', '6', '--statement-timeout', '20']),
    ]);
    const created = await instances[0].request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: 'fault-shown' } } },
    });
    expect(created.status).toBe(201);
    showId = created.body.data.id;
  });

  afterAll(async () => {
    await Promise.all(instances.map((p) => stopServe(p, 'SIGKILL')));
    await cluster?.destroy();
    if (process.env.CDKWS_FAULT_REPORT) writeFileSync(process.env.CDKWS_FAULT_REPORT, `${JSON.stringify(figures, null, 2)}\n`);
  });

  /** Runs `fault` under load, then checks what the issue promises; returns the 503s seen. */
  async function underLoad(label: string, fault: () => Promise<void> | void): Promise<Outcome[]> {
    const load = new Load(instances, showId);
    await pause(300); // writes in flight when the fault hits
    const faultAt = Date.now();
    await fault();
    const backAt = Date.now();
    await load.answeredAfter(backAt);
    await pause(200);
    await load.stop();

    // Both processes stayed up.
    for (const instance of instances) expect(instance.child.exitCode).toBeNull();
    const byStatus: Record<string, number> = {};
    for (const o of load.outcomes) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
    // Only successes and 503s with Retry-After and a code of the catalogue: no 500, no dropped connection.
    const failures = load.outcomes.filter((o) => o.status !== 200 && o.status !== 201);
    for (const o of failures) {
      expect({ status: o.status, code: o.code, retryAfter: o.retryAfter }).toEqual({ status: 503, code: expect.any(String), retryAfter: '1' });
      expect(FAULT_CODES.has(o.code!)).toBe(true);
    }
    // Reads never claim a write's unknown outcome.
    expect(failures.filter((o) => o.kind !== 'create' && o.code === ERRORS.writeOutcomeUnknown.code)).toEqual([]);

    // Every acknowledged create is there, seen through a third process.
    const third = await spawnServe(['--database', databaseUrl]);
    let found = 0;
    let unknownFound = 0;
    try {
      for (const name of load.acknowledged) if ((await third.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status === 200) found += 1;
      for (const name of load.unknown) if ((await third.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status === 200) unknownFound += 1;
    } finally {
      await stopServe(third);
    }
    expect(found).toBe(load.acknowledged.length);
    expect(load.acknowledged.length).toBeGreaterThan(0);

    const recoveries = instances.map((_, i) => {
      const first = load.outcomes.find((o) => o.instance === i && o.startedAt >= backAt && typeof o.status === 'number' && o.status < 300);
      return first ? first.endedAt - backAt : null;
    });
    figures[label] = {
      requests: load.outcomes.length,
      byStatus,
      byCode: Object.fromEntries([...FAULT_CODES].map((code) => [code, failures.filter((o) => o.code === code).length])),
      acknowledgedCreates: load.acknowledged.length,
      acknowledgedFound: found,
      outcomeUnknownCreates: load.unknown.length,
      outcomeUnknownFound: unknownFound,
      faultMs: backAt - faultAt,
      recoveryMsAfterDatabaseBack: recoveries,
    };
    return failures;
  }

  it('a fast restart: both processes answer 503 meanwhile and recover, no acknowledged write lost', async () => {
    const failures = await underLoad('restart -m fast', () => cluster.restart('fast'));
    expect(failures.length).toBeGreaterThan(0);
  });

  it('an immediate restart (crash recovery): the same', async () => {
    const failures = await underLoad('restart -m immediate', () => cluster.restart('immediate'));
    expect(failures.length).toBeGreaterThan(0);
  });

  it('a stop of 10 s, then a start: 503 for the whole outage, then answers again', async () => {
    const failures = await underLoad('stop 10 s, start', async () => {
      await cluster.stop('fast');
      await pause(10_000);
      await cluster.start();
    });
    // Each instance answered 503s, for reads and writes, during the outage.
    for (const i of [0, 1]) {
      expect(failures.some((o) => o.instance === i && o.kind === 'create')).toBe(true);
      expect(failures.some((o) => o.instance === i && o.kind !== 'create' && o.code === ERRORS.databaseUnavailable.code)).toBe(true);
    }
  });

  it("pg_terminate_backend of the service's connections: no crash, no 500", async () => {
    let terminated = 0;
    await underLoad('pg_terminate_backend', async () => {
      terminated = await cluster.terminateConnections(databaseName);
    });
    expect(terminated).toBeGreaterThan(0);
  });

  it('logs one line when the database goes away and one when it is back, never a stack', () => {
    for (const instance of instances) {
      const { stderr } = instance.output();
      const away = stderr.split('\n').filter((line) => line.includes('database unavailable')).length;
      const back = stderr.split('\n').filter((line) => line.includes('database available again')).length;
      // At most one outage per fault (four faults), each closed by its line.
      expect(away).toBeGreaterThan(0);
      expect(away).toBeLessThanOrEqual(4);
      expect(back).toBe(away);
      expect(stderr).not.toMatch(/internal error|^\s+at /m);
    }
  });
});
