// GET /api/v2/openapi.json: the interface as an OpenAPI 3.1 document, generated from the spec's
// endpoint table once per process (the same text docs/openapi.json holds).
import { openApiDocument } from '../../contract';
import type { EndpointHandlers, Reply } from './router';

let rendered: Buffer | undefined;

async function showOpenApiDocument(): Promise<Reply> {
  rendered ??= Buffer.from(JSON.stringify(openApiDocument()));
  return { status: 200, raw: rendered, contentType: 'application/json' };
}

export const OPENAPI_HANDLERS = { showOpenApiDocument } satisfies Partial<EndpointHandlers>;
