import { reattachValue, reattachWanted } from './provider-process';

describe('handing Terraform one provider process', () => {
  it('is on by default, off with CDKWS_PROVIDER_REATTACH=0, and off when TF_LOG asks for the provider log', () => {
    expect(reattachWanted({})).toBe(true);
    expect(reattachWanted({ CDKWS_PROVIDER_REATTACH: '1' })).toBe(true);
    expect(reattachWanted({ CDKWS_PROVIDER_REATTACH: '0' })).toBe(false);
    expect(reattachWanted({ TF_LOG: 'trace' })).toBe(false);
  });

  it('tells Terraform to reattach over plain gRPC and never to stop the process itself', () => {
    expect(JSON.parse(reattachValue(42, '/tmp/x/plugin42'))).toEqual({
      'registry.terraform.io/cdk-workspaces/cdkws': {
        Protocol: 'grpc',
        ProtocolVersion: 6,
        Pid: 42,
        Test: true,
        Addr: { Network: 'unix', String: '/tmp/x/plugin42' },
      },
    });
  });
});
