import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { collectAfterLargeBodies, LARGE_BODY_BYTES } from '../../server/http/large-body-gc.js';

function appWith(gc: ((options?: object) => unknown) | undefined) {
  const app = express();
  app.use(collectAfterLargeBodies(gc), express.json({ limit: '8mb' }));
  app.post('/bulk', (req, res) => {
    res.status(202).json({ items: (req.body as { items: unknown[] }).items.length });
  });
  return app;
}

const body = (bytes: number) => ({ items: Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `item-${String(i).padStart(30, '0')}`) });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('collectAfterLargeBodies', () => {
  it('when a request body is over 1 MiB, then a concurrent full collection is asked for once, after the response', async () => {
    const calls: unknown[] = [];
    const large = body(LARGE_BODY_BYTES + 100_000);
    expect(JSON.stringify(large).length).toBeGreaterThan(LARGE_BODY_BYTES);
    const response = await request(appWith((options) => calls.push(options))).post('/bulk').send(large);
    expect(response.status).toBe(202);
    await settle();
    expect(calls).toEqual([{ type: 'major', execution: 'async' }]);
  });

  it('when the body is small, then nothing is collected; without gc (no --expose-gc), large bodies are served as usual', async () => {
    const calls: unknown[] = [];
    expect((await request(appWith((options) => calls.push(options))).post('/bulk').send(body(10_000))).status).toBe(202);
    await settle();
    expect(calls).toEqual([]);
    const response = await request(appWith(undefined)).post('/bulk').send(body(LARGE_BODY_BYTES + 100_000));
    expect(response.status).toBe(202);
  });
});
