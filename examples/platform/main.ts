// The platform team's workspaces, as a cdktf app: three teams, their workspaces, key-value tags,
// who may read whose state, and a change request for the production workspaces.
//
//   cdkws diff --markdown plan.md     # what a pull request would change
//   cdkws deploy --auto-approve       # what the main branch pipeline runs
//
// The provider finds the service and token in CDKWS_ADDRESS and CDKWS_TOKEN when Terraform runs;
// neither is part of this code or of its synthesized output.
import { App } from 'cdktf';
import { ChangeRequest, RemoteStateConsumers, TagBinding, Workspace, WorkspacesStack } from 'cdk-workspaces';

const app = new App();
const stack = new WorkspacesStack(app, 'platform', { organization: 'acme' });

// Networking: production is linked to its repository and applies automatically.
const networkingProd = new Workspace(stack, 'networking-prod', {
  name: 'networking-prod',
  description: 'VPCs, subnets and DNS for production',
  executionMode: 'remote',
  autoApply: true,
  tagNames: ['prod', 'networking'],
  tags: { team: 'networking', env: 'prod' },
  vcsRepo: { identifier: 'acme/networking', oauthTokenId: 'ot-github', branch: 'main' },
  workingDirectory: 'envs/prod',
  triggerPrefixes: ['modules/'],
});
const networkingStaging = new Workspace(stack, 'networking-staging', {
  name: 'networking-staging',
  description: 'VPCs, subnets and DNS for staging',
  executionMode: 'remote',
  tagNames: ['staging', 'networking'],
  tags: { team: 'networking', env: 'staging' },
  autoDestroyActivityDuration: '14d',
});
// Cost allocation is owned by finance, next to the team's own tags.
new TagBinding(stack, 'networking-prod-cost-center', { workspace: networkingProd, key: 'cost-center', value: '42' });

// Payments: the API reads the networking outputs.
const paymentsProd = new Workspace(stack, 'payments-api-prod', {
  name: 'payments-api-prod',
  description: 'Payments API, production',
  executionMode: 'remote',
  tagNames: ['prod', 'payments'],
  tags: { team: 'payments', env: 'prod', 'data-class': 'pci' },
  speculativeEnabled: true,
});
const paymentsStaging = new Workspace(stack, 'payments-api-staging', {
  name: 'payments-api-staging',
  description: 'Payments API, staging',
  executionMode: 'local',
  tagNames: ['staging', 'payments'],
  tags: { team: 'payments', env: 'staging' },
});

// Data: runs on the team's own agents and may be force deleted (it holds scratch state only).
const dataWarehouse = new Workspace(stack, 'data-warehouse', {
  name: 'data-warehouse',
  description: 'Warehouse loaders, run on the data team agents',
  executionMode: 'agent',
  agentPoolId: 'apool-main',
  tagNames: ['prod', 'data'],
  tags: { team: 'data', env: 'prod' },
  forceDelete: true,
});

// Only these workspaces may read the production network's state.
new RemoteStateConsumers(stack, 'networking-prod-readers', {
  workspace: networkingProd,
  consumers: [paymentsProd, dataWarehouse],
});
new RemoteStateConsumers(stack, 'networking-staging-readers', {
  workspace: networkingStaging,
  consumers: [paymentsStaging],
});

new ChangeRequest(stack, 'engine-upgrade', {
  workspaces: [networkingProd, paymentsProd, dataWarehouse],
  subject: 'Upgrade the engine to 1.11',
  message: 'Production workspaces move to engine **1.11** this quarter. See the platform runbook.',
});

app.synth();
