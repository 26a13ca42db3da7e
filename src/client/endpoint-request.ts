// Requests to the endpoints of the spec's table: the method and the path come from the table
// (src/contract/endpoints.ts), so the client never spells a path of its own.
import { ENDPOINTS, pathOf, type EndpointName, type PathParameters } from '../contract';
import type { TransportRequest } from './transport';

/** What a caller adds to an endpoint's method and path: query, body, and whether it is safe to repeat. */
export type RequestOptions = Omit<TransportRequest, 'method' | 'path'>;

export function endpointRequest<N extends EndpointName>(name: N, parameters: PathParameters<N>, options: RequestOptions): TransportRequest {
  return { method: ENDPOINTS[name].method, path: pathOf(name, parameters), ...options };
}
