// docs/api.md, generated from the endpoint table: one row per endpoint (who may call it, what it
// answers, the codes of its refusals) and the query parameters of those that take any. A test
// keeps the committed page the same as this text.
import { ERRORS } from './error-codes';
import { PERMISSIONS, pathParameterNames, type EndpointDefinition } from './endpoint-types';
import { ENDPOINT_PATH_PARAMETERS } from './endpoint-tables.generated';
import { ENDPOINTS, ENDPOINT_GROUPS, rootTemplateOf, type EndpointName } from './endpoints';

export const API_REFERENCE_COMMAND = 'npm run generate:api';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function answers(endpoint: EndpointDefinition): string {
  return endpoint.success.join(', ') + (endpoint.answer ? '' : ' (no body)');
}

function refusals(endpoint: EndpointDefinition): string {
  return endpoint.errors.map((name) => `${ERRORS[name].status} \`${ERRORS[name].code}\``).join(', ');
}

function row(name: EndpointName): string {
  const endpoint: EndpointDefinition = ENDPOINTS[name];
  const flags = [endpoint.cacheable ? 'cacheable' : '', endpoint.body ? 'takes a body' : '', endpoint.destructive ? 'destructive' : '']
    .filter(Boolean)
    .join(', ');
  return `| \`${name}\` | \`${endpoint.method} ${rootTemplateOf(name)}\` | ${cell(endpoint.summary)}${flags ? ` (${flags})` : ''} | ${endpoint.permission} | ${answers(endpoint)} | ${refusals(endpoint) || '–'} |`;
}

function queryParameters(): string[] {
  const lines: string[] = [];
  for (const name of Object.values(ENDPOINT_GROUPS).flat()) {
    const endpoint: EndpointDefinition = ENDPOINTS[name];
    if (!endpoint.query?.length) continue;
    lines.push(`- \`${name}\``, ...endpoint.query.map((p) => `  - \`${p.name}\`: ${p.description}`));
  }
  return lines;
}

/** The whole page. */
export function apiReferenceMarkdown(): string {
  const usedPathParameters = [...new Set(Object.values(ENDPOINTS).flatMap((e) => pathParameterNames(e.path)))];
  return [
    '# API reference',
    '',
    `<!-- Generated from src/contract/endpoints.ts by \`${API_REFERENCE_COMMAND}\`: edit the table, not this page. -->`,
    '',
    'Every endpoint the service answers, from the one table in `src/contract/endpoints.ts` that the',
    'service’s router, the API client and this page read. The same table is served as an OpenAPI 3.1',
    'document at `GET /api/v2/openapi.json` (no token needed) and committed as',
    '[openapi.json](openapi.json), with every request and answer schema.',
    '',
    'Start a service and fetch the document:',
    '',
    '```sh',
    'npx cdkws serve --port 0 --pid-file cdkws.pid > serve.out &',
    "for _ in $(seq 150); do grep -q '^listening on' serve.out && break; sleep 0.2; done",
    'address=$(sed -n "s/^listening on //p" serve.out)',
    'curl -fsS "$address/api/v2/openapi.json" | grep -q \'"openapi":"3.1.0"\'',
    'kill "$(cat cdkws.pid)"',
    '```',
    '',
    'Requests send `Authorization: Bearer <token>` (emulator controls: an emulator-admin token) and',
    'bodies as `application/vnd.api+json`. Besides the refusals listed per endpoint, any request can be',
    'answered 400 `bad-request` (a malformed URL), 401 `unauthorized`, 429 `rate-limited` or',
    '`authentication-throttled`, and 503 `database-unavailable` or `database-busy` (writes also',
    '`write-outcome-unknown`), with `Retry-After`; one with a body also 413 `payload-too-large`, 415',
    '`unsupported-media-type` and 422 `invalid-attribute`. Error codes: `src/contract/error-codes.ts`.',
    '',
    '## Who may call an endpoint',
    '',
    '| permission | who |',
    '|---|---|',
    ...Object.entries(PERMISSIONS).map(([name, who]) => `| ${name} | ${who} |`),
    '',
    '## Path parameters',
    '',
    ...usedPathParameters.map((name) => `- \`${name}\`: ${ENDPOINT_PATH_PARAMETERS[name]}`),
    '',
    ...Object.entries(ENDPOINT_GROUPS).flatMap(([group, names]) => [
      `## ${group.charAt(0).toUpperCase()}${group.slice(1)}`,
      '',
      '| name | request | what it does | permission | success | its own refusals |',
      '|---|---|---|---|---|---|',
      ...names.map(row),
      '',
    ]),
    '## Query parameters',
    '',
    ...queryParameters(),
    '',
  ].join('\n');
}
