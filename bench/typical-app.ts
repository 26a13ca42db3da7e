// The app of issue 26 and its typical pull request, as main.ts source for either engine: 150
// workspaces, each with two key-value tags (300 tag bindings), and 10 of them read by two others
// (remote state consumers): 460 resources. The pull request changes the description and the `env`
// tag of 147 workspaces and removes the last 3 (with their tag bindings). The bench synthesizes it,
// the review tests plan it against the real service.
export type Engine = 'cdktf' | 'cdktn';

export interface TypicalAppOptions {
  engine?: Engine;
  organization: string;
  /** Workspaces declared (150 by default; 0 for the empty app the bench compares with). */
  workspaces?: number;
  /** The pull request applied: 147 workspaces changed, the last 3 removed. */
  pullRequest?: boolean;
}

export const TYPICAL_WORKSPACES = 150;
export const TYPICAL_REMOVED = 3;
export const TYPICAL_READERS = 10;

export const typicalWorkspaceName = (i: number) => `team-${String(i).padStart(3, '0')}`;

export function typicalAppSource(options: TypicalAppOptions): string {
  const count = options.workspaces ?? TYPICAL_WORKSPACES;
  const declared = options.pullRequest ? count - TYPICAL_REMOVED : count;
  const version = options.pullRequest ? 'v2' : 'v1';
  const env = options.pullRequest ? 'production' : 'staging';
  const lines = [
    `import { App } from '${options.engine ?? 'cdktf'}';`,
    "import { RemoteStateConsumers, Workspace, WorkspacesStack } from 'cdk-workspaces';",
    '',
    'const app = new App();',
    `const stack = new WorkspacesStack(app, 'platform', { organization: ${JSON.stringify(options.organization)} });`,
    'const workspaces: Workspace[] = [];',
    `for (let i = 0; i < ${declared}; i++) {`,
    "  const name = `team-${String(i).padStart(3, '0')}`;",
    '  workspaces.push(',
    '    new Workspace(stack, name, {',
    '      name,',
    `      description: \`Workspace \${name} of the platform team (${version})\`,`,
    "      executionMode: 'remote',",
    `      tags: { team: 'platform', env: '${env}' },`,
    '    }),',
    '  );',
    '}',
    // Readers are two workspaces from the middle of the list, which the pull request keeps.
    `for (let i = 0; workspaces.length > 50 && i < ${TYPICAL_READERS}; i++) {`,
    '  new RemoteStateConsumers(stack, `${workspaces[i].node.id}-readers`, { workspace: workspaces[i], consumers: [workspaces[i + 20], workspaces[i + 40]] });',
    '}',
    '',
    'app.synth();',
    '',
  ];
  return lines.join('\n');
}
