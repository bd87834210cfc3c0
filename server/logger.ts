import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Credentials and personal data never reach them: request
 * logs carry the route template (not the URL, which may hold a client user id),
 * and any header or body that slips into a log object is redacted.
 */
export function createLogger(options: { level?: string; name?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      name: options.name ?? 'health-data-api',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: undefined,
      redact: {
        paths: [
          'headers["x-vital-api-key"]',
          'headers["x-management-key"]',
          'headers["x-vital-link-token"]',
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

/** A logger that writes nothing, for tests and benchmarks. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
