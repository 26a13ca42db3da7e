// State versions and their outputs (issue 33): what Terraform's cloud and remote backends and
// go-tfe call. Reading needs read access to the workspace (404 otherwise, as for the workspace
// itself); creating needs write access and the workspace locked by the caller. Upload addresses
// carry their own credential: a single-use key, kept only as its digest, valid for a short time.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { ERRORS, STATE_VERSION_INCLUDES, atLeast, rootPathOf, type RequestBodyOf } from '../../contract';
import { principalOf } from '../access';
import { ServiceError, badRequest, notFound } from '../errors';
import { readRawBody } from '../http/body';
import { commaSeparated, paginationEnvelope, parsePage } from '../http/list-parameters';
import type { EndpointHandlers, PublicRouteContext, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import type { ResolvedWorkspace, Service } from '../service';
import { outputResource, stateVersionResource } from './serialize';
import { type StateFacts, checkJsonState, checkState } from './state-check';
import type { ArrivedState, StateVersionRecord } from './store';

/** How long an upload address stays good: Terraform sends the state right after creating the version. */
export const UPLOAD_ADDRESS_LIFETIME_MS = 30 * 60 * 1000;
const STATE_MEDIA_TYPE = 'application/json';

const keyDigest = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const svNotFound = (id: string) => notFound(`state version "${id}" was not found, or you are not authorized to read it`);

/** The scheme and authority addresses are built from (the Host header, when it is a plain host). */
function originOf(req: IncomingMessage): string {
  const host = req.headers.host;
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  return `${scheme}://${host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : 'localhost'}`;
}

function tooLarge(service: Service): ServiceError {
  return new ServiceError(ERRORS.stateTooLarge, `a state may be at most ${service.stateMaxBytes} bytes`);
}

/** A state version the caller may read, with its workspace resolved (404 for both "missing" and "not yours"). */
async function readable(ctx: RouteContext, id: string): Promise<{ sv: StateVersionRecord; resolved: ResolvedWorkspace }> {
  const sv = await ctx.service.store.stateVersions.get(id);
  if (!sv) throw svNotFound(id);
  try {
    return { sv, resolved: await ctx.service.workspaceById(ctx.caller, sv.workspaceId) };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw svNotFound(id);
    throw error;
  }
}

function includesOutputs(ctx: RouteContext): boolean {
  const values = commaSeparated(ctx.query, 'include');
  for (const value of values) {
    if (!(STATE_VERSION_INCLUDES as readonly string[]).includes(value)) {
      throw badRequest(`Invalid include parameter: "${value.slice(0, 60)}" is not one of ${STATE_VERSION_INCLUDES.join(', ')}`, 'include');
    }
  }
  return values.includes('outputs');
}

async function stateVersionReply(ctx: RouteContext, sv: StateVersionRecord, status = 200, uploads?: { raw: string; json: string }): Promise<Reply> {
  const outputs = await ctx.service.store.stateVersions.outputs(sv.id);
  const data = stateVersionResource(
    sv,
    originOf(ctx.req),
    outputs.map((o) => o.id),
    uploads,
  );
  const body: Record<string, unknown> = { data };
  if (ctx.query.has('include') && includesOutputs(ctx)) body.included = outputs.map((o) => outputResource(o, false));
  return { status, body };
}

function decodeState(service: Service, base64: string): Buffer {
  // Checked before decoding: base64 holds 3 bytes in every 4 characters.
  if (Math.floor((base64.length * 3) / 4) > service.stateMaxBytes + 2) throw tooLarge(service);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > service.stateMaxBytes) throw tooLarge(service);
  return bytes;
}

function arrived(raw: Buffer, facts: StateFacts, json?: Buffer): ArrivedState {
  return { raw, facts, json, outputIds: facts.outputs.map(() => newId('wsout-')) };
}

async function create(ctx: RouteContext<RequestBodyOf<'createStateVersion'>>): Promise<Reply> {
  const resolved = await ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
  if (!atLeast(resolved.level, 'write')) {
    throw notFound(`workspace "${ctx.params.workspace_id}" was not found, or you are not authorized to create its state versions`);
  }
  const { attributes } = (await ctx.body()).data;
  let state: ArrivedState | undefined;
  if (attributes.state !== undefined) {
    const raw = decodeState(ctx.service, attributes.state);
    const json = attributes['json-state'] === undefined ? undefined : decodeState(ctx.service, attributes['json-state']);
    if (json) checkJsonState(json);
    state = arrived(raw, checkState(raw, attributes.md5), json);
  }
  const id = newId('sv-');
  const keys = state ? undefined : { raw: randomBytes(32).toString('base64url'), json: randomBytes(32).toString('base64url') };
  const at = now();
  const result = await ctx.service.store.stateVersions.create({
    id,
    workspaceId: resolved.workspace.id,
    principal: principalOf(ctx.caller),
    serial: attributes.serial,
    lineage: attributes.lineage ?? null,
    md5: attributes.md5,
    force: attributes.force === true,
    createdAt: at,
    state,
    upload: keys && {
      keyDigest: keyDigest(keys.raw),
      jsonKeyDigest: keyDigest(keys.json),
      expiresAt: new Date(Date.parse(at) + UPLOAD_ADDRESS_LIFETIME_MS).toISOString(),
    },
  });
  switch (result.kind) {
    case 'not-found':
      throw notFound(`workspace "${resolved.workspace.id}" was not found`);
    case 'needs-lock':
      throw new ServiceError(ERRORS.stateVersionNeedsLock);
    case 'conflict':
      throw new ServiceError(ERRORS.stateVersionConflict, result.detail);
    case 'created': {
      const origin = originOf(ctx.req);
      const uploads = keys && {
        raw: origin + rootPathOf('uploadState', { state_version_id: id, upload_key: keys.raw }),
        json: origin + rootPathOf('uploadJsonState', { state_version_id: id, upload_key: keys.json }),
      };
      return stateVersionReply(ctx, result.record, 201, uploads);
    }
  }
}

async function list(ctx: RouteContext): Promise<Reply> {
  const organization = ctx.query.get('filter[organization][name]');
  const workspace = ctx.query.get('filter[workspace][name]');
  if (!organization) throw badRequest('filter[organization][name] is required', 'filter[organization][name]');
  if (!workspace) throw badRequest('filter[workspace][name] is required', 'filter[workspace][name]');
  const resolved = await ctx.service.workspaceByName(ctx.caller, organization, workspace);
  const page = parsePage(ctx.query);
  const { records, total } = await ctx.service.store.stateVersions.list(resolved.workspace.id, page.offset, page.size);
  const origin = originOf(ctx.req);
  const data = [];
  for (const sv of records) {
    const outputs = await ctx.service.store.stateVersions.outputs(sv.id);
    data.push(
      stateVersionResource(
        sv,
        origin,
        outputs.map((o) => o.id),
      ),
    );
  }
  return { status: 200, body: { data, ...paginationEnvelope(ctx.url, page, total) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { sv } = await readable(ctx, ctx.params.state_version_id);
  return stateVersionReply(ctx, sv);
}

async function currentOf(ctx: RouteContext): Promise<StateVersionRecord> {
  const { workspace } = await ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
  const sv = workspace.currentStateVersionId ? await ctx.service.store.stateVersions.get(workspace.currentStateVersionId) : null;
  if (!sv) throw notFound(`workspace "${workspace.id}" has no state version yet`);
  return sv;
}

async function showCurrent(ctx: RouteContext): Promise<Reply> {
  return stateVersionReply(ctx, await currentOf(ctx));
}

async function outputsReply(ctx: RouteContext, stateVersionId: string): Promise<Reply> {
  const page = parsePage(ctx.query);
  const outputs = await ctx.service.store.stateVersions.outputs(stateVersionId);
  const data = outputs.slice(page.offset, page.offset + page.size).map((o) => outputResource(o, false));
  return { status: 200, body: { data, ...paginationEnvelope(ctx.url, page, outputs.length) } };
}

async function listOutputs(ctx: RouteContext): Promise<Reply> {
  const { sv } = await readable(ctx, ctx.params.state_version_id);
  return outputsReply(ctx, sv.id);
}

async function listCurrentOutputs(ctx: RouteContext): Promise<Reply> {
  return outputsReply(ctx, (await currentOf(ctx)).id);
}

async function showOutput(ctx: RouteContext): Promise<Reply> {
  const id = ctx.params.state_version_output_id;
  const output = await ctx.service.store.stateVersions.output(id);
  if (!output) throw notFound(`state version output "${id}" was not found, or you are not authorized to read it`);
  try {
    await readable(ctx, output.stateVersionId);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404)
      throw notFound(`state version output "${id}" was not found, or you are not authorized to read it`);
    throw error;
  }
  return { status: 200, body: { data: outputResource(output, true) } };
}

function download(kind: 'raw' | 'json') {
  return async (ctx: RouteContext): Promise<Reply> => {
    const { sv } = await readable(ctx, ctx.params.state_version_id);
    const bytes = sv.status === 'finalized' ? await ctx.service.store.stateVersions.state(sv.id, kind) : null;
    if (!bytes) throw notFound(`state version "${sv.id}" has no ${kind === 'json' ? 'JSON ' : ''}state to download`);
    return { status: 200, raw: bytes, contentType: STATE_MEDIA_TYPE };
  };
}

/** An upload address that is not (or no longer) good answers 404, whatever the reason: it names nothing. */
function upload(kind: 'raw' | 'json') {
  return async (ctx: PublicRouteContext): Promise<Reply> => {
    const id = ctx.params.state_version_id;
    const digest = keyDigest(ctx.params.upload_key);
    const gone = () => notFound('this upload address is not good: it was used, it lapsed, or its state version is no longer pending');
    // A look before the body is read: a stranger's upload is refused without taking in its bytes.
    const sv = await ctx.service.store.stateVersions.openUpload(id, kind, digest);
    if (!sv) {
      ctx.req.resume();
      throw gone();
    }
    const { bytes, md5 } = await readRawBody(ctx.req, ctx.service.stateMaxBytes, () => tooLarge(ctx.service));
    const at = now();
    let result;
    if (kind === 'raw') {
      if (md5 !== sv.md5) throw new ServiceError(ERRORS.stateInvalid, `the state's MD5 digest is ${md5}, not the ${sv.md5} the state version was created with`);
      result = await ctx.service.store.stateVersions.uploadState(id, digest, arrived(bytes, checkState(bytes, sv.md5, md5)), at);
    } else {
      checkJsonState(bytes);
      result = await ctx.service.store.stateVersions.uploadJsonState(id, digest, bytes, at);
    }
    if (result.kind === 'not-found') throw gone();
    if (result.kind === 'conflict') throw new ServiceError(ERRORS.stateVersionConflict, result.detail);
    return { status: 200 };
  };
}

export const STATE_VERSION_HANDLERS = {
  createStateVersion: create,
  listStateVersions: list,
  showStateVersion: show,
  showCurrentStateVersion: showCurrent,
  listStateVersionOutputs: listOutputs,
  listCurrentStateVersionOutputs: listCurrentOutputs,
  showStateVersionOutput: showOutput,
  downloadState: download('raw'),
  downloadJsonState: download('json'),
  uploadState: upload('raw'),
  uploadJsonState: upload('json'),
} satisfies Partial<EndpointHandlers>;
