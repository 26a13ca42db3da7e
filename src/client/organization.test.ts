// The organizations API against a stand-in that answers as the hosted service documents it: the
// paths and bodies the client sends, and what it makes of the answers.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from './client';
import { NotFoundError, ValidationError } from './errors';

interface Seen {
  method: string;
  url: string;
  body: any;
}

const organizationDoc = (name: string, email = 'platform@example.com') => ({
  data: {
    id: name,
    type: 'organizations',
    attributes: {
      name,
      email,
      'created-at': '2026-01-02T03:04:05.000Z',
      'external-id': 'org-abc',
      'collaborator-auth-policy': 'password',
      'cost-estimation-enabled': false,
      'session-remember': 20160,
      permissions: { 'can-update': true, 'can-destroy': true },
    },
  },
});

async function readBody(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? JSON.parse(text) : undefined;
}

describe('OrganizationsApi', () => {
  let server: Server;
  let client: Client;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readBody(req).then((body) => {
        seen.push({ method: req.method!, url: req.url!, body });
        const answer = (status: number, doc?: unknown) => {
          res.writeHead(status, { 'content-type': 'application/vnd.api+json' });
          res.end(doc === undefined ? '' : JSON.stringify(doc));
        };
        if (req.url === '/api/v2/organizations/missing') return answer(404, { errors: [{ status: '404', title: 'not found' }] });
        if (req.method === 'GET' && req.url?.startsWith('/api/v2/organizations?')) {
          return answer(200, {
            data: [organizationDoc('acme').data, organizationDoc('sandbox').data],
            meta: { pagination: { 'current-page': 1, 'total-pages': 1, 'total-count': 2, 'page-size': 20, 'prev-page': null, 'next-page': null } },
          });
        }
        if (req.url === '/api/v2/organizations/acme/entitlement-set') {
          return answer(200, { data: { id: 'org-abc', type: 'entitlement-sets', attributes: { operations: true, 'state-storage': true, teams: false } } });
        }
        if (req.method === 'DELETE') return answer(204);
        if (req.method === 'POST') return answer(201, organizationDoc(body.data.attributes.name, body.data.attributes.email));
        if (req.method === 'PATCH') return answer(200, organizationDoc(body.data.attributes.name ?? 'acme', body.data.attributes.email));
        return answer(200, organizationDoc(decodeURIComponent(req.url!.split('/').pop()!)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new Client({ address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'site-admin-token', rateLimit: false });
  });

  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => seen.splice(0));

  it('creates an organization with POST /organizations, sending name and email under their wire names', async () => {
    const created = await client.organizations.create({ name: 'sandbox', email: 'platform@example.com', costEstimationEnabled: true });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/v2/organizations',
        body: { data: { type: 'organizations', attributes: { name: 'sandbox', email: 'platform@example.com', 'cost-estimation-enabled': true } } },
      },
    ]);
    expect(created).toMatchObject({ name: 'sandbox', email: 'platform@example.com', createdAt: '2026-01-02T03:04:05.000Z', sessionRemember: 20160 });
    expect(created.permissions).toEqual({ 'can-update': true, 'can-destroy': true });
  });

  it('refuses a create without email, or with a bad name, before anything is sent', async () => {
    await expect(client.organizations.create({ name: 'sandbox' } as never)).rejects.toThrow(ValidationError);
    await expect(client.organizations.create({ name: 'has space', email: 'a@b' })).rejects.toThrow(/name may contain only letters, numbers/);
    await expect(client.organizations.create({ name: 'ok', email: 'not-an-address' })).rejects.toThrow(/email must be an email address/);
    expect(seen).toEqual([]);
  });

  it('shows, lists, updates and deletes by name', async () => {
    expect((await client.organizations.read('acme')).name).toBe('acme');
    const page = await client.organizations.list({ pageSize: 20 });
    expect(page.items.map((o) => o.name)).toEqual(['acme', 'sandbox']);
    expect(page.pagination?.totalCount).toBe(2);
    expect((await client.organizations.update('acme', { email: 'ops@example.com' })).email).toBe('ops@example.com');
    await client.organizations.delete('acme');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/v2/organizations/acme',
      'GET /api/v2/organizations?page%5Bsize%5D=20',
      'PATCH /api/v2/organizations/acme',
      'DELETE /api/v2/organizations/acme',
    ]);
    expect(seen[2].body).toEqual({ data: { type: 'organizations', attributes: { email: 'ops@example.com' } } });
  });

  it('reads the entitlement set, an entitlement left out being not granted', async () => {
    expect(await client.organizations.entitlements('acme')).toEqual({
      id: 'org-abc',
      agents: false,
      auditLogging: false,
      costEstimation: false,
      operations: true,
      privateModuleRegistry: false,
      sentinel: false,
      sso: false,
      stateStorage: true,
      teams: false,
      vcsIntegrations: false,
    });
  });

  it('answers NotFoundError for an organization the token cannot see', async () => {
    await expect(client.organizations.read('missing')).rejects.toThrow(NotFoundError);
  });
});
