// The router answers every endpoint of the spec's table at its own path, and a handler map that
// leaves an endpoint out does not compile.
import { ENDPOINTS, ENDPOINT_NAMES, pathOf, pathParameterNames, type EndpointName, type PathParameters } from '../../contract';
import { buildRouter, endpointHandlers } from '../routes';
import type { EndpointHandlers } from './router';

/** Parameter values that look like nothing literal in any template. */
const sample = (name: EndpointName) =>
  Object.fromEntries(pathParameterNames(ENDPOINTS[name].path).map((parameter) => [parameter, `x-${parameter}`])) as PathParameters<typeof name>;

describe('the router', () => {
  const router = buildRouter();

  it.each(ENDPOINT_NAMES)('finds %s at its own path, with its parameters decoded', (name) => {
    const match = router.match(ENDPOINTS[name].method, pathOf(name, sample(name)));
    expect(match && 'name' in match ? [match.name, match.params] : match).toEqual([name, sample(name)]);
  });

  it('takes the kind of token and cacheability from the table', () => {
    expect(router.route('showWorkspace')).toMatchObject({ auth: 'api', cacheable: true });
    expect(router.route('updateWorkspace')).toMatchObject({ auth: 'api', cacheable: false });
    expect(router.route('listNotifications')).toMatchObject({ auth: 'emulator' });
    expect(router.route('showOpenApiDocument')).toMatchObject({ auth: 'public' });
  });

  it('names the methods a path has when another is asked for', () => {
    expect(router.match('PUT', pathOf('showWorkspace', { workspace_id: 'ws-1' }))).toEqual({
      allowed: expect.arrayContaining(['GET', 'PATCH', 'DELETE']),
      template: '/workspaces/:workspace_id',
    });
  });
});

// A handler map that leaves an endpoint out does not compile: `npm run typecheck` fails here if
// the map's type ever stops requiring every endpoint (the directive would then be unused).
const { showWorkspace: _left, ...incomplete } = endpointHandlers();
// @ts-expect-error a map without showWorkspace is not EndpointHandlers
export const withoutShowWorkspace: EndpointHandlers = incomplete;
