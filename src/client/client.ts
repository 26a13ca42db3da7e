// The client: one transport (pool, limits, retries) shared by the resource APIs.
import { inspect } from 'node:util';
import { ClientApis } from './apis.generated';
import { resolveCredentials, type CredentialSources, type TokenSource } from './credentials';
import { ExplorerApi } from './explorer';
import { Transport, type TransportOptions } from './transport';
import { normalizeAddress, readCaFile } from './credentials';

/** The transport's settings (address, token, limits, retries, CA), plus a default organization. */
export interface ClientOptions extends Omit<TransportOptions, 'random'> {
  /** Default organization for callers that have none of their own. */
  organization?: string;
}

export type ClientEnvironmentOptions = Omit<ClientOptions, 'address' | 'token'> & CredentialSources;

// The resource APIs are members of ClientApis, gathered by `npm run generate` from every
// src/client/<name>.ts exporting a `<Name>Api` class (apis.generated.ts).
export class Client extends ClientApis {
  readonly address: string;
  readonly organization: string | undefined;
  /** Where the token came from, for diagnostics (never the token). */
  readonly tokenSource: TokenSource | 'explicit';
  /** Workspaces and change requests across the organization: built over the other APIs. */
  readonly explorer: ExplorerApi;
  readonly #transport: Transport;

  constructor(options: ClientOptions, tokenSource: TokenSource = 'explicit') {
    if (!options.token) throw new Error('token is required: pass token, or use Client.fromEnvironment()');
    const address = normalizeAddress(options.address);
    const transport = new Transport({ ...options, address });
    super(transport);
    this.address = address;
    this.organization = options.organization;
    this.tokenSource = tokenSource;
    this.#transport = transport;
    this.explorer = new ExplorerApi(this.#transport, this.workspaces, this.changeRequests);
  }

  /**
   * Address, token and organization from explicit values, CDKWS_*, TFE_* and the Terraform CLI's
   * credentials; an extra CA from `ca`, else `caFile`, else the file CDKWS_CA_FILE names.
   */
  static fromEnvironment(options: ClientEnvironmentOptions = {}): Client {
    const { env, homeDir, readFile, address, token, organization, caFile, ...rest } = options;
    const resolved = resolveCredentials({ env, homeDir, readFile, address, token, organization, caFile });
    const ca = rest.ca ?? (resolved.caFile ? readCaFile(resolved.caFile, resolved.caFileSource ?? 'explicit', readFile) : undefined);
    return new Client({ ...rest, ca, address: resolved.address, token: resolved.token, organization: resolved.organization }, resolved.tokenSource);
  }

  /** Closes the connection pool once requests in flight finish. */
  close(): Promise<void> {
    return this.#transport.close();
  }

  [inspect.custom](): string {
    return `Client { address: '${this.address}', organization: ${this.organization === undefined ? 'undefined' : `'${this.organization}'`}, token: '[REDACTED]' }`;
  }

  toJSON(): Record<string, unknown> {
    return { address: this.address, organization: this.organization, token: '[REDACTED]' };
  }
}
