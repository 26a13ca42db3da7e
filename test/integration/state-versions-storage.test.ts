// Where states rest (issue 33): sealed with a key kept beside the data, never in the database; the
// upload address's key never reaches the log; Terraform's discovery document needs no token.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_DISCOVERY_PATH } from '../../src/contract';
import { createPendingStateVersion, createStateVersion, createWorkspace, putToAddress, setDataRetentionPolicy, terraformState } from '../helpers/fixtures';
import { defaultBootstrap, startService, usingPostgres, type TestService } from '../helpers/service';
import { withService } from '../helpers/use-service';
import { stateText, writeState } from '../../src/server/test-support';

let dir: string;
let service: TestService;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-states-'));
  service = await startService({ storage: { kind: 'sqlite', path: path.join(dir, 'service.db') }, log: (line) => lines.push(line) });
});

afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('states at rest', () => {
  it('keeps neither a state nor an output value readable in the database file', async () => {
    const marker = `state-marker-${Date.now()}`;
    const secret = `output-value-${Date.now()}`;
    const ws = await createWorkspace(service);
    const state = terraformState({ outputs: { marker: { value: marker }, secret: { value: secret, sensitive: true } } });
    const sv = await createStateVersion(service, ws.id, state);
    // The service answers them...
    expect((await service.request('GET', sv.attributes['hosted-state-download-url'])).text).toContain(marker);
    await service.close();
    // ...but the database, with its write-ahead log, holds neither.
    const files = ['service.db', 'service.db-wal'].map((f) => path.join(dir, f)).filter((f) => statSync(f, { throwIfNoEntry: false }));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect([file, bytes.includes(marker), bytes.includes(secret), bytes.includes('lineage-fixture')]).toEqual([file, false, false, true]);
    }
    // The key is a file of its own, beside the data, that only its owner reads.
    expect(statSync(path.join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
    // A service started again with the same key reads the state back.
    service = await startService({ storage: { kind: 'sqlite', path: path.join(dir, 'service.db') }, log: (line) => lines.push(line) });
    expect((await service.request('GET', `/state-versions/${sv.id}/download`)).text).toBe(state);
  });

  it('never writes an upload address’s key to the log, only the route', async () => {
    const ws = await createWorkspace(service);
    const sv = await createPendingStateVersion(service, ws.id);
    const address: string = sv.attributes['hosted-state-upload-url'];
    const key = address.split('/').pop()!;
    // A refused upload is logged: with the route's template.
    expect((await putToAddress(service, address, 'not json')).status).toBe(422);
    expect((await putToAddress(service, `${address.slice(0, -3)}xyz`, 'not json')).status).toBe(404);
    const wrongMethod = await service.request('GET', address, { token: null });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.text).not.toContain(key);
    const logged = lines.join('\n');
    expect(logged).toContain('/api/v2/state-versions/:state_version_id/upload/:upload_key');
    expect(logged).not.toContain(key);
    expect(logged).not.toContain(key.slice(0, -3));
  });
});

describe('data retention', () => {
  it('deletes state versions older than the policy allows on its interval, never the current one', async () => {
    const bootstrap = defaultBootstrap();
    bootstrap.edition = 'self-hosted';
    await withService({ bootstrap, retentionSweepMs: 50 }, async (swept) => {
      const ws = await createWorkspace(swept);
      await setDataRetentionPolicy(swept, ws.id, 30);
      const store = swept.server.service.store;
      const old = await writeState(store, ws.id, stateText(), '2020-01-01T00:00:00.000Z', { lock: true });
      const oldCurrent = await writeState(store, ws.id, stateText(), '2020-01-02T00:00:00.000Z', { lock: true });
      const fresh = await createWorkspace(swept);
      const untouched = await writeState(store, fresh.id, stateText(), '2020-01-01T00:00:00.000Z', { lock: true });
      for (let i = 0; i < 100 && (await swept.request('GET', `/state-versions/${old}`)).status !== 404; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await swept.request('GET', `/state-versions/${old}`)).status).toBe(404);
      expect((await swept.request('GET', `/state-versions/${oldCurrent}`)).status).toBe(200);
      // A workspace without a policy (and an organization without a default) keeps everything.
      expect((await swept.request('GET', `/state-versions/${untouched}`)).status).toBe(200);
    });
  });
});

describe('service discovery', () => {
  it('answers Terraform’s discovery document without a token, as application/json', async () => {
    const response = await service.request('GET', `${service.url}${SERVICE_DISCOVERY_PATH}`, { token: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual({ 'tfe.v2': '/api/v2/', 'tfe.v2.1': '/api/v2/', 'tfe.v2.2': '/api/v2/', 'state.v2': '/api/v2/' });
  });
});

// Not a PostgreSQL subject: the file checked is SQLite's.
if (usingPostgres()) it('runs on SQLite only', () => expect(usingPostgres()).toBe(true));
