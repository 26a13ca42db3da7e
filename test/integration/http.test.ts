// The HTTP and JSON:API layer: media type, error objects, body limits, malformed and mis-shaped
// bodies, unknown routes, authentication, and no 500 for anything a client sends.
// Spec "Conventions" (wire format), "Authentication" 1; decisions 5, 6, 12, 13, 17.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService, withService } from '../helpers/use-service';
import { JSONAPI, expectError, showWorkspace, uniqueName } from '../helpers/workspace-assertions';

jest.setTimeout(60_000);

const service = useService();

const workspacesPath = `/organizations/${ORG}/workspaces`;

describe('media type', () => {
  it('answers documents as application/vnd.api+json', async () => {
    const ws = await createWorkspace(service);
    const response = await showWorkspace(service, ws.id);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
  });

  it('answers errors as application/vnd.api+json', async () => {
    const response = await service.request('GET', '/workspaces/ws-doesnotexist0000');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
  });

  it('accepts a request body sent as application/vnd.api+json', async () => {
    const response = await service.request('POST', workspacesPath, {
      headers: { 'content-type': JSONAPI },
      rawBody: JSON.stringify({ data: { type: 'workspaces', attributes: { name: uniqueName() } } }),
    });
    expect(response.status).toBe(201);
  });
});

describe('error objects', () => {
  it('carry status as a string equal to the HTTP status, a title, a detail and a pointer', async () => {
    const response = await service.request('POST', workspacesPath, { body: { data: { type: 'workspaces', attributes: { name: 'not valid!' } } } });
    expect(response.status).toBe(422);
    const [error] = response.body.errors;
    expect(error).toMatchObject({ status: '422', title: 'invalid attribute', source: { pointer: '/data/attributes/name' } });
    expect(typeof error.detail).toBe('string');
    expect(error.detail.length).toBeGreaterThan(0);
  });

  it('use the documented shape for a taken name', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('POST', workspacesPath, { body: { data: { type: 'workspaces', attributes: { name: ws.attributes.name } } } });
    expect(response.body).toEqual({
      errors: [
        { status: '422', title: 'invalid attribute', code: 'name-taken', detail: 'Name has already been taken', source: { pointer: '/data/attributes/name' } },
      ],
    });
  });

  it.each([
    ['401', () => service.request('GET', workspacesPath, { token: null }), 401],
    ['404', () => service.request('GET', '/workspaces/ws-doesnotexist0000'), 404],
    [
      '409',
      async () => {
        const ws = await createWorkspace(service);
        return service.request('POST', `/workspaces/${ws.id}/actions/unlock`);
      },
      409,
    ],
  ])('are returned for %s too', async (_label, send, status) => {
    const response = await send();
    expectError(response, status);
    expect(typeof response.body.errors[0].detail).toBe('string');
  });
});

describe('request bodies', () => {
  it('refuses malformed JSON with 400', async () => {
    const response = await service.request('POST', workspacesPath, { rawBody: '{"data": {"type": "workspaces",' });
    expectError(response, 400);
  });

  it('refuses an empty body on create with 400 or 422', async () => {
    const response = await service.request('POST', workspacesPath, { rawBody: '', headers: { 'content-type': JSONAPI } });
    expectError(response, [400, 422]);
  });

  it('refuses a body larger than 1 MiB with 413', async () => {
    const description = 'x'.repeat(1024 * 1024 + 10);
    const response = await service.request('POST', workspacesPath, { body: { data: { type: 'workspaces', attributes: { name: uniqueName(), description } } } });
    expectError(response, 413);
  });

  it('refuses a large body on update with 413 and changes nothing', async () => {
    const ws = await createWorkspace(service, { description: 'kept' });
    const response = await service.request('PATCH', `/workspaces/${ws.id}`, {
      rawBody: `{"data":{"type":"workspaces","attributes":{"description":"${'y'.repeat(2 * 1024 * 1024)}"}}}`,
    });
    expectError(response, 413);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.description).toBe('kept');
  });

  it('refuses a chunked body that grows past 1 MiB with 413', async () => {
    const url = new URL(`${service.apiUrl}${workspacesPath}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': JSONAPI, 'transfer-encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      req.write(`{"data":{"type":"workspaces","attributes":{"name":"${uniqueName('chunked')}","description":"`);
      const chunk = 'z'.repeat(64 * 1024);
      for (let i = 0; i < 24; i++) req.write(chunk);
      req.end('"}}}');
    });
    expect(status).toBe(413);
  });

  it('accepts a body just under 1 MiB', async () => {
    const description = 'x'.repeat(1024 * 1024 - 500);
    const response = await service.request('POST', workspacesPath, { body: { data: { type: 'workspaces', attributes: { name: uniqueName(), description } } } });
    expect(response.status).toBe(201);
  });

  it.each([
    ['an array', []],
    ['a string', 'workspaces'],
    ['null', null],
    ['data as a string', { data: 'x' }],
    ['data as an array', { data: [] }],
    ['attributes as an array', { data: { type: 'workspaces', attributes: [] } }],
    ['data without type', { data: { attributes: { name: 'no-type' } } }],
  ])('refuses %s as a document with 422', async (_label, body) => {
    const response = await service.request('POST', workspacesPath, { rawBody: JSON.stringify(body) });
    expectError(response, 422);
  });

  it('refuses malformed JSON on a lock with 400 and leaves the workspace unlocked', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { rawBody: '{reason:' });
    expectError(response, 400);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(false);
  });
});

describe('routes', () => {
  it.each([
    ['an unknown path under the API root', 'GET', '/no-such-thing'],
    ['an unknown action', 'POST', '/workspaces/ws-doesnotexist0000/actions/explode'],
    ['a path outside the API root', 'GET', '/api/v1/workspaces'],
    ['a path past a workspace', 'GET', `/organizations/${ORG}/workspaces/a/b/c/d`],
  ])('answers 404 for %s', async (_label, method, path) => {
    expectError(await service.request(method, path), 404);
  });

  it('answers an unsupported method on a known path with 404 or 405', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('PUT', `/workspaces/${ws.id}`, { body: { data: { type: 'workspaces', attributes: {} } } }), [404, 405]);
  });

  it('answers an unknown route without a token with 401 or 404', async () => {
    const response = await service.request('GET', '/no-such-thing', { token: null });
    expect([401, 404]).toContain(response.status);
  });

  it('decodes percent-encoded names in paths', async () => {
    const ws = await createWorkspace(service, { name: uniqueName('enc_name') });
    const encoded = ws.attributes.name.replace(/_/g, '%5F');
    const response = await service.request('GET', `/organizations/${ORG}/workspaces/${encoded}`);
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(ws.id);
  });

  it('answers a malformed percent-encoding in a path without a server error', async () => {
    const response = await service.request('GET', `/organizations/${ORG}/workspaces/%E0%A4%A`);
    expect([400, 404]).toContain(response.status);
  });
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', { token: null }],
    ['an unknown bearer token', { token: 'nope' }],
    ['an empty bearer token', { token: null, headers: { authorization: 'Bearer ' } }],
    ['a token without the Bearer scheme', { token: null, headers: { authorization: TOKENS.owner } }],
  ])('answers 401 to %s on every endpoint', async (_label, options) => {
    const ws = await createWorkspace(service);
    const calls: Array<[string, string]> = [
      ['GET', workspacesPath],
      ['POST', workspacesPath],
      ['GET', `/workspaces/${ws.id}`],
      ['PATCH', `/workspaces/${ws.id}`],
      ['DELETE', `/workspaces/${ws.id}`],
      ['POST', `/workspaces/${ws.id}/actions/lock`],
      ['POST', `/workspaces/${ws.id}/actions/safe-delete`],
    ];
    for (const [method, path] of calls) {
      const response = await service.request(method, path, {
        ...options,
        body: method === 'GET' ? undefined : { data: { type: 'workspaces', attributes: { name: uniqueName() } } },
      });
      expectError(response, 401);
    }
    expect((await showWorkspace(service, ws.id)).status).toBe(200);
  });

  it('accepts the scheme name in any case', async () => {
    const response = await service.request('GET', workspacesPath, { token: null, headers: { authorization: `bearer ${TOKENS.owner}` } });
    expect(response.status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('is off by default: 300 quick requests by one user all succeed', async () => {
    const responses = await Promise.all(Array.from({ length: 300 }, () => service.request('GET', workspacesPath)));
    expect(responses.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
  });

  it('answers 429 with the rate limit headers once a user exceeds the limit it is given', async () => {
    await withService({ rateLimit: 5 }, async (limited) => {
      const responses = await Promise.all(Array.from({ length: 30 }, () => limited.request('GET', workspacesPath)));
      const refused = responses.find((r) => r.status === 429);
      expect(refused).toBeDefined();
      expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(5);
      expect(refused!.headers.get('x-ratelimit-limit')).toBe('5');
      expect(refused!.headers.get('x-ratelimit-reset')).not.toBeNull();
      expect(refused!.headers.get('retry-after')).not.toBeNull();
      expect(Array.isArray(refused!.body.errors)).toBe(true);
    });
  });

  it('declares its limit on every answer, so clients can pace by it; without a limit it declares none', async () => {
    await withService({ rateLimit: 50 }, async (limited) => {
      const list = await limited.request('GET', workspacesPath);
      const missing = await limited.request('GET', '/workspaces/ws-doesnotexist');
      expect([list.status, missing.status]).toEqual([200, 404]);
      expect(list.headers.get('x-ratelimit-limit')).toBe('50');
      expect(missing.headers.get('x-ratelimit-limit')).toBe('50');
    });
    const unlimited = await service.request('GET', workspacesPath);
    expect(unlimited.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('no server errors for anything a client sends', () => {
  it('never answers 5xx to random attribute values on create', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            'name',
            'execution-mode',
            'agent-pool-id',
            'engine-version',
            'vcs-repo',
            'operations',
            'auto-destroy-activity-duration',
            'setting-overwrites',
            'trigger-prefixes',
            'description',
          ),
          fc.jsonValue(),
        ),
        async (attributes) => {
          const response = await service.request('POST', workspacesPath, { body: { data: { type: 'workspaces', attributes } } });
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never answers 5xx to random documents on update', async () => {
    const ws = await createWorkspace(service);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const response = await service.request('PATCH', `/workspaces/${ws.id}`, { rawBody: JSON.stringify(body) });
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('never answers 5xx to random relationships on create and update', async () => {
    const ws = await createWorkspace(service);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ project: fc.oneof(fc.jsonValue(), fc.record({ data: fc.oneof(fc.jsonValue(), fc.record({ type: fc.string(), id: fc.jsonValue() })) })) }),
        fc.record({
          'tag-bindings': fc.oneof(
            fc.jsonValue(),
            fc.record({
              data: fc.array(
                fc.oneof(
                  fc.jsonValue(),
                  fc.record({ type: fc.constant('tag-bindings'), attributes: fc.dictionary(fc.constantFrom('key', 'value'), fc.jsonValue()) }),
                ),
              ),
            }),
          ),
        }),
        async (project, tagBindings) => {
          const relationships = { ...project, ...tagBindings };
          const created = await service.request('POST', workspacesPath, {
            body: { data: { type: 'workspaces', attributes: { name: uniqueName('fz') }, relationships } },
          });
          expect(created.status).toBeLessThan(500);
          const updated = await service.request('PATCH', `/workspaces/${ws.id}`, { body: { data: { type: 'workspaces', attributes: {}, relationships } } });
          expect(updated.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never answers 5xx to random bodies on lock, SSH key and state version creation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const ws = await createWorkspace(service);
        const raw = JSON.stringify(body);
        for (const [path, token] of [
          [`/workspaces/${ws.id}/actions/lock`, TOKENS.owner],
          [`/workspaces/${ws.id}/relationships/ssh-key`, TOKENS.owner],
          [`/workspaces/${ws.id}/state-versions`, TOKENS.owner],
        ] as const) {
          const method = path.includes('ssh-key') ? 'PATCH' : 'POST';
          const response = await service.request(method, path, { token, rawBody: raw });
          expect(response.status).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('never answers 5xx to random query strings on list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom(
              'page[number]',
              'page[size]',
              'search[name]',
              'search[tags]',
              'search[wildcard-name]',
              'sort',
              'filter[project][id]',
              'filter[tagged][0][key]',
              'filter[tagged][x][value]',
              'include',
            ),
            fc.string(),
          ),
          { maxLength: 4 },
        ),
        async (pairs) => {
          const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const response = await service.request('GET', `${workspacesPath}?${query}`);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('never answers 5xx to random path segments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (segment) => {
        const response = await service.request('GET', `/workspaces/${encodeURIComponent(segment)}`);
        expect(response.status).toBeLessThan(500);
        const byName = await service.request('GET', `${workspacesPath}/${encodeURIComponent(segment)}`);
        expect(byName.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
