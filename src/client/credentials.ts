// Address and token resolution (architecture "Provider configuration"): explicit values, then
// CDKWS_ADDRESS / CDKWS_TOKEN, then TFE_HOSTNAME (https) / TFE_TOKEN, then the Terraform CLI's
// credentials for the address's host.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CredentialSources {
  address?: string;
  token?: string;
  organization?: string;
  /** @default process.env */
  env?: Record<string, string | undefined>;
  /** @default os.homedir() */
  homeDir?: string;
  /** @default fs.readFileSync(…, 'utf8'); throws when the file is absent */
  readFile?: (file: string) => string;
  /** A PEM file of an extra certificate authority to trust; falls back to CDKWS_CA_FILE. */
  caFile?: string;
}

export type TokenSource = 'explicit' | 'CDKWS_TOKEN' | 'TFE_TOKEN' | 'TF_TOKEN_host' | 'cli-config' | 'credentials-file';

export interface ResolvedCredentials {
  /** `scheme://host[:port]`, without a trailing slash or `/api/v2`. */
  address: string;
  token: string;
  organization?: string;
  /** Where the token came from (never the token itself). */
  tokenSource: TokenSource;
  /** A PEM file of an extra certificate authority to trust, and where its name came from. */
  caFile?: string;
  caFileSource?: 'explicit' | 'CDKWS_CA_FILE';
}

export class CredentialsError extends Error {
  override name = 'CredentialsError';
}

/** `https://host`, `http://host:8080/`, `host` (https) → `scheme://host[:port]`. */
export function normalizeAddress(raw: string, defaultScheme: 'https' | 'http' = 'https'): string {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `${defaultScheme}://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CredentialsError(`address "${raw}" is not a URL; use scheme://host[:port], e.g. "https://app.example.com"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CredentialsError(`address "${raw}" must use http or https`);
  }
  const rest = url.pathname.replace(/\/+$/, '').replace(/\/api\/v2$/, '');
  if (rest !== '' || url.search || url.hash || url.username) {
    throw new CredentialsError(`address "${raw}" must be scheme://host[:port] without a path; drop "${url.pathname}${url.search}"`);
  }
  return `${url.protocol}//${url.host}`;
}

/** The host key Terraform uses for credentials: the hostname, with the port when there is one. */
export function credentialsHost(address: string): string {
  return new URL(address).host.toLowerCase();
}

/** Removes `#`, `//` and block comments, leaving quoted strings alone. */
function stripHclComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = /^"(?:[^"\\\n]|\\.)*"?/.exec(text.slice(i))![0];
      out += end;
      i += end.length - 1;
    } else if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 1;
    } else out += c;
  }
  return out;
}

/** `credentials "host" { token = "…" }` blocks of a CLI config file (the simple HCL form). */
export function parseCliConfigCredentials(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const withoutComments = stripHclComments(text);
  const block = /credentials\s+"([^"]+)"\s*\{([^}]*)\}/g;
  for (let match = block.exec(withoutComments); match; match = block.exec(withoutComments)) {
    const token = /(?:^|\s)token\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(match[2]);
    if (token) out[match[1].toLowerCase()] = token[1].replace(/\\(["\\])/g, '$1');
  }
  return out;
}

/** `{"credentials": {"host": {"token": "…"}}}` of `credentials.tfrc.json`. */
export function parseCredentialsJson(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return out;
  }
  const credentials = (doc as { credentials?: Record<string, { token?: unknown }> } | null)?.credentials;
  if (!credentials || typeof credentials !== 'object') return out;
  for (const [host, entry] of Object.entries(credentials)) {
    if (entry && typeof entry.token === 'string') out[host.toLowerCase()] = entry.token;
  }
  return out;
}

/** Terraform's `TF_TOKEN_<host>` variable name: dots become `_`, dashes `__`. */
export function tfTokenVariable(host: string): string {
  return `TF_TOKEN_${host.replace(/-/g, '__').replace(/\./g, '_').replace(/:/g, '_')}`;
}

function tryRead(readFile: (file: string) => string, file: string): string | undefined {
  try {
    return readFile(file);
  } catch {
    return undefined;
  }
}

/** The token the Terraform CLI would send to `host`, and which file or variable holds it. */
export function terraformCliToken(
  host: string,
  sources: Pick<CredentialSources, 'env' | 'homeDir' | 'readFile'> = {},
): { token: string; source: TokenSource } | undefined {
  const env = sources.env ?? process.env;
  const home = sources.homeDir ?? os.homedir();
  const readFile = sources.readFile ?? ((file: string) => readFileSync(file, 'utf8'));
  const fromEnv = env[tfTokenVariable(host)];
  if (fromEnv) return { token: fromEnv, source: 'TF_TOKEN_host' };
  const configFile = env.TF_CLI_CONFIG_FILE || path.join(home, '.terraformrc');
  const config = tryRead(readFile, configFile);
  const fromConfig = config === undefined ? undefined : parseCliConfigCredentials(config)[host];
  if (fromConfig) return { token: fromConfig, source: 'cli-config' };
  const json = tryRead(readFile, path.join(home, '.terraform.d', 'credentials.tfrc.json'));
  const fromJson = json === undefined ? undefined : parseCredentialsJson(json)[host];
  if (fromJson) return { token: fromJson, source: 'credentials-file' };
  return undefined;
}

/** Which setting the address comes from, in the order resolveCredentials looks. */
export function addressSource(sources: Pick<CredentialSources, 'address' | 'env'> = {}): 'explicit' | 'CDKWS_ADDRESS' | 'TFE_HOSTNAME' | undefined {
  const env = sources.env ?? process.env;
  if (sources.address) return 'explicit';
  if (env.CDKWS_ADDRESS) return 'CDKWS_ADDRESS';
  if (env.TFE_HOSTNAME) return 'TFE_HOSTNAME';
  return undefined;
}

export function resolveCredentials(sources: CredentialSources = {}): ResolvedCredentials {
  const env = sources.env ?? process.env;
  let address: string;
  if (sources.address) address = normalizeAddress(sources.address);
  else if (env.CDKWS_ADDRESS) address = normalizeAddress(env.CDKWS_ADDRESS);
  else if (env.TFE_HOSTNAME) address = normalizeAddress(env.TFE_HOSTNAME, 'https');
  else throw new CredentialsError('no service address: pass address, or set CDKWS_ADDRESS (scheme://host[:port]) or TFE_HOSTNAME');

  const organization = sources.organization || env.CDKWS_ORGANIZATION || env.TFE_ORGANIZATION || undefined;
  const caFile = sources.caFile || env.CDKWS_CA_FILE || undefined;
  const base = {
    address,
    ...(organization ? { organization } : {}),
    ...(caFile ? { caFile, caFileSource: sources.caFile ? ('explicit' as const) : ('CDKWS_CA_FILE' as const) } : {}),
  };
  if (sources.token) return { ...base, token: sources.token, tokenSource: 'explicit' };
  if (env.CDKWS_TOKEN) return { ...base, token: env.CDKWS_TOKEN, tokenSource: 'CDKWS_TOKEN' };
  if (env.TFE_TOKEN) return { ...base, token: env.TFE_TOKEN, tokenSource: 'TFE_TOKEN' };
  const host = credentialsHost(address);
  const cli = terraformCliToken(host, sources);
  if (cli) return { ...base, token: cli.token, tokenSource: cli.source };
  throw new CredentialsError(`no API token for ${host}: pass token, set CDKWS_TOKEN or TFE_TOKEN, or run "terraform login ${host}"`);
}

/** The PEM text of a CA file, checked to hold at least one certificate. */
export function readCaFile(
  file: string,
  source: 'explicit' | 'CDKWS_CA_FILE' | 'ca_file',
  readFile: (file: string) => string = (f) => readFileSync(f, 'utf8'),
): string {
  const from = source === 'explicit' ? 'caFile' : source;
  let text: string;
  try {
    text = readFile(file);
  } catch (error) {
    throw new CredentialsError(
      `cannot read the CA file ${file} (from ${from}): ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; give the path of a PEM certificate, e.g. the one "cdkws serve --tls" prints`,
    );
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new CredentialsError(`the CA file ${file} (from ${from}) holds no PEM certificate ("-----BEGIN CERTIFICATE-----")`);
  }
  return text;
}
