/**
 * The dashboard's build step (scripts/build.ts): bundles server/dashboard/src/main.ts
 * with esbuild into app.js (ESM, minified, no source map), concatenates styles.css
 * and uPlot's CSS into app.css (minified), and copies index.html, all into
 * <out>/dashboard/. The output depends on its inputs only (check:generated compares it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild, transform } from 'esbuild';
import { ROOT } from './apis.js';

export const DASHBOARD_SOURCE = path.join(ROOT, 'server', 'dashboard');
export const DASHBOARD_ENTRY = path.join(DASHBOARD_SOURCE, 'src', 'main.ts');
/** Packages the bundle is made of (their versions are build inputs). */
export const DASHBOARD_PACKAGES = ['esbuild', 'uplot', 'openapi-fetch'];

export interface DashboardFile {
  name: 'app.js' | 'app.css' | 'index.html';
  contents: Buffer;
}

export interface DashboardBuild {
  files: DashboardFile[];
  /** What the browser loads (app.js + app.css + index.html): bytes, and gzip -9 bytes. */
  size: { raw: number; gzip: number };
}

const uplotCss = () => path.join(path.dirname(createRequire(import.meta.url).resolve('uplot')), 'uPlot.min.css');

export async function buildDashboard(): Promise<DashboardBuild> {
  const [script, styles, uplot, shell] = await Promise.all([
    esbuild({
      entryPoints: [DASHBOARD_ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      sourcemap: false,
      legalComments: 'none',
      charset: 'utf8',
      write: false,
      logLevel: 'silent',
      tsconfig: path.join(DASHBOARD_SOURCE, 'tsconfig.json'),
    }),
    readFile(path.join(DASHBOARD_SOURCE, 'styles.css'), 'utf8'),
    readFile(uplotCss(), 'utf8'),
    readFile(path.join(DASHBOARD_SOURCE, 'index.html')),
  ]);
  const css = await transform(`${uplot}\n${styles}`, { loader: 'css', minify: true, legalComments: 'none', charset: 'utf8' });
  const files: DashboardFile[] = [
    { name: 'app.js', contents: Buffer.from(script.outputFiles[0]!.contents) },
    { name: 'app.css', contents: Buffer.from(css.code) },
    { name: 'index.html', contents: shell },
  ];
  const raw = files.reduce((sum, file) => sum + file.contents.length, 0);
  const gzip = files.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
  return { files, size: { raw, gzip } };
}

export const formatKiB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
