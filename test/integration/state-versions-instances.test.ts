// Two instances serving one workspace (issue 33): state versions written through either, all at
// once, are neither lost nor reordered. Every acknowledged write is listed by both instances, the
// serials of what was accepted rise in the order it was accepted, and both instances agree on the
// current state and its bytes. SQLite: two handles on one file; PostgreSQL (the PostgreSQL pass):
// one database.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createWorkspace, inlineStateVersionBody, lockWorkspace, terraformState } from '../helpers/fixtures';
import { startService, testStorage, usingPostgres, type TestService } from '../helpers/service';

let dir: string;
let one: TestService;
let two: TestService;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-instances-'));
  const encryptionKeyFile = path.join(dir, 'encryption.key');
  writeFileSync(encryptionKeyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const storage = usingPostgres() ? await testStorage() : { kind: 'sqlite' as const, path: path.join(dir, 'service.db') };
  one = await startService({ storage, encryptionKeyFile });
  two = await startService({ storage, encryptionKeyFile });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('state versions written through two instances at once', () => {
  it('loses none that was acknowledged and never lets an older serial follow a newer one', async () => {
    const ws = await createWorkspace(one);
    await lockWorkspace(one, ws.id, 'writing state');
    const serials = Array.from({ length: 24 }, (_, i) => i + 1);
    const states = new Map(serials.map((serial) => [serial, terraformState({ serial, lineage: 'shared', outputs: { n: { value: String(serial) } } })]));
    // Alternate instances; all requests in flight together.
    const answers = await Promise.all(
      serials.map((serial) =>
        (serial % 2 ? one : two).request('POST', `/workspaces/${ws.id}/state-versions`, { body: inlineStateVersionBody(states.get(serial)!) }),
      ),
    );
    const accepted = answers.map((answer, i) => ({ serial: serials[i], answer })).filter(({ answer }) => answer.status === 201);
    // A refusal is a serial that arrived after a newer one was accepted: a conflict, never a fault.
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect({ status: answer.status, code: answer.body.errors?.[0]?.code }).toEqual({ status: 409, code: 'state-version-conflict' });
    }
    expect(accepted.length).toBeGreaterThan(0);

    const listed = async (service: TestService) => {
      const query = new URLSearchParams({ 'filter[organization][name]': 'acme', 'filter[workspace][name]': ws.attributes.name, 'page[size]': '100' });
      const response = await service.request('GET', `/state-versions?${query.toString()}`);
      expect(response.status).toBe(200);
      return response.body.data as Array<{ id: string; attributes: { serial: number } }>;
    };
    for (const service of [one, two]) {
      const versions = await listed(service);
      // Every acknowledged write is there, and nothing else.
      expect(versions.map((v) => v.id).sort()).toEqual(accepted.map(({ answer }) => answer.body.data.id).sort());
      // Newest first: serials never rise going back in time.
      const inOrder = versions.map((v) => v.attributes.serial);
      expect(inOrder).toEqual([...inOrder].sort((a, b) => b - a));
    }

    const highest = Math.max(...accepted.map(({ serial }) => serial));
    for (const service of [one, two]) {
      const current = await service.request('GET', `/workspaces/${ws.id}/current-state-version`);
      expect(current.body.data.attributes.serial).toBe(highest);
      const bytes = await service.request('GET', current.body.data.attributes['hosted-state-download-url']);
      expect(bytes.text).toBe(states.get(highest));
    }
  });
});
