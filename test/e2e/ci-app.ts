// The app whose CI files ci-github.test.ts and ci-gitlab.test.ts run: made by `cdkws init --ci …`
// from this working tree's packed tarball, its lock file resolved (as `init` would install and the
// user commit), the stack's state on a shared backend (a folder every runner sees, in place of a
// bucket), committed to a repository the runner clones.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, ROOT } from '../helpers/processes';
import { ORG } from '../helpers/service';
import { git } from './ci-runner';

const MINUTE = 60_000;

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, env, timeout: 10 * MINUTE, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(' ')} failed: ${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}

export interface CiApp {
  /** The repository the runner clones (the app's "origin"). */
  origin: string;
  name: string;
  /** Commits a change of main.ts on a new branch from main; returns the commit. */
  change(branch: string, edit: (main: string) => string): string;
  /** Merges a branch into main with a merge commit; returns it. */
  merge(branch: string): string;
}

export async function createCiApp(base: string, options: { engine: 'cdktf' | 'cdktn'; ci: 'github' | 'gitlab'; name: string }): Promise<CiApp> {
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', base], ROOT);
  const tarball = path.join(base, readdirSync(base).find((name) => name.endsWith('.tgz')) as string);
  const origin = path.join(base, 'origin', options.name);
  mkdirSync(path.dirname(origin), { recursive: true });
  const env = {
    PATH: process.env.PATH,
    HOME: path.join(base, 'home'),
    npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? base, '.npm'),
  };
  await run(
    process.execPath,
    [CLI, 'init', origin, '--engine', options.engine, '--ci', options.ci, '--organization', ORG, '--package', tarball, '--no-install'],
    base,
    env,
  );
  await run('npm', ['install', '--package-lock-only', '--prefer-offline', '--no-audit', '--no-fund'], origin, env);
  const main = path.join(origin, 'main.ts');
  const shared = path.join(base, 'shared-state', 'terraform.workspaces.tfstate');
  mkdirSync(path.dirname(shared), { recursive: true });
  writeFileSync(
    main,
    readFileSync(main, 'utf8').replace(`{ organization: '${ORG}' }`, `{ organization: '${ORG}', backend: { path: ${JSON.stringify(shared)} } }`),
  );
  git(origin, 'init', '--quiet');
  git(origin, 'add', '-A');
  git(origin, 'commit', '--quiet', '-m', 'The app as cdkws init wrote it, on a shared backend');
  return {
    origin,
    name: options.name,
    change(branch, edit) {
      git(origin, 'checkout', '--quiet', '-b', branch, 'main');
      writeFileSync(main, edit(readFileSync(main, 'utf8')));
      git(origin, 'commit', '--quiet', '-am', `change ${branch}`);
      const sha = git(origin, 'rev-parse', 'HEAD');
      git(origin, 'checkout', '--quiet', 'main');
      return sha;
    },
    merge(branch) {
      git(origin, 'merge', '--quiet', '--no-ff', '-m', `Merge ${branch}`, branch);
      return git(origin, 'rev-parse', 'HEAD');
    },
  };
}

/** main.ts with one more workspace, before its app.synth(). */
export const withWorkspace =
  (name: string, description = 'added in review') =>
  (main: string) =>
    main.replace('app.synth();', `new Workspace(stack, '${name}', { name: '${name}', description: '${description}' });\n\napp.synth();`);
