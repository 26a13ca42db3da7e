// The files of a new app made by `cdkws init`: plain functions of the app's settings, so the
// command, the tests and examples/platform agree on what an app holds.
import { CI_FILE, ciFiles, type CiPlatform } from './ci-templates';

export { CI_NODE_VERSION, workflowYaml } from './ci-templates';

export type Engine = 'cdktf' | 'cdktn';
export const ENGINES: readonly Engine[] = ['cdktf', 'cdktn'];

/** Versions the generated app installs. TypeScript stays on 5.9: ts-node does not run on 7. */
export const APP_VERSIONS = {
  cdktf: { library: '^0.21.0', cli: '^0.21.0' },
  cdktn: { library: '^0.24.0', cli: '^0.24.0' },
  // Inside both engines' ranges: cdktn wants >= 10.6 < 10.8, cdktf ^10.4.2.
  constructs: '~10.7.0',
  typescript: '~5.9.3',
  tsNode: '^10.9.2',
  typesNode: '^20.19.0',
} as const;

/** The Node.js each engine's CLI needs (cdktn-cli 0.24 declares >= 22.19). */
export const ENGINE_NODE: Record<Engine, { engines: string }> = {
  cdktf: { engines: '>=20.18.1' },
  cdktn: { engines: '>=22.19.0' },
};

export interface AppSettings {
  /** The npm package name (lower case). */
  name: string;
  /** The workspace the app starts with. */
  workspaceName: string;
  organization: string;
  engine: Engine;
  /** The cdk-workspaces dependency as npm takes it: a range, `file:…`, a URL. */
  packageSpec: string;
  /** Keep the stack's state in a workspace of the service (the engine's cloud backend). */
  stateBackend?: StateBackendSettings;
  /** The CI the app is reviewed and deployed with; default GitHub Actions. */
  ci?: CiPlatform;
}

/** Where the engine's cloud backend keeps the stack's state: a workspace of the service. */
export interface StateBackendSettings {
  /** The service's host as Terraform names it: `host` or `host:port`, no scheme. */
  hostname: string;
  /** The workspace that holds the state (in the app's organization). */
  workspace: string;
}

export interface MainSource {
  /** Extra import lines (e.g. a module written by `cdkws import`). */
  imports?: string[];
  /** Extra statements after the first workspace, with `app` and `stack` in scope. */
  body?: string[];
  /** Whether main.ts declares a first workspace named after the folder (not when importing). */
  sampleWorkspace?: boolean;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export function packageJson(s: AppSettings): string {
  const versions = APP_VERSIONS[s.engine];
  return json({
    name: s.name,
    version: '0.1.0',
    private: true,
    description: `The workspaces of ${s.organization}, as code`,
    scripts: {
      synth: 'cdkws synth',
      diff: 'cdkws diff --markdown plan.md',
      deploy: 'cdkws deploy --auto-approve',
      typecheck: 'tsc --noEmit',
      // Synth only transpiles: type errors are caught here.
      test: 'tsc --noEmit',
    },
    engines: { node: ENGINE_NODE[s.engine].engines },
    dependencies: {
      'cdk-workspaces': s.packageSpec,
      [s.engine]: versions.library,
      constructs: APP_VERSIONS.constructs,
    },
    devDependencies: {
      '@types/node': APP_VERSIONS.typesNode,
      [`${s.engine}-cli`]: versions.cli,
      'ts-node': APP_VERSIONS.tsNode,
      typescript: APP_VERSIONS.typescript,
    },
  });
}

/**
 * The command that synthesizes the app. Transpile-only: a type check at every synth cost seconds
 * (20.8 s with 62 import directives), paid again by every diff; `npm test` and the CI workflow run
 * `tsc --noEmit` instead. ts-node rather than tsx: the app already has it and TypeScript, so
 * nothing more is installed, and it runs the same on Node 20, 22 and 24 and under both engines.
 */
export const APP_COMMAND = 'npx ts-node --transpile-only main.ts';

/** cdktf.json: both engines' CLIs and `cdkws` read it. */
export function cdktfJson(): string {
  return json({
    language: 'typescript',
    app: APP_COMMAND,
    output: 'cdktf.out',
    sendCrashReports: 'false',
    terraformProviders: [],
    terraformModules: [],
    context: {},
  });
}

/**
 * The app's TypeScript settings. `skipLibCheck`, as the engines' own templates have it: the
 * package's declarations name both engines, and the app has one.
 */
export function tsconfigJson(): string {
  const compilerOptions = {
    target: 'ES2022',
    module: 'commonjs',
    moduleResolution: 'node',
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    forceConsistentCasingInFileNames: true,
    noEmit: true,
  };
  return json({ compilerOptions, include: ['**/*.ts'], exclude: ['node_modules', 'cdktf.out'] });
}

/** main.ts: one stack for the organization and one workspace. */
export function mainTs(s: Pick<AppSettings, 'engine' | 'organization' | 'workspaceName' | 'stateBackend'>, extra: MainSource = {}): string {
  const sample = extra.sampleWorkspace ?? true;
  const state = s.stateBackend;
  // The engine's cloud backend: Terraform keeps the state in the service's workspace and reads the
  // token from its CLI configuration's credentials for the host (README), never from this file.
  const stackProps = state
    ? [
        `const stack = new WorkspacesStack(app, 'workspaces', {`,
        `  organization: ${quote(s.organization)},`,
        "  // The stack's state lives in a workspace of the service; Terraform's token for the host comes",
        "  // from its CLI configuration's credentials (README.md).",
        '  backend: (scope) =>',
        '    new CloudBackend(scope, {',
        `      hostname: ${quote(state.hostname)},`,
        `      organization: ${quote(s.organization)},`,
        `      workspaces: new NamedCloudWorkspace(${quote(state.workspace)}),`,
        '    }),',
        '});',
      ]
    : [`const stack = new WorkspacesStack(app, 'workspaces', { organization: ${quote(s.organization)} });`];
  const lines = [
    `// The workspaces of ${s.organization}, as code. \`npx cdkws diff\` shows what would change,`,
    '// `npx cdkws deploy` applies it. The provider reads CDKWS_ADDRESS and CDKWS_TOKEN where Terraform',
    '// runs; neither belongs in this file.',
    `import { App${state ? ', CloudBackend, NamedCloudWorkspace' : ''} } from '${s.engine}';`,
    `import { ${sample ? 'Workspace, ' : ''}WorkspacesStack } from 'cdk-workspaces';`,
    ...(extra.imports ?? []),
    '',
    'const app = new App();',
    ...stackProps,
    ...(sample
      ? [
          '',
          `new Workspace(stack, ${quote(s.workspaceName)}, {`,
          `  name: ${quote(s.workspaceName)},`,
          "  description: 'Managed by cdk-workspaces',",
          "  executionMode: 'remote',",
          '});',
        ]
      : []),
    ...(extra.body && extra.body.length > 0 ? ['', ...extra.body] : []),
    '',
    'app.synth();',
  ];
  return `${lines.join('\n')}\n`;
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function gitignore(): string {
  return ['node_modules/', 'cdktf.out/', '.cdkws/', '.terraform/', '*.tfstate', '*.tfstate.*', 'plan.md', 'plan.json', 'plan-full.md', 'cdkws-plan/', ''].join(
    '\n',
  );
}

export function readme(s: AppSettings): string {
  const cli = s.engine;
  const node =
    s.engine === 'cdktn'
      ? "\nThe cdktn CLI needs Node.js 22.19 or later. On an older Node, `npx cdkws diff` still works, and\n`npx -y -p node@22 -- cdktn diff` runs the engine's CLI on Node 22 without installing it.\n"
      : '';
  return `# ${s.name}

The workspaces of \`${s.organization}\`, as code, with cdk-workspaces (\`${s.packageSpec}\` in package.json)
on ${s.engine === 'cdktn' ? 'CDK Terrain (cdktn)' : 'cdktf'}. \`main.ts\` declares them.
${node}
\`\`\`sh
export CDKWS_ADDRESS=https://workspaces.example.com   # the service
export CDKWS_TOKEN=…                                   # a token that may manage the workspaces
npx cdkws diff        # what would change (exit 2 when something would)
npx cdkws deploy      # apply it
\`\`\`

The engine's own CLI works too: \`npx ${cli} diff\`, \`npx ${cli} deploy\`, \`npx ${cli} destroy\`. Synth lays the
provider that cdk-workspaces bundles beside each stack (\`cdktf.out/stacks/<stack>/terraform.d/plugins\`)
and locks it in the stack's \`.terraform.lock.hcl\`, so Terraform installs it offline.

${s.stateBackend ? stateSection(s.organization, s.stateBackend) : localStateSection}${ciSection(s.ci ?? 'github')}`;
}

/** What the CI file does: review each change, deploy exactly the reviewed plan. */
function ciSection(ci: CiPlatform): string {
  const where = ci === 'github' ? 'pull request' : 'merge request';
  return `\`${CI_FILE[ci]}\` plans each ${where} (posting the summary, keeping the saved plan) and deploys
${ci === 'github' ? 'the main branch' : 'the default branch (a manual job)'} by applying exactly the reviewed plan. A plan that destroys workspaces is
applied only with the label \`cdkws:approve-destroy\` on the ${where}.
`;
}

const localStateSection = `State is kept in a local file by default; before running in CI, give the stack a shared backend
(\`backend: (s) => new S3Backend(s, {…})\`). `;

/** How the state reaches the service's workspace, and how Terraform gets its token there. */
function stateSection(organization: string, state: StateBackendSettings): string {
  return `The stack's state is kept in the workspace \`${state.workspace}\` of \`${organization}\` on \`${state.hostname}\` (the
engine's cloud backend in \`main.ts\`; the workspace runs Terraform locally, execution mode \`local\`).
Terraform reads the token for that host from its CLI configuration, not from \`CDKWS_TOKEN\`: add a
credentials block to \`~/.terraformrc\` (or the file \`TF_CLI_CONFIG_FILE\` names). \`TF_TOKEN_…\`
variables cannot name a host with a port.

\`\`\`hcl
credentials "${state.hostname}" {
  token = "…"   # the same token as CDKWS_TOKEN
}
\`\`\`

Terraform reaches the host over HTTPS: a service started with \`cdkws serve --tls\` has its certificate
authority trusted with \`SSL_CERT_FILE\` (or the system's store). Other stacks read this workspace's
outputs with \`WorkspaceOutputs\` (data source \`cdkws_outputs\`).

`;
}

/** Every file of a new app, by path relative to the app folder. */
export function appFiles(s: AppSettings, main: MainSource = {}): Record<string, string> {
  return {
    'package.json': packageJson(s),
    'cdktf.json': cdktfJson(),
    'tsconfig.json': tsconfigJson(),
    'main.ts': mainTs(s, main),
    '.gitignore': gitignore(),
    ...ciFiles(s.ci ?? 'github'),
    'README.md': readme(s),
  };
}
