/**
 * `npm run mock`: the mocks of both APIs, team on 4010 and management on 4011.
 *
 *   MOCK_PORT=5010 MOCK_MANAGEMENT_PORT=5011 npm run mock
 *   MOCK_HOST=0.0.0.0 npm run mock      listen on every interface
 *   MOCK_LOG=1 npm run mock             Prism's logs and one line per request
 */
import { onParentGone } from '../scripts/lib/parent-watch.js';
import { DEFAULT_PORTS, startMocks } from './index.js';

function port(variable: string, fallback: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${variable} must be a port number, got "${raw}".`);
  return value;
}

try {
  const mocks = await startMocks({
    teamPort: port('MOCK_PORT', DEFAULT_PORTS.team),
    managementPort: port('MOCK_MANAGEMENT_PORT', DEFAULT_PORTS.management),
    host: process.env.MOCK_HOST || '127.0.0.1',
    log: process.env.MOCK_LOG === '1' || process.env.MOCK_LOG === 'true',
  });
  console.log(`team API mock        ${mocks.urls.team}`);
  console.log(`management API mock  ${mocks.urls.management}`);
  console.log(`ready ${(process.uptime() * 1000).toFixed(0)} ms after start (any key value is accepted; see mocks/README.md)`);

  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    mocks.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`error while stopping on ${signal}:`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  // Started by npm start (scripts/start.ts) with an IPC channel: when that process is gone, however it went, stop too.
  if (process.send) process.once('disconnect', () => stop('SIGTERM'));
  // Started by `npm run mock`: stop when npm is gone (it forwards no signal then, and never SIGHUP).
  else onParentGone(() => stop('SIGTERM'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
