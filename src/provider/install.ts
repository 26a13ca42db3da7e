// Offline installation: copies the provider built by `npm run build` (launcher, bundle, V8 code
// cache) into a Terraform filesystem mirror, builds its V8 startup snapshot for this node into the
// user's cache (snapshot.ts), and writes a CLI config that points Terraform at it,
// so plain `terraform init` works with no network. Needs no esbuild: the bundle is prebuilt.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILE, lockBlock, locks, mergeLockFile, packageHash } from './lock-file';
import { ensureProviderSnapshot } from './snapshot';
import { PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_SOURCE, PROVIDER_TYPE, PROVIDER_VERSION } from './version';

/** Where `npm run build` leaves the bundled provider (a mirror of its own), relative to the package. */
export const BUILT_MIRROR = path.join('dist', 'provider-mirror');

export function terraformPlatform(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const arch = ({ x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' } as Record<string, string>)[process.arch] ?? process.arch;
  return `${os}_${arch}`;
}

/**
 * The package root (the folder with our package.json), found from this file's location. tsc also
 * copies package.json into dist/ (version.ts imports it): that copy is skipped.
 */
export function packageRoot(from = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (path.basename(dir) !== 'dist' && fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === 'cdk-workspaces')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find the cdk-workspaces package above ${from}`);
  }
}

export function executableName(version = PROVIDER_VERSION): string {
  return `terraform-provider-${PROVIDER_TYPE}_v${version}`;
}

/** The version folder Terraform hashes: `<mirror>/<host>/<namespace>/<type>/<version>/<platform>`. */
export function versionDir(mirrorDir: string, version = PROVIDER_VERSION, platform = terraformPlatform()): string {
  return path.join(mirrorDir, PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_TYPE, version, platform);
}

/** The built package folder inside a built mirror (the bundle is plain JS, so any platform's will do). */
export function findBuiltPackage(builtMirror: string, version = PROVIDER_VERSION): string {
  const base = path.join(builtMirror, PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_TYPE, version);
  const platforms = fs.existsSync(base) ? fs.readdirSync(base) : [];
  const pick = platforms.includes(terraformPlatform()) ? terraformPlatform() : platforms[0];
  const dir = pick && path.join(base, pick);
  if (!dir || !fs.existsSync(path.join(dir, executableName(version)))) {
    throw new Error(`the bundled provider ${version} is not in ${builtMirror}: run "npm run build" first`);
  }
  return dir;
}

/** A CLI config that installs our provider from `mirrorDir` and everything else as usual. */
export function cliConfigText(mirrorDir: string): string {
  const source = JSON.stringify(PROVIDER_SOURCE);
  return `# Written by "cdkws provider install": ${PROVIDER_SOURCE} comes from the local mirror below.
provider_installation {
  filesystem_mirror {
    path    = ${JSON.stringify(path.resolve(mirrorDir))}
    include = [${source}]
  }
  direct {
    exclude = [${source}]
  }
}
`;
}

export interface InstallOptions {
  /** Folder for the mirror (`<dir>/mirror`) and the CLI config (`<dir>/terraform.tfrc`). */
  dir: string;
  /** A built mirror to copy from. @default `<package>/dist/provider-mirror` */
  from?: string;
  version?: string;
  /** Where the startup snapshot goes: the cache of XDG_CACHE_HOME or HOME. @default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface Installed {
  mirrorDir: string;
  executable: string;
  cliConfigFile: string;
  version: string;
}

export function installProvider(options: InstallOptions): Installed {
  const version = options.version ?? PROVIDER_VERSION;
  const source = findBuiltPackage(options.from ?? path.join(packageRoot(), BUILT_MIRROR), version);
  const dir = path.resolve(options.dir);
  const mirrorDir = path.join(dir, 'mirror');
  const target = versionDir(mirrorDir, version);
  // Replace the folder whole: a stale file left beside the new ones would change its hash.
  fs.rmSync(target, { recursive: true, force: true });
  copyProviderPackage(source, target);
  // For the node this runs on; the launcher falls back to the plain bundle under any other.
  ensureProviderSnapshot(target, options.env);
  const cliConfigFile = path.join(dir, 'terraform.tfrc');
  fs.writeFileSync(cliConfigFile, cliConfigText(mirrorDir));
  return { mirrorDir, executable: path.join(target, executableName(version)), cliConfigFile, version };
}

/** Copies the provider package's files (the executable keeps its mode) into a new folder. */
function copyProviderPackage(source: string, target: string): void {
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(source)) {
    const from = path.join(source, name);
    if (!fs.statSync(from).isFile()) continue;
    fs.copyFileSync(from, path.join(target, name));
    fs.chmodSync(path.join(target, name), fs.statSync(from).mode & 0o777);
  }
}

/**
 * Terraform's implied local mirror, relative to the folder it runs in: with no
 * `provider_installation` block in the CLI configuration, `terraform init` installs the providers it
 * finds there from there, and every other provider from its registry as usual.
 */
export const IMPLIED_MIRROR = path.join('terraform.d', 'plugins');

export interface StackProvider {
  /** The provider package folder inside the stack's implied mirror. */
  packageDir: string;
  /** Its `h1:` hash, as written to the stack's lock file. */
  hash: string;
}

let builtHash: { dir: string; hash: string } | undefined;

/**
 * Makes a synthesized stack folder self-sufficient for the engine's own CLI (`cdktf deploy`,
 * `cdktn diff`, plain `terraform init`): copies the bundled provider into the folder's implied
 * mirror and locks it in `.terraform.lock.hcl`, so neither init nor the engine's lock step asks a
 * registry. A copy (not a link) keeps the folder whole when CI moves it between jobs.
 */
export function layStackProvider(stackDir: string, from = path.join(packageRoot(), BUILT_MIRROR)): StackProvider {
  const source = findBuiltPackage(from);
  if (builtHash?.dir !== source) builtHash = { dir: source, hash: packageHash(source) };
  const { hash } = builtHash;
  const packageDir = versionDir(path.join(stackDir, IMPLIED_MIRROR));
  if (!fs.existsSync(packageDir) || packageHash(packageDir) !== hash) {
    // Replace the folder whole, and drop other versions: a stale file would change the hash.
    fs.rmSync(path.join(stackDir, IMPLIED_MIRROR, PROVIDER_HOSTNAME, PROVIDER_NAMESPACE, PROVIDER_TYPE), { recursive: true, force: true });
    copyProviderPackage(source, packageDir);
  }
  ensureProviderSnapshot(packageDir);
  const lockFile = path.join(stackDir, LOCK_FILE);
  const existing = fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8') : undefined;
  // A block terraform init has rewritten (it may add hashes) is kept while it still holds ours.
  if (!locks(existing, PROVIDER_SOURCE, PROVIDER_VERSION, hash)) {
    fs.writeFileSync(lockFile, mergeLockFile(existing, PROVIDER_SOURCE, lockBlock(PROVIDER_SOURCE, PROVIDER_VERSION, hash)));
  }
  return { packageDir, hash };
}
