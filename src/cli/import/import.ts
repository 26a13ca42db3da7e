// `cdkws import --organization ORG [--name PATTERN] [--tag NAME]... [--project ID] [--out FILE]
// [--force]` (architecture "CLI"): writes a TypeScript module whose constructs adopt the organization's
// existing workspaces through import directives. Arguments are checked before the service is asked,
// and nothing is written unless every read succeeded.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError, Client, NotFoundError } from '../../client';
import { flatTagNameSchema, WORKSPACE_NAME_MAX_LENGTH } from '../../contract';
import { parseCommandArgs } from '../common/args';
import { mainLines, renderImportModule } from './emit';
import { readImportedWorkspaces } from './read';
import { CliError, terminalOutput, withProgress } from '../common/output';

export interface ImportRequest {
  organization: string;
  /** `search[wildcard-name]`: `*` at either end matches anything. */
  name?: string;
  /** Flat tags every imported workspace carries. */
  tags: string[];
  /** Only workspaces of this project (`prj-…`). */
  project?: string;
  /** The module to write (`.ts`), relative to the current directory. */
  out: string;
  /** Overwrite `out` when it exists. */
  force: boolean;
}

export interface WorkspacesImport {
  /** Absolute path of the module written. */
  file: string;
  /** Workspaces imported. */
  count: number;
  /** the two lines to add to main.ts */
  mainLines: string[];
}

/** Exit status of usage errors (bad arguments, an existing file without --force). */
const USAGE_ERROR = 2;

/** No workspace matched the filters: nothing was written. */
export class NothingToImportError extends CliError {
  constructor(message: string) {
    super(message, 1);
    this.name = 'NothingToImportError';
  }
}

const HELP = `usage: cdkws import --organization ORG [--name PATTERN] [--tag NAME]... [--project ID]
                    [--out FILE] [--force]

Reads the organization's workspaces (with their own key-value tags, flat tags and remote state
consumers) and writes a TypeScript module exporting "class ImportedWorkspaces extends Construct":
one Workspace per workspace and one RemoteStateConsumers per consumer list, each with an import
directive, so the first deploy adopts them without changing them.

  --organization ORG  the organization (required)
  --name PATTERN      workspace names matching PATTERN; "*" at either end matches anything
  --tag NAME          only workspaces carrying this flat tag (repeat: all of them)
  --project ID        only workspaces of this project (prj-…)
  --out FILE          the module to write (default imported-workspaces.ts)
  --force             overwrite FILE if it exists

The service and token come from CDKWS_ADDRESS and CDKWS_TOKEN (or TFE_HOSTNAME, TFE_TOKEN and the
Terraform CLI credentials file). Exit status: 0 written, 1 service error or nothing matched, 2 usage.`;

const usage = (message: string) => new CliError(`${message}\n\n${HELP}`, USAGE_ERROR);

/** Checks a request before anything is read; throws a usage error naming the fix. */
export function checkImportRequest(request: ImportRequest): void {
  if (typeof request.organization !== 'string' || request.organization.trim() === '')
    throw usage('--organization is required: the organization whose workspaces to import');
  if (request.name !== undefined) {
    const core = request.name.replace(/^\*+/, '').replace(/\*+$/, '');
    if (request.name === '' || (core !== '' && !/^[A-Za-z0-9_-]+$/.test(core)) || core.length > WORKSPACE_NAME_MAX_LENGTH) {
      throw usage(
        `--name ${JSON.stringify(request.name)} is not a workspace name pattern: letters, numbers, "-" and "_", with "*" only at the start or the end (e.g. "networking-*")`,
      );
    }
  }
  for (const tag of request.tags) {
    if (!flatTagNameSchema.safeParse(tag).success) throw usage(`--tag ${JSON.stringify(tag)} is not a flat tag name: letters, numbers, ":", "-" and "_"`);
  }
  if (request.project !== undefined && !/^prj-[A-Za-z0-9_-]+$/.test(request.project)) {
    throw usage(`--project ${JSON.stringify(request.project)} is not a project ID: give the ID ("prj-…"), not the project's name`);
  }
  if (!/\.ts$/.test(request.out) || request.out.endsWith('.d.ts'))
    throw usage(`--out ${JSON.stringify(request.out)} must name a TypeScript module ending in ".ts"`);
  if (!request.force && existsSync(request.out)) throw usage(`${request.out} already exists: pass --force to overwrite it, or --out another file`);
}

/** The filters as a command line, for the module's header (shell-quoted where needed). */
function commandLine(request: ImportRequest): string {
  const quote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  const args = ['cdkws', 'import', '--organization', quote(request.organization)];
  if (request.name !== undefined) args.push('--name', quote(request.name));
  for (const tag of request.tags) args.push('--tag', quote(tag));
  if (request.project !== undefined) args.push('--project', quote(request.project));
  return args.join(' ');
}

/** The filters in words, for "nothing matched". */
function describeFilters(request: ImportRequest): string {
  const parts: string[] = [];
  if (request.name !== undefined) parts.push(`name ${JSON.stringify(request.name)}`);
  if (request.tags.length > 0) parts.push(`flat tag${request.tags.length > 1 ? 's' : ''} ${request.tags.map((t) => JSON.stringify(t)).join(' and ')}`);
  if (request.project !== undefined) parts.push(`project ${request.project}`);
  return parts.length > 0 ? ` matches ${parts.join(', ')}` : '';
}

/**
 * The specifier main.ts imports the module by: relative to the app's directory (the nearest
 * directory holding cdktf.json above the module, else the current directory).
 */
function importSpecifier(file: string): string {
  let appDir = process.cwd();
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'cdktf.json'))) {
      appDir = dir;
      break;
    }
    if (dir === path.dirname(dir)) break;
  }
  const relative = path.relative(appDir, file).replace(/\\/g, '/').replace(/\.ts$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function serviceError(error: unknown, request: ImportRequest): never {
  if (error instanceof NotFoundError) {
    throw new CliError(
      `organization "${request.organization}" was not found, or the token cannot see it: check --organization and the token in CDKWS_TOKEN (${error.message})`,
    );
  }
  if (error instanceof ApiError) throw new CliError(`reading the workspaces failed: ${error.message}; nothing was written`);
  throw error;
}

/**
 * Reads the matching workspaces and writes the module. Without `client`, one is made from the
 * environment (CDKWS_ADDRESS, CDKWS_TOKEN, …) and closed afterwards. Throws CliError (exit 2 for
 * usage, 1 for the service) and NothingToImportError; writes nothing in either case.
 */
export async function importWorkspaces(request: ImportRequest, client?: Client): Promise<WorkspacesImport> {
  checkImportRequest(request);
  let own: Client | undefined;
  if (!client) {
    try {
      own = Client.fromEnvironment({ organization: request.organization });
    } catch (error) {
      // The credentials' own message names the variables to set.
      throw new CliError((error as Error).message);
    }
  }
  const api = client ?? own!;
  const output = terminalOutput();
  try {
    const workspaces = await withProgress(output, `Reading the workspaces of ${request.organization}`, async (note) => {
      let reported = 0;
      return readImportedWorkspaces(api, request, (done, total) => {
        // A line per tenth on a log; the spinner shows the rest on a terminal.
        if (!output.tty && total >= 100 && done >= reported + total / 10) {
          reported = done;
          note(`  ${done}/${total} workspaces read`);
        }
      }).catch((error) => serviceError(error, request));
    });
    if (workspaces.length === 0) {
      throw new NothingToImportError(`no workspace of organization "${request.organization}"${describeFilters(request)}: nothing to import, no file written`);
    }
    const source = renderImportModule({ organization: request.organization, command: commandLine(request), workspaces });
    const file = path.resolve(request.out);
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      // "wx" refuses a file that appeared while we were reading.
      writeFileSync(file, source, { flag: request.force ? 'w' : 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new CliError(`${request.out} already exists: pass --force to overwrite it, or --out another file`, USAGE_ERROR);
      throw error;
    }
    return { file, count: workspaces.length, mainLines: mainLines(importSpecifier(file)) };
  } finally {
    await own?.close();
  }
}

/** The `cdkws import` command. */
export async function importCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandArgs(
      'import',
      argv,
      {
        organization: { type: 'string' },
        name: { type: 'string' },
        tag: { type: 'string', multiple: true },
        project: { type: 'string' },
        out: { type: 'string' },
        force: { type: 'boolean' },
      },
      HELP,
      0,
    );
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^cdkws import: /, ''), USAGE_ERROR);
  }
  if (parsed === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const result = await importWorkspaces({
    organization: (values.organization as string | undefined) ?? '',
    name: values.name as string | undefined,
    tags: (values.tag as string[] | undefined) ?? [],
    project: values.project as string | undefined,
    out: (values.out as string | undefined) ?? 'imported-workspaces.ts',
    force: values.force === true,
  });
  const shown = path.relative(process.cwd(), result.file) || result.file;
  process.stderr.write(
    `Wrote ${result.count} workspace${result.count === 1 ? '' : 's'} to ${shown}. Add these two lines to main.ts (the second inside your WorkspacesStack, here "stack"):\n`,
  );
  process.stdout.write(`${result.mainLines.join('\n')}\n`);
  return 0;
}
