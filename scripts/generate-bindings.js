#!/usr/bin/env node
'use strict';
// `npm run generate`: typed L1 bindings for the provider, generated from the provider's own schema
// (`cdkws provider schema`) with @cdktf/provider-generator, into constructs/gen/providers/cdkws.
// The output must be byte-for-byte reproducible: constructs/bindings.test.ts regenerates and compares.
//
//   node scripts/generate-bindings.js [--schema FILE] [--out DIR]
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_OUT = path.join(ROOT, 'constructs', 'gen');
/** The generated tree under the output folder; everything else there is left alone. */
const PROVIDER_FOLDER = path.join('providers', 'cdkws');

/**
 * The generator's package root resolves jsii-pacmak (not its dependency), and @cdktf/commons runs
 * `terraform version` when loaded: load only the generator module, with Terraform kept offline.
 */
function loadGenerator() {
  const saved = { CHECKPOINT_DISABLE: process.env.CHECKPOINT_DISABLE, TF_CLI_CONFIG_FILE: process.env.TF_CLI_CONFIG_FILE };
  process.env.CHECKPOINT_DISABLE = '1';
  // An empty CLI configuration of our own: a user's file (or a missing one) only adds warnings.
  const empty = path.join(os.tmpdir(), 'cdkws-generate.tfrc');
  if (!fs.existsSync(empty)) fs.writeFileSync(empty, '');
  process.env.TF_CLI_CONFIG_FILE = empty;
  try {
    const { TerraformProviderGenerator } = require('@cdktf/provider-generator/lib/get/generator/provider-generator');
    const { CodeMaker } = require('codemaker');
    const { ConstructsMakerProviderTarget, TerraformProviderConstraint, LANGUAGES } = require('@cdktf/commons');
    return { TerraformProviderGenerator, CodeMaker, ConstructsMakerProviderTarget, TerraformProviderConstraint, LANGUAGES };
  } finally {
    // The version check has been spawned by now; the caller's environment is left as it was.
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Object keys sorted at every depth, so the schema's key order never changes the output. */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys(value[key])]),
    );
  }
  return value;
}

/** The schema JSON as the built CLI prints it. */
function readSchemaFromCli() {
  const cli = path.join(ROOT, 'bin', 'cdkws.js');
  const out = execFileSync(process.execPath, [cli, 'provider', 'schema'], {
    cwd: ROOT,
    env: { ...process.env, CHECKPOINT_DISABLE: '1', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8'));
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else files.push(full);
  }
  return files.sort();
}

/**
 * Members the generator emits without `override` although they override cdktf's base classes; our
 * tsconfig has `noImplicitOverride`, so they are marked here rather than loosening the project.
 */
const OVERRIDES = /^( {2}(?:public|protected) )((?:get |set )?(?:synthesizeAttributes|synthesizeHclAttributes|alias)\()/;
/** A list of objects (`ComplexList`) redeclares its base class's constructor parameters as properties. */
const LIST_PARAMETERS = /protected (terraformResource|terraformAttribute|wrapsSet):/g;

/**
 * The bindings import the engine through constructs/engine.ts, which binds to cdktf or cdktn,
 * whichever the app has (the generator writes `from 'cdktf'`).
 */
const ENGINE_IMPORT = /^import \* as cdktf from 'cdktf';$/;
const ENGINE_MODULE = "import * as cdktf from '../../../../engine';";

/** One text form for every file: LF line ends, no trailing blanks, one final newline. */
function normalize(text) {
  const lines = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+$/, '')
        .replace(OVERRIDES, '$1override $2')
        .replace(/^ {2}constructor\(protected terraformResource.*$/, (line) => line.replace(LIST_PARAMETERS, 'protected override $1:'))
        .replace(ENGINE_IMPORT, ENGINE_MODULE),
    );
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** Generates the bindings for `schema` into `outDir` (replacing `outDir/providers/cdkws`). */
async function generateBindings(schema, outDir = DEFAULT_OUT) {
  const g = loadGenerator();
  const sorted = sortKeys(schema);
  const fqpns = Object.keys(sorted.provider_schemas || {});
  if (fqpns.length !== 1) throw new Error(`expected the schema of one provider, found ${fqpns.length}`);
  // provider_versions is left out on purpose: the bindings then do not change with every release.
  delete sorted.provider_versions;
  const code = new g.CodeMaker();
  const generator = new g.TerraformProviderGenerator(code, sorted);
  generator.generate(new g.ConstructsMakerProviderTarget(new g.TerraformProviderConstraint(fqpns[0]), g.LANGUAGES[0]));
  const target = path.join(outDir, PROVIDER_FOLDER);
  fs.rmSync(target, { recursive: true, force: true });
  await generator.save(outDir);
  for (const file of listFiles(target)) fs.writeFileSync(file, normalize(fs.readFileSync(file, 'utf8')));
  return listFiles(target).map((file) => path.relative(outDir, file));
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--schema') options.schema = argv[++i];
    else if (argv[i] === '--out') options.out = argv[++i];
    else throw new Error(`unknown option ${argv[i]} (usage: generate-bindings.js [--schema FILE] [--out DIR])`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const schema = options.schema ? JSON.parse(fs.readFileSync(options.schema, 'utf8')) : readSchemaFromCli();
  const out = path.resolve(options.out ?? DEFAULT_OUT);
  const files = await generateBindings(schema, out);
  process.stdout.write(`generated ${files.length} files in ${path.relative(process.cwd(), path.join(out, PROVIDER_FOLDER)) || '.'}\n`);
}

module.exports = { generateBindings, readSchemaFromCli, listFiles, DEFAULT_OUT, PROVIDER_FOLDER };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`generate-bindings: ${error && error.message ? error.message : error}\n`);
    process.exitCode = 1;
  });
}
