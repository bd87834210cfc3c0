/**
 * Sends one signed attempt of a delivery over keep-alive connections. Signing
 * follows Standard Webhooks through the `standardwebhooks` package:
 * `webhook-id`, `webhook-timestamp` (this attempt's time) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`), and
 * the same three values again as `svix-id`, `svix-timestamp` and
 * `svix-signature`, the names the Svix libraries read (consumers of this API
 * family verify with them).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { keptResponseBody, RESPONSE_BODY_LIMIT_BYTES } from '../../domain/webhooks/rules.js';
import { SVIX_HEADERS, WEBHOOK_HEADERS } from '../../shared/wire.js';

export interface OutgoingDelivery {
  url: string;
  /** The endpoint's `whsec_` secret. */
  secret: string;
  /** The `webhook-id`: the event's, the same on every attempt. */
  messageId: string;
  /** The event's envelope JSON. */
  body: string;
}

export type SendResult =
  /**
   * The endpoint answered (any status), with the start of its body: the first
   * RESPONSE_BODY_LIMIT_BYTES bytes as text (see keptResponseBody), `bodyTruncated` when it was longer.
   */
  | { kind: 'answered'; statusCode: number; body: string; bodyTruncated: boolean }
  /** No answer: refused, reset, timed out, ... */
  | { kind: 'no_answer'; error: string }
  /** Interrupted by abortAll() (the worker is stopping): the attempt does not count. */
  | { kind: 'aborted' };

export interface WebhookSenderOptions {
  /** An attempt without a complete answer within this time has failed. */
  timeoutMs: number;
  /** Connections per endpoint host (default 32). */
  maxSockets?: number;
  /** The signing time (default: the clock). */
  now?: () => Date;
  userAgent?: string;
}

class Aborted extends Error {}

/**
 * Past the kept bytes, a response body is read and dropped (so its connection can be reused) up
 * to this many bytes in all; a longer one ends the attempt as answered and its connection is
 * closed instead of reading on. The per-attempt timeout bounds a slow body as before.
 */
export const RESPONSE_DRAIN_LIMIT_BYTES = 1024 * 1024;

const WHSEC = 'whsec_';

/**
 * Signs a body as Standard Webhooks does (`Webhook#sign` of the `standardwebhooks` package:
 * `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's key); a secret's
 * key is decoded once. The HMAC is Node's: the package's pure-JavaScript SHA-256 took as long
 * as the rest of a delivery's sending.
 */
export class WebhookSigner {
  private readonly keys = new Map<string, Buffer>();

  headers(delivery: Pick<OutgoingDelivery, 'secret' | 'messageId' | 'body'>, at: Date): Record<string, string> {
    let key = this.keys.get(delivery.secret);
    if (!key) {
      // The package's constructor checks the secret (and throws as before); a valid secret is
      // strict base64, which Buffer decodes to the same bytes.
      new Webhook(delivery.secret);
      key = Buffer.from(delivery.secret.startsWith(WHSEC) ? delivery.secret.slice(WHSEC.length) : delivery.secret, 'base64');
      if (this.keys.size >= 1000) this.keys.clear();
      this.keys.set(delivery.secret, key);
    }
    const id = delivery.messageId;
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(delivery.body).digest('base64')}`;
    return {
      [WEBHOOK_HEADERS.id]: id,
      [WEBHOOK_HEADERS.timestamp]: timestamp,
      [WEBHOOK_HEADERS.signature]: signature,
      [SVIX_HEADERS.id]: id,
      [SVIX_HEADERS.timestamp]: timestamp,
      [SVIX_HEADERS.signature]: signature,
    };
  }
}

export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly signer = new WebhookSigner();
  private readonly active = new Set<http.ClientRequest>();
  private readonly destroyers = new WeakMap<http.ClientRequest, (error: Error) => void>();
  private readonly now: () => Date;
  private readonly userAgent: string;

  constructor(private readonly options: WebhookSenderOptions) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 32, keepAliveMsecs: 1000 };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
    this.now = options.now ?? (() => new Date());
    this.userAgent = options.userAgent ?? 'health-data-api-webhooks/1';
  }

  /** One attempt; never rejects. */
  async send(delivery: OutgoingDelivery): Promise<SendResult> {
    try {
      return await this.attempt(delivery, false);
    } catch (error) {
      if (error instanceof Aborted) return { kind: 'aborted' };
      return { kind: 'no_answer', error: describeError(error, this.options.timeoutMs) };
    }
  }

  /** Interrupts every attempt in flight; they resolve as `aborted`. */
  abortAll(): void {
    for (const request of this.active) this.destroyers.get(request)?.(new Aborted('aborted'));
  }

  /** Interrupts everything and closes the pooled connections. */
  close(): void {
    this.abortAll();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private attempt(delivery: OutgoingDelivery, isRetryOfStaleSocket: boolean): Promise<SendResult> {
    return new Promise<SendResult>((resolve, reject) => {
      let target: URL;
      try {
        target = new URL(delivery.url);
      } catch {
        reject(new Error(`invalid endpoint URL ${delivery.url}`));
        return;
      }
      const isHttps = target.protocol === 'https:';
      if (!isHttps && target.protocol !== 'http:') {
        reject(new Error(`unsupported protocol ${target.protocol}`));
        return;
      }
      const payload = Buffer.from(delivery.body, 'utf8');
      const request = (isHttps ? https : http).request(target, {
        method: 'POST',
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'user-agent': this.userAgent,
          ...this.signer.headers(delivery, this.now()),
        },
      });
      this.active.add(request);
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.active.delete(request);
        outcome();
      };
      // The error the request was destroyed with (timeout, abort): it wins over the
      // generic "aborted" the response reports after a destroy.
      let destroyedWith: Error | undefined;
      const destroy = (error: Error) => {
        destroyedWith = error;
        request.destroy(error);
      };
      this.destroyers.set(request, destroy);
      const timer = setTimeout(() => destroy(new TimeoutError()), this.options.timeoutMs);
      request.once('response', (response) => {
        // Keep the body's first bytes (one more than the limit tells whether it was cut) and
        // drain the rest so the connection can be reused; the attempt ends with the body.
        const head = Buffer.allocUnsafe(RESPONSE_BODY_LIMIT_BYTES + 1);
        let kept = 0;
        let total = 0;
        const answered = (): SendResult => ({ kind: 'answered', statusCode: response.statusCode ?? 0, ...bodyOf(head.subarray(0, kept), total) });
        response.on('data', (chunk: Buffer) => {
          if (kept < head.length) kept += chunk.copy(head, kept, 0, Math.min(chunk.length, head.length - kept));
          total += chunk.length;
          if (total > RESPONSE_DRAIN_LIMIT_BYTES) {
            settle(() => resolve(answered()));
            response.destroy();
          }
        });
        response.once('end', () => settle(() => resolve(answered())));
        response.on('error', (error) => settle(() => reject(destroyedWith ?? error)));
        response.once('close', () => settle(() => reject(destroyedWith ?? new Error('the answer was cut off'))));
      });
      request.on('error', (error) => {
        // A kept-alive connection the endpoint closed just as it was reused: the request
        // never reached it, so send it once more on a fresh connection (Node's advice).
        if (!destroyedWith && !isRetryOfStaleSocket && request.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
          settle(() => this.attempt(delivery, true).then(resolve, reject));
          return;
        }
        settle(() => reject(destroyedWith ?? error));
      });
      request.end(payload);
    });
  }
}

class TimeoutError extends Error {}

function bodyOf(head: Buffer, total: number): { body: string; bodyTruncated: boolean } {
  const { body, truncated } = keptResponseBody(head, total > RESPONSE_BODY_LIMIT_BYTES);
  return { body, bodyTruncated: truncated };
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof TimeoutError) return `no answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`;
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset before an answer';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host not found (${code})`;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
