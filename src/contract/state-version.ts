// State versions and their outputs: what Terraform's `cloud` and `remote` backends, go-tfe and our
// client send and read (POST /workspaces/:id/state-versions, GET /state-versions/:id, the current
// state version of a workspace, its outputs, the upload and download addresses). A state version is
// `pending` until its state has arrived and been checked, then `finalized`; `discarded` when a
// later one replaced it before it was finalized.
import { z } from 'zod';

export const STATE_VERSION_TYPE = 'state-versions';
export const STATE_VERSION_OUTPUT_TYPE = 'state-version-outputs';
/** The workspace document's `outputs` relationship names the current state version's outputs by this type. */
export const WORKSPACE_OUTPUT_TYPE = 'workspace-outputs';
export const STATE_VERSION_ID_PREFIX = 'sv-';
/** State version outputs and workspace outputs share their IDs (`wsout-…`), as the hosted service's do. */
export const STATE_VERSION_OUTPUT_ID_PREFIX = 'wsout-';

export const STATE_VERSION_STATUSES = ['pending', 'finalized', 'discarded'] as const;
export type StateVersionStatus = (typeof STATE_VERSION_STATUSES)[number];

/**
 * The largest state (raw bytes, and the JSON state beside it) a state version may hold. Beyond it
 * the service answers 413 naming the limit. Inline states travel base64-encoded in the request
 * document, so that document may be up to `STATE_VERSION_CREATE_BODY_MAX` bytes.
 */
export const STATE_MAX_BYTES = 64 * 1024 * 1024;
/** The raw state and the JSON state, base64-encoded (4/3), with room for the rest of the document. */
export const STATE_VERSION_CREATE_BODY_MAX = Math.ceil((2 * STATE_MAX_BYTES * 4) / 3) + 1024 * 1024;
/** The state format this service reads (Terraform's `version` member). */
export const STATE_FORMAT_VERSION = 4;

/** A hex MD5 digest of the raw state, as Terraform sends it. */
const md5Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, 'md5 must be the 32 hexadecimal digits of the MD5 digest of the state')
  .transform((s) => s.toLowerCase());
/** Standard base64 (Terraform's and go-tfe's encoding), bounded by the document's own limit. */
const base64Schema = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64-encoded');

export const stateVersionCreateAttributesSchema = z.looseObject({
  serial: z.number().int('serial must be a whole number').min(0, 'serial must not be negative').max(Number.MAX_SAFE_INTEGER),
  md5: md5Schema,
  lineage: z.string().min(1).max(255).optional(),
  /** The raw state, base64; absent when the state comes through `hosted-state-upload-url`. */
  state: base64Schema.optional(),
  /** Terraform's JSON rendering of the state (`terraform show -json`), base64; optional. */
  'json-state': base64Schema.optional(),
  /** The root module's outputs in the JSON rendering, base64; optional. */
  'json-state-outputs': base64Schema.optional(),
  /** Skip the lineage and serial checks (`terraform state push -force`); go-tfe 0.11 sends null when unset. */
  force: z.boolean().nullable().optional(),
});
export type StateVersionCreateAttributes = z.output<typeof stateVersionCreateAttributesSchema>;

export const stateVersionCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(STATE_VERSION_TYPE, `type must be "${STATE_VERSION_TYPE}"`),
    attributes: stateVersionCreateAttributesSchema,
  }),
});

const relationshipRef = z.looseObject({ id: z.string(), type: z.string() });
const toOne = z.looseObject({ data: relationshipRef.nullable().optional(), links: z.record(z.string(), z.string()).optional() });
const toMany = z.looseObject({ data: z.array(relationshipRef).optional(), links: z.record(z.string(), z.string()).optional() });

/** One resource of the state, as the hosted service summarises it (`resources`). */
export const stateResourceSummarySchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  count: z.number().int(),
  module: z.string(),
  provider: z.string(),
});
export type StateResourceSummary = z.infer<typeof stateResourceSummarySchema>;

export const stateVersionAttributesSchema = z.looseObject({
  'created-at': z.string(),
  serial: z.number().int(),
  lineage: z.string().nullable(),
  md5: z.string(),
  size: z.number().int(),
  status: z.enum(STATE_VERSION_STATUSES),
  /** The state's format version (4), once the state has arrived. */
  'state-version': z.number().int().nullable(),
  'terraform-version': z.string().nullable(),
  'resources-processed': z.boolean(),
  resources: z.array(stateResourceSummarySchema),
  /** Where the raw state is read (with the caller's token); null while pending. */
  'hosted-state-download-url': z.string().nullable(),
  'hosted-json-state-download-url': z.string().nullable(),
  /** Where the raw state is sent while pending (no token: the address is the credential); null once it has arrived. */
  'hosted-state-upload-url': z.string().nullable(),
  'hosted-json-state-upload-url': z.string().nullable(),
  'vcs-commit-sha': z.string().nullable(),
  'vcs-commit-url': z.string().nullable(),
});

export const stateVersionResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(STATE_VERSION_TYPE),
  attributes: stateVersionAttributesSchema,
  relationships: z.looseObject({ run: toOne.optional(), 'created-by': toOne.optional(), workspace: toOne.optional(), outputs: toMany.optional() }).optional(),
  links: z.record(z.string(), z.string()).optional(),
});

export const stateVersionOutputAttributesSchema = z.looseObject({
  name: z.string(),
  sensitive: z.boolean(),
  /** The Terraform type in words (`string`, `array`, `object`, …), as go-tfe reads it. */
  type: z.string(),
  /** The value; null where a sensitive value is withheld (lists, includes). */
  value: z.unknown(),
  /** Terraform's type constraint (`"string"`, `["list","string"]`); Terraform falls back to the whole state without it. */
  'detailed-type': z.unknown(),
});

export const stateVersionOutputResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(STATE_VERSION_OUTPUT_TYPE),
  attributes: stateVersionOutputAttributesSchema,
  links: z.record(z.string(), z.string()).optional(),
});
export type StateVersionOutputResource = z.infer<typeof stateVersionOutputResourceSchema>;

const included = z.array(z.looseObject({ id: z.string(), type: z.string() })).optional();

export const stateVersionDocumentSchema = z.looseObject({ data: stateVersionResourceSchema, included });
export type StateVersionDocument = z.infer<typeof stateVersionDocumentSchema>;
export const stateVersionListDocumentSchema = z.looseObject({ data: z.array(stateVersionResourceSchema), included, meta: z.unknown().optional() });
export const stateVersionOutputDocumentSchema = z.looseObject({ data: stateVersionOutputResourceSchema });
export const stateVersionOutputListDocumentSchema = z.looseObject({ data: z.array(stateVersionOutputResourceSchema), meta: z.unknown().optional() });

/** `include` values a state version read accepts (the hosted service's; `outputs` is the one answered with records). */
export const STATE_VERSION_INCLUDES = ['outputs', 'created_by', 'run', 'run.created_by', 'run.configuration_version'] as const;

/** The service discovery document Terraform reads first (`/.well-known/terraform.json`): every backend's key names the API root. */
export const SERVICE_DISCOVERY_PATH = '/.well-known/terraform.json';
export function serviceDiscoveryDocument(apiRoot: string): Record<string, string> {
  const root = apiRoot.endsWith('/') ? apiRoot : `${apiRoot}/`;
  // tfe.v2: the cloud block; tfe.v2.1: backend "remote" (and terraform_remote_state); state.v2: the
  // remote backend with TF_FORCE_LOCAL_BACKEND.
  return { 'tfe.v2': root, 'tfe.v2.1': root, 'tfe.v2.2': root, 'state.v2': root };
}
