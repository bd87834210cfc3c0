import pino, { type Logger } from 'pino';
import { LINK_TOKEN_HEADER, MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from './shared/wire.js';

export type { Logger };

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL (default `info`), one of pino's levels or `silent`; anything else stops start-up naming it. */
export function logLevelOf(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.LOG_LEVEL;
  const level = raw?.trim().toLowerCase() || 'info';
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

/** Log lines held before a write (a line is about 150 bytes), and at most how long. */
const BATCH_BYTES = 2048;
const BATCH_MS = 50;

/**
 * Standard output, written in batches: under load a `request` line per request written at once
 * is a system call per request, a visible share of a catalog read; held until 2 KB or 50 ms have
 * gathered, it is one per dozen requests. Each write is whole lines of at most 4 KB
 * (PIPE_BUF), so the lines of several processes sharing a pipe never interleave. What is
 * held is written when the process exits (process.exit included), and by `flushLogs`.
 */
export function batchedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, maxWrite: 4096, periodicFlush: BATCH_MS });
  process.once('exit', () => stream.flushSync());
  return stream;
}

/** Writes the log lines a batched destination holds (before writing to stdout directly); other destinations hold none. */
export function flushLogs(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as { flushSync?: () => void; minLength?: number } | undefined;
  if (typeof stream?.flushSync === 'function' && (stream.minLength ?? 0) > 0) stream.flushSync();
}

/**
 * Structured JSON logs. Credentials and personal data never reach them: request
 * logs carry the route template (not the URL, which may hold a client user id),
 * and any header or body that slips into a log object is redacted.
 */
export function createLogger(options: { level?: string; name?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      name: options.name ?? 'health-data-api',
      level: options.level ?? logLevelOf(),
      base: undefined,
      redact: {
        paths: [
          ...[TEAM_API_KEY_HEADER, MANAGEMENT_KEY_HEADER, LINK_TOKEN_HEADER].map((name) => `headers["${name.toLowerCase()}"]`),
          'headers.authorization',
          'req.headers',
          'body',
          '*.body',
          'key',
          '*.key',
          'apiKey',
          'managementKey',
          'secret',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

