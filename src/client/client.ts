// The client: one transport (pool, limits, retries) shared by the resource APIs.
import { inspect } from 'node:util';
import { AccountApi } from './account';
import { ChangeRequestsApi } from './change-request';
import { resolveCredentials, type CredentialSources, type TokenSource } from './credentials';
import { DataRetentionPoliciesApi } from './data-retention';
import { ExplorerApi } from './explorer';
import { OrganizationsApi } from './organization';
import { RemoteStateConsumersApi } from './remote-state-consumer';
import { StateVersionsApi } from './state-version';
import { TagBindingsApi } from './tag-binding';
import { TagsApi } from './tag';
import { Transport, type TransportOptions } from './transport';
import { WorkspacesApi } from './workspace';
import { normalizeAddress, readCaFile } from './credentials';

/** The transport's settings (address, token, limits, retries, CA), plus a default organization. */
export interface ClientOptions extends Omit<TransportOptions, 'random'> {
  /** Default organization for callers that have none of their own. */
  organization?: string;
}

export type ClientEnvironmentOptions = Omit<ClientOptions, 'address' | 'token'> & CredentialSources;

export class Client {
  readonly address: string;
  readonly organization: string | undefined;
  /** Where the token came from, for diagnostics (never the token). */
  readonly tokenSource: TokenSource | 'explicit';
  readonly workspaces: WorkspacesApi;
  readonly organizations: OrganizationsApi;
  readonly tags: TagsApi;
  readonly tagBindings: TagBindingsApi;
  readonly remoteStateConsumers: RemoteStateConsumersApi;
  readonly stateVersions: StateVersionsApi;
  readonly changeRequests: ChangeRequestsApi;
  readonly explorer: ExplorerApi;
  readonly dataRetentionPolicies: DataRetentionPoliciesApi;
  /** The token's own account: `client.account.details()` checks address and token in one call. */
  readonly account: AccountApi;
  readonly #transport: Transport;

  constructor(options: ClientOptions, tokenSource: TokenSource = 'explicit') {
    if (!options.token) throw new Error('token is required: pass token, or use Client.fromEnvironment()');
    this.address = normalizeAddress(options.address);
    this.organization = options.organization;
    this.tokenSource = tokenSource;
    this.#transport = new Transport({ ...options, address: this.address });
    this.workspaces = new WorkspacesApi(this.#transport);
    this.organizations = new OrganizationsApi(this.#transport);
    this.tags = new TagsApi(this.#transport);
    this.tagBindings = new TagBindingsApi(this.#transport);
    this.remoteStateConsumers = new RemoteStateConsumersApi(this.#transport);
    this.stateVersions = new StateVersionsApi(this.#transport);
    this.changeRequests = new ChangeRequestsApi(this.#transport);
    this.explorer = new ExplorerApi(this.#transport, this.workspaces, this.changeRequests);
    this.dataRetentionPolicies = new DataRetentionPoliciesApi(this.#transport);
    this.account = new AccountApi(this.#transport);
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
