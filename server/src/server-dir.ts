import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (server/). This file sits directly in server/src and the compiled
 * bundle directly in server/dist, so one level up is server/ both under tsx and in the bundle.
 * Files deeper in src must not compute paths from their own location: bundled, they are all
 * dist/main.js.
 */
export const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
