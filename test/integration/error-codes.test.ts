// Error identity (architecture "Errors"): every error object the service answers carries the code
// of its class in the spec's catalogue, with that class's status, title and fixed wording. Each
// class is provoked against the real service; the table below must name every class of the
// catalogue (the compiler refuses a missing one) and the last test checks they were all answered.
import { ERRORS, LOCK_HOLDER_META, type ErrorName } from '../../src/contract';
import { startServer } from '../../src/server';
import { createPendingStateVersion, createStateVersion, createWorkspace, inlineStateVersionBody, lockWorkspace, terraformState } from '../helpers/fixtures';
import { ORG, TOKENS, defaultBootstrap, request, type ApiResponse } from '../helpers/service';
import { useService, withService } from '../helpers/use-service';
import { acmeOf, editedBootstrap, postWorkspace, uniqueName } from '../helpers/workspace-assertions';
import { holdWriteLock, startSqliteFileService, type SqliteFileService } from '../helpers/storage-faults';
import { StorageFaultError } from '../../src/server/storage/faults';

/** A team with a known ID, for the endpoints under /teams/:team_id. */
const TEAM_ID = 'team-error-codes';
const service = useService(() => ({
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    acmeOf(b).teams.find((t: any) => t.name === 'readers').id = TEAM_ID;
  }),
}));
const hook = (attributes: Record<string, unknown>) =>
  service.request('POST', `/teams/${TEAM_ID}/notification-configurations`, {
    body: { data: { type: 'notification-configurations', attributes: { enabled: true, name: 'hook', url: 'http://127.0.0.1:9/', ...attributes } } },
  });
const newWorkspace = (attributes: Record<string, unknown> = {}) => createWorkspace(service, attributes);

/** A create through a service of its own (storage-faults.ts). */
const createIn = (other: SqliteFileService) =>
  other.request('POST', `/organizations/${ORG}/workspaces`, { body: { data: { type: 'workspaces', attributes: { name: uniqueName() } } } });
const lock = (id: string, token: string = TOKENS.owner) => service.request('POST', `/workspaces/${id}/actions/lock`, { token });
const unlock = (id: string, token: string = TOKENS.owner) => service.request('POST', `/workspaces/${id}/actions/unlock`, { token });
const safeDelete = (id: string) => service.request('POST', `/workspaces/${id}/actions/safe-delete`);

/**
 * The classes this service never answers, with the reason. `conflict` is the class the client
 * gives a 409 of the hosted service that none of the specific lock and delete classes describes.
 */
const NOT_ANSWERED = ['conflict'] as const satisfies readonly ErrorName[];

/** One request per class that the service must answer with that class. */
const PROVOKE: { [N in Exclude<ErrorName, (typeof NOT_ANSWERED)[number]>]: () => Promise<ApiResponse> } = {
  badRequest: () => service.request('POST', `/organizations/${ORG}/workspaces`, { rawBody: '{"data": ' }),
  unauthorized: () => service.request('GET', `/organizations/${ORG}/workspaces`, { token: null }),
  forbidden: async () => {
    const ws = await newWorkspace();
    return service.request('PATCH', `/workspaces/${ws.id}`, { token: TOKENS.writer, body: { data: { type: 'workspaces', attributes: { description: 'x' } } } });
  },
  notFound: () => service.request('GET', '/workspaces/ws-doesnotexist'),
  notServed: async () => {
    // An endpoint of the hosted service this one does not serve: said so, not taken for a missing resource.
    const response = await service.request('GET', '/workspaces/ws-doesnotexist/runs');
    expect(response.body.errors[0].detail).toBe('GET /api/v2/workspaces/ws-doesnotexist/runs is not served by this service (see docs/compatibility.md)');
    return response;
  },
  siteAdminRequired: () =>
    service.request('POST', '/organizations', { body: { data: { type: 'organizations', attributes: { name: uniqueName('org'), email: 'ops@example.com' } } } }),
  organizationNameTaken: () => service.request('PATCH', `/organizations/${ORG}`, { body: { data: { type: 'organizations', attributes: { name: 'freeco' } } } }),
  methodNotAllowed: async () => {
    const response = await service.request('PUT', `/organizations/${ORG}/workspaces`, { body: {} });
    expect(response.headers.get('allow')).toContain('POST');
    return response;
  },
  workspaceAlreadyLocked: async () => {
    const ws = await newWorkspace();
    expect((await lock(ws.id)).status).toBe(200);
    return lock(ws.id);
  },
  workspaceNotLocked: async () => unlock((await newWorkspace()).id),
  workspaceLockedByOther: async () => {
    const ws = await newWorkspace();
    expect((await lock(ws.id, TOKENS.owner)).status).toBe(200);
    const response = await unlock(ws.id, TOKENS.writer);
    // The holder is data, not something to read out of the wording.
    expect(response.body.errors[0].meta).toEqual({ [LOCK_HOLDER_META]: 'User alice' });
    expect(response.body.errors[0].detail).toBe('Workspace is locked by User alice');
    return response;
  },
  workspaceLockedForDelete: async () => {
    const ws = await newWorkspace();
    expect((await lock(ws.id)).status).toBe(200);
    return safeDelete(ws.id);
  },
  workspaceManagesResources: async () => {
    const ws = await newWorkspace();
    await createStateVersion(service, ws.id, terraformState({ resources: 3 }));
    return safeDelete(ws.id);
  },
  payloadTooLarge: () => service.request('POST', `/organizations/${ORG}/workspaces`, { rawBody: `{"pad":"${'x'.repeat(1024 * 1024)}"}` }),
  unsupportedMediaType: () => service.request('POST', `/organizations/${ORG}/workspaces`, { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }),
  invalidAttribute: async () => {
    // A value of the wrong type (the schema) and a broken rule across attributes: one class.
    const wrongType = await postWorkspace(service, { name: uniqueName(), 'auto-apply': 'yes' });
    expect(wrongType.body.errors.map((e: { code: string }) => e.code)).toEqual([ERRORS.invalidAttribute.code]);
    return postWorkspace(service, { name: uniqueName(), 'execution-mode': 'agent' });
  },
  nameTaken: async () => {
    const name = uniqueName();
    await newWorkspace({ name });
    const response = await postWorkspace(service, { name });
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/name' });
    return response;
  },
  rateLimited: () =>
    withService({ rateLimit: 1 }, async (limited) => {
      const responses = await Promise.all([1, 2, 3, 4, 5].map(() => limited.request('GET', `/organizations/${ORG}/workspaces`)));
      const refused = responses.find((r) => r.status === 429);
      expect(refused).toBeDefined();
      return refused!;
    }),
  authenticationThrottled: () =>
    withService({ authFailureLimit: 2 }, async (guarded) => {
      for (const guess of ['guess-1', 'guess-2']) expect((await guarded.request('GET', `/organizations/${ORG}/workspaces`, { token: guess })).status).toBe(401);
      // Past the limit the address's further guesses are refused (a good token still passes).
      const refused = await guarded.request('GET', `/organizations/${ORG}/workspaces`, { token: 'guess-3' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      return refused;
    }),
  internal: async () => {
    // A fault of the service itself: its storage is gone.
    const broken = await startServer({
      host: '127.0.0.1',
      port: 0,
      storage: { kind: 'sqlite', path: ':memory:' },
      bootstrap: defaultBootstrap(),
      log: () => {},
    });
    try {
      await broken.service.store.close();
      return await request(`${broken.url}/api/v2`, 'GET', '/workspaces/ws-any');
    } finally {
      await broken.close();
    }
  },
  databaseUnavailable: async () => {
    // A database file that cannot be written (storage-faults.test.ts has the full disk and PostgreSQL).
    const faulty = await startSqliteFileService();
    try {
      faulty.handle.exec('PRAGMA query_only = 1');
      const response = await createIn(faulty);
      expect(response.headers.get('retry-after')).toBe('1');
      return response;
    } finally {
      await faulty.close();
    }
  },
  databaseBusy: async () => {
    // Another process holds the write lock longer than the service waits for it.
    const faulty = await startSqliteFileService({ lockWaitMs: 20 });
    const lock = holdWriteLock(faulty.file);
    try {
      return await createIn(faulty);
    } finally {
      lock.release();
      await faulty.close();
    }
  },
  writeOutcomeUnknown: async () => {
    // The connection lost during COMMIT cannot be timed from here: the store reports it as the
    // PostgreSQL driver does (faults.postgres.test.ts provokes the real ones).
    const faulty = await startSqliteFileService();
    try {
      const store = faulty.server.service.store;
      store.workspaces.update = () => Promise.reject(new StorageFaultError('unavailable', 'Connection terminated unexpectedly', true));
      const ws = await createIn(faulty);
      return await faulty.request('PATCH', `/workspaces/${ws.body.data.id}`, { body: { data: { type: 'workspaces', attributes: { description: 'x' } } } });
    } finally {
      await faulty.close();
    }
  },
  stateTooLarge: () =>
    withService({ stateMaxBytes: 256 }, async (small) => {
      const ws = await createWorkspace(small);
      await lockWorkspace(small, ws.id, 'writing state');
      return small.request('POST', `/workspaces/${ws.id}/state-versions`, {
        body: inlineStateVersionBody(terraformState({ outputs: { pad: { value: 'x'.repeat(512) } } })),
      });
    }),
  stateVersionNeedsLock: async () =>
    service.request('POST', `/workspaces/${(await newWorkspace()).id}/state-versions`, { body: inlineStateVersionBody(terraformState()) }),
  stateVersionConflict: async () => {
    const ws = await newWorkspace();
    await createStateVersion(service, ws.id, terraformState({ lineage: 'first' }));
    await lockWorkspace(service, ws.id, 'writing state');
    return service.request('POST', `/workspaces/${ws.id}/state-versions`, { body: inlineStateVersionBody(terraformState({ lineage: 'second' })) });
  },
  stateInvalid: async () => {
    const ws = await newWorkspace();
    await lockWorkspace(service, ws.id, 'writing state');
    const body = inlineStateVersionBody(terraformState()) as { data: { attributes: Record<string, unknown> } };
    body.data.attributes.md5 = '0'.repeat(32);
    return service.request('POST', `/workspaces/${ws.id}/state-versions`, { body });
  },
  // freeco was given no organization token; erin owns it.
  authenticationTokenAbsent: () => service.request('GET', '/organizations/freeco/authentication-token', { token: TOKENS.outsider }),
  notificationDestinationUnsupported: () => hook({ 'destination-type': 'slack' }),
  notificationTriggerUnsupported: () => hook({ 'destination-type': 'generic', triggers: ['run:created'] }),
  stateVersionPending: async () => {
    const ws = await newWorkspace();
    await createPendingStateVersion(service, ws.id);
    const response = await unlock(ws.id);
    expect(response.headers.get('retry-after')).toBe('1');
    return response;
  },
  variableKeyTaken: async () => {
    const ws = await newWorkspace();
    const body = { data: { type: 'vars', attributes: { key: 'region', value: 'eu', category: 'terraform' } } };
    expect((await service.request('POST', `/workspaces/${ws.id}/vars`, { body })).status).toBe(201);
    const response = await service.request('POST', `/workspaces/${ws.id}/vars`, { body });
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/key' });
    return response;
  },
  variableStaysSensitive: async () => {
    const ws = await newWorkspace();
    const created = await service.request('POST', `/workspaces/${ws.id}/vars`, {
      body: { data: { type: 'vars', attributes: { key: 'token', value: 'not-for-answers', category: 'env', sensitive: true } } },
    });
    const response = await service.request('PATCH', `/workspaces/${ws.id}/vars/${created.body.data.id}`, {
      body: { data: { type: 'vars', attributes: { sensitive: false } } },
    });
    expect(JSON.stringify(response.body)).not.toContain('not-for-answers');
    return response;
  },
};

/** The catalogue's detail of `notFound` is its default: the service's answers name what was not found. */
const WORDING_NAMES_THE_THING: readonly ErrorName[] = ['notFound'];

const answered = new Set<string>();

describe.each(Object.entries(PROVOKE) as Array<[ErrorName, () => Promise<ApiResponse>]>)('%s', (name, provoke) => {
  it('is answered with its status, title and code (and its fixed wording where it has one)', async () => {
    const identity = ERRORS[name];
    const response = await provoke();
    expect(response.status).toBe(identity.status);
    expect(response.headers.get('content-type')).toContain('application/vnd.api+json');
    expect(response.body.errors.length).toBeGreaterThan(0);
    for (const error of response.body.errors) {
      expect(error).toMatchObject({ status: String(identity.status), title: identity.title, code: identity.code });
      if ('detail' in identity && !WORDING_NAMES_THE_THING.includes(name)) expect(error.detail).toBe(identity.detail);
      else expect(error.detail).toEqual(expect.any(String));
    }
    answered.add(identity.code);
  });
});

it('answers every class of the catalogue but the ones it names as never answered', () => {
  const expected = Object.entries(ERRORS)
    .filter(([name]) => !(NOT_ANSWERED as readonly string[]).includes(name))
    .map(([, identity]) => identity.code);
  expect([...answered].sort()).toEqual(expected.sort());
});
