// Guarded loading of the modules other helpers own (rest, realtime, sso, seed): a module that is not
// there yet is reported as null instead of breaking the build; an existing module that fails to load throws.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export async function optionalModule<T>(relativeToServer: string): Promise<T | null> {
  const url = new URL(relativeToServer, import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  return (await import(/* @vite-ignore */ url.href)) as T;
}
