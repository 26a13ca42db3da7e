#!/usr/bin/env node
'use strict';
// `npm run generate` (last step): adds today's new optional members to the public API's baselines
// (constructs/public-api.baseline.json, src/provider/schema-shape.baseline.json). It never drops or
// changes a pinned member: a removal, a changed type or a new required member stops it with the
// same explanation the tests give (scripts/public-api.js).
//
//   node scripts/generate-api-baselines.js    the provider from dist/ (npm run build first)
const fs = require('node:fs');
const path = require('node:path');
const api = require('./public-api');

const ROOT = path.resolve(__dirname, '..');

function loadProvider() {
  const dist = path.join(ROOT, 'dist', 'src', 'provider', 'index.js');
  if (!fs.existsSync(dist)) throw new Error('dist/src/provider is missing: run "npm run build" first');
  return require(dist).buildProvider();
}

function update(file, current, rules) {
  const { problems, unpinned, merged } = api.compare(api.readBaseline(file), current, rules);
  if (problems.length > 0) throw new Error(api.explain(problems, file));
  fs.writeFileSync(path.join(ROOT, file), api.baselineText(merged));
  return `${file}: ${unpinned.length} new member(s) pinned${unpinned.length ? ` (${unpinned.join(', ')})` : ''}`;
}

function main() {
  if (process.argv.length > 2) throw new Error(`unknown option ${process.argv[2]} (usage: generate-api-baselines.js)`);
  const lines = [
    update(api.CONSTRUCTS_BASELINE, api.constructsApi(), api.CONSTRUCT_RULES),
    update(api.SCHEMA_BASELINE, api.providerShape(loadProvider()), api.SCHEMA_RULES),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`generate-api-baselines: ${error && error.message ? error.message : error}\n`);
    process.exitCode = 1;
  }
}
