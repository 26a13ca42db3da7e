// SSH keys of an organization (docs/service.md "SSH keys"). The key itself is write-only: the
// service keeps only its SHA-256 digest, never answers it and never logs it. Members see the keys;
// owners (and the organization token) create, change and delete them. Deleting a key unassigns it
// from the workspaces that had it, as the hosted service does.
import { createHash } from 'node:crypto';
import { SSH_KEY_TYPE, rootPathOf, type RequestBodyOf } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { forbidden, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import { organizationPermissions } from '../organizations/serialize';
import type { SshKeyRecord } from './ssh-key-store';
import { paginationEnvelope, parsePage } from '../http/list-parameters';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

function sshKeyResource(key: SshKeyRecord): Record<string, unknown> {
  return { id: key.id, type: SSH_KEY_TYPE, attributes: { name: key.name }, links: { self: rootPathOf('showSshKey', { ssh_key_id: key.id }) } };
}

function requireManage(ctx: RouteContext, organization: DirectoryOrganization): void {
  if (!organizationPermissions(ctx.service.index, ctx.caller, organization)['can-update-ssh-keys']) {
    throw forbidden(`managing the SSH keys of organization "${organization.name}" needs an owner`);
  }
}

/** The key and its organization, when the caller is a member of it (404 otherwise). */
async function visibleKey(ctx: RouteContext): Promise<{ key: SshKeyRecord; organization: DirectoryOrganization }> {
  const id = ctx.params.ssh_key_id;
  const key = await ctx.service.store.sshKeys.get(id);
  const organization = key ? ctx.service.index.organization(key.organization) : undefined;
  if (!key || !organization || !ctx.service.index.role(ctx.caller, organization).member) {
    throw notFound(`SSH key "${id}" was not found, or you are not authorized to access it`);
  }
  return { key, organization };
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.sshKeys.list(organization.name, page.offset, page.size);
  return { status: 200, body: { data: result.items.map(sshKeyResource), ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createSshKey'>>): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  requireManage(ctx, organization);
  const body = await ctx.body();
  const { name, value } = body.data.attributes;
  const at = now();
  const key: SshKeyRecord = { id: newId('sshkey-'), organization: organization.name, name, createdAt: at, updatedAt: at };
  await ctx.service.store.sshKeys.insertMany([{ ...key, valueDigest: digest(value) }]);
  return { status: 201, body: { data: sshKeyResource(key) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { key } = await visibleKey(ctx);
  return { status: 200, body: { data: sshKeyResource(key) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateSshKey'>>): Promise<Reply> {
  const { key, organization } = await visibleKey(ctx);
  requireManage(ctx, organization);
  const body = await ctx.body();
  const { name, value } = body.data.attributes;
  const updated = await ctx.service.store.sshKeys.update(key.id, { name, valueDigest: value === undefined ? undefined : digest(value), updatedAt: now() });
  if (!updated) throw notFound(`SSH key "${key.id}" was not found, or you are not authorized to access it`);
  return { status: 200, body: { data: sshKeyResource(updated) } };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const { key, organization } = await visibleKey(ctx);
  requireManage(ctx, organization);
  // A key from the bootstrap file leaves the directory too, so a restart does not bring it back.
  await ctx.service.changeDirectory((directory) => {
    const holder = directory.organizations.find((o) => o.name === organization.name);
    if (holder) holder.sshKeys = holder.sshKeys.filter((k) => k.id !== key.id);
    return { result: undefined, rows: { kind: 'delete-ssh-key', id: key.id, now: now() } };
  });
  return { status: 204 };
}

export const SSH_KEY_HANDLERS = {
  listSshKeys: list,
  createSshKey: create,
  showSshKey: show,
  updateSshKey: update,
  deleteSshKey: remove,
} satisfies Partial<EndpointHandlers>;
