import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, whatever the current directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ApiDocument {
  /** Short name, also the folder under spec/ and generated/. */
  name: 'team' | 'management';
  title: string;
  /** Root of the hand-written document. */
  source: string;
}

export const APIS: readonly ApiDocument[] = [
  { name: 'team', title: 'Team API', source: path.join(ROOT, 'spec/team/openapi.yaml') },
  { name: 'management', title: 'Management API', source: path.join(ROOT, 'spec/management/openapi.yaml') },
];

export const GENERATED_DIR = path.join(ROOT, 'generated');
export const RULESET = path.join(ROOT, 'spec/lint/ruleset.yaml');

/** Where the build writes each artifact, relative to an output folder (generated/ by default). */
export const artifactPaths = (outDir: string, api: ApiDocument['name']) => ({
  bundle: path.join(outDir, api, 'openapi.json'),
  types: path.join(outDir, api, 'schema.ts'),
  docs: path.join(outDir, 'docs', `${api}.html`),
});

export const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
