// Offline installation: copies the provider built by `npm run build` (launcher, bundle, V8 code
// cache) into a Terraform filesystem mirror and writes a CLI config that points Terraform at it,
// so plain `terraform init` works with no network. Needs no esbuild: the bundle is prebuilt.
import * as fs from 'node:fs';
import * as path from 'node:path';
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
    if (path.basename(dir) !== 'dist' && fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === 'cdk-workspaces') return dir;
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
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(source)) {
    const from = path.join(source, name);
    if (!fs.statSync(from).isFile()) continue;
    fs.copyFileSync(from, path.join(target, name));
    fs.chmodSync(path.join(target, name), fs.statSync(from).mode & 0o777);
  }
  const cliConfigFile = path.join(dir, 'terraform.tfrc');
  fs.writeFileSync(cliConfigFile, cliConfigText(mirrorDir));
  return { mirrorDir, executable: path.join(target, executableName(version)), cliConfigFile, version };
}
