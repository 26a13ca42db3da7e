// cdkws_organization and data "cdkws_organization" over a stand-in client (the organizations
// endpoints are the hosted service's; test/acceptance/organization.test.ts runs them against ours).
import { ForbiddenError, NotFoundError, type Client, type EntitlementSet, type Organization } from '../../../client';
import type { ProviderData } from '../../context';
import { organizationDataSource } from '../../data-sources/organization/organization';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { HookContext } from '../../protocol/types';
import { organizationResource as r } from './organization';

const requestSummary = { method: 'GET' as const, url: 'u', headers: {} };

/** A client whose organizations live in a map; every call is recorded. */
function standIn(options: { forbidden?: boolean } = {}) {
  const organizations = new Map<string, string>([['acme', 'ops@example.com']]);
  const calls: string[] = [];
  const found = (name: string): Organization => {
    const email = organizations.get(name);
    if (email === undefined) throw new NotFoundError({ status: 404, request: requestSummary });
    return { name, email, externalId: 'org-1', createdAt: '2026-01-01T00:00:00.000Z', raw: {} as Organization['raw'] };
  };
  const client = {
    organizations: {
      read: async (name: string) => (calls.push(`read ${name}`), found(name)),
      create: async ({ name, email }: { name: string; email: string }) => {
        calls.push(`create ${name} ${email}`);
        if (options.forbidden) throw new ForbiddenError({ status: 403, request: requestSummary });
        organizations.set(name, email);
        return found(name);
      },
      update: async (name: string, update: { name?: string; email?: string }) => {
        calls.push(`update ${name} ${JSON.stringify(update)}`);
        const email = update.email ?? found(name).email!;
        organizations.delete(name);
        organizations.set(update.name ?? name, email);
        return found(update.name ?? name);
      },
      delete: async (name: string) => {
        calls.push(`delete ${name}`);
        found(name);
        organizations.delete(name);
      },
      entitlements: async (name: string): Promise<EntitlementSet> => {
        found(name);
        return {
          id: 'org-1',
          agents: false,
          auditLogging: false,
          costEstimation: true,
          operations: true,
          privateModuleRegistry: true,
          sentinel: false,
          sso: false,
          stateStorage: true,
          teams: false,
          vcsIntegrations: true,
        };
      },
    },
  } as unknown as Client;
  const ctx: HookContext<ProviderData> = {
    stopped: new AbortController().signal,
    providerData: { client } as ProviderData,
    terraformVersion: '1.11.4',
  };
  return { organizations, calls, ctx };
}

const values = (name: string, email: string) => ({ id: null, name, email });

describe('cdkws_organization', () => {
  it('creates, renames in place, changes the email and deletes', async () => {
    const { organizations, calls, ctx } = standIn();
    const created = await r.apply(
      { action: 'create', prior: null, planned: values('sandbox', 'a@example.com'), config: values('sandbox', 'a@example.com') },
      ctx,
    );
    expect(created.state).toEqual({ id: 'sandbox', name: 'sandbox', email: 'a@example.com' });
    const renamed = await r.apply(
      { action: 'update', prior: created.state!, planned: values('sandbox-2', 'b@example.com'), config: values('sandbox-2', 'b@example.com') },
      ctx,
    );
    expect(renamed.state).toEqual({ id: 'sandbox-2', name: 'sandbox-2', email: 'b@example.com' });
    await r.apply({ action: 'delete', prior: renamed.state!, planned: null, config: null }, ctx);
    expect([...organizations.keys()]).toEqual(['acme']);
    expect(calls).toEqual(['create sandbox a@example.com', 'update sandbox {"name":"sandbox-2","email":"b@example.com"}', 'delete sandbox-2']);
  });

  it('plans the new ID of a rename, and leaves other plans as they are', async () => {
    const { ctx } = standIn();
    const prior = { id: 'sandbox', name: 'sandbox', email: 'a@example.com' };
    const renamed = { id: 'sandbox', name: 'sandbox-2', email: 'a@example.com' };
    const plan = (planned: typeof prior) => r.plan!({ prior, proposed: planned, config: planned, planned, requiresReplace: [] }, ctx);
    expect(await plan(renamed)).toEqual({ planned: { ...renamed, id: 'sandbox-2' } });
    expect(await plan({ ...prior, email: 'b@example.com' })).toBeUndefined();
  });

  it('does not send the name again when only the email changes', async () => {
    const { calls, ctx } = standIn();
    await r.apply(
      { action: 'update', prior: values('acme', 'ops@example.com'), planned: values('acme', 'x@example.com'), config: values('acme', 'x@example.com') },
      ctx,
    );
    expect(calls).toEqual(['update acme {"email":"x@example.com"}']);
  });

  it('reads an organization deleted outside Terraform as gone, and one deleted already as deleted', async () => {
    const { ctx } = standIn();
    expect((await r.read({ state: { id: 'gone', name: 'gone', email: 'a@example.com' } }, ctx)).state).toBeNull();
    expect((await r.apply({ action: 'delete', prior: values('gone', 'a@example.com'), planned: null, config: null }, ctx)).state).toBeNull();
    expect((await r.read({ state: { id: 'acme', name: 'acme', email: null } }, ctx)).state).toEqual({ id: 'acme', name: 'acme', email: 'ops@example.com' });
  });

  it('says a create refused for want of rights needs a site administrator', async () => {
    const { ctx } = standIn({ forbidden: true });
    const create = r.apply({ action: 'create', prior: null, planned: values('sandbox', 'a@example.com'), config: values('sandbox', 'a@example.com') }, ctx);
    await expect(create).rejects.toThrow(DiagnosticError);
    await expect(create).rejects.toThrow(/site administrator token/);
  });

  it('checks name and email with the spec rules at validate', async () => {
    const { ctx } = standIn();
    const diagnostics = await r.validate!(values('has space', 'nobody'), ctx);
    expect(diagnostics).toEqual([
      expect.objectContaining({ summary: 'Invalid organization name', detail: expect.stringContaining('name may contain only letters'), path: ['name'] }),
      expect.objectContaining({
        summary: 'Invalid organization email',
        detail: expect.stringContaining('email must be an email address'),
        path: ['email'],
      }),
    ]);
    expect(await r.validate!(values('sandbox', 'a@example.com'), ctx)).toEqual([]);
  });

  it('imports by name', async () => {
    const { ctx } = standIn();
    expect(await r.importState!('acme', ctx)).toEqual({ state: { id: 'acme', name: 'acme', email: null } });
  });
});

describe('data "cdkws_organization"', () => {
  it('reads email and entitlements by name', async () => {
    const { ctx } = standIn();
    const { state } = await organizationDataSource.read({ name: 'acme' }, ctx);
    expect(state).toEqual({
      id: 'acme',
      name: 'acme',
      email: 'ops@example.com',
      external_id: 'org-1',
      created_at: '2026-01-01T00:00:00.000Z',
      entitlements: {
        agents: false,
        audit_logging: false,
        cost_estimation: true,
        operations: true,
        private_module_registry: true,
        sentinel: false,
        sso: false,
        state_storage: true,
        teams: false,
        vcs_integrations: true,
      },
    });
  });

  it('names the organization it cannot find', async () => {
    const { ctx } = standIn();
    await expect(organizationDataSource.read({ name: 'nowhere' }, ctx)).rejects.toThrow(/no organization "nowhere" is visible to the token/);
  });
});
