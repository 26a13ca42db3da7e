// Property-based fuzzing of every endpoint: whatever a client sends, the service never answers
// 5xx, and every refusal is a JSON:API error document whose status matches (decisions 6, 12, 17).
import fc from 'fast-check';
import { ORG, TOKENS } from '../helpers/service';
import { createChangeRequests, createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';

const RUNS = 10_000;
jest.setTimeout(600_000);

// Wrong tokens are part of the generated requests: the guessing throttle would answer most of them 429.
const service = useService({ authFailureLimit: 0 });
const fixture = { id: '', name: '', consumer: '', changeRequest: '' };
beforeAll(async () => {
  const ws = await createWorkspace(service);
  fixture.id = ws.id;
  fixture.name = ws.attributes.name;
  fixture.consumer = (await createWorkspace(service)).id;
  [fixture.changeRequest] = await createChangeRequests(service, [ws.id]);
});

/** Every route: method, path template, and whether it may destroy the fixtures (then random IDs only). */
const ROUTES: Array<[string, string, boolean?]> = [
  ['POST', '/organizations/:org/workspaces'],
  ['GET', '/organizations/:org/workspaces'],
  ['GET', '/workspaces/:ws'],
  ['GET', '/organizations/:org/workspaces/:name'],
  ['PATCH', '/workspaces/:ws'],
  ['PATCH', '/organizations/:org/workspaces/:name'],
  ['POST', '/workspaces/:ws/actions/safe-delete', true],
  ['POST', '/organizations/:org/workspaces/:name/actions/safe-delete', true],
  ['DELETE', '/workspaces/:ws', true],
  ['DELETE', '/organizations/:org/workspaces/:name', true],
  ['POST', '/workspaces/:ws/actions/lock'],
  ['POST', '/workspaces/:ws/actions/unlock'],
  ['POST', '/workspaces/:ws/actions/force-unlock'],
  ['PATCH', '/workspaces/:ws/relationships/ssh-key'],
  ['GET', '/workspaces/:ws/relationships/remote-state-consumers'],
  ['PATCH', '/workspaces/:ws/relationships/remote-state-consumers'],
  ['POST', '/workspaces/:ws/relationships/remote-state-consumers'],
  ['DELETE', '/workspaces/:ws/relationships/remote-state-consumers'],
  ['GET', '/workspaces/:ws/relationships/tags'],
  ['POST', '/workspaces/:ws/relationships/tags'],
  ['DELETE', '/workspaces/:ws/relationships/tags'],
  ['GET', '/workspaces/:ws/tag-bindings'],
  ['PATCH', '/workspaces/:ws/tag-bindings'],
  ['GET', '/workspaces/:ws/effective-tag-bindings'],
  ['GET', '/workspaces/:ws/relationships/data-retention-policy'],
  ['POST', '/workspaces/:ws/relationships/data-retention-policy'],
  ['DELETE', '/workspaces/:ws/relationships/data-retention-policy'],
  ['GET', '/workspaces/:ws/change-requests'],
  ['GET', '/workspaces/:name/change-requests'],
  ['GET', '/change-requests/:cr'],
  ['GET', '/workspaces/change-requests/:cr'],
  ['POST', '/workspaces/change-requests/:cr'],
  ['PATCH', '/workspaces/change-requests/:cr'],
  ['PATCH', '/change-requests/:cr'],
  ['POST', '/change-requests/:cr/actions/archive'],
  ['POST', '/organizations/:org/explorer/bulk-actions'],
  ['GET', '/organizations'],
  ['POST', '/organizations'],
  ['GET', '/organizations/:org'],
  ['GET', '/organizations/:org/entitlement-set'],
  // A rename of the fixtures' organization would end the run's look-ups: random names only.
  ['PATCH', '/organizations/:name', true],
  ['DELETE', '/organizations/:name', true],
  ['GET', '/organizations/:org/ssh-keys'],
  ['POST', '/organizations/:org/ssh-keys'],
  ['GET', '/ssh-keys/:key'],
  ['PATCH', '/ssh-keys/:key'],
  ['DELETE', '/ssh-keys/:key', true],
];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '..', '%', '%00', '__proto__', 'constructor', 'ws-', 'wscr-', 'tag-', '💥', 'a'.repeat(5000)),
);
/** Real IDs and names half the time, so requests get past the look-ups into the rules. */
const segment = (real: () => string) => fc.oneof(fc.constant(null), text).map((v) => (v === null ? real() : v));
const params = (destructive: boolean) =>
  fc.record({
    org: fc.oneof(fc.constant(ORG), fc.constant('freeco'), text),
    ws: destructive ? text : segment(() => fixture.id),
    name: destructive ? text : segment(() => fixture.name),
    cr: segment(() => fixture.changeRequest),
    key: destructive ? text : segment(() => 'sshkey-deploy'),
  });

const QUERY_KEYS = [
  'page[number]',
  'page[size]',
  'search[name]',
  'search[tags]',
  'search[exclude-tags]',
  'search[wildcard-name]',
  'sort',
  'include',
  'archive',
  'filter[project][id]',
  'filter[tagged][0][key]',
  'filter[tagged][1][value]',
  'filter[current-run][status]',
];
const query = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...QUERY_KEYS), text),
    fc.oneof(text, fc.constantFrom('0', '-1', '1', '101', '1e9', '99999999999', 'true', 'name', '-name')),
  ),
  { maxLength: 5 },
);

const attributes = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'name',
      'key',
      'value',
      'id',
      'action_type',
      'action_inputs',
      'target_ids',
      'query',
      'deleteOlderThanNDays',
      'execution-mode',
      'vcs-repo',
      'global-remote-state',
      'reason',
      'email',
      'session-timeout',
    ),
    text,
  ),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 5 },
);
const item = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom('workspaces', 'tags', 'tag-bindings', 'bulk_actions', 'data-retention-policy-delete-olders', 'organizations', 'ssh-keys'),
      text,
    ),
    id: fc.oneof(fc.constant(undefined), text, fc.constant('ws-x')),
    attributes,
  },
  { requiredKeys: ['type'] },
);
/** Raw bodies: documents near the valid shapes, arbitrary JSON, prototype keys, huge and broken text. */
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.record({ data: fc.oneof(item, fc.array(item, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })) }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"__proto__": {"polluted": true}, "data": {"type": "workspaces", "attributes": {"name": "p"}}}',
    '{"data": {"__proto__": {"type": "workspaces"}, "constructor": {"prototype": {"x": 1}}}}',
    '{"data": [{"type": "tags", "attributes": {"__proto__": {"name": "x"}}}]}',
    `{"data": {"type": "workspaces", "attributes": {"name": "${'n'.repeat(200_000)}"}}}`,
    `{"reason": "${'r'.repeat(300_000)}"}`,
    '{"data": ',
    '\u0000',
    'null',
    '[]',
    '"\\ud800"',
  ),
);
const token = fc.constantFrom<string | null>(TOKENS.owner, TOKENS.admin, TOKENS.reader, TOKENS.writer, TOKENS.org, TOKENS.outsider, null, 'not-a-token');
const contentType = fc.constantFrom('application/vnd.api+json', 'application/json', 'text/plain', 'application/vnd.api+json; charset=utf-8');
const method = (own: string) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT') });

const request = fc.integer({ min: 0, max: ROUTES.length - 1 }).chain((index) => {
  const [own, template, destructive] = ROUTES[index];
  return fc.record({ template: fc.constant(template), method: method(own), params: params(destructive === true), query, body, token, contentType });
});

function problems(status: number, contentTypeHeader: string | null, payload: any): string[] {
  const out: string[] = [];
  if (status >= 500) out.push(`status ${status}`);
  if (status >= 400) {
    if (!(contentTypeHeader ?? '').includes('application/vnd.api+json')) out.push(`content-type ${contentTypeHeader}`);
    if (!Array.isArray(payload?.errors) || payload.errors.length === 0) out.push('no errors array');
    for (const error of payload?.errors ?? []) {
      if (error.status !== String(status)) out.push(`error status ${error.status} on HTTP ${status}`);
      if (typeof error.title !== 'string') out.push('error without a title');
    }
  }
  return out;
}

it(`answers ${RUNS} generated requests on every endpoint without a 5xx, refusing only with JSON:API errors`, async () => {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const path = r.template.replace(/:(\w+)/g, (_m, key: keyof typeof r.params) => encodeURIComponent(r.params[key]));
      const search = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      // fetch cannot send a body with GET.
      const raw = r.method === 'GET' ? undefined : r.body;
      const headers: Record<string, string> = raw === undefined ? {} : { 'content-type': r.contentType };
      const response = await service.request(r.method, `${path}${search ? `?${search}` : ''}`, { token: r.token, rawBody: raw, headers });
      sent += 1;
      expect(problems(response.status, response.headers.get('content-type'), response.body)).toEqual([]);
    }),
    { numRuns: RUNS },
  );
  expect(sent).toBeGreaterThanOrEqual(RUNS);
  // The prototype keys reached no object of the service.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  // The service still answers normally afterwards.
  expect((await service.request('GET', `/organizations/${ORG}/workspaces`)).status).toBe(200);
});
