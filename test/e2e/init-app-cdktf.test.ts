// A new user's app made by `cdkws init --engine cdktf`, driven with the engine's CLI and cdkws (init-app.ts).
import { describeInitApp } from './init-app';

describeInitApp('cdktf');
