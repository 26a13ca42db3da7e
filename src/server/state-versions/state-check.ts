// What a state must be before a state version holding it is finalized, and what is read from it:
// valid JSON, a Terraform state of format 4 whose MD5 digest is the one promised. The outputs, the
// resources summary and the counts come from the state itself, never from the caller.
import { createHash } from 'node:crypto';
import { ERRORS, STATE_FORMAT_VERSION, type StateResourceSummary } from '../../contract';
import { ServiceError } from '../errors';

export interface StateOutput {
  name: string;
  sensitive: boolean;
  /** go-tfe's word for the type: string, number, boolean, array, object. */
  type: string;
  /** Terraform's type constraint (`"string"`, `["list","string"]`). */
  detailedType: unknown;
  value: unknown;
}

export interface StateFacts {
  serial: number;
  lineage: string;
  terraformVersion: string | null;
  /** Managed resource instances: what a safe delete looks at. */
  resourceCount: number;
  resources: StateResourceSummary[];
  outputs: StateOutput[];
}

export const md5Hex = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

const invalidState = (detail: string) => new ServiceError(ERRORS.stateInvalid, detail);

/** The word go-tfe reads as the output's type, from Terraform's type constraint. */
function typeWord(detailed: unknown): string {
  const head: unknown = Array.isArray(detailed) ? (detailed as unknown[])[0] : detailed;
  switch (head) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'list':
    case 'set':
    case 'tuple':
      return 'array';
    case 'map':
    case 'object':
      return 'object';
    default:
      return 'string';
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Checks a raw state against its promised digest (`computed`: taken on the way in) and reads its facts; 422 stateInvalid otherwise. */
export function checkState(raw: Buffer, md5: string, computed?: string): StateFacts {
  const digest = computed ?? md5Hex(raw);
  if (digest !== md5) throw invalidState(`the state's MD5 digest is ${digest}, not the ${md5} the state version was created with`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidState('the state is not valid JSON');
  }
  const state = record(parsed);
  if (!state) throw invalidState('the state is not a JSON object');
  if (state.version !== STATE_FORMAT_VERSION)
    throw invalidState(`the state's format version is ${String(state.version)}; this service reads version ${STATE_FORMAT_VERSION}`);
  if (typeof state.serial !== 'number' || !Number.isSafeInteger(state.serial) || state.serial < 0) throw invalidState('the state has no whole serial');
  if (typeof state.lineage !== 'string' || state.lineage === '') throw invalidState('the state has no lineage');
  const outputs: StateOutput[] = [];
  for (const [name, entry] of Object.entries(record(state.outputs) ?? {})) {
    const output = record(entry);
    if (!output) throw invalidState(`output "${name}" of the state is not an object`);
    const detailedType = output.type ?? 'string';
    outputs.push({ name, sensitive: output.sensitive === true, type: typeWord(detailedType), detailedType, value: output.value ?? null });
  }
  const resources: StateResourceSummary[] = [];
  let resourceCount = 0;
  for (const entry of Array.isArray(state.resources) ? state.resources : []) {
    const resource = record(entry);
    if (!resource) throw invalidState('a resource of the state is not an object');
    const count = Array.isArray(resource.instances) ? resource.instances.length : 0;
    if (resource.mode === 'managed') resourceCount += count;
    resources.push({
      name: text(resource.name),
      type: text(resource.type),
      count,
      module: typeof resource.module === 'string' ? resource.module : 'root',
      provider: text(resource.provider),
    });
  }
  return {
    serial: state.serial,
    lineage: state.lineage,
    terraformVersion: typeof state.terraform_version === 'string' ? state.terraform_version : null,
    resourceCount,
    resources,
    outputs,
  };
}

/** A JSON rendering of a state need only be JSON (Terraform's `show -json` format is its own affair). */
export function checkJsonState(raw: Buffer): void {
  try {
    JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidState('the JSON state is not valid JSON');
  }
}
