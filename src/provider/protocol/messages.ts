// tfplugin6 shared messages (protocol 6.8, as Terraform 1.11 speaks it; later 6.x minors only add
// fields, which the decoder skips). Field numbers follow Terraform's published tfplugin6 protocol.
// Import as `* as pb`: these are wire shapes, not the API that resources implement.
import { message, MessageCodec } from './wire';

export interface DynamicValue {
  msgpack: Uint8Array;
  json: Uint8Array;
}
export const DynamicValue: MessageCodec<DynamicValue> = message([
  { name: 'msgpack', no: 1, type: 'bytes' },
  { name: 'json', no: 2, type: 'bytes' },
]);

export interface AttributePathStep {
  attributeName?: string;
  elementKeyString?: string;
  elementKeyInt?: number;
}
const AttributePathStep: MessageCodec<AttributePathStep> = message([
  // A oneof: whichever member is set is written, even when it is '' or 0.
  { name: 'attributeName', no: 1, type: 'string', presence: true },
  { name: 'elementKeyString', no: 2, type: 'string', presence: true },
  { name: 'elementKeyInt', no: 3, type: 'int64', presence: true },
]);

export interface AttributePath {
  steps: AttributePathStep[];
}
export const AttributePath: MessageCodec<AttributePath> = message([{ name: 'steps', no: 1, type: () => AttributePathStep, repeated: true }]);

export enum Severity {
  INVALID = 0,
  ERROR = 1,
  WARNING = 2,
}
export interface Diagnostic {
  severity: Severity;
  summary: string;
  detail: string;
  attribute?: AttributePath;
}
export const Diagnostic: MessageCodec<Diagnostic> = message([
  { name: 'severity', no: 1, type: 'enum' },
  { name: 'summary', no: 2, type: 'string' },
  { name: 'detail', no: 3, type: 'string' },
  { name: 'attribute', no: 4, type: () => AttributePath },
]);

export interface RawState {
  json: Uint8Array;
  flatmap: Record<string, string>;
}
export const RawState: MessageCodec<RawState> = message([
  { name: 'json', no: 1, type: 'bytes' },
  { name: 'flatmap', no: 2, type: 'string', map: true },
]);

export enum StringKind {
  PLAIN = 0,
  MARKDOWN = 1,
}

export enum BlockNesting {
  INVALID = 0,
  SINGLE = 1,
  LIST = 2,
  SET = 3,
  MAP = 4,
  GROUP = 5,
}

export interface SchemaAttribute {
  name: string;
  /** JSON text of the type, e.g. `"string"` or `["set","string"]`. */
  type: Uint8Array;
  nestedType?: SchemaObject;
  description?: string;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  descriptionKind?: StringKind;
  deprecated?: boolean;
  writeOnly?: boolean;
}
const SchemaAttribute: MessageCodec<SchemaAttribute> = message([
  { name: 'name', no: 1, type: 'string' },
  { name: 'type', no: 2, type: 'bytes' },
  { name: 'nestedType', no: 10, type: () => SchemaObject },
  { name: 'description', no: 3, type: 'string' },
  { name: 'required', no: 4, type: 'bool' },
  { name: 'optional', no: 5, type: 'bool' },
  { name: 'computed', no: 6, type: 'bool' },
  { name: 'sensitive', no: 7, type: 'bool' },
  { name: 'descriptionKind', no: 8, type: 'enum' },
  { name: 'deprecated', no: 9, type: 'bool' },
  { name: 'writeOnly', no: 11, type: 'bool' },
]);

export interface SchemaObject {
  attributes: SchemaAttribute[];
  nesting: number;
}
const SchemaObject: MessageCodec<SchemaObject> = message([
  { name: 'attributes', no: 1, type: () => SchemaAttribute, repeated: true },
  { name: 'nesting', no: 3, type: 'enum' },
]);

export interface SchemaBlock {
  version?: number;
  attributes: SchemaAttribute[];
  blockTypes: SchemaNestedBlock[];
  description?: string;
  descriptionKind?: StringKind;
  deprecated?: boolean;
}
export const SchemaBlock: MessageCodec<SchemaBlock> = message([
  { name: 'version', no: 1, type: 'int64' },
  { name: 'attributes', no: 2, type: () => SchemaAttribute, repeated: true },
  { name: 'blockTypes', no: 3, type: () => SchemaNestedBlock, repeated: true },
  { name: 'description', no: 4, type: 'string' },
  { name: 'descriptionKind', no: 5, type: 'enum' },
  { name: 'deprecated', no: 6, type: 'bool' },
]);

export interface SchemaNestedBlock {
  typeName: string;
  block: SchemaBlock;
  nesting: BlockNesting;
  minItems?: number;
  maxItems?: number;
}
const SchemaNestedBlock: MessageCodec<SchemaNestedBlock> = message([
  { name: 'typeName', no: 1, type: 'string' },
  { name: 'block', no: 2, type: () => SchemaBlock },
  { name: 'nesting', no: 3, type: 'enum' },
  { name: 'minItems', no: 4, type: 'int64' },
  { name: 'maxItems', no: 5, type: 'int64' },
]);

export interface Schema {
  version: number;
  block: SchemaBlock;
}
export const Schema: MessageCodec<Schema> = message([
  { name: 'version', no: 1, type: 'int64' },
  { name: 'block', no: 2, type: () => SchemaBlock },
]);

export interface FunctionParameter {
  name: string;
  type: Uint8Array;
  allowNullValue?: boolean;
  allowUnknownValues?: boolean;
  description?: string;
  descriptionKind?: StringKind;
}
const FunctionParameter: MessageCodec<FunctionParameter> = message([
  { name: 'name', no: 1, type: 'string' },
  { name: 'type', no: 2, type: 'bytes' },
  { name: 'allowNullValue', no: 3, type: 'bool' },
  { name: 'allowUnknownValues', no: 4, type: 'bool' },
  { name: 'description', no: 5, type: 'string' },
  { name: 'descriptionKind', no: 6, type: 'enum' },
]);

export interface FunctionDef {
  parameters: FunctionParameter[];
  variadicParameter?: FunctionParameter;
  return?: { type: Uint8Array };
  summary?: string;
  description?: string;
  descriptionKind?: StringKind;
  deprecationMessage?: string;
}
export const FunctionDef: MessageCodec<FunctionDef> = message([
  { name: 'parameters', no: 1, type: () => FunctionParameter, repeated: true },
  { name: 'variadicParameter', no: 2, type: () => FunctionParameter },
  { name: 'return', no: 3, type: () => FunctionReturn },
  { name: 'summary', no: 4, type: 'string' },
  { name: 'description', no: 5, type: 'string' },
  { name: 'descriptionKind', no: 6, type: 'enum' },
  { name: 'deprecationMessage', no: 7, type: 'string' },
]);
const FunctionReturn: MessageCodec<{ type: Uint8Array }> = message([{ name: 'type', no: 1, type: 'bytes' }]);

export interface FunctionError {
  text: string;
  functionArgument?: number;
}
export const FunctionError: MessageCodec<FunctionError> = message([
  { name: 'text', no: 1, type: 'string' },
  { name: 'functionArgument', no: 2, type: 'int64', presence: true },
]);

export interface ServerCapabilities {
  planDestroy?: boolean;
  getProviderSchemaOptional?: boolean;
  moveResourceState?: boolean;
}
export const ServerCapabilities: MessageCodec<ServerCapabilities> = message([
  { name: 'planDestroy', no: 1, type: 'bool' },
  { name: 'getProviderSchemaOptional', no: 2, type: 'bool' },
  { name: 'moveResourceState', no: 3, type: 'bool' },
]);

export interface ClientCapabilities {
  deferralAllowed: boolean;
  writeOnlyAttributesAllowed: boolean;
}
export const ClientCapabilities: MessageCodec<ClientCapabilities> = message([
  { name: 'deferralAllowed', no: 1, type: 'bool' },
  { name: 'writeOnlyAttributesAllowed', no: 2, type: 'bool' },
]);

export enum DeferredReason {
  UNKNOWN = 0,
  RESOURCE_CONFIG_UNKNOWN = 1,
  PROVIDER_CONFIG_UNKNOWN = 2,
  ABSENT_PREREQ = 3,
}
export interface Deferred {
  reason: DeferredReason;
}
export const Deferred: MessageCodec<Deferred> = message([{ name: 'reason', no: 1, type: 'enum' }]);

/** Resource identity data (protocol 6.9+; Terraform 1.11 never sends it). */
export interface ResourceIdentityData {
  identityData?: DynamicValue;
}
export const ResourceIdentityData: MessageCodec<ResourceIdentityData> = message([{ name: 'identityData', no: 1, type: () => DynamicValue }]);
