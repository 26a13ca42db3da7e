#!/usr/bin/env node
'use strict';
// Compares the hosted service's OpenAPI document with ours (docs/openapi.json) for every path and
// method both serve: query parameter names, and the attribute names, types and enums of request
// and answer documents (`data.attributes`, or `data[].attributes` for lists). Prints one line per
// difference and a count; the hosted document is not part of this repository: give its path
// (docs/compatibility.md "Comparing with the hosted OpenAPI document").
//
// usage: node scripts/compare-openapi.js HOSTED_SPEC_JSON [OUR_SPEC_JSON]
const fs = require('node:fs');
const path = require('node:path');

/** A path as both documents can be matched on: no /api/v2 prefix, parameters unnamed. */
function normalizePath(p) {
  return p.replace(/^\/api\/v2(?=\/)/, '').replace(/\{[^}]+\}/g, '{}');
}

/** The schema a `$ref` names (local references only), followed until it is not a reference. */
function resolve(doc, schema, seen = new Set()) {
  let current = schema;
  while (current && typeof current.$ref === 'string') {
    if (seen.has(current.$ref) || !current.$ref.startsWith('#/')) return {};
    seen.add(current.$ref);
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node, key) => (node ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return current ?? {};
}

/** The properties a schema allows, merged over allOf, oneOf and anyOf. */
function propertiesOf(doc, schema, depth = 0) {
  const resolved = resolve(doc, schema);
  const out = { ...(resolved.properties ?? {}) };
  if (depth > 8) return out;
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const part of resolved[key] ?? []) Object.assign(out, propertiesOf(doc, part, depth + 1));
  }
  return out;
}

/** What is compared of one attribute: its types (null counted as a type) and its enum. */
function shapeOf(doc, schema) {
  const resolved = resolve(doc, schema);
  const types = new Set();
  const enums = new Set();
  const visit = (s, depth) => {
    const r = resolve(doc, s);
    if (depth > 8) return;
    for (const t of [r.type].flat()) if (typeof t === 'string') types.add(t);
    if (r.nullable === true) types.add('null');
    for (const value of r.enum ?? []) enums.add(value === null ? 'null' : String(value));
    if (r.const !== undefined) enums.add(String(r.const));
    for (const key of ['allOf', 'oneOf', 'anyOf']) for (const part of r[key] ?? []) visit(part, depth + 1);
  };
  visit(resolved, 0);
  // An enum that includes null says null is allowed; that is a type, not a value.
  if (enums.delete('null')) types.add('null');
  // "integer" is a "number" on the wire: only the service's own document may say which.
  if (types.has('integer')) {
    types.delete('integer');
    types.add('number');
  }
  return { types: [...types].sort(), enum: [...enums].sort() };
}

/** The attributes of a JSON:API document schema: `data.attributes`, or those of `data`'s items. */
function attributesOf(doc, schema) {
  const data = propertiesOf(doc, schema).data;
  if (!data) return null;
  let resource = resolve(doc, data);
  if (resource.type === 'array' || resource.items) resource = resolve(doc, resource.items ?? {});
  const attributes = propertiesOf(doc, resource).attributes;
  if (!attributes) return null;
  const out = {};
  for (const [name, property] of Object.entries(propertiesOf(doc, attributes))) out[name] = shapeOf(doc, property);
  return out;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function jsonSchemaOf(content) {
  if (!content) return undefined;
  const entry = content['application/vnd.api+json'] ?? content['application/json'] ?? Object.values(content)[0];
  return entry?.schema;
}

/** The operations of a document by `METHOD /normalized/path`. */
function operationsOf(doc) {
  const out = new Map();
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolve(doc, parameter));
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      out.set(`${method.toUpperCase()} ${normalizePath(p)}`, {
        query: new Set(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)),
        request: jsonSchemaOf(resolve(doc, operation.requestBody ?? {}).content),
        answer: success ? jsonSchemaOf(resolve(doc, success[1]).content) : undefined,
      });
    }
  }
  return out;
}

function compareAttributes(where, hostedDoc, hostedSchema, ourDoc, ourSchema, lines) {
  const hosted = hostedSchema ? attributesOf(hostedDoc, hostedSchema) : null;
  const ours = ourSchema ? attributesOf(ourDoc, ourSchema) : null;
  if (!hosted || !ours) return;
  for (const name of Object.keys(hosted).sort()) {
    if (!(name in ours)) {
      lines.push(`${where}: attribute "${name}" only in the hosted document`);
      continue;
    }
    const [h, o] = [hosted[name], ours[name]];
    // Types are compared where both documents name some (ours leaves free-form members untyped).
    if (h.types.length && o.types.length && h.types.join() !== o.types.join()) {
      lines.push(`${where}: attribute "${name}" is ${h.types.join('|')} there, ${o.types.join('|')} here`);
    }
    if (h.enum.length && o.enum.length && h.enum.join() !== o.enum.join()) {
      const missing = h.enum.filter((value) => !o.enum.includes(value));
      const extra = o.enum.filter((value) => !h.enum.includes(value));
      lines.push(
        `${where}: attribute "${name}" values${missing.length ? ` missing here: ${missing.join(', ')}` : ''}${extra.length ? ` extra here: ${extra.join(', ')}` : ''}`,
      );
    }
  }
  for (const name of Object.keys(ours).sort()) if (!(name in hosted)) lines.push(`${where}: attribute "${name}" only in ours`);
}

/** The differences between the two documents, one line each, and how many operations both have. */
function compare(hostedDoc, ourDoc) {
  const hosted = operationsOf(hostedDoc);
  const ours = operationsOf(ourDoc);
  const lines = [];
  const common = [...hosted.keys()].filter((key) => ours.has(key)).sort();
  for (const key of common) {
    const [h, o] = [hosted.get(key), ours.get(key)];
    for (const name of [...h.query].sort()) if (!o.query.has(name)) lines.push(`${key}: query parameter "${name}" only in the hosted document`);
    for (const name of [...o.query].sort()) if (!h.query.has(name)) lines.push(`${key}: query parameter "${name}" only in ours`);
    compareAttributes(`${key} request`, hostedDoc, h.request, ourDoc, o.request, lines);
    compareAttributes(`${key} answer`, hostedDoc, h.answer, ourDoc, o.answer, lines);
  }
  const onlyOurs = [...ours.keys()].filter((key) => !hosted.has(key)).sort();
  return { common, onlyOurs, lines };
}

function main(argv) {
  if (argv.length < 1 || argv.length > 2) {
    process.stderr.write('usage: node scripts/compare-openapi.js HOSTED_SPEC_JSON [OUR_SPEC_JSON]\n');
    return 2;
  }
  const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const hostedDoc = read(argv[0]);
  const ourDoc = read(argv[1] ?? path.join(__dirname, '..', 'docs', 'openapi.json'));
  const { common, onlyOurs, lines } = compare(hostedDoc, ourDoc);
  for (const line of lines) process.stdout.write(`${line}\n`);
  process.stdout.write(`${common.length} operations in both documents, ${lines.length} differences`);
  process.stdout.write(onlyOurs.length ? `; only in ours: ${onlyOurs.join(', ')}\n` : '\n');
  return 0;
}

module.exports = { compare, normalizePath, attributesOf };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
