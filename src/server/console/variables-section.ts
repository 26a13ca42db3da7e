// The variables section of a workspace's page: its own variables and the variable sets applied to
// it. A value is shown only for a variable that is not sensitive; a sensitive one shows as
// "sensitive", and its value never reaches the page (the API answers it as null, and the page does
// not render the member even if it held one).
import { ServiceError } from '../errors';
import type { ApiReader } from './api';
import { html, type SafeHtml } from './html';

const LISTED = '100';
/** Longer values are cut: the page is an overview, the API has the whole value. */
const VALUE_MAX_CHARS = 200;

export interface VariablesView {
  variables: any[];
  variableTotal: number;
  sets: any[];
  setTotal: number;
}

/** Null when the caller may not read the workspace's variables. */
export async function loadVariables(api: ApiReader, workspaceId: string): Promise<VariablesView | null> {
  try {
    const [variables, sets] = await Promise.all([
      api.get('listVariables', { workspace_id: workspaceId }, { 'page[size]': LISTED }),
      api.get('listWorkspaceVariableSets', { workspace_id: workspaceId }, { 'page[size]': LISTED }),
    ]);
    const total = (doc: { data: any[]; meta?: any }) => Number(doc.meta?.pagination?.['total-count'] ?? doc.data.length);
    return { variables: variables.data, variableTotal: total(variables), sets: sets.data, setTotal: total(sets) };
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

function valueCell(a: any): SafeHtml {
  if (a.sensitive !== false) return html`<span class="badge sensitive">sensitive</span>`;
  const value = String(a.value ?? '');
  if (value === '') return html`<span class="muted">empty</span>`;
  return html`<code>${value.length > VALUE_MAX_CHARS ? `${value.slice(0, VALUE_MAX_CHARS - 1)}…` : value}</code>`;
}

const CATEGORY: Record<string, string> = { terraform: 'Terraform', env: 'environment' };

function setRow(set: any): SafeHtml {
  const a = set.attributes;
  const count = Number(a['var-count'] ?? 0);
  const how = a.global ? 'global: every workspace' : 'applied to this workspace or its project';
  return html`<li data-variable-set="${set.id}"><strong>${a.name}</strong> ${a.priority ? html`<span class="chip">priority</span>` : null}
    <span class="muted">${how}; ${count} variable${count === 1 ? '' : 's'}</span></li>`;
}

export function variablesSection(view: VariablesView | null): SafeHtml {
  if (!view) return html`<section class="card" id="variables"><h2>Variables</h2><p class="muted">You may not read this workspace's variables.</p></section>`;
  const rows = [...view.variables].sort((x, y) =>
    `${x.attributes.category}\n${x.attributes.key}`.localeCompare(`${y.attributes.category}\n${y.attributes.key}`),
  );
  return html`<section class="card" id="variables"><h2>Variables (${view.variableTotal})</h2>
    <table data-testid="variables"><thead><tr><th>Key</th><th>Value</th><th>Category</th><th>HCL</th><th>Description</th></tr></thead><tbody>
    ${rows.map((v) => {
      const a = v.attributes;
      return html`<tr data-variable="${v.id}"><td class="nowrap"><code>${a.key}</code></td><td>${valueCell(a)}</td><td>${CATEGORY[a.category] ?? a.category}</td><td>${a.hcl ? 'yes' : 'no'}</td><td>${a.description ?? ''}</td></tr>`;
    })}
    ${rows.length === 0 ? html`<tr><td colspan="5" class="muted">No variables.</td></tr>` : null}
    </tbody></table>
    ${view.variableTotal > rows.length ? html`<p class="muted">Showing ${rows.length} of ${view.variableTotal}.</p>` : null}
    <h2>Variable sets (${view.setTotal})</h2>
    ${view.sets.length ? html`<ul class="plain" data-testid="variable-sets">${view.sets.map(setRow)}</ul>` : html`<p class="muted">No variable sets apply.</p>`}
  </section>`;
}
