// GET /account/details and GET /ping: what clients call to check a token and to configure
// themselves (the version header, the product name, the rate limit).
import { TOKENS } from '../helpers/service';
import { useService, withService } from '../helpers/use-service';

const service = useService();
const limited = useService({ rateLimit: 50 });

describe('GET /account/details', () => {
  it('answers a user token with that user, its own authenticated resource', async () => {
    const response = await service.request('GET', '/account/details', { token: TOKENS.owner });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.api+json');
    const data = response.body.data;
    expect(data).toMatchObject({ id: 'user-alice', type: 'users', links: { self: '/api/v2/users/user-alice' } });
    expect(data.attributes).toMatchObject({ username: 'alice', 'is-service-account': false, 'two-factor': { enabled: false, verified: false } });
    // Only a site administrator creates organizations; alice is an owner, not one.
    expect(data.attributes.permissions['can-create-organizations']).toBe(false);
    expect(data.relationships['authenticated-resource'].data).toEqual({ id: 'user-alice', type: 'users' });
    expect(data.relationships['authentication-tokens'].links.related).toBe('/api/v2/users/user-alice/authentication-tokens');
  });

  it('gives each user its own answer', async () => {
    const response = await service.request('GET', '/account/details', { token: TOKENS.reader });
    expect(response.body.data.attributes.username).toBe('dave');
    expect(response.body.data.id).toBe('user-dave');
  });

  it("answers an organization token with the organization's service user, the same on every call", async () => {
    const first = await service.request('GET', '/account/details', { token: TOKENS.org });
    const second = await service.request('GET', '/account/details', { token: TOKENS.org });
    expect(first.status).toBe(200);
    const data = first.body.data;
    expect(data.type).toBe('users');
    expect(data.id).toMatch(/^user-[A-Za-z0-9]+$/);
    expect(data.attributes['is-service-account']).toBe(true);
    expect(data.attributes.username).toMatch(/^api-org-acme-[A-Za-z0-9]+$/);
    expect(data.attributes.permissions['can-create-organizations']).toBe(false);
    expect(data.relationships['authenticated-resource'].data).toEqual({ id: 'acme', type: 'organizations' });
    expect(second.body).toEqual(first.body);
  });

  it('answers 401 to a wrong or missing token, and to an emulator token', async () => {
    for (const token of ['not-a-token', null, TOKENS.emulator]) {
      const response = await service.request('GET', '/account/details', { token });
      expect(response.status).toBe(401);
      expect(response.body.errors[0].status).toBe('401');
    }
  });
});

describe('GET /ping', () => {
  it('answers 204 with no body, the API version and the product name', async () => {
    const response = await service.request('GET', '/ping');
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers.get('tfp-api-version')).toMatch(/^2\.\d+$/);
    expect(Number(response.headers.get('tfp-api-version')!.split('.')[1])).toBeGreaterThanOrEqual(5);
    expect(response.headers.get('tfp-appname')).toBe('HCP Terraform');
    // No limit configured: no limit announced, so clients do not slow themselves down.
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('announces the configured rate limit in X-RateLimit-Limit', async () => {
    const response = await limited.request('GET', '/ping');
    expect(response.status).toBe(204);
    expect(response.headers.get('x-ratelimit-limit')).toBe('50');
  });

  it('names the self-hosted product on a self-hosted edition', async () => {
    const { defaultBootstrap } = await import('../helpers/service');
    await withService({ bootstrap: { ...defaultBootstrap(), edition: 'self-hosted' } }, async (selfHosted) => {
      const response = await selfHosted.request('GET', '/ping');
      expect(response.headers.get('tfp-appname')).toBe('Terraform Enterprise');
    });
  });
});
