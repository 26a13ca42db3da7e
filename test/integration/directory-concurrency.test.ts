// Issue 37 item 4: directory changes made at once (tokens created and revoked, SSH keys created and
// deleted) wait for each other in the database instead of racing with compare-and-set and giving
// up: none answers 500, and each one's effect is kept. On SQLite, and on PostgreSQL in its pass.
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';

jest.setTimeout(120_000);
const service = useService();

const USERS: Array<[string, string]> = [
  ['user-alice', TOKENS.owner],
  ['user-bob', TOKENS.admin],
  ['user-carol', TOKENS.writer],
  ['user-dave', TOKENS.reader],
];
const ROUNDS = 25;

async function tokenLoop(userId: string, token: string, statuses: number[]): Promise<void> {
  for (let round = 0; round < ROUNDS; round += 1) {
    const created = await service.request('POST', `/users/${userId}/authentication-tokens`, {
      token,
      body: { data: { type: 'authentication-tokens', attributes: { description: `loop ${round}` } } },
    });
    statuses.push(created.status);
    if (created.status !== 201) continue;
    statuses.push((await service.request('DELETE', `/authentication-tokens/${created.body.data.id}`, { token })).status);
  }
}

async function sshKeyLoop(statuses: number[]): Promise<void> {
  for (let round = 0; round < ROUNDS; round += 1) {
    const created = await service.request('POST', `/organizations/${ORG}/ssh-keys`, {
      body: { data: { type: 'ssh-keys', attributes: { name: `loop-${round}`, value: 'not a real key' } } },
    });
    statuses.push(created.status);
    if (created.status !== 201) continue;
    statuses.push((await service.request('DELETE', `/ssh-keys/${created.body.data.id}`)).status);
  }
}

describe('concurrent directory changes', () => {
  it('answer 201 and 204 to a burst of 40 token creates and then their 40 revokes sent at once', async () => {
    const [userId, token] = USERS[1];
    const create = () =>
      service.request('POST', `/users/${userId}/authentication-tokens`, {
        token,
        body: { data: { type: 'authentication-tokens', attributes: { description: 'burst' } } },
      });
    const created = await Promise.all(Array.from({ length: 40 }, create));
    expect(created.map((response) => response.status)).toEqual(Array(40).fill(201));
    const revoked = await Promise.all(created.map((response) => service.request('DELETE', `/authentication-tokens/${response.body.data.id}`, { token })));
    expect(revoked.map((response) => response.status)).toEqual(Array(40).fill(204));
  });

  it('keeps every one of 60 changes started in the same turn (no compare-and-set race to lose)', async () => {
    const directory = service.server.service;
    const changes = Array.from({ length: 60 }, (_, i) =>
      directory.changeDirectory((stored) => {
        stored.organizations.find((org) => org.name === ORG)!.agentPools.push({ id: `apool-race-${i}`, name: `race-${i}` });
        return { result: i };
      }),
    );
    expect(await Promise.all(changes)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const pools = directory.directory.organizations.find((org) => org.name === ORG)!.agentPools;
    expect(pools.filter((pool) => pool.id.startsWith('apool-race-')).length).toBe(60);
  });

  it('are all applied, none answered 500', async () => {
    const statuses: number[] = [];
    await Promise.all([...USERS.map(([userId, token]) => tokenLoop(userId, token, statuses)), sshKeyLoop(statuses)]);
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    expect(counts).toEqual({ 201: 5 * ROUNDS, 204: 5 * ROUNDS });
    // Every created token was revoked: none is left over from a lost write.
    for (const [userId, token] of USERS) {
      const left = await service.request('GET', `/users/${userId}/authentication-tokens`, { token });
      expect(left.body.data.filter((t: { attributes: { description?: string } }) => t.attributes.description?.startsWith('loop '))).toEqual([]);
    }
  });
});
