// The workspace document: one shape for show, list items and every write's answer
// (decisions 14, 21, 22). Its attributes come from the spec's table: settings as stored, what the
// service observes (OBSERVED), and null for what the spec lists but this service never produces
// (runs, assessments, metrics).
import {
  compileLiteral,
  VCS_REPO_ATTRIBUTES,
  WORKSPACE_ATTRIBUTES,
  permissionsFor,
  wireDefaultsOf,
  type AccessLevel,
  type AttributeRow,
  type AttributeTable,
  type WireDialect,
  type WireReadValues,
  type WorkspaceAttributes,
  hostedLink,
  rootPathOf,
  WORKSPACE_OUTPUT_TYPE,
  VARIABLE_TYPE,
} from '../../contract';
import type { Caller, DirectoryIndex } from '../access';
import { organizationPermissions, organizationResource } from '../organizations/serialize';
import type { DirectoryOrganization } from '../bootstrap';
import type { WorkspaceRecord } from './records';

export interface SerializeContext {
  organization: DirectoryOrganization;
  index: DirectoryIndex;
  /** Whose answer it is: the permissions of an included organization are the caller's. */
  caller: Caller;
  edition: 'hosted' | 'self-hosted';
  /** The wire names answered (`cdkws serve --dialect`); `both` when unset. */
  dialect?: WireDialect;
  level: AccessLevel | null;
  canForceDelete: boolean;
  /** Present on single-workspace answers only. */
  unarchivedChangeRequests?: number;
}

type WorkspaceTable = typeof WORKSPACE_ATTRIBUTES;
type VcsRepoDocument = WireReadValues<typeof VCS_REPO_ATTRIBUTES>;
/** The stored repository: its settable members plus the ID its webhook address is made of. */
type StoredVcsRepo = VcsRepoDocument & { 'webhook-id'?: string };
/** Settings as settings.ts stores them: the table's members by wire name, and the agent pool. */
type StoredSettings = Omit<WireReadValues<WorkspaceTable>, 'vcs-repo'> & { 'vcs-repo'?: StoredVcsRepo | null; 'agent-pool-id'?: string | null };
type OAuthToken = DirectoryOrganization['oauthTokens'][number];

/** What one document is built from. */
interface Source {
  ws: WorkspaceRecord;
  stored: StoredSettings;
  ctx: SerializeContext;
  /** The repository's OAuth token, when it has one the organization knows. */
  token: OAuthToken | undefined;
  vcsRepo: VcsRepoDocument | null;
}

/** How a column's value is computed; undefined leaves the member out. */
type Compute<S, V> = (source: S) => V | undefined;
type Column<S> = readonly [wire: string, value: Compute<S, unknown>];

/**
 * One column per answered row of `table` (rows read from a relationship are not attributes):
 * `observed` computes a value; else a settable row answers its stored value, or its default, or
 * null where the row allows; else a nullable row answers null. A row with none of these is a
 * mistake caught at start-up. A row with a hosted name is answered under both names (`both`) or
 * only the hosted one (`hosted`); settings are stored under the document's name.
 * Columns are in wire-name order, the order documents have always had.
 */
function columnsOf<S>(
  table: AttributeTable,
  dialect: WireDialect,
  observed: Readonly<Partial<Record<string, Compute<S, unknown>>>>,
  stored: (source: S) => Readonly<Record<string, unknown>>,
  extra: Readonly<Record<string, Compute<S, unknown>>> = {},
): Column<S>[] {
  const defaults = wireDefaultsOf(table);
  const columns = Object.entries(table)
    .filter(([, row]) => !row.readRelationship)
    .flatMap(([name, row]): Column<S>[] => {
      const names = row.hosted === undefined ? [row.wire] : dialect === 'hosted' ? [row.hosted] : [row.wire, row.hosted];
      const compute = valueOf(name, row, observed[name], defaults, stored);
      return names.map((wire): Column<S> => [wire, compute]);
    });
  return [...columns, ...Object.entries(extra)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function valueOf<S>(
  name: string,
  row: AttributeRow,
  compute: Compute<S, unknown> | undefined,
  defaults: Readonly<Record<string, unknown>>,
  stored: (source: S) => Readonly<Record<string, unknown>>,
): Compute<S, unknown> {
  if (compute) return compute;
  if (row.create || row.update) {
    const fallback = row.wire in defaults ? defaults[row.wire] : row.nullable || row.answeredNull ? null : undefined;
    return (source) => stored(source)[row.wire] ?? fallback;
  }
  if (row.nullable) return () => null;
  throw new Error(`attribute "${name}" is answered but this service has no value for it: compute it in serialize.ts`);
}

/** One builder per wire dialect, made at start-up. */
function perDialect<T>(make: (dialect: WireDialect) => T): Readonly<Record<WireDialect, T>> {
  return { both: make('both'), hosted: make('hosted') };
}

/** The columns as one function building one object literal (compileLiteral: every list page renders twenty). */
function builderOf<S, T>(columns: readonly Column<S>[]): (source: S) => T {
  return compileLiteral<S, T>(
    columns.map(([wire, compute], i) => ({ name: wire, source: `c[${i}](s)`, value: compute })),
    columns.map(([, compute]) => compute),
  );
}

/** Values typed by the spec's answer type: `K`'s member of `Doc`, by camelCase name. */
type Observed<Table, Doc, S> = { [K in keyof Table]?: Compute<S, Table[K] extends { wire: infer W extends keyof Doc } ? Doc[W] : never> };

const VCS_REPO_OBSERVED: Observed<typeof VCS_REPO_ATTRIBUTES, VcsRepoDocument, { stored: StoredVcsRepo; token: OAuthToken | undefined }> = {
  identifier: ({ stored }) => String(stored.identifier ?? ''),
  displayIdentifier: ({ stored }) => String(stored.identifier ?? ''),
  repositoryHttpUrl: ({ stored, token }) =>
    serviceProvider(token) === 'github' ? `https://github.com/${String(stored.identifier ?? '')}` : String(stored.identifier ?? ''),
  serviceProvider: ({ token }) => serviceProvider(token),
  webhookUrl: ({ stored }) => `https://localhost/webhooks/vcs/${String(stored['webhook-id'] ?? '')}`,
};
const buildVcsRepo = perDialect((dialect) =>
  builderOf<{ stored: StoredVcsRepo; token: OAuthToken | undefined }, VcsRepoDocument>(
    columnsOf(VCS_REPO_ATTRIBUTES, dialect, VCS_REPO_OBSERVED, (source) => source.stored),
  ),
);

function serviceProvider(token: OAuthToken | undefined): string {
  return token?.serviceProvider ?? 'github';
}

/** What the service knows of a workspace beyond its stored settings. */
const OBSERVED: Observed<WorkspaceTable, WorkspaceAttributes, Source> = {
  name: ({ ws }) => ws.name,
  operations: ({ stored }) => stored['execution-mode'] !== 'local',
  // Assessments exist on the hosted edition only.
  assessmentsEnabled: ({ stored, ctx }) => (ctx.edition === 'hosted' ? stored['assessments-enabled'] : undefined),
  vcsRepo: ({ vcsRepo }) => vcsRepo,
  vcsRepoIdentifier: ({ vcsRepo }) => (vcsRepo ? vcsRepo.identifier : null),
  oauthClientName: ({ vcsRepo, token }) => (vcsRepo ? (token?.oauthClientName ?? serviceProvider(token)) : null),
  tagNames: ({ ws }) => ws.tagNames,
  locked: ({ ws }) => ws.locked,
  lockedReason: ({ ws }) => (ws.locked ? (ws.lockedReason ?? '') : null),
  resourceCount: ({ ws }) => ws.resourceCount,
  environment: () => 'default',
  source: ({ stored }) => stored.source ?? 'tfe-api',
  createdAt: ({ ws }) => ws.createdAt,
  updatedAt: ({ ws }) => ws.updatedAt,
  latestChangeAt: ({ ws }) => ws.latestChangeAt,
  unarchivedChangeRequestsCount: ({ ctx }) => ctx.unarchivedChangeRequests,
};

/** Members of the answer that are not rows of the table. */
const EXTRA: { [K in 'actions' | 'permissions']: Compute<Source, WorkspaceAttributes[K]> } = {
  actions: () => ({ 'is-destroyable': true }),
  permissions: ({ ctx }) => permissionsFor(ctx.level, ctx.canForceDelete),
};

const buildAttributes = perDialect((dialect) =>
  builderOf<Source, WorkspaceAttributes>(columnsOf(WORKSPACE_ATTRIBUTES, dialect, OBSERVED, (source) => source.stored, EXTRA)),
);

/** The `attributes` of a workspace document. */
export function workspaceAttributes(ws: WorkspaceRecord, ctx: SerializeContext): WorkspaceAttributes {
  const stored = ws.settings as StoredSettings;
  const storedVcs = stored['vcs-repo'] ?? null;
  const token = storedVcs ? ctx.organization.oauthTokens.find((t) => t.id === storedVcs['oauth-token-id']) : undefined;
  const dialect = ctx.dialect ?? 'both';
  const vcsRepo = storedVcs ? buildVcsRepo[dialect]({ stored: storedVcs, token }) : null;
  return buildAttributes[dialect]({ ws, stored, ctx, token, vcsRepo });
}

const related = (path: string) => ({ links: { related: path } });
const ref = (type: string, id: string | null | undefined) => ({ data: id ? { id, type } : null });

function lockedBy(principal: string | null): { data: { id: string; type: string } | null } {
  if (!principal || !principal.startsWith('user-')) return { data: null };
  return { data: { id: principal, type: 'users' } };
}

export function workspaceDocument(ws: WorkspaceRecord, ctx: SerializeContext): Record<string, unknown> {
  const s = ws.settings;
  const attributes = workspaceAttributes(ws, ctx);
  const byId = { workspace_id: ws.id };
  return {
    id: ws.id,
    type: 'workspaces',
    attributes,
    relationships: {
      'agent-pool': ref('agent-pools', s['agent-pool-id'] as string | null),
      'current-configuration-version': { data: null },
      'current-run': { data: null },
      'latest-run': { data: null },
      'current-state-version': ws.currentStateVersionId
        ? { ...ref('state-versions', ws.currentStateVersionId), ...related(rootPathOf('showCurrentStateVersion', byId)) }
        : { data: null },
      'current-assessment-result': { data: null },
      organization: ref('organizations', ws.organization),
      outputs: {
        data: (ws.currentOutputIds ?? []).map((id) => ({ id, type: WORKSPACE_OUTPUT_TYPE })),
        ...related(rootPathOf('listCurrentStateVersionOutputs', byId)),
      },
      project: ref('projects', ws.projectId),
      readme: { data: null },
      'remote-state-consumers': related(rootPathOf('listRemoteStateConsumers', byId)),
      'ssh-key': ws.sshKeyId ? { ...ref('ssh-keys', ws.sshKeyId), ...related(rootPathOf('showSshKey', { ssh_key_id: ws.sshKeyId })) } : { data: null },
      'locked-by':
        ws.locked && lockedBy(ws.lockedBy).data ? { ...lockedBy(ws.lockedBy), ...related(hostedLink('user', { user_id: ws.lockedBy! })) } : { data: null },
      'tag-bindings': related(rootPathOf('listTagBindings', byId)),
      'effective-tag-bindings': related(rootPathOf('listEffectiveTagBindings', byId)),
      vars: { data: (ws.variableIds ?? []).map((id) => ({ id, type: VARIABLE_TYPE })) },
    },
    links: {
      self: rootPathOf('showWorkspaceByName', { organization_name: ws.organization, name: ws.name }),
      'self-html': `/app/${encodeURIComponent(ws.organization)}/workspaces/${encodeURIComponent(ws.name)}`,
    },
  };
}

/** Resources for `include` (decision: only the ones this service has data for are added). */
export function includedFor(ws: WorkspaceRecord, include: ReadonlySet<string>, ctx: SerializeContext): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  if (include.has('organization')) out.push(organizationResource(ctx.organization, organizationPermissions(ctx.index, ctx.caller, ctx.organization)));
  if (include.has('project')) {
    const project = ctx.organization.projects.find((p) => p.id === ws.projectId);
    if (project)
      out.push({
        id: project.id,
        type: 'projects',
        attributes: { name: project.name },
        relationships: { organization: ref('organizations', ws.organization) },
      });
  }
  if (include.has('locked_by') && ws.locked && ws.lockedBy?.startsWith('user-')) {
    out.push({ id: ws.lockedBy, type: 'users', attributes: { username: ctx.index.username(ws.lockedBy) ?? null } });
  }
  return out;
}
