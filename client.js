'use strict';
// `cdk-workspaces/client`: the API client alone. It loads neither the constructs nor a CDK engine,
// so scripts that only call the service need nothing but this package.
module.exports = require('./dist/src/client');
