// `cdkws init [DIR] [--engine cdktf|cdktn] [--organization ORG] [--package SPEC] [--no-install] [--ci github|gitlab]
// [--state-workspace NAME] [--import [--name PATTERN] [--tag NAME]... [--project ID]]`: a standalone app in DIR (architecture
// "CLI"). Everything is checked, and the organization read when importing, before the first file is
// written, so a refused init leaves nothing behind.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WORKSPACE_NAME_MAX_LENGTH, WORKSPACE_NAME_PATTERN } from '../../contract/rules';
import { PROVIDER_VERSION } from '../../provider/version';
import { parseCommandArgs } from '../common/args';
import { mainLines } from '../import/emit';
import { CI_PLATFORMS, type CiPlatform } from './ci-templates';
import { appFiles, ENGINES, type AppSettings, type Engine, type MainSource, type StateBackendSettings } from './templates';
import { cdktnNodeAdvice } from '../common/node-support';
import { CliError } from '../common/output';

const HELP = `usage: cdkws init [DIR] [options]

Creates a cdk-workspaces app in DIR (default: the current folder, which must be empty), then
runs npm install there.

options:
  --engine cdktf|cdktn    the CDK engine (default cdktf; cdktn is CDK Terrain, its fork)
  --organization ORG      the organization of the workspaces (default acme)
  --package SPEC          the cdk-workspaces dependency, anything npm accepts: a range, a
                          tarball path, file:…, a git URL (default: where this cdkws was
                          installed from when that was a tarball, folder or git URL, else
                          ^${PROVIDER_VERSION}); a local tarball is copied into the app's
                          vendor/ folder and depended on there, so the app installs anywhere
  --no-install            write the files only
  --ci github|gitlab      the CI file that reviews and deploys the app (default github):
                          .github/workflows/workspaces.yml or .gitlab-ci.yml
  --state-workspace NAME  keep the stack's state in workspace NAME of the organization on the
                          service at CDKWS_ADDRESS (the engine's cloud backend); with
                          CDKWS_TOKEN set, creates it first (execution mode local)
  --import                bring the organization's existing workspaces under code: writes
                          imported-workspaces.ts (see cdkws import) and includes it in main.ts
                          instead of a first workspace; filters: --name PATTERN, --tag NAME
                          (repeatable), --project ID`;

/** A usage problem: exit 2, nothing written. */
const usage = (message: string) => new CliError(message, 2);

// Entries a folder may already hold and still count as empty (a fresh clone).
const IGNORED_ENTRIES = new Set(['.git']);
const NPM_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** A path given on the command line (a tarball, a folder) as npm should read it from the app. */
export function packageSpecFor(spec: string, cwd = process.cwd()): string {
  const isPath = !spec.includes('://') && (/^(\.{1,2}[\\/]|[\\/]|~[\\/])/.test(spec) || /\.(tgz|tar\.gz)$/.test(spec));
  const local = spec.startsWith('file:') ? spec.slice('file:'.length) : isPath ? spec : undefined;
  // Ranges, tags, URLs and git specs go to npm as they are.
  if (local === undefined) return spec;
  const resolved = path.resolve(cwd, local.startsWith('~/') ? path.join(process.env.HOME ?? '~', local.slice(2)) : local);
  if (!existsSync(resolved)) throw usage(`--package ${spec}: ${resolved} does not exist`);
  return `file:${resolved}`;
}

/** This package's own folder (dist/src/cli/init is four levels down). */
const PACKAGE_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * The cdk-workspaces dependency a new app should have when this copy was installed from a tarball,
 * a folder or a git URL: the spec in the package.json beside the node_modules holding it (npx keeps
 * one such package.json per `npx --package SPEC`). Undefined for registry installs (ranges, tags),
 * which get the default range, and for a checkout of the repository.
 */
export function installedSpec(packageRoot = PACKAGE_ROOT): string | undefined {
  const modules = path.dirname(packageRoot);
  if (path.basename(modules) !== 'node_modules') return undefined;
  const holder = path.dirname(modules);
  let manifest: { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> };
  try {
    manifest = JSON.parse(readFileSync(path.join(holder, 'package.json'), 'utf8')) as typeof manifest;
  } catch {
    return undefined; // no package.json there: nothing tells how this copy came
  }
  const spec = manifest.dependencies?.['cdk-workspaces'] ?? manifest.devDependencies?.['cdk-workspaces'];
  if (typeof spec !== 'string') return undefined;
  // npm records local sources relative to that package.json; the app lives elsewhere.
  if (spec.startsWith('file:')) return `file:${path.resolve(holder, spec.slice('file:'.length))}`;
  const fromRegistry = !spec.includes(':') && !spec.includes('/') && !/\.(tgz|tar\.gz)$/.test(spec);
  return fromRegistry ? undefined : spec;
}

export interface InitOptions {
  dir: string;
  engine: Engine;
  organization: string;
  packageSpec: string;
  /** The workspace that keeps the stack's state, on the service at `address`. */
  stateWorkspace?: string;
  /** The service's base URL (CDKWS_ADDRESS); the cloud backend's host comes from it. */
  address?: string;
  /** The CI file to write (default github). */
  ci?: string;
}

/** The cloud backend's settings: the host (and port) of the service's address, and the workspace. */
export function stateBackendOf(workspace: string, address: string | undefined): StateBackendSettings {
  if (!WORKSPACE_NAME_PATTERN.test(workspace) || workspace.length > WORKSPACE_NAME_MAX_LENGTH) {
    throw usage(`--state-workspace "${workspace}": a workspace name has only letters, numbers, "-" and "_" (at most ${WORKSPACE_NAME_MAX_LENGTH} characters)`);
  }
  if (address === undefined || address === '') {
    throw usage('--state-workspace needs the service: set CDKWS_ADDRESS (e.g. https://workspaces.example.com:8443), whose host the backend names');
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw usage(`CDKWS_ADDRESS "${address}" is not a URL: give scheme://host[:port]`);
  }
  return { hostname: url.host, workspace };
}

/** Checks everything a new app needs and returns its settings; throws (exit 2) before any write. */
export function planApp(options: InitOptions): AppSettings {
  const dir = path.resolve(options.dir);
  if (!(ENGINES as readonly string[]).includes(options.engine)) {
    throw usage(`unknown engine "${options.engine}": use --engine cdktf or --engine cdktn`);
  }
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw usage(`${dir} is a file: name a new or empty folder`);
    const entries = readdirSync(dir).filter((name) => !IGNORED_ENTRIES.has(name));
    if (entries.length > 0) {
      throw usage(`${dir} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}): run cdkws init in a new or empty folder`);
    }
  }
  const base = path.basename(dir);
  if (!WORKSPACE_NAME_PATTERN.test(base) || base.length > WORKSPACE_NAME_MAX_LENGTH || !NPM_NAME.test(base.toLowerCase())) {
    throw usage(
      `the folder name "${base}" names the app and its first workspace: use letters, numbers, "-" and "_" (at most ${WORKSPACE_NAME_MAX_LENGTH} characters), starting with a letter or number`,
    );
  }
  if (options.organization.trim() === '' || !/^[A-Za-z0-9_-]+$/.test(options.organization)) {
    throw usage(`--organization "${options.organization}": an organization name has only letters, numbers, "-" and "_"`);
  }
  const ci = options.ci ?? 'github';
  if (!(CI_PLATFORMS as readonly string[]).includes(ci)) throw usage(`unknown CI "${ci}": use --ci github (GitHub Actions) or --ci gitlab (GitLab CI)`);
  const stateBackend = options.stateWorkspace === undefined ? undefined : stateBackendOf(options.stateWorkspace, options.address);
  return {
    name: base.toLowerCase(),
    workspaceName: base,
    organization: options.organization,
    engine: options.engine,
    packageSpec: options.packageSpec,
    ...(stateBackend ? { stateBackend } : {}),
    ci: ci as CiPlatform,
  };
}

/** Where the app keeps a local tarball it depends on (committed with the app). */
export const VENDOR_DIR = 'vendor';

/**
 * A local tarball dependency (`file:/abs/…/x.tgz`) holds on this machine only: the app's CI would
 * fail on its first `npm ci`. Copies it into `dir/vendor/` and returns the relative spec that
 * replaces it (`file:vendor/x.tgz`); any other spec (a range, a URL, a folder) is returned as it is.
 */
export function vendorTarball(dir: string, spec: string): { spec: string; vendored?: string } {
  if (!spec.startsWith('file:') || !/\.(tgz|tar\.gz)$/.test(spec)) return { spec };
  const source = path.resolve(dir, spec.slice('file:'.length));
  if (!existsSync(source) || !statSync(source).isFile()) return { spec };
  const relative = `${VENDOR_DIR}/${path.basename(source)}`;
  mkdirSync(path.join(dir, VENDOR_DIR), { recursive: true });
  copyFileSync(source, path.join(dir, relative));
  return { spec: `file:${relative}`, vendored: relative };
}

/** Writes the app's files into `dir`; returns their relative paths. */
export function writeApp(dir: string, settings: AppSettings, main: MainSource = {}): string[] {
  const files = appFiles(settings, main);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text, { flag: 'wx' });
  }
  return Object.keys(files);
}

function npmInstall(dir: string): Promise<number> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

export async function init(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(
    'init',
    argv,
    {
      engine: { type: 'string' },
      organization: { type: 'string' },
      package: { type: 'string' },
      'no-install': { type: 'boolean' },
      ci: { type: 'string' },
      'state-workspace': { type: 'string' },
      import: { type: 'boolean' },
      name: { type: 'string' },
      tag: { type: 'string', multiple: true },
      project: { type: 'string' },
    },
    HELP,
  );
  if (parsed === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const dir = path.resolve(parsed.positionals[0] ?? '.');
  const given = parsed.values.package as string | undefined;
  const settings = planApp({
    dir,
    engine: ((parsed.values.engine as string | undefined) ?? 'cdktf') as Engine,
    organization: (parsed.values.organization as string | undefined) ?? 'acme',
    packageSpec: given !== undefined ? packageSpecFor(given) : (installedSpec() ?? `^${PROVIDER_VERSION}`),
    stateWorkspace: parsed.values['state-workspace'] as string | undefined,
    address: process.env.CDKWS_ADDRESS,
    ci: parsed.values.ci as string | undefined,
  });
  const importing = Boolean(parsed.values.import);
  if (!importing && (parsed.values.name !== undefined || parsed.values.tag !== undefined || parsed.values.project !== undefined)) {
    throw usage('--name, --tag and --project filter what --import reads: add --import, or leave them out');
  }
  // Before any file is written: a refused create leaves nothing behind.
  if (settings.stateBackend) await createStateWorkspace(settings.organization, settings.stateBackend.workspace);
  const existed = existsSync(dir);
  mkdirSync(dir, { recursive: true });
  let main: MainSource = {};
  if (importing) {
    const imported = await importInto(dir, settings.organization, parsed.values).catch((error: unknown) => {
      if (!existed) rmdirSync(dir); // nothing was written into it
      throw error;
    });
    const [importLine, constructLine] = mainLines('./imported-workspaces');
    main = { imports: [importLine], body: [constructLine], sampleWorkspace: false };
    process.stdout.write(`imported ${imported} workspaces of ${settings.organization} into imported-workspaces.ts\n`);
  }
  const { spec: packageSpec, vendored } = vendorTarball(dir, settings.packageSpec);
  const written = writeApp(dir, { ...settings, packageSpec }, main);
  process.stdout.write(`created a ${settings.engine} app in ${dir}: ${[...written, ...(vendored ? [vendored] : [])].join(', ')}\n`);
  if (vendored) process.stdout.write(`copied ${settings.packageSpec.slice('file:'.length)} to ${vendored}: commit it with the app\n`);
  const shown = path.relative(process.cwd(), dir) || '.';
  if (!parsed.values['no-install']) {
    process.stdout.write('running npm install\n');
    const code = await npmInstall(dir);
    if (code !== 0) throw new CliError(`npm install failed in ${dir} (exit ${code}): the files are written; fix the problem above and run npm install there`);
  }
  const advice = settings.engine === 'cdktn' ? cdktnNodeAdvice('diff') : undefined;
  if (advice) process.stderr.write(`cdkws init: note: ${advice}\n`);
  process.stdout.write(
    `\nnext:\n${shown === '.' ? '' : `  cd ${shown}\n`}${parsed.values['no-install'] ? '  npm install\n' : ''}  export CDKWS_ADDRESS=… CDKWS_TOKEN=…\n  npx cdkws diff\n`,
  );
  return 0;
}

/**
 * Creates the workspace that keeps the state, execution mode local (Terraform would otherwise
 * create it with the organization's default and start remote runs). Needs CDKWS_ADDRESS and
 * CDKWS_TOKEN; without them the step is skipped, and Terraform creates it on first init.
 */
async function createStateWorkspace(organization: string, name: string): Promise<void> {
  if (!process.env.CDKWS_ADDRESS || !process.env.CDKWS_TOKEN) {
    process.stderr.write(
      `cdkws init: note: CDKWS_TOKEN is not set, so workspace "${name}" was not created; create it with execution mode local before the first deploy\n`,
    );
    return;
  }
  const { Client, NameTakenError } = await import('../../client');
  const client = Client.fromEnvironment({ organization });
  try {
    try {
      await client.workspaces.create(organization, { name, executionMode: 'local' });
      process.stdout.write(`created workspace ${name} in ${organization} (execution mode local) for the stack's state\n`);
    } catch (error) {
      if (!(error instanceof NameTakenError)) throw error;
      const existing = await client.workspaces.read(organization, name);
      if (existing.executionMode !== 'local') {
        process.stderr.write(
          `cdkws init: note: workspace "${name}" exists with execution mode ${String(existing.executionMode)}; Terraform runs locally only in mode local\n`,
        );
      }
    }
  } catch (error) {
    throw new CliError(`creating workspace "${name}" for the state failed: ${(error as Error).message}`);
  } finally {
    await client.close();
  }
}

/** Reads the organization's workspaces into DIR/imported-workspaces.ts; returns how many. */
async function importInto(dir: string, organization: string, values: Record<string, unknown>): Promise<number> {
  const { checkImportRequest, importWorkspaces } = await import('../import/import');
  const request = {
    organization,
    name: values.name as string | undefined,
    tags: (values.tag as string[] | undefined) ?? [],
    project: values.project as string | undefined,
    out: path.join(dir, 'imported-workspaces.ts'),
    force: false,
  };
  checkImportRequest(request);
  return (await importWorkspaces(request)).count;
}
