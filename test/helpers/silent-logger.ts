import pino from 'pino';
import type { Logger } from '../../server/logger.js';

/** A logger that writes nothing. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
