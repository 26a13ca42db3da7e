// The endpoint table as an OpenAPI 3.1 document: served at GET /api/v2/openapi.json and committed
// as docs/openapi.json (a test keeps the two the same). Schemas come from the table's zod schemas
// through zod's own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses); a schema
// several endpoints share is written once under `components.schemas`.
import { z } from 'zod';
import { API_VERSION } from './account';
import { ERRORS, type ErrorName } from './error-codes';
import { API_ROOT, PATH_PARAMETERS, PERMISSIONS, authOf, errorsOf, pathParameterNames, type EndpointDefinition } from './endpoint-types';
import { ENDPOINTS, ENDPOINT_GROUPS, ENDPOINT_NAMES, isUnderApiRoot, type EndpointName } from './endpoints';
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
  const path = ENDPOINTS[name].path.replace(/:([a-z_]+)/g, '{$1}');
  return isUnderApiRoot(name) ? API_ROOT + path : path;
}

/** `components.schemas`, one entry per distinct zod schema, named after the first endpoint that uses it. */
class SchemaRegistry {
  readonly schemas: Record<string, JsonSchema> = { [ERROR_DOCUMENT]: jsonSchemaOf(errorDocumentSchema) };
  private readonly names = new Map<z.ZodType, string>();

  ref(schema: z.ZodType, name: string): JsonSchema {
    let known = this.names.get(schema);
    if (!known) {
      known = name;
      this.names.set(schema, known);
      this.schemas[known] = jsonSchemaOf(schema);
    }
    return { $ref: `#/components/schemas/${known}` };
  }
}

function parameters(endpoint: EndpointDefinition): JsonSchema[] {
  const inPath = pathParameterNames(endpoint.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[name],
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

function errorResponses(endpoint: EndpointDefinition): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of errorsOf(endpoint)) byStatus.set(ERRORS[name].status, [...(byStatus.get(ERRORS[name].status) ?? []), name]);
  const out: Record<string, JsonSchema> = {};
  for (const [status, names] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `code ${names.map((n) => `\`${ERRORS[n].code}\``).join(', ')}`,
      content: { [JSON_API_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${ERROR_DOCUMENT}` } } },
      'x-error-codes': names.map((n) => ERRORS[n].code),
    };
  }
  return out;
}

function operation(name: EndpointName, registry: SchemaRegistry, group: string): JsonSchema {
  const endpoint: EndpointDefinition = ENDPOINTS[name];
  const auth = authOf(endpoint.permission);
  const contentType = endpoint.contentType ?? JSON_API_MEDIA_TYPE;
  const responses: Record<string, JsonSchema> = {};
  for (const status of endpoint.success) {
    responses[String(status)] = endpoint.answer
      ? { description: endpoint.summary, content: { [contentType]: { schema: registry.ref(endpoint.answer, `${pascal(name)}Answer`) } } }
      : { description: endpoint.summary };
  }
  const notes = [`Who may call it: ${PERMISSIONS[endpoint.permission]}.`];
  if (endpoint.hostedBody) notes.push('A service started with `--dialect hosted` accepts the hosted service’s attribute names only.');
  return {
    operationId: name,
    summary: endpoint.summary,
    description: notes.join(' '),
    tags: [group],
    security: auth === 'public' ? [] : [{ [auth === 'emulator' ? 'emulatorToken' : 'apiToken']: [] }],
    ...(endpoint.query || pathParameterNames(endpoint.path).length > 0 ? { parameters: parameters(endpoint) } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { [contentType]: { schema: registry.ref(endpoint.body, `${pascal(name)}Request`) } } } }
      : {}),
    responses: { ...responses, ...errorResponses(endpoint) },
    'x-permission': endpoint.permission,
    'x-cacheable': endpoint.cacheable === true,
  };
}

/** The whole document; the same object for the same table, key order included. */
export function openApiDocument(): JsonSchema {
  const registry = new SchemaRegistry();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [group, names] of Object.entries(ENDPOINT_GROUPS)) {
    for (const name of names) {
      const path = openApiPath(name);
      paths[path] ??= {};
      paths[path][ENDPOINTS[name].method.toLowerCase()] = operation(name, registry, group);
    }
  }
  const missing = ENDPOINT_NAMES.filter((name) => !Object.values(ENDPOINT_GROUPS).some((names) => names.includes(name)));
  if (missing.length > 0) throw new Error(`endpoints in no group: ${missing.join(', ')}`);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'cdk-workspaces service',
      version: API_VERSION,
      description: 'The workspace service interface as cdk-workspaces serves it, generated from src/spec/endpoints.ts.',
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
    },
  };
}
