// The endpoint table as an OpenAPI 3.1 document: served at GET /api/v2/openapi.json and committed
// as docs/openapi.json (a test keeps the two the same). Schemas come from the table's zod schemas
// through zod's own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses); a schema
// several endpoints share is written once under `components.schemas`.
import { z } from 'zod';
import { API_VERSION } from './account';
import { ERRORS } from './error-codes';
import { PERMISSIONS, authOf, errorsOf, pathParameterNames, type EndpointDefinition } from './endpoint-types';
import { ENDPOINT_PATH_PARAMETERS } from './endpoint-tables.generated';
import { ENDPOINTS, ENDPOINT_GROUPS, ENDPOINT_NAMES, rootTemplateOf, type EndpointName } from './endpoints';
import { JSON_API_MEDIA_TYPE, errorDocumentSchema } from './jsonapi';

type JsonSchema = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';
const ERROR_DOCUMENT = 'ErrorDocument';

/** A zod schema as JSON Schema: what the wire carries (zod's input side), without `$schema`. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return rest;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The OpenAPI path of an endpoint: from the server's root, parameters in braces. */
export function openApiPath(name: EndpointName): string {
  return rootTemplateOf(name).replace(/:([a-z_]+)/g, '{$1}');
}

/**
 * `components.schemas`: one entry per distinct zod schema. A schema is named after the first
 * endpoint using it, shows and lists first, so the workspace document is `ShowWorkspaceAnswer`
 * wherever a workspace is answered.
 */
class SchemaRegistry {
  readonly schemas: Record<string, JsonSchema> = { [ERROR_DOCUMENT]: jsonSchemaOf(errorDocumentSchema) };
  private readonly names = new Map<z.ZodType, string>();

  constructor() {
    const readsFirst = [...ENDPOINT_NAMES].sort((a, b) => Number(!/^(show|list)/.test(a)) - Number(!/^(show|list)/.test(b)));
    for (const name of readsFirst) {
      const endpoint: EndpointDefinition = ENDPOINTS[name];
      if (endpoint.answer && !this.names.has(endpoint.answer)) this.names.set(endpoint.answer, `${pascal(name)}Answer`);
      if (endpoint.body && !this.names.has(endpoint.body)) this.names.set(endpoint.body, `${pascal(name)}Request`);
    }
  }

  ref(schema: z.ZodType): JsonSchema {
    const name = this.names.get(schema)!;
    this.schemas[name] ??= jsonSchemaOf(schema);
    return { $ref: `#/components/schemas/${name}` };
  }
}

function parameters(endpoint: EndpointDefinition): JsonSchema[] {
  const inPath = pathParameterNames(endpoint.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: ENDPOINT_PATH_PARAMETERS[name],
    schema: { type: 'string', minLength: 1 },
  }));
  const inQuery = (endpoint.query ?? []).map((parameter) => ({
    name: parameter.name,
    in: 'query',
    required: false,
    description: parameter.description,
    schema: jsonSchemaOf(parameter.schema),
  }));
  return [...inPath, ...inQuery];
}

/** An endpoint's error codes by status, in order. */
function errorCodesByStatus(endpoint: EndpointDefinition): Array<[number, string[]]> {
  const byStatus = new Map<number, string[]>();
  for (const name of errorsOf(endpoint)) byStatus.set(ERRORS[name].status, [...(byStatus.get(ERRORS[name].status) ?? []), ERRORS[name].code]);
  return [...byStatus].sort((a, b) => a[0] - b[0]);
}

/** One shared response per error status (`components.responses`); each operation names its codes in `x-error-codes`. */
function errorResponse(status: number): JsonSchema {
  const titles = [
    ...new Set(
      Object.values(ERRORS)
        .filter((e) => e.status === status)
        .map((e) => e.title),
    ),
  ];
  return {
    description: `${titles.join(', ')}: a JSON:API error document whose objects carry a \`code\` (the operation's \`x-error-codes\`)`,
    content: { [JSON_API_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${ERROR_DOCUMENT}` } } },
  };
}

function operation(name: EndpointName, registry: SchemaRegistry, group: string, errorStatuses: Set<number>): JsonSchema {
  const endpoint: EndpointDefinition = ENDPOINTS[name];
  const auth = authOf(endpoint.permission);
  const contentType = endpoint.contentType ?? JSON_API_MEDIA_TYPE;
  const responses: Record<string, JsonSchema> = {};
  for (const status of endpoint.success) {
    responses[String(status)] = endpoint.answer
      ? { description: endpoint.summary, content: { [contentType]: { schema: registry.ref(endpoint.answer) } } }
      : endpoint.rawAnswer
        ? { description: endpoint.summary, content: { [endpoint.rawAnswer]: { schema: {} } } }
        : { description: endpoint.summary };
  }
  const errors = errorCodesByStatus(endpoint);
  for (const [status] of errors) errorStatuses.add(status);
  const notes = [`Who may call it: ${PERMISSIONS[endpoint.permission]}.`];
  if (endpoint.hostedBody) notes.push('A service started with `--dialect hosted` accepts the hosted service’s attribute names only.');
  return {
    operationId: name,
    summary: endpoint.summary,
    description: notes.join(' '),
    tags: [group],
    security: auth === 'public' ? [] : [{ [auth === 'emulator' ? 'emulatorToken' : 'apiToken']: [] }],
    ...(endpoint.query || pathParameterNames(endpoint.path).length > 0 ? { parameters: parameters(endpoint) } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { [contentType]: { schema: registry.ref(endpoint.body) } } } } : {}),
    ...(endpoint.rawBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream', maxLength: endpoint.rawBody.maxBytes } },
            },
          },
        }
      : {}),
    responses: { ...responses, ...Object.fromEntries(errors.map(([status]) => [String(status), { $ref: `#/components/responses/Error${status}` }])) },
    'x-error-codes': Object.fromEntries(errors.map(([status, codes]) => [String(status), codes])),
    'x-permission': endpoint.permission,
    'x-cacheable': endpoint.cacheable === true,
    'x-destructive': endpoint.destructive === true,
  };
}

/** The whole document; the same object for the same table, key order included. */
export function openApiDocument(): JsonSchema {
  const registry = new SchemaRegistry();
  const errorStatuses = new Set<number>();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [group, names] of Object.entries(ENDPOINT_GROUPS)) {
    for (const name of names) {
      const path = openApiPath(name);
      paths[path] ??= {};
      paths[path][ENDPOINTS[name].method.toLowerCase()] = operation(name, registry, group, errorStatuses);
    }
  }
  const missing = ENDPOINT_NAMES.filter((name) => !Object.values(ENDPOINT_GROUPS).some((names) => names.includes(name)));
  if (missing.length > 0) throw new Error(`endpoints in no group: ${missing.join(', ')}`);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'cdk-workspaces service',
      version: API_VERSION,
      description: 'The workspace service interface as cdk-workspaces serves it, generated from src/contract/endpoints.ts.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: Object.keys(ENDPOINT_GROUPS).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiToken: { type: 'http', scheme: 'bearer', description: 'a user or organization API token' },
        emulatorToken: { type: 'http', scheme: 'bearer', description: 'an emulator-admin token of the bootstrap file' },
      },
      schemas: registry.schemas,
      responses: Object.fromEntries([...errorStatuses].sort((a, b) => a - b).map((status) => [`Error${status}`, errorResponse(status)])),
    },
  };
}
