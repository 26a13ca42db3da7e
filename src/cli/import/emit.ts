// The TypeScript module `cdkws import` writes: one Workspace per workspace with only the props that
// differ from the spec's defaults, one RemoteStateConsumers per consumer list, each with an import
// directive. Pure and deterministic (conventions 9): the same workspaces give the same bytes.
import { answeredWireValue, configurableRows, VCS_REPO_ATTRIBUTES, WORKSPACE_ATTRIBUTES, type AttributeRow, type AttributeTable } from '../../contract';
import type { TagBinding, Variable, Workspace } from '../../client';
import { variableStatements } from './emit-variables';

/** One workspace as read for import. */
export interface ImportedWorkspace {
  workspace: Workspace;
  /** The workspace's own key-value bindings (not those inherited from its project). */
  tagBindings: TagBinding[];
  /** Who may read its state; undefined when global remote state shares it with everyone. */
  consumers?: Array<{ id: string; name: string }>;
  /** Name of the workspace's project, when the service sent it. */
  projectName?: string;
  /** The workspace's own variables (sensitive ones without their values). */
  variables?: Variable[];
}

export interface ImportModule {
  organization: string;
  /** The command line that made the module, for its header. */
  command: string;
  workspaces: ImportedWorkspace[];
}

/** The hosted service names every organization's default project so; the API has no "default" flag. */
export const DEFAULT_PROJECT_NAME = 'Default Project';
export const IMPORT_CLASS_NAME = 'ImportedWorkspaces';

const WIDTH = 110;

// ---- names ----------------------------------------------------------------------------------

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'implements import in instanceof interface let new null package private protected public return static super switch this ' +
    'throw true try typeof var void while with yield await any boolean number string symbol undefined ' +
    // Members of Construct and of every object: a field of that name would clash.
    'node toString constructor valueOf hasOwnProperty'
  ).split(' '),
);

/** A camelCase identifier for a workspace name: `networking-prod` → `networkingProd`. */
export function identifierFor(name: string): string {
  const parts = name.split(/[^A-Za-z0-9]+/).filter((p) => p.length > 0);
  let id = parts.map((p, i) => (i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  if (id === '') id = 'workspace';
  if (/^[0-9]/.test(id)) id = `ws${id}`;
  if (RESERVED.has(id)) id = `${id}Workspace`;
  return id;
}

/** Hands out unique names: the first asker gets `base`, later ones `base2`, `base3`, … (or `base-2` with a separator). */
class NameAllocator {
  private readonly used = new Set<string>();

  constructor(private readonly separator = '') {}

  reserve(name: string): void {
    this.used.add(name);
  }

  take(base: string): string {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}${this.separator}${n}`;
    this.used.add(name);
    return name;
  }
}

// ---- literals -------------------------------------------------------------------------------

/** A single-quoted TypeScript string literal; control characters, quotes and backslashes escaped. */
export function stringLiteral(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

const propertyKey = (key: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : stringLiteral(key));

/** A comment's text, safe inside `//` (workspace names are letters, digits, `-` and `_`, but be sure). */
const commentText = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

interface Entry {
  key: string;
  /** TypeScript code of the value, already indented for continuation lines. */
  value: string;
  comment?: string;
}

function indentLines(text: string, indent: string): string {
  return text.split('\n').join(`\n${indent}`);
}

/** `{ … }` with one entry per line (indented by `indent` + 2). */
function objectLiteral(entries: Entry[], indent: string): string {
  if (entries.length === 0) return '{}';
  const inner = `${indent}  `;
  const lines = entries.map((e) => `${inner}${propertyKey(e.key)}: ${indentLines(e.value, inner)},${e.comment ? ` // ${commentText(e.comment)}` : ''}`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** `[…]` on one line when it fits, one item per line otherwise (or when an item has a comment). */
function arrayLiteral(items: Array<{ code: string; comment?: string }>, indent: string, column: number): string {
  const inline = `[${items.map((i) => i.code).join(', ')}]`;
  if (!items.some((i) => i.comment) && column + inline.length <= WIDTH) return inline;
  const inner = `${indent}  `;
  return `[\n${items.map((i) => `${inner}${i.code},${i.comment ? ` // ${commentText(i.comment)}` : ''}`).join('\n')}\n${indent}]`;
}

const sameArray = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---- props ----------------------------------------------------------------------------------

/** The value of a row: the client's camelCase member, else the wire attribute it came from. */
function valueOf(name: string, row: AttributeRow, read: object | null | undefined, wire: Readonly<Record<string, unknown>>): unknown {
  const value = (read as Record<string, unknown> | null | undefined)?.[name];
  return value !== undefined ? value : answeredWireValue(row, wire);
}

/**
 * The entry of one table row, or none when the workspace has what leaving the prop out gives: the
 * spec's default, or null where null is the default. An empty string is a value too (leaving it
 * out would plan a change to null), except where the service answers "" for unset (`emptyIsUnset`).
 */
function rowEntry(name: string, row: AttributeRow, value: unknown, column: number): Entry | undefined {
  if (value === undefined || value === null || (value === '' && row.emptyIsUnset)) return undefined;
  const fallback = row.default;
  if (Array.isArray(value)) {
    if (Array.isArray(fallback) && sameArray(value as string[], fallback as readonly string[])) return undefined;
    return {
      key: name,
      value: arrayLiteral(
        (value as string[]).map((v) => ({ code: stringLiteral(v) })),
        '',
        column + name.length + 2,
      ),
    };
  }
  if (value === fallback) return undefined;
  return { key: name, value: typeof value === 'string' ? stringLiteral(value) : JSON.stringify(value) };
}

/** The entries of a table's configurable rows, in the table's order; `special` writes (or skips) some rows itself. */
function tableEntries(
  table: AttributeTable,
  read: object | null | undefined,
  wire: Readonly<Record<string, unknown>>,
  column: number,
  special: Readonly<Record<string, (value: unknown) => Entry | undefined>> = {},
): Entry[] {
  const entries: Entry[] = [];
  for (const [name, row] of configurableRows(table)) {
    if (row.kind === 'object') continue;
    const value = valueOf(name, row, read, wire);
    const entry =
      name in special
        ? special[name](value)
        : row.required
          ? { key: name, value: stringLiteral(typeof value === 'string' ? value : '') }
          : rowEntry(name, row, value, column);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** The Workspace props of one imported workspace: name and project, the table's scalars, the VCS repository, tags. */
export function workspaceEntries(item: ImportedWorkspace, indent: string): Entry[] {
  // Nested values are built unindented; objectLiteral indents their continuation lines.
  const column = indent.length + 2;
  const ws = item.workspace;
  const wire = ws.raw.attributes as Record<string, unknown>;
  const text = (key: string, value: unknown, comment?: string): Entry | undefined =>
    typeof value === 'string' ? { key, value: stringLiteral(value), comment } : undefined;
  // Set on the workspace itself, not followed from the organization's default (setting-overwrites).
  const ownMode = ws.settingOverwrites?.executionMode === true;
  const entries: Entry[] = tableEntries(WORKSPACE_ATTRIBUTES, ws, wire, column, {
    // Where the workspace lives comes right after its name (below).
    projectId: () => undefined,
    executionMode: (value) => (ownMode ? text('executionMode', value) : undefined),
    agentPoolId: (value) =>
      value && (ws.settingOverwrites?.agentPool === true || (ownMode && ws.executionMode === 'agent')) ? text('agentPoolId', value) : undefined,
    // Always written: the default ("the latest release") moves, so leaving it out would change the
    // meaning of the code over time.
    engineVersion: (value) => text('engineVersion', value),
  });
  if (ws.projectId && item.projectName !== DEFAULT_PROJECT_NAME) {
    entries.splice(1, 0, {
      key: 'projectId',
      value: stringLiteral(ws.projectId),
      comment: item.projectName === undefined ? undefined : `project "${item.projectName}"`,
    });
  }
  // Construct props beyond the table: the SSH key, then the objects, then both kinds of tags.
  const sshKey = text('sshKeyId', ws.sshKeyId);
  if (sshKey) entries.push(sshKey);
  if (ws.vcsRepo) {
    const vcsWire = (wire[WORKSPACE_ATTRIBUTES.vcsRepo.wire] ?? {}) as Record<string, unknown>;
    entries.push({ key: 'vcsRepo', value: objectLiteral(tableEntries(VCS_REPO_ATTRIBUTES, ws.vcsRepo, vcsWire, 0), '') });
  }
  const tagNames = [...ws.tagNames].sort();
  if (tagNames.length > 0) {
    entries.push({
      key: 'tagNames',
      value: arrayLiteral(
        tagNames.map((t) => ({ code: stringLiteral(t) })),
        '',
        column + 'tagNames: '.length,
      ),
    });
  }
  const bindings = [...item.tagBindings].sort((a, b) => compare(a.key, b.key));
  if (bindings.length > 0) {
    entries.push({
      key: 'tags',
      value: objectLiteral(
        bindings.map((b) => ({ key: b.key, value: stringLiteral(b.value ?? '') })),
        '',
      ),
    });
  }
  return entries;
}

/** Code-unit order: the same on every machine and locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---- the module -----------------------------------------------------------------------------

/** The module's source text. */
export function renderImportModule(input: ImportModule): string {
  const items = [...input.workspaces].sort((a, b) => compare(a.workspace.name, b.workspace.name));
  const variables = new NameAllocator();
  const constructIds = new NameAllocator('-');
  // Workspace names are unique in the organization, so they are the construct ids as they are.
  for (const item of items) constructIds.reserve(item.workspace.name);
  const variableOf = new Map<string, string>();
  for (const item of items) variableOf.set(item.workspace.id, variables.take(identifierFor(item.workspace.name)));

  const fields: string[] = [];
  /** Environment names of the sensitive values (TF_VAR_<name>). */
  const secrets: string[] = [];
  // One block per construct, separated by blank lines.
  const blocks: string[] = [];
  const indent = '    ';
  for (const item of items) {
    const variable = variableOf.get(item.workspace.id)!;
    fields.push(`  public readonly ${variable}: Workspace;`);
    const variableLines = variableStatements(variable, item.workspace, item.variables ?? [], stringLiteral, indent, secrets);
    blocks.push(
      `${indent}this.${variable} = new Workspace(this, ${stringLiteral(item.workspace.name)}, ${objectLiteral(workspaceEntries(item, indent), indent)});\n` +
        `${indent}this.${variable}.importFrom(${stringLiteral(item.workspace.id)});` +
        variableLines.map((line) => `\n${line}`).join(''),
    );
  }
  let consumerLists = 0;
  for (const item of items) {
    if (!item.consumers || item.consumers.length === 0) continue;
    consumerLists++;
    const ws = item.workspace;
    const consumers = item.consumers
      .map((c) => {
        const variable = variableOf.get(c.id);
        return variable
          ? { sort: `0${c.name}`, code: `this.${variable}` }
          : { sort: `1${c.name}`, code: stringLiteral(c.id), comment: `workspace "${c.name}", not imported here` };
      })
      .sort((a, b) => compare(a.sort, b.sort));
    const id = constructIds.take(`${ws.name}-consumers`);
    const props = objectLiteral(
      [
        { key: 'workspace', value: `this.${variableOf.get(ws.id)}` },
        { key: 'consumers', value: arrayLiteral(consumers, '', indent.length + 2 + 'consumers: '.length) },
      ],
      indent,
    );
    blocks.push(`${indent}new RemoteStateConsumers(this, ${stringLiteral(id)}, ${props}).importFrom(${stringLiteral(ws.id)});`);
  }

  const names = [
    'Workspace',
    'WorkspacesStack',
    ...(consumerLists > 0 ? ['RemoteStateConsumers'] : []),
    ...(secrets.length > 0 ? ['environmentSecret'] : []),
  ].sort(compare);
  const organization = stringLiteral(input.organization);
  return [
    `// The workspaces of organization ${commentText(JSON.stringify(input.organization))}, written by \`${commentText(input.command)}\`.`,
    '// Each construct carries an import directive (importFrom): the first deploy adopts the existing',
    '// workspaces, tag bindings, variables and consumer lists as they are. Once deployed, the importFrom lines may go.',
    ...(secrets.length > 0
      ? [
          '// Sensitive values are never read back: each is read from the environment (TF_VAR_<name>) when a',
          '// deploy sends it, that is when its valueVersion changes.',
        ]
      : []),
    "import { Construct } from 'constructs';",
    `import { ${names.join(', ')} } from 'cdk-workspaces';`,
    '',
    `/** ${items.length} workspace${items.length === 1 ? '' : 's'} and ${consumerLists} remote state consumer list${consumerLists === 1 ? '' : 's'}. */`,
    `export class ${IMPORT_CLASS_NAME} extends Construct {`,
    `  public static readonly ORGANIZATION = ${organization};`,
    '',
    ...fields,
    '',
    '  constructor(scope: Construct, id: string) {',
    '    super(scope, id);',
    '    const organization = WorkspacesStack.of(this).organization;',
    `    if (organization !== ${IMPORT_CLASS_NAME}.ORGANIZATION) {`,
    `      throw new Error(\`${IMPORT_CLASS_NAME} holds workspaces of organization "\${${IMPORT_CLASS_NAME}.ORGANIZATION}": add it to a WorkspacesStack of that organization, not "\${organization}"\`);`,
    '    }',
    '',
    blocks.join('\n\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The two lines to add to main.ts: the import and the construct inside the app's WorkspacesStack. */
export function mainLines(importSpecifier: string): string[] {
  return [`import { ${IMPORT_CLASS_NAME} } from ${stringLiteral(importSpecifier)};`, `new ${IMPORT_CLASS_NAME}(stack, 'imported');`];
}
