'use strict';
// The public API's committed baselines and the one rule they enforce: members may be added (when
// optional), never removed or changed. Two surfaces are pinned:
// - the constructs' exported interfaces and type aliases (constructs/public-api.baseline.json),
//   read from the sources with the TypeScript checker;
// - the provider's schema shape (src/provider/schema-shape.baseline.json): names, types,
//   required/optional/computed/sensitive, nesting and replacement, descriptions left out.
// `npm run generate` adds new optional members to the baselines and never drops or changes one, so
// a new attribute row needs no hand edit while a removal or a changed type still fails
// (constructs/public-api.test.ts, src/provider/schema-shape.test.ts).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const COMMAND = 'npm run generate';
const CONSTRUCTS_BASELINE = path.join('constructs', 'public-api.baseline.json');
const SCHEMA_BASELINE = path.join('src', 'provider', 'schema-shape.baseline.json');

// ---- the provider's schema shape ------------------------------------------------------------

/** A type with object members in name order: Terraform's object types have no member order. */
function canonicalType(type) {
  if (typeof type === 'string') return type;
  if (type[0] === 'object')
    return [
      'object',
      Object.fromEntries(
        Object.keys(type[1])
          .sort()
          .map((k) => [k, canonicalType(type[1][k])]),
      ),
    ];
  if (type[0] === 'tuple') return ['tuple', type[1].map(canonicalType)];
  return [type[0], canonicalType(type[1])];
}

const byName = (record) => Object.keys(record ?? {}).sort();

/** A block as pinned: each attribute as one line of text, each nested block with its nesting. */
function blockShape(block) {
  const attributes = {};
  for (const name of byName(block.attributes)) {
    const a = block.attributes[name];
    const flags = [a.required && 'required', a.optional && 'optional', a.computed && 'computed', a.sensitive && 'sensitive', a.requiresReplace && 'replace'];
    attributes[name] = [JSON.stringify(canonicalType(a.type)), ...flags.filter(Boolean)].join(' ');
  }
  const blocks = {};
  for (const name of byName(block.blocks)) {
    const b = block.blocks[name];
    blocks[name] = { nesting: b.nesting, min: b.minItems ?? 0, max: b.maxItems ?? 0, replace: Boolean(b.requiresReplace), block: blockShape(b.block) };
  }
  return { attributes, blocks };
}

/** The shape of a provider built by `buildProvider()`: provider block, resources, data sources. */
function providerShape(provider) {
  const shapes = (members) => Object.fromEntries(byName(members).map((name) => [name, blockShape(members[name].schema)]));
  return { provider: { provider: blockShape(provider.schema) }, resources: shapes(provider.resources), dataSources: shapes(provider.dataSources) };
}

// ---- the constructs' exported types ---------------------------------------------------------

/**
 * Every exported interface and type alias of `entry` (classes and namespaces are left out): each
 * member as "[readonly ]optional|required TYPE", a type without members as its text under "(type)".
 * Internal members (`_…`) and members inherited from other packages (constructs' IConstruct) are
 * left out: the first are not API, the second change with the user's version of those packages.
 */
function constructsApi(entry = path.join(ROOT, 'constructs', 'index.ts')) {
  const ts = require('typescript');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram({ rootNames: [entry], options: { ...config.options, noEmit: true, incremental: false } });
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
  const text = (type) => checker.typeToString(type, undefined, flags);
  const api = {};
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)));
  for (const exported of exports.sort((a, b) => a.name.localeCompare(b.name))) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) || symbol.flags & ts.SymbolFlags.Class) continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const isObject =
      symbol.flags & ts.SymbolFlags.Interface || (type.flags & ts.TypeFlags.Object && checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0);
    const properties = isObject ? checker.getPropertiesOfType(type) : [];
    const members = {};
    if (properties.length === 0) members['(type)'] = `required ${text(type)}`;
    for (const property of [...properties].sort((a, b) => a.name.localeCompare(b.name))) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (property.name.startsWith('_') || (declaration && declaration.getSourceFile().fileName.includes('/node_modules/'))) continue;
      // The declared type: an optional member's type would otherwise gain `| undefined`.
      const declared = declaration && declaration.type ? checker.getTypeFromTypeNode(declaration.type) : checker.getTypeOfSymbol(property);
      const isReadonly = declaration ? ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly : 0;
      const isMethod = declaration && ts.isMethodSignature(declaration);
      const kind = property.flags & ts.SymbolFlags.Optional ? 'optional' : 'required';
      members[property.name] = `${isReadonly ? 'readonly ' : ''}${kind} ${isMethod ? text(checker.getTypeOfSymbol(property)) : text(declared)}`;
    }
    api[exported.name] = members;
  }
  return api;
}

// ---- comparing a baseline with today's API ---------------------------------------------------

/**
 * Walks `baseline` against `current`: every pinned member must still exist unchanged; a new member
 * must not be required. Returns the problems and the baseline with today's new optional members added.
 */
function compare(baseline, current, { isLeaf, isRequired, label }) {
  const problems = [];
  const unpinned = [];
  const walk = (base, now, where) => {
    const merged = {};
    for (const key of Object.keys(base)) {
      const at = [...where, key];
      if (!(key in now)) {
        problems.push({ kind: 'removed', where: label(at) });
        merged[key] = base[key];
      } else if (isLeaf(base[key], at) || isLeaf(now[key], at)) {
        if (JSON.stringify(base[key]) !== JSON.stringify(now[key]))
          problems.push({ kind: 'changed', where: label(at), was: JSON.stringify(base[key]), now: JSON.stringify(now[key]) });
        merged[key] = base[key];
      } else {
        merged[key] = walk(base[key], now[key], at);
      }
    }
    for (const key of Object.keys(now)) {
      if (key in base) continue;
      const at = [...where, key];
      if (isRequired(now[key], at)) problems.push({ kind: 'new-required', where: label(at), now: JSON.stringify(now[key]) });
      else {
        unpinned.push(label(at));
        merged[key] = now[key];
      }
    }
    return merged;
  };
  const merged = walk(baseline, current, []);
  return { problems, unpinned, merged: sortKeys(merged) };
}

function sortKeys(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/** Construct API: type → member → text. A new type is new API, a new member must be optional. */
const CONSTRUCT_RULES = {
  isLeaf: (value, at) => at.length === 2,
  isRequired: (value, at) => at.length === 2 && /^(readonly )?required /.test(value),
  label: (at) => at.join('.'),
};

/**
 * Schema shape: kind → name → block → attributes|blocks → … A new resource may have required
 * attributes; a new attribute of an existing block may not, nor may a new block with min > 0.
 */
const SCHEMA_RULES = {
  isLeaf: (value) => typeof value !== 'object',
  isRequired: (value, at) => {
    if (at.length <= 2) return false;
    const parent = at[at.length - 2];
    if (parent === 'attributes') return /\brequired\b/.test(value);
    if (parent === 'blocks') return value.min > 0;
    return false;
  },
  label: (at) => {
    const [kind, name, ...rest] = at;
    const inner = rest.filter((part) => !['attributes', 'blocks', 'block'].includes(part));
    return `${kind} ${name}${inner.length ? ` ${inner.join('.')}` : ''}`;
  },
};

/** The failure text for `problems` against `file`, with the fix for each kind. */
function explain(problems, file) {
  const lines = problems.map((p) => {
    if (p.kind === 'removed') return `- ${p.where} was removed`;
    if (p.kind === 'changed') return `- ${p.where} changed: pinned ${p.was}, now ${p.now}`;
    return `- ${p.where} is new and required (${p.now})`;
  });
  const fixes = [];
  if (problems.some((p) => p.kind === 'new-required'))
    fixes.push(
      'A new member must be optional: users who upgrade do not set it yet. Make it optional (for an attribute row: no `required: true`; give it a default if it needs one), then run "npm run generate".',
    );
  if (problems.some((p) => p.kind !== 'new-required'))
    fixes.push(
      `A removed or changed member breaks users' code. Restore it; if the break is intended (a major release), edit its line in ${file} by hand and say so in CHANGELOG.md.`,
    );
  return [`The public API pinned in ${file} changed incompatibly:`, ...lines, '', ...fixes].join('\n');
}

/** The failure text when the baseline lacks today's new optional members. */
const staleText = (file, unpinned) =>
  `${file} is stale: new optional members are not pinned yet (${unpinned.join(', ')}): run "${COMMAND}" and commit the result`;

const readBaseline = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const baselineText = (value) => `${JSON.stringify(sortKeys(value), null, 2)}\n`;

module.exports = {
  COMMAND,
  CONSTRUCTS_BASELINE,
  SCHEMA_BASELINE,
  CONSTRUCT_RULES,
  SCHEMA_RULES,
  blockShape,
  providerShape,
  constructsApi,
  compare,
  explain,
  staleText,
  readBaseline,
  baselineText,
};
