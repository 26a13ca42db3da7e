// Every endpoint of the spec's table and its handler, gathered from the aggregates' route modules by
// `npm run generate` (handlers.generated.ts). The map's type names every endpoint, so an endpoint
// added to the table without a handler does not compile.
import { type EndpointHandlers, Router } from './http/router';
import { gatheredHandlers } from './handlers.generated';

export function endpointHandlers(options: { rateLimit?: number } = {}): EndpointHandlers {
  return gatheredHandlers(options);
}

export function buildRouter(options: { rateLimit?: number } = {}): Router {
  return new Router(endpointHandlers(options));
}
