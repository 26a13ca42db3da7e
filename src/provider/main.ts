// The provider executable's entry (bundled into the filesystem mirror by scripts/bundle-provider.js).
import { serveProvider } from './protocol/server';
import { buildProvider } from './provider';

void serveProvider(buildProvider());
