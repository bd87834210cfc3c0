import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type PortalUrl = TeamSchemas['UserPortalUrl'];

describe.each(apiEngines)('createUserPortalUrl (POST /v2/user/{user_id}/create_portal_url) and the portal page on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const create = (userId: string, body: object, key?: string) => ctx.team(key).post(`/v2/user/${userId}/create_portal_url`).send(body);
  /** The page at the URL's path and query, as a browser without a key opens it. */
  const open = (url: string) => {
    const { pathname, search } = new URL(url);
    return request(ctx.server.team).get(`${pathname}${search}`);
  };

  it("when a portal URL is made, then the page shows the user's connections with the signed pages' headers until the URL expires", async () => {
    const user = await ctx.connectedUser('oura');
    const made = expectStatus<PortalUrl>(await create(user.user_id, { context: 'launch' }), 200);
    expect(made.expires_in).toBe(3600);
    expect(made.url.startsWith(`${ctx.server.teamUrl}/portal/${user.user_id}?`)).toBe(true);
    const page = await open(made.url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<td>Oura</td>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });

    ctx.server.setNow(new Date(Date.now() + 3_601_000));
    const expired = await open(made.url);
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('expired');
  });

  it('when any part of the URL is changed, then the page is refused; a user deleted since is gone', async () => {
    const user = await ctx.connectedUser('fitbit');
    const other = await ctx.newUser();
    const { url } = expectStatus<PortalUrl>(await create(user.user_id, { context: 'launch' }), 200);
    const changed = [
      url.replace(user.user_id, other.user_id),
      url.replace('context=launch', 'context=communications'),
      url.replace(/expires=(\d+)/, (_m, s: string) => `expires=${Number(s) + 60}`),
      url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
      `${url}&order_id=${UNKNOWN_ID}`,
    ];
    for (const wrong of changed) {
      const page = await open(wrong);
      expect({ url: wrong, status: page.status }).toEqual({ url: wrong, status: 400 });
      expect(page.text).toContain('not valid');
    }
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}`), 200);
    expect((await open(url)).status).toBe(404);
  });

  it("when an order of the user is named, then the page shows its status; another user's order or an unknown one is a 404", async () => {
    const user = await ctx.newUser();
    const other = await ctx.newUser();
    const order = expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post('/v3/order').send(orderBody(user.user_id)), 200).order;
    const { url } = expectStatus<PortalUrl>(await create(user.user_id, { context: 'communications', order_id: order.id }), 200);
    const page = await open(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain(order.status!);
    expect(page.text).toContain('No provider is connected');
    expectDetail(await create(other.user_id, { context: 'communications', order_id: order.id }), 404);
    expectDetail(await create(user.user_id, { context: 'communications', order_id: UNKNOWN_ID }), 404);
  });

  it("when the body or user is wrong, then 422 or 404; another team's user is a 404", async () => {
    const user = await ctx.newUser();
    expectValidation(await create(user.user_id, { context: 'email' }), [{ loc: ['body', 'context'], type: 'enum' }]);
    expectValidation(await create(user.user_id, {}), [{ loc: ['body', 'context'], type: 'missing' }]);
    expectValidation(await create('nope', { context: 'launch' }), [{ loc: ['path', 'user_id'] }]);
    expectDetail(await create(UNKNOWN_ID, { context: 'launch' }), 404);
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await create(theirs.user_id, { context: 'launch' }), 404);
  });
});
