// `import … from "cdk-workspaces/client"`: the CommonJS client, as named ES module exports.
export * from './client.js';
