import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import type { Variable, Workspace } from '../../client';
import { WORKSPACE_DEFAULTS } from '../../contract';
import { identifierFor, renderImportModule, stringLiteral, type ImportedWorkspace } from './emit';

/** A workspace as the client returns it, with the spec's defaults unless overridden. */
function ws(name: string, id: string, overrides: Partial<Workspace> = {}): Workspace {
  return {
    id,
    name,
    locked: false,
    tagNames: [],
    triggerPatterns: [],
    triggerPrefixes: [],
    vcsRepo: null,
    allowDestroyPlan: WORKSPACE_DEFAULTS['allow-destroy-plan'] as boolean,
    assessmentsEnabled: false,
    autoApply: false,
    autoApplyRunTrigger: false,
    fileTriggersEnabled: true,
    globalRemoteState: false,
    queueAllRuns: false,
    speculativeEnabled: true,
    structuredRunOutputEnabled: true,
    executionMode: 'remote',
    settingOverwrites: { executionMode: false, agentPool: false },
    engineVersion: '1.11.0',
    description: null,
    projectId: 'prj-default',
    raw: { id, type: 'workspaces', attributes: { name } },
    ...overrides,
  };
}

const item = (workspace: Workspace, extra: Partial<ImportedWorkspace> = {}): ImportedWorkspace => ({
  workspace,
  tagBindings: [],
  consumers: [],
  projectName: 'Default Project',
  ...extra,
});
/** A variable as the client returns it: a sensitive one has no value. */
function variable(key: string, value: string | null, extra: Partial<Variable> = {}): Variable {
  return {
    id: `var-${key}`,
    key,
    value,
    description: null,
    category: 'terraform',
    hcl: false,
    sensitive: false,
    versionId: 'v1',
    raw: {} as Variable['raw'],
    ...extra,
  };
}

const render = (items: ImportedWorkspace[]) => renderImportModule({ organization: 'acme', command: 'cdkws import --organization acme', workspaces: items });

describe('renderImportModule', () => {
  it('writes only the props that differ from the spec defaults, plus name and engine version', () => {
    const text = render([item(ws('plain', 'ws-1'))]);
    expect(text).toContain(
      [
        "    this.plain = new Workspace(this, 'plain', {",
        "      name: 'plain',",
        "      engineVersion: '1.11.0',",
        '    });',
        "    this.plain.importFrom('ws-1');",
      ].join('\n'),
    );
  });

  it('writes every setting a workspace may have, VCS included, with tags and flat tags', () => {
    const workspace = ws('net-prod', 'ws-2', {
      description: 'It\'s "quoted"\nand on two lines \\ with a backslash',
      projectId: 'prj-platform',
      executionMode: 'agent',
      agentPoolId: 'apool-main',
      settingOverwrites: { executionMode: true, agentPool: true },
      allowDestroyPlan: false,
      autoApply: true,
      autoDestroyActivityDuration: '14d',
      fileTriggersEnabled: false,
      triggerPatterns: ['modules/**/*.tf'],
      triggerPrefixes: ['modules/'],
      workingDirectory: 'infra',
      sshKeyId: 'sshkey-deploy',
      sourceName: 'scripts',
      vcsRepo: { identifier: 'acme/net', oauthTokenId: 'ot-github', branch: 'main', ingressSubmodules: true, tagsRegex: 'v\\d+' },
      tagNames: ['prod', 'networking'],
    });
    const text = render([
      item(workspace, {
        projectName: 'platform',
        tagBindings: [
          { id: 'tb-1', key: 'team', value: 'net' },
          { id: 'tb-2', key: 'cost-center', value: '42' },
        ],
      }),
    ]);
    expect(text).toContain(
      [
        "    this.netProd = new Workspace(this, 'net-prod', {",
        "      name: 'net-prod',",
        '      projectId: \'prj-platform\', // project "platform"',
        "      description: 'It\\'s \"quoted\"\\nand on two lines \\\\ with a backslash',",
        "      executionMode: 'agent',",
        "      agentPoolId: 'apool-main',",
        '      allowDestroyPlan: false,',
        '      autoApply: true,',
        "      autoDestroyActivityDuration: '14d',",
        "      engineVersion: '1.11.0',",
        '      fileTriggersEnabled: false,',
        "      sourceName: 'scripts',",
        "      triggerPatterns: ['modules/**/*.tf'],",
        "      triggerPrefixes: ['modules/'],",
        "      workingDirectory: 'infra',",
        "      sshKeyId: 'sshkey-deploy',",
        '      vcsRepo: {',
        "        identifier: 'acme/net',",
        "        oauthTokenId: 'ot-github',",
        "        branch: 'main',",
        '        ingressSubmodules: true,',
        "        tagsRegex: 'v\\\\d+',",
        '      },',
        "      tagNames: ['networking', 'prod'],",
        '      tags: {',
        "        'cost-center': '42',",
        "        team: 'net',",
        '      },',
        '    });',
      ].join('\n'),
    );
  });

  it('leaves out a working directory the service answers empty (its answer for none), and keeps an empty description', () => {
    const text = render([item(ws('hosted', 'ws-3', { workingDirectory: '', description: '' }))]);
    expect(text).not.toContain('workingDirectory');
    expect(text).toContain("      description: '',");
  });

  it('leaves the execution mode to the organization default unless the workspace overwrites it', () => {
    const text = render([item(ws('follows', 'ws-3', { executionMode: 'local', settingOverwrites: { executionMode: false, agentPool: false } }))]);
    expect(text).not.toContain('executionMode');
  });

  it('refers to imported consumers by variable and to others by ID with a comment naming them', () => {
    const a = ws('app-a', 'ws-a');
    const b = ws('app-b', 'ws-b');
    const text = render([
      item(b),
      item(a, {
        consumers: [
          { id: 'ws-out', name: 'legacy' },
          { id: 'ws-b', name: 'app-b' },
        ],
      }),
    ]);
    expect(text).toContain(
      [
        "    new RemoteStateConsumers(this, 'app-a-consumers', {",
        '      workspace: this.appA,',
        '      consumers: [',
        '        this.appB,',
        '        \'ws-out\', // workspace "legacy", not imported here',
        '      ],',
        "    }).importFrom('ws-a');",
      ].join('\n'),
    );
    // Sorted by name whatever order the service gave.
    expect(text.indexOf('this.appA = new')).toBeLessThan(text.indexOf('this.appB = new'));
  });

  it('resolves clashing variable names and construct ids deterministically', () => {
    const items = [
      item(ws('a_b', 'ws-1')),
      item(ws('a-b', 'ws-2')),
      item(ws('a-b-consumers', 'ws-3'), { consumers: [] }),
      item(ws('1st', 'ws-4')),
      item(ws('node', 'ws-5')),
    ];
    items[1].consumers = [{ id: 'ws-1', name: 'a_b' }];
    const text = render(items);
    expect(text).toContain("this.aB = new Workspace(this, 'a-b',");
    expect(text).toContain("this.aB2 = new Workspace(this, 'a_b',");
    expect(text).toContain("new RemoteStateConsumers(this, 'a-b-consumers-2', {");
    expect(text).toContain("this.ws1st = new Workspace(this, '1st',");
    expect(text).toContain("this.nodeWorkspace = new Workspace(this, 'node',");
    expect(render([...items].reverse())).toBe(text);
  });

  it('produces a module that type-checks against the package', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-import-emit-'));
    try {
      const a = ws('app-a', 'ws-a', { description: "quote ' and\nnewline", vcsRepo: { identifier: 'acme/a', oauthTokenId: 'ot-github' } });
      const file = path.join(dir, 'imported-workspaces.ts');
      writeFileSync(
        file,
        render([
          item(a, {
            tagBindings: [{ id: 'tb', key: 'k', value: 'v' }],
            consumers: [{ id: 'ws-x', name: 'x' }],
            variables: [variable('region', 'eu'), variable('TOKEN', null, { category: 'env', sensitive: true, description: 'api' })],
          }),
          item(ws('b', 'ws-b')),
        ]),
      );
      const root = path.resolve(__dirname, '..', '..', '..');
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        moduleResolution: ts.ModuleResolutionKind.Node10,
        esModuleInterop: true,
        resolveJsonModule: true, // the package source reads its version from package.json
        types: [],
        baseUrl: dir,
        paths: { 'cdk-workspaces': [path.join(root, 'src', 'index.ts')], constructs: [path.join(root, 'node_modules', 'constructs')] },
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('variables in the module', () => {
  it('writes plain values as they are and secrets as placeholders from the environment, each with its import', () => {
    const text = render([
      item(ws('app-prod', 'ws-1'), {
        variables: [
          variable('region', 'eu-west-1', { description: 'where' }),
          variable('cfg', '{ a = 1 }', { hcl: true }),
          variable('DB_PASSWORD', null, { category: 'env', sensitive: true }),
        ],
      }),
    ]);
    expect(text).toContain("    this.appProd.addVariable('cfg', '{ a = 1 }', { hcl: true }).importFrom('ws-1/var-cfg');");
    expect(text).toContain("    this.appProd.addVariable('region', 'eu-west-1', { description: 'where' }).importFrom('ws-1/var-region');");
    expect(text).toContain(
      "    this.appProd.addEnvironmentVariable('DB_PASSWORD', environmentSecret(this, 'app_prod_DB_PASSWORD'), { sensitive: true, valueVersion: 1 }).importFrom('ws-1/var-DB_PASSWORD');",
    );
    expect(text).toContain("import { Workspace, WorkspacesStack, environmentSecret } from 'cdk-workspaces';");
  });
});

describe('names and literals', () => {
  it('makes camelCase identifiers from workspace names', () => {
    expect(['networking-prod', 'Data_Warehouse', '9lives', 'class', '--', 'x'].map(identifierFor)).toEqual([
      'networkingProd',
      'dataWarehouse',
      'ws9lives',
      'classWorkspace',
      'workspace',
      'x',
    ]);
  });

  it('escapes what a single-quoted string cannot hold', () => {
    const text = "a'b\\c\n\r\t\u0001\u2028 ok";
    const literal = stringLiteral(text);
    expect(literal).toBe("'a\\'b\\\\c\\n\\r\\t\\u0001\\u2028 ok'");
    expect(eval(literal)).toBe(text);
  });
});
