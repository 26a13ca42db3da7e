// The state section of a workspace's page: its state versions (newest first) and the outputs of its
// current state. A sensitive output shows as "sensitive": its value is never rendered, whatever the
// answer holds.
import type { DirectoryIndex } from '../access';
import { ServiceError } from '../errors';
import type { ApiReader } from './api';
import { html, type SafeHtml } from './html';
import { when } from './layout';

const VERSIONS_LISTED = '20';
const OUTPUTS_LISTED = '100';
/** Longer output values are cut: the page is an overview, the API has the whole value. */
const VALUE_MAX_CHARS = 200;

export interface StateView {
  /** The workspace's current state version, when it has one. */
  currentId: string | null;
  versions: any[];
  versionTotal: number;
  outputs: any[];
  outputTotal: number;
}

/** Null when the caller may not read the workspace's state. */
export async function loadState(api: ApiReader, organization: string, workspace: any): Promise<StateView | null> {
  const none = (error: unknown) => {
    // 404: no current state (outputs), or nothing the caller may see.
    if (error instanceof ServiceError && error.status === 404) return { data: [], meta: { pagination: { 'total-count': 0 } } };
    throw error;
  };
  try {
    const [versions, outputs] = await Promise.all([
      api
        .get(
          'listStateVersions',
          {},
          { 'filter[organization][name]': organization, 'filter[workspace][name]': workspace.attributes.name, 'page[size]': VERSIONS_LISTED },
        )
        .catch(none),
      api.get('listCurrentStateVersionOutputs', { workspace_id: workspace.id }, { 'page[size]': OUTPUTS_LISTED }).catch(none),
    ]);
    const current = workspace.relationships?.['current-state-version']?.data?.id;
    return {
      currentId: typeof current === 'string' ? current : null,
      versions: versions.data,
      versionTotal: versions.meta?.pagination?.['total-count'] ?? versions.data.length,
      outputs: outputs.data,
      outputTotal: outputs.meta?.pagination?.['total-count'] ?? outputs.data.length,
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 403) return null;
    throw error;
  }
}

function resourceCount(attributes: any): SafeHtml | number {
  if (attributes['resources-processed'] === false) return html`<span class="muted">processing</span>`;
  const resources = Array.isArray(attributes.resources) ? (attributes.resources as { count?: number }[]) : [];
  return resources.reduce((sum, r) => sum + (typeof r.count === 'number' ? r.count : 0), 0);
}

function createdBy(version: any, index: DirectoryIndex): SafeHtml | string {
  const id = version.relationships?.['created-by']?.data?.id;
  if (typeof id !== 'string') return html`<span class="muted">—</span>`;
  return index.username(id) ?? id;
}

/** A non-sensitive output's value as text: strings as they are, anything else as JSON. */
function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS)}…` : text;
}

function outputRow(output: any): SafeHtml {
  const a = output.attributes;
  const value = a.sensitive === true ? html`<span class="badge sensitive" data-testid="sensitive">sensitive</span>` : html`<code>${shownValue(a.value)}</code>`;
  return html`<tr data-output="${a.name}"><td class="nowrap"><code>${a.name}</code></td><td>${a.type}</td><td>${value}</td></tr>`;
}

export function stateSection(state: StateView | null, index: DirectoryIndex): SafeHtml {
  if (state === null) return html`<section class="card" id="state"><h2>State</h2><p class="muted">You may not read this workspace's state.</p></section>`;
  const versions = state.versions.length
    ? html`<table data-testid="state-versions"><thead><tr><th>Serial</th><th>Created</th><th>By</th><th>Resources</th><th>Status</th></tr></thead><tbody>
      ${state.versions.map((v) => {
        const a = v.attributes;
        return html`<tr data-state-version="${v.id}"><td>${a.serial}${v.id === state.currentId ? html` <span class="chip">current</span>` : null}</td><td>${when(a['created-at'])}</td><td>${createdBy(v, index)}</td><td>${resourceCount(a)}</td><td>${a.status}</td></tr>`;
      })}
      </tbody></table>
      ${state.versionTotal > state.versions.length ? html`<p class="muted">Showing the newest ${state.versions.length} of ${state.versionTotal}.</p>` : null}`
    : html`<p class="muted">No state yet.</p>`;
  const outputs = state.outputs.length
    ? html`<table data-testid="outputs"><thead><tr><th>Name</th><th>Type</th><th>Value</th></tr></thead><tbody>${state.outputs.map(outputRow)}</tbody></table>
      ${state.outputTotal > state.outputs.length ? html`<p class="muted">Showing ${state.outputs.length} of ${state.outputTotal}.</p>` : null}`
    : html`<p class="muted">The current state has no outputs.</p>`;
  return html`<section class="card" id="state"><h2>State versions (${state.versionTotal})</h2>${versions}<h2>Outputs</h2>${outputs}</section>`;
}
