// Request and response messages of each tfplugin6 RPC we serve, plus go-plugin's and gRPC health's.
// Requests carry every field Terraform 1.11 sends (and the 6.9+ identity fields, harmlessly).
import {
  AttributePath,
  ClientCapabilities,
  Deferred,
  Diagnostic,
  DynamicValue,
  FunctionDef,
  FunctionError,
  RawState,
  ResourceIdentityData,
  Schema,
  ServerCapabilities,
} from './messages';
import { FieldSpec, message, MessageCodec } from './wire';

const diagnostics = (no: number): FieldSpec => ({ name: 'diagnostics', no, type: () => Diagnostic, repeated: true });
const dyn = (name: string, no: number): FieldSpec => ({ name, no, type: () => DynamicValue });
const typeName: FieldSpec = { name: 'typeName', no: 1, type: 'string' };
const caps = (no: number): FieldSpec => ({ name: 'clientCapabilities', no, type: () => ClientCapabilities });
const identity = (name: string, no: number): FieldSpec => ({ name, no, type: () => ResourceIdentityData });

type Diags = { diagnostics: Diagnostic[] };

export type Empty = Record<string, never>;
export const Empty: MessageCodec<Empty> = message([]);

// ---- GetMetadata ----
export interface GetMetadataResponse extends Diags {
  serverCapabilities?: ServerCapabilities;
  dataSources: { typeName: string }[];
  resources: { typeName: string }[];
  functions: { name: string }[];
  ephemeralResources: { typeName: string }[];
}
const TypeNameOnly: MessageCodec<{ typeName: string }> = message([typeName]);
const NameOnly: MessageCodec<{ name: string }> = message([{ name: 'name', no: 1, type: 'string' }]);
export const GetMetadataResponse: MessageCodec<GetMetadataResponse> = message([
  { name: 'serverCapabilities', no: 1, type: () => ServerCapabilities },
  diagnostics(2),
  { name: 'dataSources', no: 3, type: () => TypeNameOnly, repeated: true },
  { name: 'resources', no: 4, type: () => TypeNameOnly, repeated: true },
  { name: 'functions', no: 5, type: () => NameOnly, repeated: true },
  { name: 'ephemeralResources', no: 6, type: () => TypeNameOnly, repeated: true },
]);

// ---- GetProviderSchema ----
export interface GetProviderSchemaResponse extends Diags {
  provider?: Schema;
  resourceSchemas: Record<string, Schema>;
  dataSourceSchemas: Record<string, Schema>;
  functions: Record<string, FunctionDef>;
  ephemeralResourceSchemas: Record<string, Schema>;
  providerMeta?: Schema;
  serverCapabilities?: ServerCapabilities;
}
export const GetProviderSchemaResponse: MessageCodec<GetProviderSchemaResponse> = message([
  { name: 'provider', no: 1, type: () => Schema },
  { name: 'resourceSchemas', no: 2, type: () => Schema, map: true },
  { name: 'dataSourceSchemas', no: 3, type: () => Schema, map: true },
  { name: 'functions', no: 7, type: () => FunctionDef, map: true },
  { name: 'ephemeralResourceSchemas', no: 8, type: () => Schema, map: true },
  diagnostics(4),
  { name: 'providerMeta', no: 5, type: () => Schema },
  { name: 'serverCapabilities', no: 6, type: () => ServerCapabilities },
]);

// ---- Validation ----
export interface ValidateProviderConfigRequest {
  config?: DynamicValue;
}
export const ValidateProviderConfigRequest: MessageCodec<ValidateProviderConfigRequest> = message([dyn('config', 1)]);
// Note: diagnostics is field 2 here (field 1 was the removed prepared_config).
export const ValidateProviderConfigResponse: MessageCodec<Diags> = message([diagnostics(2)]);

export interface ValidateResourceConfigRequest {
  typeName: string;
  config?: DynamicValue;
  clientCapabilities?: ClientCapabilities;
}
export const ValidateResourceConfigRequest: MessageCodec<ValidateResourceConfigRequest> = message([typeName, dyn('config', 2), caps(3)]);
export const DiagnosticsOnlyResponse: MessageCodec<Diags> = message([diagnostics(1)]);

// ---- UpgradeResourceState ----
export interface UpgradeResourceStateRequest {
  typeName: string;
  version: number;
  rawState?: RawState;
}
export const UpgradeResourceStateRequest: MessageCodec<UpgradeResourceStateRequest> = message([
  typeName,
  { name: 'version', no: 2, type: 'int64' },
  { name: 'rawState', no: 3, type: () => RawState },
]);
export interface UpgradeResourceStateResponse extends Diags {
  upgradedState?: DynamicValue;
}
export const UpgradeResourceStateResponse: MessageCodec<UpgradeResourceStateResponse> = message([dyn('upgradedState', 1), diagnostics(2)]);

// ---- ConfigureProvider ----
export interface ConfigureProviderRequest {
  terraformVersion: string;
  config?: DynamicValue;
  clientCapabilities?: ClientCapabilities;
}
export const ConfigureProviderRequest: MessageCodec<ConfigureProviderRequest> = message([
  { name: 'terraformVersion', no: 1, type: 'string' },
  dyn('config', 2),
  caps(3),
]);

// ---- ReadResource ----
export interface ReadResourceRequest {
  typeName: string;
  currentState?: DynamicValue;
  private: Uint8Array;
  providerMeta?: DynamicValue;
  clientCapabilities?: ClientCapabilities;
  currentIdentity?: ResourceIdentityData;
}
export const ReadResourceRequest: MessageCodec<ReadResourceRequest> = message([
  typeName,
  dyn('currentState', 2),
  { name: 'private', no: 3, type: 'bytes' },
  dyn('providerMeta', 4),
  caps(5),
  identity('currentIdentity', 6),
]);
export interface ReadResourceResponse extends Diags {
  newState?: DynamicValue;
  private?: Uint8Array;
  deferred?: Deferred;
}
export const ReadResourceResponse: MessageCodec<ReadResourceResponse> = message([
  dyn('newState', 1),
  diagnostics(2),
  { name: 'private', no: 3, type: 'bytes' },
  { name: 'deferred', no: 4, type: () => Deferred },
]);

// ---- PlanResourceChange ----
export interface PlanResourceChangeRequest {
  typeName: string;
  priorState?: DynamicValue;
  proposedNewState?: DynamicValue;
  config?: DynamicValue;
  priorPrivate: Uint8Array;
  providerMeta?: DynamicValue;
  clientCapabilities?: ClientCapabilities;
  priorIdentity?: ResourceIdentityData;
}
export const PlanResourceChangeRequest: MessageCodec<PlanResourceChangeRequest> = message([
  typeName,
  dyn('priorState', 2),
  dyn('proposedNewState', 3),
  dyn('config', 4),
  { name: 'priorPrivate', no: 5, type: 'bytes' },
  dyn('providerMeta', 6),
  caps(7),
  identity('priorIdentity', 8),
]);
export interface PlanResourceChangeResponse extends Diags {
  plannedState?: DynamicValue;
  requiresReplace: AttributePath[];
  plannedPrivate?: Uint8Array;
  deferred?: Deferred;
}
export const PlanResourceChangeResponse: MessageCodec<PlanResourceChangeResponse> = message([
  dyn('plannedState', 1),
  { name: 'requiresReplace', no: 2, type: () => AttributePath, repeated: true },
  { name: 'plannedPrivate', no: 3, type: 'bytes' },
  diagnostics(4),
  // 5 is legacy_type_system: only for Terraform's own legacy SDK; never set.
  { name: 'deferred', no: 6, type: () => Deferred },
]);

// ---- ApplyResourceChange ----
export interface ApplyResourceChangeRequest {
  typeName: string;
  priorState?: DynamicValue;
  plannedState?: DynamicValue;
  config?: DynamicValue;
  plannedPrivate: Uint8Array;
  providerMeta?: DynamicValue;
  plannedIdentity?: ResourceIdentityData;
}
export const ApplyResourceChangeRequest: MessageCodec<ApplyResourceChangeRequest> = message([
  typeName,
  dyn('priorState', 2),
  dyn('plannedState', 3),
  dyn('config', 4),
  { name: 'plannedPrivate', no: 5, type: 'bytes' },
  dyn('providerMeta', 6),
  identity('plannedIdentity', 7),
]);
export interface ApplyResourceChangeResponse extends Diags {
  newState?: DynamicValue;
  private?: Uint8Array;
}
export const ApplyResourceChangeResponse: MessageCodec<ApplyResourceChangeResponse> = message([
  dyn('newState', 1),
  { name: 'private', no: 2, type: 'bytes' },
  diagnostics(3),
]);

// ---- ImportResourceState ----
export interface ImportResourceStateRequest {
  typeName: string;
  id: string;
  clientCapabilities?: ClientCapabilities;
  identity?: ResourceIdentityData;
}
export const ImportResourceStateRequest: MessageCodec<ImportResourceStateRequest> = message([
  typeName,
  { name: 'id', no: 2, type: 'string' },
  caps(3),
  identity('identity', 4),
]);
export interface ImportedResource {
  typeName: string;
  state?: DynamicValue;
  private?: Uint8Array;
}
const ImportedResource: MessageCodec<ImportedResource> = message([typeName, dyn('state', 2), { name: 'private', no: 3, type: 'bytes' }]);
export interface ImportResourceStateResponse extends Diags {
  importedResources: ImportedResource[];
  deferred?: Deferred;
}
export const ImportResourceStateResponse: MessageCodec<ImportResourceStateResponse> = message([
  { name: 'importedResources', no: 1, type: () => ImportedResource, repeated: true },
  diagnostics(2),
  { name: 'deferred', no: 3, type: () => Deferred },
]);

// ---- MoveResourceState ----
export interface MoveResourceStateRequest {
  sourceProviderAddress: string;
  sourceTypeName: string;
  sourceSchemaVersion: number;
  sourceState?: RawState;
  targetTypeName: string;
  sourcePrivate: Uint8Array;
}
export const MoveResourceStateRequest: MessageCodec<MoveResourceStateRequest> = message([
  { name: 'sourceProviderAddress', no: 1, type: 'string' },
  { name: 'sourceTypeName', no: 2, type: 'string' },
  { name: 'sourceSchemaVersion', no: 3, type: 'int64' },
  { name: 'sourceState', no: 4, type: () => RawState },
  { name: 'targetTypeName', no: 5, type: 'string' },
  { name: 'sourcePrivate', no: 6, type: 'bytes' },
]);
export interface MoveResourceStateResponse extends Diags {
  targetState?: DynamicValue;
  targetPrivate?: Uint8Array;
}
export const MoveResourceStateResponse: MessageCodec<MoveResourceStateResponse> = message([
  dyn('targetState', 1),
  diagnostics(2),
  { name: 'targetPrivate', no: 3, type: 'bytes' },
]);

// ---- ReadDataSource ----
export interface ReadDataSourceRequest {
  typeName: string;
  config?: DynamicValue;
  providerMeta?: DynamicValue;
  clientCapabilities?: ClientCapabilities;
}
export const ReadDataSourceRequest: MessageCodec<ReadDataSourceRequest> = message([typeName, dyn('config', 2), dyn('providerMeta', 3), caps(4)]);
export interface ReadDataSourceResponse extends Diags {
  state?: DynamicValue;
  deferred?: Deferred;
}
export const ReadDataSourceResponse: MessageCodec<ReadDataSourceResponse> = message([
  dyn('state', 1),
  diagnostics(2),
  { name: 'deferred', no: 3, type: () => Deferred },
]);

// ---- Functions (the provider has none) ----
export const GetFunctionsResponse: MessageCodec<Diags & { functions: Record<string, FunctionDef> }> = message([
  { name: 'functions', no: 1, type: () => FunctionDef, map: true },
  diagnostics(2),
]);
export interface CallFunctionRequest {
  name: string;
  arguments: DynamicValue[];
}
export const CallFunctionRequest: MessageCodec<CallFunctionRequest> = message([
  { name: 'name', no: 1, type: 'string' },
  { name: 'arguments', no: 2, type: () => DynamicValue, repeated: true },
]);
export interface CallFunctionResponse {
  result?: DynamicValue;
  error?: FunctionError;
}
export const CallFunctionResponse: MessageCodec<CallFunctionResponse> = message([dyn('result', 1), { name: 'error', no: 2, type: () => FunctionError }]);

// ---- GetResourceIdentitySchemas (6.9+; answered with no identities) ----
export const GetResourceIdentitySchemasResponse: MessageCodec<Diags & { identitySchemas: Record<string, never> }> = message([
  { name: 'identitySchemas', no: 1, type: () => Empty, map: true },
  diagnostics(2),
]);

// ---- StopProvider ----
export const StopProviderResponse: MessageCodec<{ error: string }> = message([{ name: 'error', no: 1, type: 'string' }]);

// ---- go-plugin ----
export interface StdioData {
  channel: number;
  data: Uint8Array;
}
export const StdioData: MessageCodec<StdioData> = message([
  { name: 'channel', no: 1, type: 'enum' },
  { name: 'data', no: 2, type: 'bytes' },
]);
export interface ConnInfo {
  serviceId: number;
  network: string;
  address: string;
  knock?: { knock: boolean; ack: boolean; error: string };
}
const Knock: MessageCodec<{ knock: boolean; ack: boolean; error: string }> = message([
  { name: 'knock', no: 1, type: 'bool' },
  { name: 'ack', no: 2, type: 'bool' },
  { name: 'error', no: 3, type: 'string' },
]);
export const ConnInfo: MessageCodec<ConnInfo> = message([
  { name: 'serviceId', no: 1, type: 'uint32' },
  { name: 'network', no: 2, type: 'string' },
  { name: 'address', no: 3, type: 'string' },
  { name: 'knock', no: 4, type: () => Knock },
]);

// ---- grpc.health.v1 (go-plugin's Ping) ----
export const HealthCheckRequest: MessageCodec<{ service: string }> = message([{ name: 'service', no: 1, type: 'string' }]);
export const HealthCheckResponse: MessageCodec<{ status: number }> = message([{ name: 'status', no: 1, type: 'enum' }]);
