// `import … from "cdk-workspaces"`: the CommonJS package root, as named ES module exports (and as
// the default export, the whole module, as Node gives any CommonJS module).
export * from './dist/src/index.js';
export { default } from './dist/src/index.js';
