// gRPC service definitions built by hand (no .proto loading): tfplugin6.Provider, go-plugin's
// GRPCController / GRPCStdio / GRPCBroker, and the health service go-plugin pings. The definitions
// carry both directions' serializers, so tests can build clients from them too.
import type { ProviderDispatcher } from './dispatch';
import type { GrpcServer, MethodDefinition } from './grpc-server';
import * as rpc from './rpc-messages';
import type { MessageCodec } from './wire';

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function method<Req, Res>(
  path: string,
  req: MessageCodec<Req>,
  res: MessageCodec<Res>,
  requestStream = false,
  responseStream = false,
): MethodDefinition<Req, Res> {
  return {
    path,
    requestStream,
    responseStream,
    requestSerialize: (v: Req) => toBuffer(req.encode(v)),
    requestDeserialize: (b: Buffer) => req.decode(b),
    responseSerialize: (v: Res) => toBuffer(res.encode(v)),
    responseDeserialize: (b: Buffer) => res.decode(b),
  };
}

const P = '/tfplugin6.Provider/';
const E = rpc.Empty;

export const providerService = {
  GetMetadata: method(P + 'GetMetadata', E, rpc.GetMetadataResponse),
  GetProviderSchema: method(P + 'GetProviderSchema', E, rpc.GetProviderSchemaResponse),
  ValidateProviderConfig: method(P + 'ValidateProviderConfig', rpc.ValidateProviderConfigRequest, rpc.ValidateProviderConfigResponse),
  ValidateResourceConfig: method(P + 'ValidateResourceConfig', rpc.ValidateResourceConfigRequest, rpc.DiagnosticsOnlyResponse),
  ValidateDataResourceConfig: method(P + 'ValidateDataResourceConfig', rpc.ValidateResourceConfigRequest, rpc.DiagnosticsOnlyResponse),
  UpgradeResourceState: method(P + 'UpgradeResourceState', rpc.UpgradeResourceStateRequest, rpc.UpgradeResourceStateResponse),
  GetResourceIdentitySchemas: method(P + 'GetResourceIdentitySchemas', E, rpc.GetResourceIdentitySchemasResponse),
  ConfigureProvider: method(P + 'ConfigureProvider', rpc.ConfigureProviderRequest, rpc.DiagnosticsOnlyResponse),
  ReadResource: method(P + 'ReadResource', rpc.ReadResourceRequest, rpc.ReadResourceResponse),
  PlanResourceChange: method(P + 'PlanResourceChange', rpc.PlanResourceChangeRequest, rpc.PlanResourceChangeResponse),
  ApplyResourceChange: method(P + 'ApplyResourceChange', rpc.ApplyResourceChangeRequest, rpc.ApplyResourceChangeResponse),
  ImportResourceState: method(P + 'ImportResourceState', rpc.ImportResourceStateRequest, rpc.ImportResourceStateResponse),
  MoveResourceState: method(P + 'MoveResourceState', rpc.MoveResourceStateRequest, rpc.MoveResourceStateResponse),
  ReadDataSource: method(P + 'ReadDataSource', rpc.ReadDataSourceRequest, rpc.ReadDataSourceResponse),
  GetFunctions: method(P + 'GetFunctions', E, rpc.GetFunctionsResponse),
  CallFunction: method(P + 'CallFunction', rpc.CallFunctionRequest, rpc.CallFunctionResponse),
  StopProvider: method(P + 'StopProvider', E, rpc.StopProviderResponse),
};

export const controllerService = { Shutdown: method('/plugin.GRPCController/Shutdown', E, E) };
export const stdioService = { StreamStdio: method('/plugin.GRPCStdio/StreamStdio', E, rpc.StdioData, false, true) };
export const brokerService = { StartStream: method('/plugin.GRPCBroker/StartStream', rpc.ConnInfo, rpc.ConnInfo, true, true) };
export const healthService = {
  Check: method('/grpc.health.v1.Health/Check', rpc.HealthCheckRequest, rpc.HealthCheckResponse),
};

/** Registers every service on `server`. `onShutdown` runs once Shutdown's reply has been sent. */
export function addPluginServices(server: GrpcServer, dispatcher: ProviderDispatcher<any>, onShutdown: () => void): void {
  const d = dispatcher;
  const p = providerService;
  server.unary(p.GetMetadata, () => d.getMetadata());
  server.unary(p.GetProviderSchema, () => d.getProviderSchema());
  server.unary(p.ValidateProviderConfig, (r) => d.validateProviderConfig(r));
  server.unary(p.ValidateResourceConfig, (r) => d.validateResourceConfig(r));
  server.unary(p.ValidateDataResourceConfig, (r) => d.validateDataResourceConfig(r));
  server.unary(p.UpgradeResourceState, (r) => d.upgradeResourceState(r));
  server.unary(p.GetResourceIdentitySchemas, () => ({ identitySchemas: {}, diagnostics: [] }));
  server.unary(p.ConfigureProvider, (r) => d.configureProvider(r));
  server.unary(p.ReadResource, (r) => d.readResource(r));
  server.unary(p.PlanResourceChange, (r) => d.planResourceChange(r));
  server.unary(p.ApplyResourceChange, (r) => d.applyResourceChange(r));
  server.unary(p.ImportResourceState, (r) => d.importResourceState(r));
  server.unary(p.MoveResourceState, (r) => d.moveResourceState(r));
  server.unary(p.ReadDataSource, (r) => d.readDataSource(r));
  server.unary(p.GetFunctions, () => ({ functions: {}, diagnostics: [] }));
  server.unary(p.CallFunction, (r) => d.callFunction(r));
  server.unary(p.StopProvider, () => d.stop());
  server.unary(controllerService.Shutdown, () => ({}), onShutdown);
  // go-plugin opens both streams at start and only needs them to stay open: we send no stdio (our
  // logs go straight to stderr) and broker no extra connections.
  server.open(stdioService.StreamStdio as MethodDefinition<unknown, unknown>);
  server.open(brokerService.StartStream as MethodDefinition<unknown, unknown>);
  server.unary(healthService.Check, () => ({ status: 1 /* SERVING */ }));
}
