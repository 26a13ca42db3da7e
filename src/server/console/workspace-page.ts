// `/app/:organization/workspaces/:name`: one workspace as the API shows it to the caller.
import { WORKSPACE_ATTRIBUTES, answeredWireValue } from '../../contract';
import type { DirectoryIndex } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError } from '../errors';
import type { ApiReader } from './api';
import { segment } from './api';
import { html, type SafeHtml } from './html';
import { dash, page, when } from './layout';
import { lockedBy } from './list-page';
import { renderMarkdown } from './markdown';
import type { Session } from './session';
import { loadState, stateSection, type StateView } from './state-section';
import { loadVariables, variablesSection, type VariablesView } from './variables-section';

const MAX_LISTED = '100';

export interface WorkspaceView {
  organization: DirectoryOrganization;
  workspace: any;
  usernames: Map<string, string>;
  bindings: any[];
  consumers: { data: any[]; total: number };
  /** Null when the organization's tier has no change requests. */
  changeRequests: { open: any[]; openTotal: number; archived: any[]; archivedTotal: number } | null;
  /** Null when the caller may not read the state. */
  state: StateView | null;
  /** Null when the caller may not read the variables. */
  variables: VariablesView | null;
}

async function changeRequestsOf(api: ApiReader, workspaceId: string): Promise<WorkspaceView['changeRequests']> {
  try {
    const [open, archived] = await Promise.all([
      api.get('listChangeRequests', { workspace: workspaceId }, { archive: 'false', 'page[size]': MAX_LISTED }),
      api.get('listChangeRequests', { workspace: workspaceId }, { archive: 'true', 'page[size]': MAX_LISTED }),
    ]);
    return { open: open.data, openTotal: open.meta.pagination['total-count'], archived: archived.data, archivedTotal: archived.meta.pagination['total-count'] };
  } catch (error) {
    // The feature is missing from the organization's tier: the section is left out.
    if (error instanceof ServiceError && error.status === 404) return null;
    throw error;
  }
}

export async function loadWorkspace(api: ApiReader, organization: DirectoryOrganization, name: string): Promise<WorkspaceView> {
  const document = await api.get('showWorkspaceByName', { organization_name: organization.name, name }, { include: 'locked_by' });
  const workspace = document.data;
  const [bindings, consumers, changeRequests, state, variables] = await Promise.all([
    api.get('listEffectiveTagBindings', { workspace_id: workspace.id }),
    api.get('listRemoteStateConsumers', { workspace_id: workspace.id }, { 'page[size]': MAX_LISTED }),
    changeRequestsOf(api, workspace.id),
    loadState(api, organization.name, workspace),
    loadVariables(api, workspace.id),
  ]);
  const usernames = new Map<string, string>();
  for (const r of document.included ?? []) if (r.type === 'users' && r.attributes?.username) usernames.set(r.id, r.attributes.username);
  return {
    organization,
    workspace,
    usernames,
    bindings: bindings.data,
    consumers: { data: consumers.data, total: consumers.meta.pagination['total-count'] },
    changeRequests,
    state,
    variables,
  };
}

function vcsSection(vcs: any): SafeHtml {
  if (!vcs) return html`<p class="muted">Not connected to a VCS repository.</p>`;
  const url = typeof vcs['repository-http-url'] === 'string' && /^https?:\/\//.test(vcs['repository-http-url']) ? vcs['repository-http-url'] : null;
  return html`<dl class="settings">
    <dt>Repository</dt><dd>${url ? html`<a href="${url}" rel="noopener noreferrer">${vcs.identifier}</a>` : vcs.identifier}</dd>
    <dt>Branch</dt><dd>${dash(vcs.branch || null)}</dd>
    <dt>Provider</dt><dd>${vcs['service-provider']}</dd>
    <dt>OAuth token</dt><dd>${dash(vcs['oauth-token-id'])}</dd>
    <dt>Tags regex</dt><dd>${dash(vcs['tags-regex'])}</dd>
    <dt>Submodules</dt><dd>${dash(vcs['ingress-submodules'])}</dd>
  </dl>`;
}

function changeRequestItem(cr: any, view: WorkspaceView, session: Session, canArchive: boolean, index: DirectoryIndex): SafeHtml {
  const a = cr.attributes;
  const base = `/app/${segment(view.organization.name)}/workspaces/${segment(view.workspace.attributes.name)}`;
  const archivedBy = typeof a['archived-by'] === 'string' ? (index.username(a['archived-by']) ?? a['archived-by']) : null;
  return html`<article class="change-request" id="${cr.id}" data-change-request="${cr.id}">
    <header><h3>${a.subject}</h3><span class="muted">${when(a['created-at'])}</span></header>
    <div class="message">${renderMarkdown(String(a.message ?? ''))}</div>
    ${
      a['archived-at']
        ? html`<p class="muted">Archived ${archivedBy ? html`by ${archivedBy} ` : null}on ${when(a['archived-at'])}</p>`
        : canArchive
          ? html`<form method="post" action="${base}/change-requests/${segment(cr.id)}/archive"><input type="hidden" name="csrf" value="${session.csrf}"><button class="secondary" type="submit">Archive</button></form>`
          : null
    }
  </article>`;
}

export function workspacePage(session: Session, view: WorkspaceView, index: DirectoryIndex): SafeHtml {
  const { organization, workspace: ws, consumers, changeRequests } = view;
  const a = ws.attributes;
  const projectNames = new Map(organization.projects.map((p) => [p.id, p.name]));
  const projectId = ws.relationships?.project?.data?.id as string;
  const own = view.bindings.filter((b) => !b.relationships?.['inherited-from']);
  const inherited = view.bindings.filter((b) => b.relationships?.['inherited-from']);
  // Archiving needs write access, as `can-lock` does.
  const canArchive = a.permissions?.['can-lock'] === true;
  const tagNames = a['tag-names'] as string[];

  const settings = html`<dl class="settings">
    <dt>ID</dt><dd><code>${ws.id}</code></dd>
    <dt>Project</dt><dd>${projectNames.get(projectId) ?? projectId}</dd>
    <dt>Execution mode</dt><dd>${a['execution-mode']}</dd>
    <dt>Agent pool</dt><dd>${dash(ws.relationships?.['agent-pool']?.data?.id)}</dd>
    <dt>Engine version</dt><dd>${answeredWireValue(WORKSPACE_ATTRIBUTES.engineVersion, a) as string}</dd>
    <dt>Working directory</dt><dd>${dash(a['working-directory'])}</dd>
    <dt>Auto apply</dt><dd>${dash(a['auto-apply'])}</dd>
    <dt>Global remote state</dt><dd>${dash(a['global-remote-state'])}</dd>
    <dt>Trigger patterns</dt><dd>${dash(a['trigger-patterns'])}</dd>
    <dt>Resources</dt><dd>${a['resource-count']}</dd>
    <dt>Created</dt><dd>${when(a['created-at'])}</dd>
    <dt>Latest change</dt><dd>${when(a['latest-change-at'])}</dd>
  </dl>`;

  const lock = a.locked
    ? html`<p><span class="badge locked">Locked</span> by <strong data-testid="lock-holder">${lockedBy(ws, view.usernames)}</strong></p>
      <p>Reason: ${a['locked-reason'] ? html`<span data-testid="lock-reason">${a['locked-reason']}</span>` : html`<span class="muted">none given</span>`}</p>`
    : html`<p><span class="badge unlocked">Unlocked</span></p>`;

  const tags = html`<p>${tagNames.length ? tagNames.map((t) => html`<span class="chip">${t}</span>`) : html`<span class="muted">No flat tags.</span>`}</p>
    <table><thead><tr><th>Key</th><th>Value</th><th>From</th></tr></thead><tbody>
    ${own.map((b) => html`<tr><td class="nowrap">${b.attributes.key}</td><td>${b.attributes.value}</td><td>this workspace</td></tr>`)}
    ${inherited.map((b) => {
      const related = String(b.relationships['inherited-from'].links.related);
      const from = related.slice(related.lastIndexOf('/') + 1);
      return html`<tr class="inherited"><td class="nowrap">${b.attributes.key}</td><td>${b.attributes.value}</td><td>inherited from project <strong>${projectNames.get(from) ?? from}</strong></td></tr>`;
    })}
    ${view.bindings.length === 0 ? html`<tr><td colspan="3" class="muted">No key-value tags.</td></tr>` : null}
    </tbody></table>`;

  const consumerList = html`${a['global-remote-state'] ? html`<p class="muted">Global remote state is on: every workspace of the organization may read this state.</p>` : null}
    ${
      consumers.data.length
        ? html`<ul class="plain" data-testid="consumers">${consumers.data.map((c) => html`<li><a href="${c.links['self-html']}">${c.attributes.name}</a></li>`)}</ul>`
        : html`<p class="muted">No remote state consumers.</p>`
    }
    ${consumers.total > consumers.data.length ? html`<p class="muted">Showing ${consumers.data.length} of ${consumers.total}.</p>` : null}`;

  const crSection = changeRequests
    ? html`<section class="card" id="change-requests"><h2>Change requests (${changeRequests.openTotal} open)</h2>
      ${changeRequests.open.length ? changeRequests.open.map((cr) => changeRequestItem(cr, view, session, canArchive, index)) : html`<p class="muted">No open change requests.</p>`}
      ${changeRequests.openTotal > changeRequests.open.length ? html`<p class="muted">Showing the first ${changeRequests.open.length}.</p>` : null}
      ${
        changeRequests.archivedTotal > 0
          ? html`<details data-testid="archived"><summary>${changeRequests.archivedTotal} archived</summary>${changeRequests.archived.map((cr) => changeRequestItem(cr, view, session, false, index))}</details>`
          : null
      }
    </section>`
    : null;

  return page({
    title: `${a.name} · ${organization.name}`,
    session,
    crumbs: [{ label: 'Organizations', href: '/app' }, { label: organization.name, href: `/app/${segment(organization.name)}/workspaces` }, { label: a.name }],
    body: html`<h1>${a.name}</h1>
    <p class="sub">${a.description ? html`<span data-testid="description">${a.description}</span>` : html`<span class="muted">No description.</span>`}</p>
    <div class="grid">
      <section class="card"><h2>Settings</h2>${settings}</section>
      <section class="card"><h2>Lock</h2>${lock}<h2>VCS</h2>${vcsSection(a['vcs-repo'])}</section>
      <section class="card" id="tags"><h2>Tags</h2>${tags}</section>
      <section class="card"><h2>Remote state consumers</h2>${consumerList}</section>
    </div>
    ${variablesSection(view.variables)}
    ${stateSection(view.state, index)}
    ${crSection}`,
  });
}
