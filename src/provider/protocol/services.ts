// gRPC service definitions built by hand (no .proto loading): tfplugin6.Provider, go-plugin's
// GRPCController / GRPCStdio / GRPCBroker, and the health service go-plugin pings. The definitions
// carry both directions' serializers, so tests can build clients from them too.
import type * as grpc from '@grpc/grpc-js';
import type { ProviderDispatcher } from './dispatch';
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
): grpc.MethodDefinition<Req, Res> {
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

/** Adapts an async function to grpc-js's unary handler; a rejected promise becomes INTERNAL. */
function unary<Req, Res>(fn: (req: Req) => Res | Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => fn(call.request))
      .then(
        (res) => callback(null, res),
        (err: unknown) => callback({ code: 13, details: err instanceof Error ? err.message : String(err) }),
      );
  };
}

/** Registers every service on `server`. `onShutdown` runs after Shutdown's reply is sent. */
export function addPluginServices(server: grpc.Server, dispatcher: ProviderDispatcher<any>, onShutdown: () => void): void {
  const d = dispatcher;
  server.addService(providerService, {
    GetMetadata: unary(() => d.getMetadata()),
    GetProviderSchema: unary(() => d.getProviderSchema()),
    ValidateProviderConfig: unary((r: rpc.ValidateProviderConfigRequest) => d.validateProviderConfig(r)),
    ValidateResourceConfig: unary((r: rpc.ValidateResourceConfigRequest) => d.validateResourceConfig(r)),
    ValidateDataResourceConfig: unary((r: rpc.ValidateResourceConfigRequest) => d.validateDataResourceConfig(r)),
    UpgradeResourceState: unary((r: rpc.UpgradeResourceStateRequest) => d.upgradeResourceState(r)),
    GetResourceIdentitySchemas: unary(() => ({ identitySchemas: {}, diagnostics: [] })),
    ConfigureProvider: unary((r: rpc.ConfigureProviderRequest) => d.configureProvider(r)),
    ReadResource: unary((r: rpc.ReadResourceRequest) => d.readResource(r)),
    PlanResourceChange: unary((r: rpc.PlanResourceChangeRequest) => d.planResourceChange(r)),
    ApplyResourceChange: unary((r: rpc.ApplyResourceChangeRequest) => d.applyResourceChange(r)),
    ImportResourceState: unary((r: rpc.ImportResourceStateRequest) => d.importResourceState(r)),
    MoveResourceState: unary((r: rpc.MoveResourceStateRequest) => d.moveResourceState(r)),
    ReadDataSource: unary((r: rpc.ReadDataSourceRequest) => d.readDataSource(r)),
    GetFunctions: unary(() => ({ functions: {}, diagnostics: [] })),
    CallFunction: unary((r: rpc.CallFunctionRequest) => d.callFunction(r)),
    StopProvider: unary(() => d.stop()),
  });
  server.addService(controllerService, {
    Shutdown: (_call: unknown, callback: grpc.sendUnaryData<rpc.Empty>) => {
      callback(null, {});
      onShutdown();
    },
  });
  // go-plugin opens both streams at start and only needs them to stay open: we send no stdio (our
  // logs go straight to stderr) and broker no extra connections.
  server.addService(stdioService, { StreamStdio: () => undefined });
  server.addService(brokerService, {
    StartStream: (call: grpc.ServerDuplexStream<rpc.ConnInfo, rpc.ConnInfo>) => {
      call.on('data', () => undefined);
      call.on('end', () => call.end());
      call.on('error', () => undefined);
    },
  });
  server.addService(healthService, { Check: unary(() => ({ status: 1 /* SERVING */ })) });
}
