// The `provider "cdkws"` block and its configuration, apart from the resources (so loading it never
// pulls resource code in). Credentials resolve as in the client (block values first, then CDKWS_* /
// TFE_* and the Terraform CLI credentials); the token is sensitive and is never logged nor stored
// in any resource state.
import { KeyedMutex, type ProviderData } from './context';
import { error, type Diagnostic } from './protocol/diagnostics';
import type { ObjectValue } from './protocol/values';
import type { Schema } from './protocol/schema';
import { decodeModel, hclAttributes, modelNamesOf, type ModelOf, type NamedAttributes } from './resource';
import { PROVIDER_VERSION } from './version';

export const DEFAULT_LOCK_TIMEOUT = '60s';

/** The provider block's attributes, keyed by model name. */
const PROVIDER_BLOCK_ATTRIBUTES = {
  address: {
    snake: 'address',
    type: 'string',
    optional: true,
    description: 'Base URL scheme://host[:port] (without /api/v2). Falls back to CDKWS_ADDRESS, then TFE_HOSTNAME (https).',
  },
  token: {
    snake: 'token',
    type: 'string',
    optional: true,
    sensitive: true,
    description: 'API token. Falls back to CDKWS_TOKEN, then TFE_TOKEN, then the Terraform CLI credentials for the host.',
  },
  organization: {
    snake: 'organization',
    type: 'string',
    optional: true,
    description: 'Default organization for resources that omit one. Falls back to CDKWS_ORGANIZATION.',
  },
  caFile: {
    snake: 'ca_file',
    type: 'string',
    optional: true,
    description: 'PEM file of an extra certificate authority to trust for HTTPS, e.g. the one "cdkws serve --tls" prints. Falls back to CDKWS_CA_FILE.',
  },
  lockTimeout: {
    snake: 'lock_timeout',
    type: 'string',
    optional: true,
    description: `How long an update waits for a workspace locked by someone else, e.g. "90s" or "5m". Default "${DEFAULT_LOCK_TIMEOUT}".`,
  },
} as const satisfies NamedAttributes;

export const providerSchema: Schema = {
  description: 'Manages workspaces of an infrastructure workspace service.',
  attributes: hclAttributes(PROVIDER_BLOCK_ATTRIBUTES),
};

const providerNames = modelNamesOf(PROVIDER_BLOCK_ATTRIBUTES);

/** "250ms", "90s", "5m", "1h" (or combinations like "1m30s") → milliseconds; undefined if invalid. */
export function parseDuration(text: string): number | undefined {
  const whole = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
  if (!whole.test(text.trim())) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, n, u] of text.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(n) * unit[u];
  return Math.round(total);
}

type ProviderModel = ModelOf<typeof PROVIDER_BLOCK_ATTRIBUTES>;

// Unknown during plan (e.g. from another resource): fall back as if unset.
const given = (v: string | null | undefined): string | undefined => (v ? v : undefined);

export function validateProviderConfig(config: ObjectValue): Diagnostic[] {
  const timeout = decodeModel<ProviderModel>(providerSchema, providerNames, config).lockTimeout;
  if (typeof timeout === 'string' && parseDuration(timeout) === undefined) {
    return [error('Invalid lock_timeout', `"${timeout}" is not a duration; use e.g. "60s", "5m" or "1m30s".`, ['lock_timeout'])];
  }
  return [];
}

/** How a diagnostic names where the token came from. */
function describeTokenSource(source: string, host: string, tfTokenVariable: (host: string) => string): string {
  switch (source) {
    case 'explicit':
      return 'the "token" argument of the provider block';
    case 'CDKWS_TOKEN':
    case 'TFE_TOKEN':
      return `the ${source} environment variable`;
    case 'TF_TOKEN_host':
      return `the ${tfTokenVariable(host)} environment variable`;
    case 'cli-config':
      return `the Terraform CLI configuration file (TF_CLI_CONFIG_FILE or ~/.terraformrc), credentials "${host}"`;
    default:
      return `the Terraform credentials file ~/.terraform.d/credentials.tfrc.json, entry "${host}"`;
  }
}

const ADDRESS_SOURCES: Record<string, string> = {
  explicit: 'the "address" argument of the provider block',
  CDKWS_ADDRESS: 'the CDKWS_ADDRESS environment variable',
  TFE_HOSTNAME: 'the TFE_HOSTNAME environment variable',
};

export async function configureProvider(config: ObjectValue): Promise<{ providerData?: ProviderData; diagnostics?: Diagnostic[] }> {
  // Loaded here, not at start: schema-only runs of the provider never need the client.
  const client = await import('../client');
  const { rootPathOf } = await import('../contract');
  const { BatchedWorkspaceReader } = await import('./refresh');
  let resolved;
  let ca: string | undefined;
  const model = decodeModel<ProviderModel>(providerSchema, providerNames, config);
  const sources = { address: given(model.address), token: given(model.token), organization: given(model.organization), caFile: given(model.caFile) };
  try {
    resolved = client.resolveCredentials(sources);
    if (resolved.caFile) ca = client.readCaFile(resolved.caFile, resolved.caFileSource === 'explicit' ? 'ca_file' : 'CDKWS_CA_FILE');
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { diagnostics: [error('Invalid provider configuration', detail)] };
  }
  const lockTimeoutMs = parseDuration(given(model.lockTimeout) ?? DEFAULT_LOCK_TIMEOUT) ?? 60_000;
  const api = new client.Client(
    { address: resolved.address, token: resolved.token, organization: resolved.organization, ca, userAgent: `terraform-provider-cdkws/${PROVIDER_VERSION}` },
    resolved.tokenSource,
  );
  // One check here, so a wrong token or address is one diagnostic instead of one per resource.
  try {
    await api.account.details();
  } catch (err) {
    const host = client.credentialsHost(resolved.address);
    const addressFrom = ADDRESS_SOURCES[client.addressSource(sources) ?? 'explicit'];
    if (err instanceof client.UnauthorizedError) {
      await api.close();
      const tokenFrom = describeTokenSource(resolved.tokenSource, host, client.tfTokenVariable);
      return {
        diagnostics: [
          error(
            `The service at ${resolved.address} refused the API token`,
            `${resolved.address} (from ${addressFrom}) answered 401 Unauthorized to the token from ${tokenFrom}: the token is wrong, revoked or for another service.\n\n` +
              `Fix: put a valid token for ${host} in ${tokenFrom}, or give one with a source checked earlier (the provider's "token" argument, then CDKWS_TOKEN, then TFE_TOKEN, then "terraform login ${host}").`,
          ),
        ],
      };
    }
    if (err instanceof client.NetworkError) {
      await api.close();
      const fix = err.certificateRejected
        ? `Fix: the service's TLS certificate is not trusted. For "cdkws serve --tls", set ca_file in the provider block or CDKWS_CA_FILE to the certificate authority file it prints.`
        : `Fix: check the address (from ${addressFrom}) and that the service is running and reachable from here.`;
      const reason = (err.cause as Error | undefined)?.message ?? err.message;
      return {
        diagnostics: [
          error(
            `Cannot reach the service at ${resolved.address}`,
            `GET ${resolved.address}${rootPathOf('showAccountDetails', {})} failed: ${reason}.\n\n${fix}`,
          ),
        ],
      };
    }
    // Any other answer (a service without the endpoint, a 5xx) leaves the resources to report.
  }
  return {
    providerData: {
      client: api,
      organization: resolved.organization ?? null,
      lockTimeoutMs,
      // Refresh reads come from one list request per 100 workspaces of an organization.
      workspaces: new BatchedWorkspaceReader(api, { organization: resolved.organization ?? null }),
      bindingLocks: new KeyedMutex(),
    },
  };
}
