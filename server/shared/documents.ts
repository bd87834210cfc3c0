import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A bundled OpenAPI document, as much of it as the server and the mock read by name. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * The bundled documents in generated/, found from this module whether it runs
 * from source (server/) or compiled (dist/server/).
 */
export function generatedPath(relative: string): string {
  for (const up of ['../../generated/', '../../../generated/']) {
    const candidate = fileURLToPath(new URL(up + relative, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`generated/${relative} not found: run \`npm run build\` first.`);
}

export const loadDocument = (api: 'team' | 'management'): OpenApiDocument =>
  JSON.parse(readFileSync(generatedPath(`${api}/openapi.json`), 'utf8')) as OpenApiDocument;
