// `import … from "cdk-workspaces/client"`: the CommonJS client, as named ES module exports (and
// as the default export, the whole module, as Node gives any CommonJS module).
export * from './client.js';
export { default } from './client.js';
