'use strict';
// Runs TypeScript cdktf apps inside this repository without ts-node: `node --require
// scripts/ts-register.js main.ts`. Each .ts file is transpiled on load (no type check here:
// test/e2e/package.test.ts type-checks a copy of examples/platform), and `cdk-workspaces` resolves to this
// package, as it would from node_modules in a user's project. Users of the published package use
// ts-node or tsx instead.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = 'cdk-workspaces';

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolve(request, parent, ...rest) {
  try {
    return resolveFilename.call(this, request, parent, ...rest);
  } catch (error) {
    // Only when the package is not installed where the app lives: then this checkout is the package.
    if (request === PACKAGE) return resolveFilename.call(this, ROOT, parent, ...rest);
    throw error;
  }
};

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  inlineSourceMap: true,
};

require.extensions['.ts'] = function load(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
