// Executable entry of the fake provider (bundled by build.ts into a filesystem mirror).
import { serveProvider } from '../server';
import { fakeProvider } from './fake-provider';

void serveProvider(fakeProvider);
