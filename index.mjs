// `import … from "cdk-workspaces"`: the CommonJS package root, as named ES module exports.
export * from './dist/src/index.js';
