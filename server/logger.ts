import pino, { type Logger } from 'pino';
import { LINK_TOKEN_HEADER, MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from './shared/wire.js';

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

