#!/usr/bin/env node
'use strict';
// `npm run generate` (and alone, without a build: `npm run generate:api`): what comes from the
// endpoint table (src/contract/endpoints.ts):
// - docs/openapi.json: the OpenAPI 3.1 document the service also serves at GET /api/v2/openapi.json;
// - docs/api.md: the API reference.
// src/contract/endpoints.test.ts fails while either committed file differs from the table.
const fs = require('node:fs');
const path = require('node:path');

require('./ts-register');
const { apiReferenceMarkdown, openApiDocument } = require('../src/contract');

const ROOT = path.resolve(__dirname, '..');
fs.writeFileSync(path.join(ROOT, 'docs', 'openapi.json'), `${JSON.stringify(openApiDocument(), null, 2)}\n`);
fs.writeFileSync(path.join(ROOT, 'docs', 'api.md'), apiReferenceMarkdown());
process.stdout.write('wrote docs/openapi.json and docs/api.md\n');
