// `/app` (organizations) and `/app/:organization/workspaces` (the workspace table). The table's
// query parameters are the API's own (search[…], filter[…], sort, page[…]) and are handed to the
// API's list route unchanged, so a console URL and an API URL filter alike.
import { WORKSPACE_ATTRIBUTES, WORKSPACE_SORT_FIELDS, answeredWireValue } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import type { ApiDocument, ApiReader } from './api';
import { segment } from './api';
import { html, type SafeHtml } from './html';
import { page, when } from './layout';
import type { Session } from './session';

export function organizationsPage(session: Session, organizations: DirectoryOrganization[]): SafeHtml {
  const rows = organizations.map(
    (org) =>
      html`<tr><td><a href="/app/${segment(org.name)}/workspaces">${org.name}</a></td><td>${org.tier}</td><td class="num">${org.projects.length}</td></tr>`,
  );
  return page({
    title: 'Organizations',
    session,
    crumbs: [{ label: 'Organizations' }],
    body: html`<h1>Organizations</h1><p class="sub">The organizations you belong to.</p>
    ${
      organizations.length === 0
        ? html`<div class="card">You are not a member of any organization.</div>`
        : html`<div class="table-wrap"><table><thead><tr><th>Name</th><th>Tier</th><th class="num">Projects</th></tr></thead><tbody>${rows}</tbody></table></div>`
    }`,
  });
}

const LIST_PARAMETER =
  /^(search\[(name|wildcard-name|tags|exclude-tags)\]|filter\[(project\]\[id|current-run\]\[status)\]|filter\[tagged\]\[\d{1,4}\]\[(key|value)\]|sort|page\[(number|size)\])$/;

/** The API list parameters of a console URL, without empty form fields. */
export function listParameters(query: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of query) if (value !== '' && LIST_PARAMETER.test(name)) out.append(name, value);
  return out;
}

export interface ListView {
  organization: DirectoryOrganization;
  params: URLSearchParams;
  document: ApiDocument;
  /** Effective tag bindings per workspace ID. */
  bindings: Map<string, any[]>;
}

export async function loadList(api: ApiReader, organization: DirectoryOrganization, params: URLSearchParams): Promise<ListView> {
  const query = new URLSearchParams(params);
  query.set('include', 'project,locked_by');
  const document = await api.get('listWorkspaces', { organization_name: organization.name }, query);
  const bindings = new Map<string, any[]>();
  await Promise.all((document.data as any[]).map(async (ws) => bindings.set(ws.id, (await api.get('listEffectiveTagBindings', { workspace_id: ws.id })).data)));
  return { organization, params, document, bindings };
}

function projectOf(binding: any): string | null {
  const related: unknown = binding.relationships?.['inherited-from']?.links?.related;
  return typeof related === 'string' ? related.slice(related.lastIndexOf('/') + 1) : null;
}

export function bindingChips(bindings: any[], projectNames: Map<string, string>): SafeHtml {
  if (bindings.length === 0) return html`<span class="muted">—</span>`;
  return html`${bindings.map((b) => {
    const project = projectOf(b);
    const from = project ? (projectNames.get(project) ?? project) : null;
    return html`<span class="chip kv${from ? ' inherited' : ''}" title="${from ? `inherited from project ${from}` : 'own'}"><b>${b.attributes.key}</b>=${b.attributes.value}</span>`;
  })}`;
}

export function lockedBy(ws: any, usernames: Map<string, string>): SafeHtml {
  if (!ws.attributes.locked) return html`<span class="muted">—</span>`;
  const user = ws.relationships?.['locked-by']?.data?.id as string | undefined;
  const name = user ? (usernames.get(user) ?? user) : 'an organization token';
  return html`<span class="badge locked">${name}</span>`;
}

function hrefWith(base: string, params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  const search = next.toString();
  return search ? `${base}?${search}` : base;
}

function sortHeader(label: string, field: string, base: string, params: URLSearchParams): SafeHtml {
  const current = params.get('sort');
  const next = current === field ? `-${field}` : field;
  const mark = current === field ? ' ▲' : current === `-${field}` ? ' ▼' : '';
  return html`<a href="${hrefWith(base, params, { sort: next, 'page[number]': null })}">${label}${mark}</a>`;
}

export function workspacesPage(session: Session, view: ListView): SafeHtml {
  const { organization, params, document, bindings } = view;
  const base = `/app/${segment(organization.name)}/workspaces`;
  const projectNames = new Map(organization.projects.map((p) => [p.id, p.name]));
  const usernames = new Map<string, string>();
  for (const r of document.included ?? []) if (r.type === 'users' && r.attributes?.username) usernames.set(r.id, r.attributes.username);
  const pagination = document.meta?.pagination ?? {};
  const total: number = pagination['total-count'] ?? 0;
  const pageNumber: number = pagination['current-page'] ?? 1;
  const pages: number = pagination['total-pages'] ?? 1;
  const sort = params.get('sort') ?? '';
  const taggedKey = params.get('filter[tagged][0][key]') ?? '';
  const taggedValue = params.get('filter[tagged][0][value]') ?? '';
  const project = params.get('filter[project][id]') ?? '';

  const rows = (document.data as any[]).map((ws) => {
    const a = ws.attributes;
    const projectId = ws.relationships?.project?.data?.id as string;
    return html`<tr data-workspace="${a.name}">
      <td class="nowrap"><a href="${ws.links['self-html']}">${a.name}</a></td>
      <td class="nowrap">${projectNames.get(projectId) ?? projectId}</td>
      <td>${a['execution-mode']}</td>
      <td class="nowrap">${answeredWireValue(WORKSPACE_ATTRIBUTES.engineVersion, a) as string}</td>
      <td>${lockedBy(ws, usernames)}</td>
      <td>${(a['tag-names'] as string[]).length ? (a['tag-names'] as string[]).map((t) => html`<span class="chip">${t}</span>`) : html`<span class="muted">—</span>`}</td>
      <td>${bindingChips(bindings.get(ws.id) ?? [], projectNames)}</td>
      <td class="num">${a['resource-count']}</td>
      <td>${when(a['latest-change-at'])}</td>
    </tr>`;
  });

  const filters = html`<form class="filters" method="get" action="${base}" role="search">
    <label>Name contains<input name="search[name]" value="${params.get('search[name]') ?? ''}" placeholder="e.g. network"></label>
    <label>Tags (all of)<input name="search[tags]" value="${params.get('search[tags]') ?? ''}" placeholder="prod,eu"></label>
    <label>Without tags<input name="search[exclude-tags]" value="${params.get('search[exclude-tags]') ?? ''}"></label>
    <label>Tag key<input name="filter[tagged][0][key]" value="${taggedKey}" size="10"></label>
    <label>Tag value<input name="filter[tagged][0][value]" value="${taggedValue}" size="10"></label>
    <label>Project<select name="filter[project][id]"><option value="">any</option>${organization.projects.map(
      (p) => html`<option value="${p.id}"${p.id === project ? html` selected` : null}>${p.name}</option>`,
    )}</select></label>
    <label>Sort<select name="sort"><option value="">default</option>${WORKSPACE_SORT_FIELDS.flatMap((f) => [f, `-${f}`]).map(
      (f) => html`<option value="${f}"${f === sort ? html` selected` : null}>${f.startsWith('-') ? `${f.slice(1)} (descending)` : f}</option>`,
    )}</select></label>
    ${params.get('page[size]') ? html`<input type="hidden" name="page[size]" value="${params.get('page[size]')}">` : null}
    <button class="primary" type="submit">Filter</button>
    <a href="${base}">Clear</a>
  </form>`;

  const pager = html`<div class="pager"><span><span data-testid="count">${total} workspace${total === 1 ? '' : 's'} · page ${pageNumber} of ${pages}</span> · dashed key-value tags are inherited from the project</span>
    <span class="links">${pageNumber > 1 ? html`<a rel="prev" href="${hrefWith(base, params, { 'page[number]': String(pageNumber - 1) })}">← Previous</a>` : null}
    ${pageNumber < pages ? html`<a rel="next" href="${hrefWith(base, params, { 'page[number]': String(pageNumber + 1) })}">Next →</a>` : null}</span></div>`;

  return page({
    title: `Workspaces · ${organization.name}`,
    session,
    crumbs: [{ label: 'Organizations', href: '/app' }, { label: organization.name }],
    body: html`<h1>Workspaces</h1><p class="sub">Organization <strong>${organization.name}</strong></p>
    ${filters}
    <div class="table-wrap"><table>
      <thead><tr><th>${sortHeader('Name', 'name', base, params)}</th><th>Project</th><th>Execution</th><th>Engine</th><th>Locked by</th><th>Tags</th><th>Key-value tags</th><th class="num">Resources</th><th>${sortHeader('Latest change', 'latest-change-at', base, params)}</th></tr></thead>
      <tbody>${rows.length ? rows : html`<tr><td colspan="9" class="muted">No workspaces match.</td></tr>`}</tbody>
    </table></div>
    ${pager}`,
  });
}
