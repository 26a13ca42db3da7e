#!/usr/bin/env node
'use strict';
// The CLI runs from the compiled output; `npm ci` builds it through the `prepare` script.
require('../dist/src/cli/main.js')
  .main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`cdkws: ${err && err.message ? err.message : err}\n`);
      process.exitCode = 1;
    },
  );
