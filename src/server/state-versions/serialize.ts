// State versions and their outputs as the hosted service writes them (go-tfe's StateVersion and
// StateVersionOutput). Addresses are absolute: Terraform fetches them as given.
import { STATE_FORMAT_VERSION, STATE_VERSION_OUTPUT_TYPE, STATE_VERSION_TYPE, rootPathOf } from '../../contract';
import type { StateVersionOutputRecord, StateVersionRecord } from './store';

/** Upload addresses, only in the answer that created the pending version (their keys are never stored). */
export interface UploadAddresses {
  raw: string;
  json: string;
}

export function outputResource(output: StateVersionOutputRecord, withSensitiveValue: boolean): Record<string, unknown> {
  return {
    id: output.id,
    type: STATE_VERSION_OUTPUT_TYPE,
    attributes: {
      name: output.name,
      sensitive: output.sensitive,
      type: output.type,
      value: output.sensitive && !withSensitiveValue ? null : output.value,
      'detailed-type': output.detailedType,
    },
    links: { self: rootPathOf('showStateVersionOutput', { state_version_output_id: output.id }) },
  };
}

export function stateVersionResource(sv: StateVersionRecord, origin: string, outputIds: readonly string[], uploads?: UploadAddresses): Record<string, unknown> {
  const byId = { state_version_id: sv.id };
  const finalized = sv.status === 'finalized';
  return {
    id: sv.id,
    type: STATE_VERSION_TYPE,
    attributes: {
      'created-at': sv.createdAt,
      serial: sv.serial,
      lineage: sv.lineage,
      md5: sv.md5,
      size: sv.size,
      status: sv.status,
      'state-version': finalized ? (sv.stateFormat ?? STATE_FORMAT_VERSION) : null,
      'terraform-version': sv.terraformVersion,
      'resources-processed': finalized,
      resources: sv.resources,
      'hosted-state-download-url': finalized ? origin + rootPathOf('downloadState', byId) : null,
      'hosted-json-state-download-url': finalized && sv.hasJsonState ? origin + rootPathOf('downloadJsonState', byId) : null,
      'hosted-state-upload-url': uploads?.raw ?? null,
      'hosted-json-state-upload-url': uploads?.json ?? null,
      'vcs-commit-sha': null,
      'vcs-commit-url': null,
    },
    relationships: {
      run: { data: null },
      'created-by': sv.createdBy?.startsWith('user-') ? { data: { id: sv.createdBy, type: 'users' } } : { data: null },
      workspace: { data: { id: sv.workspaceId, type: 'workspaces' } },
      outputs: {
        data: outputIds.map((id) => ({ id, type: STATE_VERSION_OUTPUT_TYPE })),
        links: { related: rootPathOf('listStateVersionOutputs', byId) },
      },
    },
    links: { self: rootPathOf('showStateVersion', byId) },
  };
}
