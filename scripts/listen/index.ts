/**
 * `npm run listen`: a local webhook receiver, for development. Verifies each
 * delivery's Standard Webhooks signature with the endpoint's secret, prints the
 * event in one line and answers 204; an invalid delivery gets 400 and a red line.
 * With --forward-to, a valid delivery is forwarded (raw body and headers) and
 * that answer is relayed, so the API retries when your handler fails.
 *
 *   npm run listen                                  registers itself with the local server (register.ts)
 *   npm run listen -- --secret whsec_...            (or WEBHOOK_SECRET=whsec_...) an endpoint you registered
 *   npm run listen -- --port 4040 --forward-to http://localhost:3000/webhooks
 *
 * Without a secret it registers its own URL as a webhook endpoint of the sandbox
 * team through the management API (keys and ids from the environment or
 * DATA_DIR/bootstrap.json), prints the secret it got, and deletes the endpoint
 * when it stops (SIGINT, SIGTERM, SIGHUP, or an error). See README.md here.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import {
  InvalidWebhookError,
  isConnectionCreatedEvent,
  isHistoricalPullEvent,
  isHypnogramEvent,
  isKnownEventType,
  isLabOrderEvent,
  isLabResultCriticalEvent,
  isSummaryEvent,
  isTimeseriesEvent,
  isWorkoutStreamEvent,
  verifyWebhook,
  type WebhookEvent,
} from '../../server/client/webhooks.js';
import { isMainModule } from '../lib/main-module.js';
import { registerEndpoint, registrationFrom, type RegisteredEndpoint } from './register.js';

const USAGE = `Usage: npm run listen -- [--port 4040] [--host 127.0.0.1] [--secret whsec_...] [--forward-to <url>] [--management-url <url>]

  --port            port to listen on (default 4040)
  --host            interface to listen on (default 127.0.0.1)
  --secret          the signing secret of an endpoint you registered (default: WEBHOOK_SECRET);
                    without one, listen registers itself with the local server's management API
                    (MANAGEMENT_KEY, ORG_ID, TEAM_ID, else DATA_DIR/bootstrap.json) and removes
                    the endpoint when it stops
  --management-url  the management API to register with (default: MANAGEMENT_URL, else
                    http://127.0.0.1:$MANAGEMENT_PORT, 8001)
  --forward-to      forward each valid delivery to this URL and answer with its status
`;

/** Max body accepted (the API's events are far smaller). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

const short = (id: string) => (id.length > 8 ? `${id.slice(0, 4)}…` : id);

/** A few words on what an event says, e.g. `oura 2026-05-26..2026-11-21`. */
export function summarizeEvent(event: WebhookEvent): string {
  const eventType: string = event.event_type;
  const keys = Object.keys(event.data as object).slice(0, 5).join(',');
  if (isHypnogramEvent(event)) return `deprecated hypnogram, ${event.data.data.length} samples (process sleep_cycle instead)`;
  if (isConnectionCreatedEvent(event)) return event.data.provider.slug;
  // `order=5c8e… received.walk_in_test.ordered (#1) Essential Health Panel (walk-in)`
  if (isLabOrderEvent(event)) return `order=${short(event.data.id)} ${event.data.last_event.status} (#${event.data.last_event.id}) ${event.data.lab_test.name}`;
  if (isLabResultCriticalEvent(event)) return `order=${short(event.data.order_id)} sample=${event.data.sample_id} ${event.data.status} results ${event.data.interpretation}`;
  if (isHistoricalPullEvent(event)) return `${event.data.provider} ${event.data.start_date}..${event.data.end_date}`;
  if (isWorkoutStreamEvent(event)) return `${event.data.source.provider} workout=${short(event.data.workout_id)} ${event.data.sport.name}`;
  if (isTimeseriesEvent(event)) {
    const samples = event.data.data;
    const first = samples[0];
    const last = samples[samples.length - 1];
    const range = first && last ? ` ${first.timestamp}..${last.timestamp}` : '';
    const source = event.data.source.type ? `${event.data.source.provider}/${event.data.source.type}` : event.data.source.provider;
    return `${source} ${samples.length} sample${samples.length === 1 ? '' : 's'}${first ? ` (${first.unit})` : ''}${range}`;
  }
  if (isSummaryEvent(event)) {
    const data = event.data as { id: string; source?: { provider?: string }; calendar_date?: string; date?: string };
    const day = data.calendar_date ?? data.date?.slice(0, 10) ?? '';
    return [data.source?.provider, day, `id=${short(data.id)}`].filter(Boolean).join(' ');
  }
  return isKnownEventType(eventType) ? `data: ${keys}` : `(event type unknown to this version) data: ${keys}`;
}

const time = (at: Date) => at.toTimeString().slice(0, 8);

/** `09:15:02 historical.data.sleep.created user=6b1c… oura 2026-05-26..2026-11-21` */
export function formatEventLine(event: WebhookEvent, at: Date = new Date(), notes: readonly string[] = []): string {
  return [time(at), event.event_type, `user=${short(event.user_id)}`, summarizeEvent(event), ...notes].join(' ');
}

interface ListenOptions {
  port: number;
  host: string;
  /** Read at each delivery: when listen registers itself, it is set once the endpoint exists. */
  secret: string;
  forwardTo: string | null;
  color: boolean;
  write: (line: string) => void;
}

const paint = (on: boolean, code: string, text: string) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);

/** Headers that describe one hop, not the message: not forwarded. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function readBody(request: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function forward(url: string, request: http.IncomingMessage, body: Buffer): Promise<{ status: number; contentType: string | null; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const response = await fetch(url, { method: 'POST', headers, body: new Uint8Array(body), redirect: 'manual' });
  return { status: response.status, contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

export function startListener(options: ListenOptions): Promise<http.Server> {
  const seen = new Set<string>();
  const { color, write } = options;
  const server = http.createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') {
        response.writeHead(request.method === 'GET' || request.method === 'HEAD' ? 200 : 405, { 'content-type': 'text/plain' });
        response.end('webhook listener: POST deliveries here\n');
        return;
      }
      const body = await readBody(request);
      const at = new Date();
      if (body === null) {
        write(paint(color, '31', `${time(at)} rejected: body larger than ${MAX_BODY_BYTES} bytes -> 413`));
        response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Body too large' }));
        return;
      }
      let event: WebhookEvent;
      try {
        event = verifyWebhook(options.secret, request.headers, body);
      } catch (error) {
        const message = error instanceof InvalidWebhookError ? error.message : `could not read the delivery: ${(error as Error).message}`;
        write(paint(color, '31', `${time(at)} rejected ${request.headers['webhook-id'] ?? '(no webhook-id)'}: ${message} -> 400`));
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: message }));
        return;
      }
      const id = String(request.headers['webhook-id']);
      const notes: string[] = [];
      if (seen.has(id)) notes.push('(again: same webhook-id)');
      seen.add(id);
      if (!options.forwardTo) {
        write(formatEventLine(event, at, notes));
        response.writeHead(204).end();
        return;
      }
      try {
        const answer = await forward(options.forwardTo, request, body);
        const ok = answer.status >= 200 && answer.status < 300;
        write(`${formatEventLine(event, at, notes)} ${paint(color, ok ? '32' : '31', `-> ${answer.status}`)}`);
        response.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {}).end(answer.body);
      } catch (error) {
        write(`${formatEventLine(event, at, notes)} ${paint(color, '31', `-> 502 (forward failed: ${(error as Error).message})`)}`);
        response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: `Forwarding failed: ${(error as Error).message}` }));
      }
    })().catch((error: unknown) => {
      write(paint(color, '31', `${time(new Date())} error: ${(error as Error).message}`));
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}

interface CliOptions extends ListenOptions {
  /** No secret given: register an endpoint with the management API at this URL (undefined: the default). */
  register: { managementUrl: string | undefined } | null;
}

function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '4040' },
      host: { type: 'string', default: '127.0.0.1' },
      secret: { type: 'string' },
      'forward-to': { type: 'string' },
      'management-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);
  const secret = values.secret ?? env.WEBHOOK_SECRET ?? '';
  if (values['management-url'] !== undefined && secret) throw new Error('--management-url is for registering an endpoint, which listen does only without a secret');
  const forwardTo = values['forward-to'] ?? null;
  if (forwardTo) new URL(forwardTo);
  const color = env.FORCE_COLOR ? env.FORCE_COLOR !== '0' : Boolean(process.stdout.isTTY) && !env.NO_COLOR;
  const register = secret ? null : { managementUrl: values['management-url'] };
  return { port, host: values.host, secret, forwardTo, color, register, write: (line) => process.stdout.write(`${line}\n`) };
}

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  let options: CliOptions;
  let registration: ReturnType<typeof registrationFrom> | null = null;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
    if (options.register) registration = registrationFrom(process.env, options.register.managementUrl);
    else verifySecretFormat(options.secret);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const server = await startListener(options).catch((error: unknown) => {
    process.stderr.write(`Could not listen on ${options.host}:${options.port}: ${(error as Error).message}\n`);
    process.exit(1);
  });
  const { port } = server.address() as { port: number };
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/`;

  // Registered endpoint (when listen registered itself): removed on every way out.
  let endpoint: RegisteredEndpoint | null = null;
  let stopping = false;
  const stop = async (code: number, reason?: string) => {
    if (stopping) return;
    stopping = true;
    if (reason) process.stderr.write(`${reason}\n`);
    if (endpoint) {
      try {
        await endpoint.remove();
        process.stdout.write(`Removed webhook endpoint ${endpoint.id}.\n`);
      } catch (error) {
        process.stderr.write(`${(error as Error).message}\n`);
        code = code || 1;
      }
    }
    server.close(() => process.exit(code));
    server.closeAllConnections();
  };
  // `on`: Ctrl-C arrives twice (from the terminal and forwarded by npm); a second signal must not cut the clean-up short.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  // npm does not forward SIGHUP: when npm (the parent) is gone, stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(0);
  }, 500).unref();
  process.on('uncaughtException', (error) => void stop(1, `error: ${error.message}`));
  process.on('unhandledRejection', (error) => void stop(1, `error: ${(error as Error)?.message ?? String(error)}`));

  if (registration) {
    try {
      endpoint = await registerEndpoint(registration, url);
    } catch (error) {
      await stop(1, (error as Error).message);
    }
    if (endpoint && !stopping) {
      options.secret = endpoint.secret;
      process.stdout.write(
        `Registered ${url} as webhook endpoint ${endpoint.id} of team ${registration.teamId} (${registration.managementUrl}); it is removed when this stops.\n` +
          `Webhook secret ${endpoint.secret}   (for your own handler: verify deliveries with it)\n`,
      );
    }
  }
  if (!stopping) {
    process.stdout.write(
      `Listening for webhooks on ${url} (signatures checked with ${options.secret.slice(0, 10)}…)${options.forwardTo ? `, forwarding to ${options.forwardTo}` : ''}. Ctrl-C to stop.\n`,
    );
  }
}

/** Fails early on a secret standardwebhooks cannot use. */
function verifySecretFormat(secret: string): void {
  try {
    verifyWebhook(secret, {}, '');
  } catch (error) {
    if (error instanceof InvalidWebhookError && error.message.startsWith('Invalid webhook secret')) throw new Error(`--secret: ${error.message}`);
  }
}
