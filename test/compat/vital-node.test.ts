/**
 * Compatibility with the official TypeScript SDK of the API family, `@tryvital/vital-node`
 * (pinned in package.json): every SDK call that covers one of our team API operations, made
 * the way the SDK's users make it, against the reference server on each engine and against
 * the mock. The SDK's own parser judges each reply (a reply it rejects fails the call), and
 * `expectStrictParse` judges the same bytes again with the SDK's enum lists enforced.
 *
 * Operations without an SDK call: `connectSdkProvider` (the mobile SDKs' endpoint),
 * `getSignedOrderRequisitionPdf` (the signed `requisition_form_url`, a plain link) and the
 * whole management API (the SDK has no organization management client).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insuranceBody, userInfoBody } from '../api/helpers.js';
import { loadDocument } from '../../server/shared/documents.js';
import { firstSuitable } from '../helpers/suitable.js';
import { generateDay } from '../../server/domain/synthetic/day.js';
import { listOperations } from '../../server/shared/operations.js';
import { expectStrictParse, operationsReached, sdkError, sdkFor, serializers, vitalsMethods, type Exchange, type SdkUnderTest } from './sdk.js';
import { targets, useTarget } from './targets.js';
import { sandboxLabAccounts } from '../api/lab-account-fixtures.js';
import { eveningZone } from '../../scripts/conformance/operations/data-reads.js';
import { reportPdf } from '../../scripts/conformance/lab-reports.js';

/** A lab test of every team (the standard walk-in one, Labcorp), and a Labcorp marker code the add-on accepts. */
const ORDER_SET_LAB_TEST_ID = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';
const ADD_ON_PROVIDER_ID = '004515';
/** The Labcorp marker of that code (estradiol), as an add-on by id. */
const ADD_ON_MARKER_ID = 1087;
/** A lab account id the mock takes (it checks none): on the server, the team's own accounts are used (labAccount below). */
const MOCK_LAB_ACCOUNT_ID = 'e4114a70-20b9-56be-a5b9-e9f438844aae';
/** A workout or sleep id the mock answers its example for (the mock keeps no data). */
const UNKNOWN_WORKOUT_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

/**
 * Team API operations the SDK has no call for: the mobile SDKs' endpoint, and the signed
 * requisition link (an order's deprecated `requisition_form_url`, opened as a plain URL).
 */
const WITHOUT_SDK_CALL = ['connectSdkProvider', 'getSignedOrderRequisitionPdf'];
/** Lab operations this version of the SDK has no call for: the team's lab accounts and the compendium. */
WITHOUT_SDK_CALL.push('listLabAccounts', 'searchCompendium', 'convertCompendium');
/** Insurance operations this version of the SDK has no call for: the diagnosis code check. */
WITHOUT_SDK_CALL.push('validateIcdCodes');
/** Operations this version of the SDK has no call for: the unmatched results queue, an order's communication settings, and the sandbox's broken connections. */
WITHOUT_SDK_CALL.push('listUnmatchedResults', 'getUnmatchedResult', 'acceptUnmatchedResult', 'resolveUnmatchedResult', 'createSandboxUnmatchedResult');
WITHOUT_SDK_CALL.push('getOrderCommunicationSettings', 'updateOrderCommunicationSettings', 'simulateConnectionError');
/** An order's own changes (activate_by): this version of the SDK has no PATCH /v3/order/{order_id}. */
WITHOUT_SDK_CALL.push('updateOrder');
/** Order transactions and the sandbox's redraw: this version of the SDK has no order_transaction calls. */
WITHOUT_SDK_CALL.push('getOrderTransaction', 'getOrderTransactionResult', 'getOrderTransactionResultPdf', 'redrawOrder');

/**
 * Team API operations the SDK calls but cannot get a 2xx from: `user.upsertUserInfo` sends the
 * SDK's `Address` (`zip`, `country`), which the interface spec's user address does not have; the
 * server and the mock refuse both keys (a 422, `extra_forbidden`, like any key a request schema
 * does not declare) rather than store the address without its postal code (see "user info:
 * where our interface spec deliberately differs from the SDK").
 */
const REFUSED_SDK_CALL = ['updateUserInfo'];

/**
 * The timeseries resources we serve: the spec's TimeseriesResource list, and the deprecated
 * `cholesterol/<fraction>` reads, which have paths of their own.
 */
const teamDocument = loadDocument('team') as unknown as { components: { schemas: Record<string, { enum?: string[] }> }; paths: Record<string, unknown> };
const SERVED_RESOURCES = new Set([
  ...(teamDocument.components.schemas.TimeseriesResource?.enum ?? []),
  ...Object.keys(teamDocument.paths).flatMap((path) => /^\/v2\/timeseries\/\{user_id\}\/(cholesterol\/[a-z]+)$/.exec(path)?.slice(1) ?? []),
]);

/** The samples of a `vitals.*` reply: a plain list, or every group's data of a grouped page. */
function samplesOf(reply: unknown): unknown[] {
  if (Array.isArray(reply)) return reply;
  const groups = (reply as { groups: Record<string, { data: unknown[] }[]> }).groups;
  return Object.values(groups).flat().flatMap((group) => group.data);
}

describe.each(targets)('@tryvital/vital-node against %s', (_label, target) => {
  const ctx = useTarget(target);
  /** Every exchange of every SDK call on this target, for the coverage check at the end. */
  const log: Exchange[] = [];
  const sdk = (): SdkUnderTest => sdkFor(ctx.deployment.teamUrl, ctx.deployment.apiKey, log);
  /** Only the reference server stores what a call did; the mock answers static examples. */
  const statefulIt = target.stateful ? it : it.skip;
  const STATELESS = '(server only: the mock stores nothing and answers static examples)';
  /** The team's lab account of a lab (its first one there: Labcorp's full account); any id on the mock. */
  const labAccount = (lab = 'labcorp'): string => {
    const server = ctx.deployment.server;
    return server ? sandboxLabAccounts(server).find((a) => a.lab_slug === lab)!.id : MOCK_LAB_ACCOUNT_ID;
  };

  const newUser = async (api: SdkUnderTest) => {
    const clientUserId = `compat-${randomUUID()}`;
    const created = await api.client.user.create({ clientUserId, fallbackTimeZone: 'Europe/London' });
    return { clientUserId, userId: created.userId, created };
  };

  describe('users', () => {
    it('when user.create is called, then the SDK parses the new user key', async () => {
      const api = sdk();
      const { created } = await newUser(api);
      expect(created.userId).toMatch(/^[0-9a-f-]{36}$/);
      expectStrictParse(api, serializers.ClientFacingUserKey);
    });

    statefulIt(`when user.create is called, then the key echoes the client user id ${STATELESS}`, async () => {
      const { clientUserId, created } = await newUser(sdk());
      expect(created.clientUserId).toBe(clientUserId);
    });

    it('when user.create is sent an empty client user id, then the SDK parses the 422 into UnprocessableEntityError', async () => {
      const api = sdk();
      const error = await sdkError(api.client.user.create({ clientUserId: '' }));
      expect(error.constructor.name).toBe('UnprocessableEntityError');
      expect(error.statusCode).toBe(422);
      expect(error.body).toMatchObject({ detail: [expect.objectContaining({ loc: ['body', 'client_user_id'] })] });
      expectStrictParse(api, serializers.HttpValidationError);
    });

    it('when user.get is called for a user without connections, then the SDK parses the user', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const user = await api.client.user.get(userId);
      expect(user.userId).toBe(userId);
      expectStrictParse(api, serializers.ClientFacingUser);
    });

    it('when user.get and user.getByClientUserId are called for a connected user, then the SDK parses each connected source with provider and source', async () => {
      const api = sdk();
      const { userId, clientUserId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      for (const user of [await api.client.user.get(userId), await api.client.user.getByClientUserId(clientUserId)]) {
        expectStrictParse(api, serializers.ClientFacingUser);
        expect(user.connectedSources.length).toBeGreaterThan(0);
        for (const connected of user.connectedSources) {
          expect(connected.provider).toEqual(connected.source);
          expect(connected.createdOn).toBeInstanceOf(Date);
        }
      }
    });

    statefulIt(`when a user is connected to Oura, then user.get and user.getByClientUserId show exactly that connection ${STATELESS}`, async () => {
      const api = sdk();
      const { userId, clientUserId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const oura = { name: 'Oura', slug: 'oura', logo: expect.stringMatching(/^https:\/\//) };
      for (const user of [await api.client.user.get(userId), await api.client.user.getByClientUserId(clientUserId)]) {
        expect(user.clientUserId).toBe(clientUserId);
        expect(user.connectedSources).toEqual([{ provider: oura, source: oura, createdOn: expect.any(Date) }]);
      }
    });

    it('when user.getAll is called with offset and limit, then the SDK parses the page of users', async () => {
      const api = sdk();
      await newUser(api);
      const page = await api.client.user.getAll({ offset: 0, limit: 2 });
      expect(page.users.length).toBeGreaterThan(0);
      expect(page.total).toBeGreaterThanOrEqual(page.users.length);
      expectStrictParse(api, serializers.PaginatedUsersResponse);
    });

    statefulIt(`when user.getAll is called after a user was created, then that user comes first, and offset and limit are echoed ${STATELESS}`, async () => {
      const api = sdk();
      const { userId, clientUserId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const page = await api.client.user.getAll({ limit: 1 });
      expect({ offset: page.offset, limit: page.limit, first: page.users.map((user) => [user.userId, user.clientUserId]) }).toEqual({ offset: 0, limit: 1, first: [[userId, clientUserId]] });
      expect(page.users[0]!.connectedSources.map((connected) => connected.provider.slug)).toEqual(['oura']);
      const next = await api.client.user.getAll({ offset: 1, limit: 1 });
      expect(next.total).toBe(page.total);
      expect(next.users.map((user) => user.userId)).not.toContain(userId);
    });

    statefulIt(`when user.getByClientUserId is called with an unknown client user id, then the SDK throws a VitalError with the 404 ${STATELESS}`, async () => {
      const error = await sdkError(sdk().client.user.getByClientUserId(`compat-unknown-${randomUUID()}`));
      expect(error.statusCode).toBe(404);
      expect(error.body).toEqual({ detail: expect.any(String) });
    });

    it('when user.createInsurance is called, then the SDK parses the stored insurance', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const body = insuranceBody();
      const insured = body.insured;
      const insurance = await api.client.user.createInsurance(userId, {
        payorCode: body.payor_code,
        memberId: body.member_id,
        groupId: body.group_id ?? undefined,
        relationship: 'Self',
        isPrimary: true,
        insured: {
          firstName: insured.first_name,
          lastName: insured.last_name,
          gender: 'female',
          dob: insured.dob,
          email: insured.email,
          phoneNumber: insured.phone_number,
          address: { firstLine: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
        },
      });
      expect(insurance.relationship).toBe('Self');
      expectStrictParse(api, serializers.ClientFacingInsurance);
    });

    it('when user.getLatestInsurance is called with and without isPrimary, then the SDK parses the stored insurance', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.user.createInsurance(userId, {
        payorCode: 'AETNA',
        memberId: 'W123456789',
        relationship: 'Self',
        isPrimary: false,
        insured: {
          firstName: 'Maria',
          lastName: 'Lopez',
          gender: 'female',
          dob: '1986-04-21',
          email: 'maria.lopez@example.com',
          phoneNumber: '+14155550123',
          address: { firstLine: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
        },
      });
      for (const request of [undefined, { isPrimary: false }]) {
        const insurance = await api.client.user.getLatestInsurance(userId, request);
        expect(insurance.company.name).toEqual(expect.any(String));
        expectStrictParse(api, serializers.ClientFacingInsurance);
        if (target.stateful) expect([insurance.memberId, insurance.isPrimary]).toEqual(['W123456789', false]);
      }
    });

    statefulIt(`when user.getLatestInsurance is called for a user without insurance, then the SDK throws a VitalError with the 404 ${STATELESS}`, async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const error = await sdkError(api.client.user.getLatestInsurance(userId, { isPrimary: true }));
      expect(error.statusCode).toBe(404);
      expect(error.body).toEqual({ detail: expect.stringContaining('no primary insurance') });
    });

    it('when user.getUserSignInToken is called, then the SDK parses the sign-in token', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const token = await api.client.user.getUserSignInToken(userId);
      expect(token.signInToken).toEqual(expect.any(String));
      expectStrictParse(api, serializers.UserSignInTokenResponse);
    });

    it('when user.deregisterProvider is called for a connected provider, then the SDK parses the success', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'fitbit' });
      expect(await api.client.user.deregisterProvider(userId, 'fitbit')).toEqual({ success: true });
      expectStrictParse(api, serializers.UserSuccessResponse);
    });

    it('when user.getConnectedProviders is called for a connected user, then the SDK parses each provider with its status and resource availability', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const { providers } = await api.client.user.getConnectedProviders(userId);
      expect(providers?.length).toBeGreaterThan(0);
      expect(providers![0]).toMatchObject({ slug: expect.any(String), status: 'connected', createdOn: expect.any(Date), resourceAvailability: expect.any(Object) });
      if (target.stateful) expect(providers!.map((provider) => provider.slug)).toEqual(['oura']);
      expectStrictParse(api, serializers.user.getConnectedProviders.Response);
    });

    it('when user.refresh is called, then the SDK parses which sources were refreshed', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const refreshed = await api.client.user.refresh(userId, { timeout: 10 });
      expect(refreshed).toMatchObject({ success: true, refreshedSources: expect.any(Array), inProgressSources: [], failedSources: [] });
      if (target.stateful) expect(refreshed).toEqual({ success: true, userId, refreshedSources: ['oura'], inProgressSources: [], failedSources: [] });
      expectStrictParse(api, serializers.UserRefreshSuccessResponse);
    });

    it('when user.delete is called, then the SDK parses the success', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      expect(await api.client.user.delete(userId)).toEqual({ success: true });
      expectStrictParse(api, serializers.UserSuccessResponse);
    });

    statefulIt(`when a user is deleted through the SDK, then user.get answers 404 ${STATELESS}`, async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.user.delete(userId);
      expect((await sdkError(api.client.user.get(userId))).statusCode).toBe(404);
    });
  });

  describe('user info: where our interface spec deliberately differs from the SDK', () => {
    // Our interface spec: the user info address has `zip_code` and no `country`
    // (UserAddress); the SDK's `Address` type has `zip` and a required `country`.
    it('when user.upsertUserInfo is called with the SDK address (zip, country), then the answer is a 422 naming both keys as extra_forbidden, and the server stores nothing', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const info = userInfoBody();
      const call = api.client.user.upsertUserInfo(userId, {
        firstName: info.first_name,
        lastName: info.last_name,
        email: info.email,
        phoneNumber: info.phone_number,
        gender: info.gender,
        dob: info.dob,
        address: { firstLine: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      });
      // The documented difference: the postal code would be lost if `zip` were dropped, so it is refused.
      await expect(call).rejects.toThrow();
      expect(api.last().status).toBe(422);
      const detail = (JSON.parse(api.last().body) as { detail: { loc: unknown[]; type: string }[] }).detail;
      expect(detail.map((violation) => [violation.loc, violation.type])).toEqual([
        [['body', 'address', 'zip'], 'extra_forbidden'],
        [['body', 'address', 'country'], 'extra_forbidden'],
      ]);
      if (target.stateful) {
        const latest = await fetch(new URL(`/v2/user/${userId}/info/latest`, ctx.deployment.teamUrl), { headers: { 'x-vital-api-key': ctx.deployment.apiKey } });
        expect(latest.status).toBe(404);
      }
    });

    it('when user.getLatestUserInfo is called, then the SDK rejects the reply, whose address has our shape (zip_code, no country)', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const stored = await fetch(new URL(`/v2/user/${userId}/info`, ctx.deployment.teamUrl), {
        method: 'PATCH',
        headers: { 'x-vital-api-key': ctx.deployment.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(userInfoBody()),
      });
      expect(stored.status).toBe(200);
      // The expected failure of the documented difference, as for upsertUserInfo.
      await expect(api.client.user.getLatestUserInfo(userId)).rejects.toThrow(/response -> address: Missing required key "(country|zip)"/);
      expect(api.last().status).toBe(200);
      const body = JSON.parse(api.last().body) as { first_name: string; address: Record<string, unknown> };
      expect(body.address).toEqual(expect.objectContaining({ zip_code: expect.any(String) }));
      expect(body.address).not.toHaveProperty('country');
      if (target.stateful) expect(body.first_name).toBe(userInfoBody().first_name);
    });

    statefulIt(`when user.getLatestUserInfo is called for a user without user info, then the SDK throws a VitalError with the 404 ${STATELESS}`, async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const error = await sdkError(api.client.user.getLatestUserInfo(userId));
      expect(error.statusCode).toBe(404);
      expect(error.body).toEqual({ detail: expect.stringContaining('no user info') });
    });

    it('when the user info is sent in our shape (zip_code, no country) on the SDK path, then it is stored and answered in our shape', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const response = await fetch(new URL(`/v2/user/${userId}/info`, ctx.deployment.teamUrl), {
        method: 'PATCH',
        headers: { 'x-vital-api-key': ctx.deployment.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(userInfoBody()),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { address: Record<string, unknown> };
      expect(body.address).toEqual(expect.objectContaining({ zip_code: expect.any(String), city: expect.any(String), state: expect.any(String), first_line: expect.any(String) }));
      expect(body.address).not.toHaveProperty('zip');
      expect(body.address).not.toHaveProperty('country');
    });
  });

  describe('link', () => {
    it('when link.connectDemoProvider is called, then the SDK parses success and a readable detail', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const status = await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      expect(status).toEqual({ success: true, detail: expect.stringMatching(/\w+ \w+/) });
      expectStrictParse(api, serializers.DemoConnectionStatus);
    });

    it('when link.token is called, then the SDK parses the link token and its web URL', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const token = await api.client.link.token({ userId, provider: 'oura' });
      expect(token.linkToken).toEqual(expect.any(String));
      expectStrictParse(api, serializers.LinkTokenExchangeResponse);
    });

    it('when link.token is called with the link widget options (filterOnProviders, onError, onClose), which the sandbox accepts and does not use, then the SDK parses the link token', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const token = await api.client.link.token({ userId, redirectUrl: 'https://app.example.com/connected', filterOnProviders: ['oura', 'garmin'], onError: 'redirect', onClose: 'redirect' });
      expect(JSON.parse(api.last().requestBody ?? '{}')).toMatchObject({ filter_on_providers: ['oura', 'garmin'], on_error: 'redirect', on_close: 'redirect' });
      expect(token.linkToken).toEqual(expect.any(String));
      expectStrictParse(api, serializers.LinkTokenExchangeResponse);
    });

    it('when link.codeCreate is called, then the SDK parses the code, its exchange URL and expiry', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const code = await api.client.link.codeCreate({ userId });
      expect(code.expiresAt).toBeInstanceOf(Date);
      expectStrictParse(api, serializers.VitalTokenCreatedResponse);
    });

    it('when link.generateOauthLink is called with a link token and no API key (as the link widget does), then the SDK parses the provider with its oauth_url', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const { linkToken } = await api.client.link.token({ userId, provider: 'oura' });
      const source = await api.keyless.link.generateOauthLink('oura', { vitalLinkToken: linkToken });
      expect(api.last().requestHeaders).not.toHaveProperty('x-vital-api-key');
      expect(api.last().requestHeaders['x-vital-link-token']).toBe(linkToken);
      expect(source.slug).toBe('oura');
      expect(source.oauthUrl).toEqual(expect.stringMatching(/^https?:\/\//));
      expectStrictParse(api, serializers.Source);
    });

    statefulIt(`when link.generateOauthLink is called with a link token alone, then its oauth_url is the token's consent page ${STATELESS}`, async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const { linkToken } = await api.client.link.token({ userId, provider: 'oura' });
      const source = await api.keyless.link.generateOauthLink('oura', { vitalLinkToken: linkToken });
      expect(source.oauthUrl).toContain(encodeURIComponent(linkToken));
    });

    it('when link.generateOauthLink is called with neither a link token nor an API key, then the SDK throws a VitalError with the 401', async () => {
      const error = await sdkError(sdk().keyless.link.generateOauthLink('oura'));
      expect(error.statusCode).toBe(401);
      expect(error.body).toEqual({ detail: expect.any(String) });
    });

    it('when link.connectPasswordProvider is called with the sandbox pair and a link token alone, then the SDK parses the ProviderLinkResponse', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const { linkToken } = await api.client.link.token({ userId });
      const answer = await api.keyless.link.connectPasswordProvider('renpho', { vitalLinkToken: linkToken, username: 'sandbox-user@example.com', password: 'sandbox-password' });
      expect(answer).toMatchObject({ state: 'success', provider: 'renpho', connected: true });
      expectStrictParse(api, serializers.ProviderLinkResponse);
    });

    it('when link.completePasswordProviderMfa follows a sign-in that asks for a code, then the SDK parses both ProviderLinkResponses', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const { linkToken } = await api.client.link.token({ userId });
      const pending = await api.keyless.link.connectPasswordProvider('renpho', { vitalLinkToken: linkToken, username: 'sandbox-mfa-user@example.com', password: 'sandbox-password' });
      expectStrictParse(api, serializers.ProviderLinkResponse);
      const done = await api.keyless.link.completePasswordProviderMfa('renpho', { vitalLinkToken: linkToken, mfaCode: '246810' });
      expectStrictParse(api, serializers.ProviderLinkResponse);
      if (target.stateful) {
        expect(pending).toMatchObject({ state: 'pending_provider_mfa', providerMfa: { method: 'sms' } });
        expect(done).toMatchObject({ state: 'success', connected: true });
      }
    });

    it('when link.connectEmailAuthProvider is called with the sandbox address, then the SDK accepts the reply', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const { linkToken } = await api.client.link.token({ userId });
      // The SDK types this reply as `unknown` (no parser): the JSON body is what it gets.
      const answer = await api.keyless.link.connectEmailAuthProvider('freestyle_libre', { vitalLinkToken: linkToken, email: 'sandbox-user@example.com' });
      expect(answer).toMatchObject({ state: 'success', provider: 'freestyle_libre' });
    });

    it('when link.getAllProviders is called with a link token alone, then the SDK parses the SourceLink list', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const { linkToken } = await api.client.link.token({ userId });
      const sources = await api.keyless.link.getAllProviders({ vitalLinkToken: linkToken });
      expect(sources.length).toBeGreaterThan(0);
      expect(sources[0]).toMatchObject({ slug: expect.any(String), name: expect.any(String) });
      expectStrictParse(api, serializers.link.getAllProviders.Response);
    });

    it('when link.bulkTriggerHistoricalPull is called, then the SDK accepts the reply', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      // The SDK types this reply as `unknown` (no parser): the status and JSON body are what it gets.
      await api.client.link.bulkTriggerHistoricalPull({ userIds: [userId], provider: 'oura' });
      expect([200, 202]).toContain(api.last().status);
      const body = JSON.parse(api.last().body) as { detail: unknown; operation: unknown };
      expect(body.detail).toEqual(expect.any(String));
      // Its `operation` is the SDK's BulkOp (what link.listBulkOps lists), judged strictly.
      const operation = serializers.BulkOp.parse(body.operation, { unrecognizedObjectKeys: 'passthrough', allowUnrecognizedEnumValues: false, allowUnrecognizedUnionMembers: false });
      expect(operation.ok ? [] : operation.errors).toEqual([]);
    });

    it('when link.bulkExport is called, then the SDK parses the page of connection recipes', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const page = await api.client.link.bulkExport({ teamId: 'infer_from_context', provider: 'oura', userIds: [userId] });
      expectStrictParse(api, serializers.BulkExportConnectionsResponse);
      if (target.stateful) expect(page).toMatchObject({ data: [expect.objectContaining({ userId, accessToken: expect.any(String) })] });
    });

    it('when link.bulkPause is called, then the SDK accepts the reply', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      // The SDK types this reply as `unknown` (no parser): the JSON body is what it gets.
      const answer = await api.client.link.bulkPause({ userIds: [userId], provider: 'oura' });
      if (target.stateful) expect(answer).toEqual({ user_ids_paused: [userId], user_ids_in_error: [], user_ids_not_connected: [] });
    });

    it('when link.bulkImport is called, then the SDK parses the lists of imported and failed users', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const answer = await api.client.link.bulkImport({
        provider: 'fitbit',
        connections: [{ userId, accessToken: 'at_compat_1', refreshToken: 'rt_compat_1', providerId: 'CMPT01', expiresAt: 1795000000, oauthScopes: ['activity'] }],
        waitForCompletion: true,
      });
      expectStrictParse(api, serializers.BulkImportConnectionsResponse);
      if (target.stateful) expect(answer).toEqual({ userIdsImported: [userId], userIdsFailed: [] });
    });

    it('when link.listBulkOps is called, then the SDK parses the page of bulk operations', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      await api.client.link.bulkTriggerHistoricalPull({ userIds: [userId], provider: 'oura' });
      const page = await api.client.link.listBulkOps({ pageSize: 5 });
      expect(page.data.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.BulkOpsResponse);
    });

    it('when link.bulkTriggerHistoricalPull and link.listBulkOps are called with teamId infer_from_context (the SDK\'s only value), then the SDK accepts both replies', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      await api.client.link.bulkTriggerHistoricalPull({ teamId: 'infer_from_context', userIds: [userId], provider: 'oura' });
      expect([200, 202]).toContain(api.last().status);
      const page = await api.client.link.listBulkOps({ teamId: 'infer_from_context', pageSize: 5 });
      expect(page.data.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.BulkOpsResponse);
    });
  });

  describe('introspection', () => {
    it('when introspect.getUserResources is called for a connected user, then the SDK parses the page', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const page = await api.client.introspect.getUserResources({ userId, userLimit: 10 });
      expectStrictParse(api, serializers.UserResourcesResponse);
      if (target.stateful) expect(page.data.map((entry) => [entry.userId, Object.keys(entry.provider)])).toEqual([[userId, ['oura']]]);
    });

    it('when introspect.getUserHistoricalPulls is called after a bulk pull, then the SDK parses the page', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      await api.client.link.bulkTriggerHistoricalPull({ userIds: [userId], provider: 'oura' });
      const page = await api.client.introspect.getUserHistoricalPulls({ userId, provider: 'oura' });
      expectStrictParse(api, serializers.UserHistoricalPullsResponse);
      if (target.stateful) expect(Object.keys(page.data[0]!.provider.oura!.pulled)).toContain('sleep');
    });

    it('when introspect.getUserResources pages the team with userLimit and nextCursor, then the SDK parses each page', async () => {
      const api = sdk();
      await newUser(api);
      await newUser(api);
      const first = await api.client.introspect.getUserResources({ userLimit: 1 });
      expectStrictParse(api, serializers.UserResourcesResponse);
      if (target.stateful) {
        expect(first.nextCursor).toEqual(expect.any(String));
        await api.client.introspect.getUserResources({ userLimit: 1, nextCursor: first.nextCursor! });
        expectStrictParse(api, serializers.UserResourcesResponse);
      }
    });
  });

  describe('catalogs', () => {
    it('when providers.getAll is called, then the SDK parses every provider', async () => {
      const api = sdk();
      const providers = await api.client.providers.getAll();
      expect(providers.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.providers.getAll.Response);
    });

    it('when labTests.getMarkers is called with filters, then the SDK parses the page and each expected result carries required', async () => {
      const api = sdk();
      const page = await api.client.labTests.getMarkers({ labId: [1], name: 'glucose', page: 1, size: 5 });
      expect(page.markers.length).toBeGreaterThan(0);
      for (const marker of page.markers) for (const result of marker.expectedResults) expect(typeof result.required).toBe('boolean');
      expectStrictParse(api, serializers.GetMarkersResponse);
    });

    it('when labTests.getMarkers is called with include_pricing (a request option: the SDK has no parameter for it), then the SDK parses markers with their price', async () => {
      const api = sdk();
      const page = await api.client.labTests.getMarkers({ size: 3 }, { queryParams: { include_pricing: true } });
      expect(api.last().url).toContain('include_pricing=true');
      expect(page.markers.length).toBeGreaterThan(0);
      for (const marker of page.markers) expect(marker.price).toMatch(/^\d+\.\d\d$/);
      expectStrictParse(api, serializers.GetMarkersResponse);
    });

    it('when labTests.getMarkersForOrderSet is called, then the SDK parses the markers of the order set', async () => {
      const api = sdk();
      const page = await api.client.labTests.getMarkersForOrderSet({ body: { labTestIds: [ORDER_SET_LAB_TEST_ID], addOn: { providerIds: [ADD_ON_PROVIDER_ID] } } });
      expect(page.markers.length).toBeGreaterThan(0);
      for (const marker of page.markers) for (const result of marker.expectedResults) expect(typeof result.required).toBe('boolean');
      expectStrictParse(api, serializers.GetMarkersResponse);
    });

    it('when labTests.getMarkersForOrderSet is called with add-on marker ids and a lab account, then the SDK parses the markers of the order set', async () => {
      const api = sdk();
      const page = await api.client.labTests.getMarkersForOrderSet({ body: { labTestIds: [ORDER_SET_LAB_TEST_ID], addOn: { markerIds: [ADD_ON_MARKER_ID] }, labAccountId: labAccount() } });
      expect(JSON.parse(api.last().requestBody ?? '{}')).toMatchObject({ add_on: { marker_ids: [ADD_ON_MARKER_ID] }, lab_account_id: labAccount() });
      if (target.stateful) expect(page.markers.map((marker) => marker.id)).toContain(ADD_ON_MARKER_ID);
      expectStrictParse(api, serializers.GetMarkersResponse);
    });
  });

  describe('data reads', () => {
    /**
     * A user connected to `provider` whose local day is nearly over (so today's data is there), and
     * that day. The synthetic data is random per user id: a test that needs something in today's
     * data takes a user whose data has it (`suits`, checked before the connection, which has all
     * the user had by then).
     */
    const dataUser = async (api: SdkUnderTest, provider: 'fitbit' | 'oura' | 'apple_health_kit', suits: (userId: string, timeZone: string, today: string) => boolean = () => true) => {
      const { timeZone, today } = eveningZone();
      const created = await firstSuitable(
        () => api.client.user.create({ clientUserId: `compat-${randomUUID()}`, fallbackTimeZone: timeZone }),
        (candidate) => suits(candidate.userId, timeZone, today),
      );
      await api.client.link.connectDemoProvider({ userId: created.userId, provider });
      // The connection's day is readable from its first sync, which announces it: refresh syncs now.
      await api.client.user.refresh(created.userId);
      return { userId: created.userId, today };
    };

    it('when activity, sleep, body, workouts, meal, sleepCycle, electrocardiogram and menstrualCycle .get are called, then the SDK parses every summary list', async () => {
      const api = sdk();
      const { userId, today } = await dataUser(api, 'fitbit');
      const range = { startDate: today, endDate: today };
      const activity = await api.client.activity.get(userId, range);
      expectStrictParse(api, serializers.ClientActivityResponse);
      const sleep = await api.client.sleep.get(userId, range);
      expectStrictParse(api, serializers.ClientSleepResponse);
      await api.client.body.get(userId, range);
      expectStrictParse(api, serializers.ClientBodyResponse);
      await api.client.workouts.get(userId, range);
      expectStrictParse(api, serializers.ClientWorkoutResponse);
      await api.client.meal.get(userId, range);
      expectStrictParse(api, serializers.ClientFacingMealResponse);
      await api.client.sleepCycle.get(userId, range);
      expectStrictParse(api, serializers.ClientSleepCycleResponse);
      await api.client.electrocardiogram.get(userId, range);
      expectStrictParse(api, serializers.ClientFacingElectrocardiogramResponse);
      await api.client.menstrualCycle.get(userId, range);
      expectStrictParse(api, serializers.MenstrualCycleResponse);
      if (target.stateful) {
        expect(activity.activity.map((a) => a.calendarDate)).toEqual([today]);
        expect(sleep.sleep.length).toBeGreaterThan(0);
      }
    });

    it('when the raw variants and profile.get / getRaw are called, then the SDK parses them', async () => {
      const api = sdk();
      const { userId, today } = await dataUser(api, 'fitbit');
      const range = { startDate: today, endDate: today };
      await api.client.activity.getRaw(userId, range);
      expectStrictParse(api, serializers.RawActivity);
      await api.client.sleep.getRaw(userId, range);
      expectStrictParse(api, serializers.RawSleep);
      await api.client.body.getRaw(userId, range);
      expectStrictParse(api, serializers.RawBody);
      await api.client.workouts.getRaw(userId, range);
      expectStrictParse(api, serializers.RawWorkout);
      const profile = await api.client.profile.get(userId);
      expectStrictParse(api, serializers.ClientFacingProfile);
      await api.client.profile.getRaw(userId, { provider: 'fitbit' });
      expectStrictParse(api, serializers.RawProfile);
      if (target.stateful) expect(profile.userId).toBe(userId);
    });

    it('when vitals.heartrateGrouped, stepsGrouped and the deprecated vitals.heartrate are called, then the SDK parses the samples', async () => {
      const api = sdk();
      const { userId, today } = await dataUser(api, 'fitbit');
      const range = { startDate: today, endDate: today };
      const grouped = await api.client.vitals.heartrateGrouped(userId, range);
      expectStrictParse(api, serializers.GroupedHeartRateResponse);
      await api.client.vitals.stepsGrouped(userId, { ...range, provider: 'fitbit' });
      expectStrictParse(api, serializers.GroupedStepsResponse);
      const plain = await api.client.vitals.heartrate(userId, range);
      if (target.stateful) {
        const samples = (grouped.groups.fitbit ?? []).flatMap((group) => group.data);
        expect(samples.length).toBeGreaterThan(0);
        expect(plain.map((sample) => sample.timestamp.getTime())).toEqual(samples.map((sample) => sample.timestamp.getTime()));
      }
    });

    it('when vitals.vo2MaxGrouped and electrocardiogramVoltageGrouped are called, then the SDK parses the samples: vo2_max as intervals, the ECG with its lead', async () => {
      const api = sdk();
      // About one day in eight has an ECG recording: a user with one today, and its VO2 max estimate
      // (on the mock, every user is the example's, and the path names the resource's example).
      const recorded = (userId: string, timeZone: string, today: string) => {
        const day = generateDay({ userId, provider: 'apple_health_kit', date: today, timeZone, resources: ['electrocardiogram_voltage', 'vo2_max'] }, new Date());
        return (day.timeseries.electrocardiogram_voltage?.length ?? 0) > 0 && (day.timeseries.vo2_max?.length ?? 0) > 0;
      };
      const { userId, today } = await dataUser(api, 'apple_health_kit', target.stateful ? recorded : undefined);
      const range = { startDate: today, endDate: today };
      const vo2 = await api.client.vitals.vo2MaxGrouped(userId, range);
      expectStrictParse(api, serializers.GroupedVo2MaxResponse);
      const estimates = Object.values(vo2.groups).flat().flatMap((group) => group.data);
      expect(estimates.length).toBeGreaterThan(0);
      for (const estimate of estimates) expect(estimate.end.getTime()).toBe(estimate.start.getTime());
      const ecg = await api.client.vitals.electrocardiogramVoltageGrouped(userId, range);
      expectStrictParse(api, serializers.GroupedElectrocardiogramVoltageResponse);
      const voltages = Object.values(ecg.groups).flat().flatMap((group) => group.data);
      expect(voltages.length).toBeGreaterThan(0);
      expect(new Set(voltages.map((sample) => sample.type))).toEqual(new Set(['lead_I']));
    });

    it('when every vitals method (grouped and plain) of a resource we serve is called, then the SDK parses each reply, also with its enums enforced', async () => {
      const api = sdk();
      const { userId, today } = await dataUser(api, 'apple_health_kit');
      const range = { startDate: today, endDate: today };
      const vitals = api.client.vitals as unknown as Record<string, (userId: string, request: typeof range) => Promise<unknown>>;
      const methods = (await vitalsMethods()).filter((method) => SERVED_RESOURCES.has(method.resource));
      expect(methods.length).toBeGreaterThan(60);
      for (const method of methods) {
        const reply = await vitals[method.name]!(userId, range);
        expectStrictParse(api, method.serializer);
        // The mock answers the example the path's resource names, never an empty one.
        if (!target.stateful) expect(samplesOf(reply), `vitals.${method.name}`).not.toEqual([]);
      }
    }, 60_000);

    it('when the SDK\'s vitals methods are listed, then every one reads a resource we serve (the cholesterol fractions included)', async () => {
      const methods = await vitalsMethods();
      expect(methods.filter((method) => !SERVED_RESOURCES.has(method.resource)).map((method) => method.name)).toEqual([]);
      expect(methods.map((method) => method.name)).toEqual(expect.arrayContaining(['cholesterolHdl', 'cholesterolLdl', 'cholesterolTotal', 'cholesterolTriglycerides']));
    });

    it('when workouts.getByWorkoutId and sleep.getStreamBySleepId are called, then the SDK parses the streams', async () => {
      const api = sdk();
      let workoutId = UNKNOWN_WORKOUT_ID;
      let sleepId = UNKNOWN_WORKOUT_ID;
      if (target.stateful) {
        // Not every day has a workout: about half the users have no Fitbit workout ended by the
        // evening, so 12 users in a row without one (about 1 run in 4,400) left the unknown id,
        // whose stream is a 404. The test takes a user with one today.
        const workedOut = (userId: string, timeZone: string, today: string) =>
          generateDay({ userId, provider: 'fitbit', date: today, timeZone, resources: ['workouts'] }, new Date()).workouts.length > 0;
        const withWorkout = await dataUser(api, 'fitbit', workedOut);
        workoutId = (await api.client.workouts.get(withWorkout.userId, { startDate: withWorkout.today, endDate: withWorkout.today })).workouts[0]?.id ?? UNKNOWN_WORKOUT_ID;
        const { userId, today } = await dataUser(api, 'fitbit');
        sleepId = (await api.client.sleep.get(userId, { startDate: today, endDate: today })).sleep[0]!.id;
      }
      const stream = await api.client.workouts.getByWorkoutId(workoutId);
      expectStrictParse(api, serializers.ClientFacingStream);
      await api.client.sleep.getStreamBySleepId(sleepId);
      expectStrictParse(api, serializers.ClientFacingSleepStream);
      if (target.stateful) expect(stream.time?.length).toBeGreaterThan(0);
    });

    statefulIt('when summaries are asked for a range that ends before it starts, then the SDK parses the 422 into UnprocessableEntityError (server only: the mock checks no domain rule)', async () => {
      const api = sdk();
      const { userId } = await dataUser(api, 'fitbit');
      const error = await sdkError(api.client.sleep.get(userId, { startDate: '2026-11-21', endDate: '2026-11-20' }));
      expect(error.constructor.name).toBe('UnprocessableEntityError');
      expect(error.body).toMatchObject({ detail: [expect.objectContaining({ loc: ['query', 'end_date'] })] });
      expectStrictParse(api, serializers.HttpValidationError);
    });
  });

  describe('lab tests and orders', () => {
    const WALK_IN_LAB_TEST_ID = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';
    /** The standard testkit and on-site collection lab tests of every team. */
    const TESTKIT_LAB_TEST_ID = '3e40bd61-6f8a-4032-ae81-6cadb05f4134';
    const ON_SITE_LAB_TEST_ID = '2d3fac50-5e79-4f21-9d70-5b9caf4e3023';
    const patient = { firstName: 'Maria', lastName: 'Lopez', dob: '1986-04-21', gender: 'female' as const, phoneNumber: '+14155550123', email: 'maria.lopez@example.com' };
    const address = { firstLine: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' };
    const placeOrder = async (api: SdkUnderTest, idempotencyKey?: string) => {
      const { userId } = await newUser(api);
      return api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [WALK_IN_LAB_TEST_ID] }, ...(idempotencyKey && { idempotencyKey }) });
    };

    it('when labTests.createOrder is called with consents (which the SDK sends as consentType and timeOfConsent), then the order is created', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const consents = [{ consentType: 'hipaa-authorization' as const, version: '2024-01', timeOfConsent: new Date('2026-11-20T09:15:00Z') }];
      const created = await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [WALK_IN_LAB_TEST_ID] }, consents });
      expectStrictParse(api, serializers.PostOrderResponse);
      expect(created.status).toBe('success');
    });

    it('when labTests.createOrder is called with the optional keys the SDK can send (aoeAnswers, creatorMemberId, a physician\'s signatureImage, the deprecated healthInsurance with its images and responsible person, labAccountId), then the order is created', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const image = { content: 'iVBORw0KGgo=', contentType: 'image/png' as const };
      const created = await api.client.labTests.createOrder({
        userId,
        patientDetails: patient,
        patientAddress: address,
        orderSet: { labTestIds: [WALK_IN_LAB_TEST_ID], labAccountId: labAccount() },
        physician: { firstName: 'Ana', lastName: 'Reyes', npi: '1234567893', signatureImage: image },
        healthInsurance: {
          payorCode: 'AETNA',
          frontImage: image,
          backImage: image,
          patientSignatureImage: image,
          responsibleRelationship: 'Self',
          responsibleDetails: { firstName: 'Maria', lastName: 'Lopez', phoneNumber: '+14155550123', phoneType: 'mobile', address },
        },
        aoeAnswers: [{ markerId: 1065, questionId: 1, answer: '12' }],
        creatorMemberId: randomUUID(),
      });
      const sent = JSON.parse(api.last().requestBody ?? '{}') as Record<string, unknown>;
      expect(Object.keys(sent)).toEqual(expect.arrayContaining(['aoe_answers', 'creator_member_id', 'physician', 'health_insurance']));
      expectStrictParse(api, serializers.PostOrderResponse);
      expect(created.status).toBe('success');
    });

    it('when labTests.getLabs is called, then the SDK parses every lab', async () => {
      const api = sdk();
      expect((await api.client.labTests.getLabs()).length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.labTests.getLabs.Response);
    });

    it('when labTests.get and labTests.getPaginated are called, then the SDK parses the lab tests', async () => {
      const api = sdk();
      expect((await api.client.labTests.get({ collectionMethod: 'walk_in_test' })).length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.labTests.get.Response);
      const page = await api.client.labTests.getPaginated({ labTestLimit: 2 });
      expect(page.data.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.LabTestResourcesResponse);
    });

    it('when labTests.get and labTests.getPaginated are called with orderKey updated_at, then the SDK parses the lab tests, and the next page follows the first', async () => {
      const api = sdk();
      const all = await api.client.labTests.get({ orderKey: 'updated_at', orderDirection: 'desc' });
      expectStrictParse(api, serializers.labTests.get.Response);
      const first = await api.client.labTests.getPaginated({ orderKey: 'updated_at', orderDirection: 'desc', labTestLimit: 1 });
      expectStrictParse(api, serializers.LabTestResourcesResponse);
      expect(first.data).toHaveLength(1);
      if (target.stateful) {
        const second = await api.client.labTests.getPaginated({ orderKey: 'updated_at', orderDirection: 'desc', labTestLimit: 1, nextCursor: first.nextCursor! });
        expect([...first.data, ...second.data].map((test) => test.id)).toEqual(all.slice(0, 2).map((test) => test.id));
      }
    });

    it('when labTests.create and labTests.getById are called, then the SDK parses the lab test', async () => {
      const api = sdk();
      const created = await api.client.labTests.create({ name: 'Compat vitamin D', description: 'One marker.', method: 'walk_in_test', markerIds: [1065] });
      expectStrictParse(api, serializers.ClientFacingLabTest);
      const read = await api.client.labTests.getById(target.stateful ? created.id : WALK_IN_LAB_TEST_ID);
      expect(read.id).toMatch(/^[0-9a-f-]{36}$/);
      expectStrictParse(api, serializers.ClientFacingLabTest);
    });

    it('when labTests.getById is called with a lab account that reaches the lab test\'s lab, then the SDK parses the lab test', async () => {
      const api = sdk();
      // The team's Labcorp account; the standard walk-in lab test is at Labcorp.
      const read = await api.client.labTests.getById(WALK_IN_LAB_TEST_ID, { labAccountId: labAccount() });
      expectStrictParse(api, serializers.ClientFacingLabTest);
      expect(read.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    statefulIt(`when labTests.getById is called with a lab account without access to the lab test's lab, then the SDK throws a VitalError with the 404 ${STATELESS}`, async () => {
      // The team's BioReference account: the standard walk-in lab test is at Labcorp.
      const error = await sdkError(sdk().client.labTests.getById(WALK_IN_LAB_TEST_ID, { labAccountId: labAccount('bioreference') }));
      expect(error.statusCode).toBe(404);
      expect(error.body).toEqual({ detail: expect.stringContaining('has no access to lab labcorp') });
    });

    it('when labTests.createOrder, getOrder, getOrders, simulateOrderProcess and cancelOrder are called, then the SDK parses each order', async () => {
      const api = sdk();
      const created = await placeOrder(api);
      expectStrictParse(api, serializers.PostOrderResponse);
      const id = created.order.id;
      expect((await api.client.labTests.getOrder(id)).id).toBe(id);
      expectStrictParse(api, serializers.ClientFacingOrder);
      const page = await api.client.labTests.getOrders({ userId: created.order.userId, status: 'ordered', page: 1, size: 5 });
      expect(page.orders.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.GetOrdersResponse);
      await api.client.labTests.simulateOrderProcess(id, { finalStatus: 'collecting_sample.walk_in_test.appointment_pending' });
      const cancelled = await api.client.labTests.cancelOrder((await placeOrder(api)).order.id);
      expect(cancelled.order.events.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.PostOrderResponse);
    });

    it('when testkit.createOrder and testkit.register are called, then the SDK parses the kit\'s order, then the registered one', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const shippingDetails = { receiverName: 'Jordan Kim', firstLine: '88 Harbor Way', city: 'Oakland', state: 'CA', zip: '94607', country: 'US', phoneNumber: '+15105550188' };
      const kit = await api.client.testkit.createOrder({ userId, labTestId: TESTKIT_LAB_TEST_ID, shippingDetails });
      expectStrictParse(api, serializers.PostOrderResponse);
      expect(kit.status).toBe('success');
      // On the mock, the example's sample id; on the server, the kit's own, awaiting registration.
      const registered = await api.client.testkit.register({ sampleId: kit.order.sampleId!, patientDetails: patient, patientAddress: address });
      expectStrictParse(api, serializers.PostOrderResponse);
      if (target.stateful) expect([registered.order.id, registered.order.userId]).toEqual([kit.order.id, userId]);
    });

    it('when labTests.importOrder is called with a sample id, then the SDK parses the imported order', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const sampleId = `IMP${Math.floor(Math.random() * 1e10).toString().padStart(10, '0')}`;
      const imported = await api.client.labTests.importOrder({
        userId, billingType: 'client_bill', collectionMethod: 'walk_in_test', orderSet: { labTestIds: [WALK_IN_LAB_TEST_ID] }, patientDetails: patient, patientAddress: { ...address, receiverName: 'Maria Lopez' }, sampleId,
      });
      expectStrictParse(api, serializers.PostOrderResponse);
      expect(imported.status).toBe('success');
      if (target.stateful) expect([imported.order.sampleId, imported.order.userId]).toEqual([sampleId, userId]);
    });

    it('when order.resendEvents is called with an order id, then the SDK parses the orders announced again', async () => {
      const api = sdk();
      const placed = await placeOrder(api);
      const resent = await api.client.order.resendEvents({ orderIds: [placed.order.id] });
      expectStrictParse(api, serializers.ResendWebhookResponse);
      if (target.stateful) expect(resent.orderIds).toEqual([placed.order.id]);
    });

    it('when labTests.updateOnSiteCollectionOrderDrawCompleted is called for an on-site collection order, then the SDK parses the order that records the draw', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const placed = await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [ON_SITE_LAB_TEST_ID] } });
      const drawn = await api.client.labTests.updateOnSiteCollectionOrderDrawCompleted(placed.order.id);
      expectStrictParse(api, serializers.PostOrderResponse);
      if (target.stateful) expect(drawn.order.status).toBe('sample_with_lab');
    });

    it('when labTests.getOrders is called with orderActivationTypes, shippingRecipientName and a user id as searchInput, then the SDK parses the page', async () => {
      const api = sdk();
      const created = await placeOrder(api);
      const { userId } = created.order;
      // The order has no activate_by (current), and no receiver_name: its recipient is the patient, Maria Lopez.
      const page = await api.client.labTests.getOrders({ searchInput: userId, orderActivationTypes: ['current', 'scheduled'], shippingRecipientName: 'LOPEZ' });
      expectStrictParse(api, serializers.GetOrdersResponse);
      const scheduled = await api.client.labTests.getOrders({ userId, orderActivationTypes: 'scheduled', shippingRecipientName: 'maria' });
      expectStrictParse(api, serializers.GetOrdersResponse);
      if (target.stateful) expect([page.orders.map((order) => order.id), scheduled.total]).toEqual([[created.order.id], 0]);
    });

    it('when getResultRaw, getResultMetadata, getResultPdf and getOrderRequistionPdf are called for a completed order, then the SDK parses the results and reads both PDFs', async () => {
      const api = sdk();
      const id = (await placeOrder(api)).order.id;
      if (target.stateful) {
        await api.client.labTests.simulateOrderProcess(id);
        // The simulation runs in the background; the results exist once the order is completed.
        for (let attempt = 0; (await api.client.labTests.getOrder(id)).events.at(-1)?.status !== 'completed.walk_in_test.completed'; attempt++) {
          if (attempt > 300) throw new Error(`order ${id} did not complete`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const results = await api.client.labTests.getResultRaw(id);
      expectStrictParse(api, serializers.LabResultsRaw);
      expect(results.results.length).toBeGreaterThan(0);
      await api.client.labTests.getResultMetadata(id);
      expectStrictParse(api, serializers.LabResultsMetadata);
      for (const pdf of [await api.client.labTests.getResultPdf(id), await api.client.labTests.getOrderRequistionPdf(id)]) {
        expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    });

    it('when labTests.createOrder is called with idempotencyError no-cache, then the SDK sends the header and parses the order, its dob a date-time and receiverName a string', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const created = await api.client.labTests.createOrder({
        userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [WALK_IN_LAB_TEST_ID] }, idempotencyKey: `compat-${randomUUID()}`, idempotencyError: 'no-cache',
      });
      expectStrictParse(api, serializers.PostOrderResponse);
      expect(created.order.patientDetails?.dob).toBeInstanceOf(Date);
      expect(created.order.patientDetails?.dob.toISOString().slice(0, 10)).toBe(patient.dob);
      expect(typeof created.order.patientAddress?.receiverName).toBe('string');
    });

    statefulIt(`when labTests.createOrder is repeated with its idempotency key, then the SDK gets the same order ${STATELESS}`, async () => {
      const api = sdk();
      const key = `compat-${randomUUID()}`;
      const { userId } = await newUser(api);
      const body = { userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [WALK_IN_LAB_TEST_ID] }, idempotencyKey: key };
      const first = await api.client.labTests.createOrder(body);
      const again = await api.client.labTests.createOrder(body);
      expect(again.order.id).toBe(first.order.id);
    });
  });

  describe('users: update, restore, metrics, portal (issue 42)', () => {
    it('when user.patch is called, then the SDK accepts the answer, and user.get parses the changed user', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.user.patch(userId, { fallbackTimeZone: 'America/New_York', ingestionStart: '2026-01-01' });
      const user = await api.client.user.get(userId);
      expectStrictParse(api, serializers.ClientFacingUser);
      if (target.stateful) expect([user.fallbackTimeZone?.id, user.ingestionStart]).toEqual(['America/New_York', '2026-01-01']);
    });

    it('when user.undoDelete is called for a deleted user, then the SDK parses the success', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.user.delete(userId);
      const restored = await api.client.user.undoDelete({ userId });
      expect(restored.success).toBe(true);
      expectStrictParse(api, serializers.UserSuccessResponse);
      if (target.stateful) expect((await api.client.user.get(userId)).userId).toBe(userId);
    });

    it('when user.getTeamMetrics is called, then the SDK parses the metrics with their weeks', async () => {
      const api = sdk();
      const metrics = await api.client.user.getTeamMetrics();
      expect(metrics.numberOfConnectedSourcesByWeek?.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.MetricsResult);
    });

    it('when user.createPortalUrl is called, then the SDK parses the URL and its lifetime', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const portal = await api.client.user.createPortalUrl(userId, { context: 'launch' });
      expect(portal.expiresIn).toBe(3600);
      expectStrictParse(api, serializers.CreateUserPortalUrlResponse);
      if (target.stateful) expect((await fetch(portal.url)).status).toBe(200);
    });
  });

  describe('team: the team, users search, webhooks page, source priorities, physicians (issue 42)', () => {
    /** The key's own team id: on the server the sandbox team's; the mock accepts any well-formed id. */
    const teamId = () => ctx.deployment.server?.teamId ?? '3d2b1f0e-5a7c-4e8b-9f21-7c0a9e4b6d53';

    it('when team.get is called with the key\'s team id, then the SDK parses the team', async () => {
      const api = sdk();
      const team = await api.client.team.get(teamId());
      expect(team.delegatedFlow).toBe('order_and_results_with_customer_physician_network');
      expectStrictParse(api, serializers.ClientFacingTeam);
      if (target.stateful) expect(team.id).toBe(teamId());
    });

    it('when team.getUserById is called with a client user id, then the SDK parses the users found', async () => {
      const api = sdk();
      const { userId, clientUserId } = await newUser(api);
      const users = await api.client.team.getUserById({ queryId: clientUserId });
      expectStrictParse(api, serializers.team.getUserById.Response);
      if (target.stateful) expect(users.map((u) => u.userId)).toEqual([userId]);
    });

    it('when team.getSvixUrl is called, then the SDK parses the webhooks page URL', async () => {
      const api = sdk();
      const made = await api.client.team.getSvixUrl();
      expect(made.expires_in).toBe(900);
      expectStrictParse(api, serializers.team.getSvixUrl.Response);
    });

    it('when team.getSourcePriorities and team.updateSourcePriorities are called, then the SDK parses each order', async () => {
      const api = sdk();
      const sleep = await api.client.team.getSourcePriorities({ dataType: 'sleep' });
      expect(sleep.map((p) => p.data_type)).toEqual(['sleep']);
      expectStrictParse(api, serializers.team.getSourcePriorities.Response);
      // The SDK sends no body: the change of nothing, answered with every data type's order.
      const all = await api.client.team.updateSourcePriorities();
      expect(all.map((p) => p.data_type)).toEqual(['workouts', 'activity', 'sleep', 'body', 'timeseries']);
      expectStrictParse(api, serializers.team.updateSourcePriorities.Response);
    });

    it('when team.getPhysicians is called with the key\'s team id, then the SDK parses the physicians', async () => {
      const api = sdk();
      await api.client.team.getPhysicians(teamId());
      expectStrictParse(api, serializers.team.getPhysicians.Response);
    });
  });

  describe('insurance and payors', () => {
    const payorAddress = { firstLine: '100 Market Street', secondLine: 'Suite 300', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

    it('when insurance.searchDiagnosis is called, then the SDK parses the diagnoses', async () => {
      const api = sdk();
      const found = await api.client.insurance.searchDiagnosis({ diagnosisQuery: 'E11' });
      expect(found.length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.insurance.searchDiagnosis.Response);
    });

    it('when insurance.searchGetPayorInfo and the deprecated searchPayorInfo are called, then the SDK parses the payors', async () => {
      const api = sdk();
      expect((await api.client.insurance.searchGetPayorInfo({ insuranceName: 'aetna' })).length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.insurance.searchGetPayorInfo.Response);
      expect((await api.client.insurance.searchPayorInfo({ insuranceName: 'aetna' })).length).toBeGreaterThan(0);
      expectStrictParse(api, serializers.insurance.searchPayorInfo.Response);
    });

    it('when payor.createPayor is called, then the SDK parses the team payor', async () => {
      const api = sdk();
      const name = target.stateful ? `Compat Plan ${randomUUID().slice(0, 8)}` : 'Acme Health Plan';
      const payor = await api.client.payor.createPayor({ name, address: payorAddress, provider: 'availity', providerPayorId: `C${randomUUID().slice(0, 6)}` });
      expectStrictParse(api, serializers.ClientFacingPayor);
      expect(payor.source).toBe('team');
    });
  });

  describe('devices (issue 42)', () => {
    it('when user.getDevices, user.getDevice and devices.getRaw are called for a connected user, then the SDK parses each device', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      await api.client.link.connectDemoProvider({ userId, provider: 'oura' });
      const devices = await api.client.user.getDevices(userId);
      expect(devices.length).toBeGreaterThan(0);
      const device = await api.client.user.getDevice(userId, devices[0]!.id);
      expectStrictParse(api, serializers.ClientFacingDevice);
      expect(device.id).toBe(devices[0]!.id);
      const raw = await api.client.devices.getRaw(userId, {});
      expectStrictParse(api, serializers.RawDevices);
      expect(raw.devices.length).toBeGreaterThan(0);
      if (target.stateful) expect(devices.map((d) => [d.provider, d.sourceType])).toEqual([['oura', 'ring']]);
    });
  });

  describe('lab test markers and collection instructions', () => {
    it('when labTests.updateLabTest is called on a lab test of the team, then the SDK parses the changed lab test', async () => {
      const api = sdk();
      const created = await api.client.labTests.create({ name: 'Compat folate', description: 'One marker.', method: 'walk_in_test', markerIds: [1064] });
      const changed = await api.client.labTests.updateLabTest(created.id, { name: 'Compat folate, renamed', active: false });
      expectStrictParse(api, serializers.ClientFacingLabTest);
      expect(JSON.parse(api.last().requestBody ?? '{}')).toEqual({ name: 'Compat folate, renamed', active: false });
      if (target.stateful) expect(changed).toMatchObject({ name: 'Compat folate, renamed', status: 'inactive', isActive: false });
    });

    statefulIt(`when labTests.updateLabTest is called on a standard lab test, then the SDK throws a VitalError with the 400 ${STATELESS}`, async () => {
      const error = await sdkError(sdk().client.labTests.updateLabTest(ORDER_SET_LAB_TEST_ID, { name: 'Mine' }));
      expect(error.statusCode).toBe(400);
      expect(error.body).toEqual({ detail: expect.stringContaining('standard lab tests') });
    });

    it('when labTests.getMarkersForLabTest and getMarkersByLabAndProviderId are called, then the SDK parses the markers', async () => {
      const api = sdk();
      const page = await api.client.labTests.getMarkersForLabTest(ORDER_SET_LAB_TEST_ID, { page: 1, size: 50, labAccountId: labAccount() });
      expectStrictParse(api, serializers.GetMarkersResponse);
      expect(page.markers.length).toBeGreaterThan(0);
      const marker = await api.client.labTests.getMarkersByLabAndProviderId('004259', 1);
      expectStrictParse(api, serializers.ClientFacingMarker);
      expect(marker.providerId).toBe('004259');
    });

    // This SDK version has no include_pricing (nor the pricing of the answers): the API tests check it.

    it('when labTests.getLabTestCollectionInstructionPdf is called for the standard testkit, then it reads a PDF', async () => {
      const pdf = await sdk().client.labTests.getLabTestCollectionInstructionPdf('3e40bd61-6f8a-4032-ae81-6cadb05f4134');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });

  describe('lab appointments', () => {
    const patient = { firstName: 'Maria', lastName: 'Lopez', dob: '1986-04-21', gender: 'female' as const, phoneNumber: '+14155550123', email: 'maria.lopez@example.com' };
    const address = { firstLine: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' };
    const usAddress = { firstLine: '2417 Mission St.', secondLine: 'Apt. 3', city: 'San Francisco', state: 'CA', zipCode: '94110' };
    /** The standard lab tests of every team, at home and walk-in. */
    const LAB_TEST = { phlebotomy: '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12', psc: ORDER_SET_LAB_TEST_ID };
    const placeOrder = async (api: SdkUnderTest, kind: 'phlebotomy' | 'psc') => {
      const { userId } = await newUser(api);
      return (await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [LAB_TEST[kind]] } })).order.id;
    };
    /** A booking key of a slot at least `daysAhead` days from now (the first slot on the mock, whose keys are its example's). */
    const keyOf = (slots: { slots: { slots: { start: Date; bookingKey?: string }[] }[] }, daysAhead: number) => {
      const all = slots.slots.flatMap((day) => day.slots);
      return (all.find((slot) => slot.start.getTime() >= Date.now() + daysAhead * 86_400_000) ?? all[0]!).bookingKey!;
    };

    it('when labTests.getAreaInfo, getPscInfo and getOrderPscInfo are called, then the SDK parses the area and the centers', async () => {
      const api = sdk();
      const area = await api.client.labTests.getAreaInfo({ zipCode: '94110', labs: ['quest', 'labcorp'] });
      expectStrictParse(api, serializers.AreaInfo);
      expect(area.phlebotomy.isServed).toBe(true);
      const info = await api.client.labTests.getPscInfo({ zipCode: '94110', labId: 2, radius: '10' });
      expectStrictParse(api, serializers.PscInfo);
      expect(info.patientServiceCenters.length).toBeGreaterThan(0);
      await api.client.labTests.getOrderPscInfo(await placeOrder(api, 'psc'), {});
      expectStrictParse(api, serializers.PscInfo);
    });

    it('when the at-home appointment calls are made in turn (availability, book, get, reschedule, cancel, request, the reasons), then the SDK parses each', async () => {
      const api = sdk();
      const reasons = await api.client.labTests.getPhlebotomyAppointmentCancellationReason();
      expect(reasons.length).toBeGreaterThan(0);
      const slots = await api.client.labTests.getPhlebotomyAppointmentAvailability({ body: usAddress });
      expectStrictParse(api, serializers.AppointmentAvailabilitySlots);
      const orderId = await placeOrder(api, 'phlebotomy');
      const booked = await api.client.labTests.bookPhlebotomyAppointment(orderId, { bookingKey: keyOf(slots, 2) });
      expectStrictParse(api, serializers.ClientFacingAppointment);
      expect((await api.client.labTests.getPhlebotomyAppointment(orderId)).id).toBe(booked.id);
      const again = await api.client.labTests.getPhlebotomyAppointmentAvailability({ body: usAddress });
      await api.client.labTests.reschedulePhlebotomyAppointment(orderId, { bookingKey: keyOf(again, 4) });
      expectStrictParse(api, serializers.ClientFacingAppointment);
      const cancelled = await api.client.labTests.cancelPhlebotomyAppointment(orderId, { cancellationReasonId: reasons[0]!.id });
      expectStrictParse(api, serializers.ClientFacingAppointment);
      if (target.stateful) expect(cancelled.status).toBe('cancelled');
      const pending = await api.client.labTests.requestPhlebotomyAppointment(await placeOrder(api, 'phlebotomy'), { address: usAddress, provider: 'phlebfinders' });
      expectStrictParse(api, serializers.ClientFacingAppointment);
      if (target.stateful) expect(pending.status).toBe('pending');
    });

    it('when the walk-in appointment calls are made in turn (availability, book, get, reschedule, cancel, the reasons), then the SDK parses each', async () => {
      const api = sdk();
      const reasons = await api.client.labTests.getPscAppointmentCancellationReason();
      const slots = await api.client.labTests.getPscAppointmentAvailability({ lab: 'quest', zipCode: '94110' });
      expectStrictParse(api, serializers.AppointmentAvailabilitySlots);
      const orderId = await placeOrder(api, 'psc');
      const booked = await api.client.labTests.bookPscAppointment(orderId, { bookingKey: keyOf(slots, 2) });
      expectStrictParse(api, serializers.ClientFacingAppointment);
      expect((await api.client.labTests.getPscAppointment(orderId)).id).toBe(booked.id);
      const again = await api.client.labTests.getPscAppointmentAvailability({ lab: 'quest', zipCode: '94110' });
      await api.client.labTests.reschedulePscAppointment(orderId, { bookingKey: keyOf(again, 4) });
      const cancelled = await api.client.labTests.cancelPscAppointment(orderId, { cancellationReasonId: reasons[0]!.id, note: 'Wrong center.' });
      expectStrictParse(api, serializers.ClientFacingAppointment);
      if (target.stateful) expect(cancelled.status).toBe('cancelled');
    });

    statefulIt(`when a booking key is made up, then the SDK throws the 422 naming booking_key ${STATELESS}`, async () => {
      const api = sdk();
      const error = await sdkError(api.client.labTests.bookPscAppointment(await placeOrder(api, 'psc'), { bookingKey: 'made-up' }));
      expect(error.statusCode).toBe(422);
    });
  });

  describe('order documents', () => {
    const patient = { firstName: 'Maria', lastName: 'Lopez', dob: '1986-04-21', gender: 'female' as const, phoneNumber: '+14155550123', email: 'maria.lopez@example.com' };
    const address = { firstLine: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' };
    /** The standard lab tests of every team: walk-in, at-home phlebotomy, testkit. */
    const LAB_TEST = { walkIn: ORDER_SET_LAB_TEST_ID, atHome: '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12', testkit: '3e40bd61-6f8a-4032-ae81-6cadb05f4134' };
    const isPdf = async (pdf: { arrayBuffer(): Promise<ArrayBuffer> }) => Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1');

    it('when labTests.getOrderCollectionInstructionPdf is called for a testkit order, then it reads a PDF', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const order = await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [LAB_TEST.testkit] } });
      expect(await isPdf(await api.client.labTests.getOrderCollectionInstructionPdf(order.order.id))).toBe('%PDF-');
    });

    it('when labTests.getLabelsPdf is called for an at-home order with a collection date and a number of labels, then it reads a PDF', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const order = await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [LAB_TEST.atHome] } });
      const pdf = await api.client.labTests.getLabelsPdf(order.order.id, { collectionDate: new Date('2026-12-01T17:30:00.000Z'), numberOfLabels: 4 });
      expect(await isPdf(pdf)).toBe('%PDF-');
      expect(new URL(api.last().url).searchParams.get('collection_date')).toBe('2026-12-01T17:30:00.000Z');
    });

    it('when labTests.getOrderAbnPdf is called for an order billed to a Medicare patient\'s insurance, then it reads a PDF', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const insured = insuranceBody().insured;
      await api.client.user.createInsurance(userId, {
        payorCode: 'MEDICARE', memberId: '1EG4TE5MK73', relationship: 'Self', isPrimary: true,
        insured: { firstName: insured.first_name, lastName: insured.last_name, gender: 'female', dob: insured.dob, email: insured.email, phoneNumber: insured.phone_number, address },
      });
      const order = await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [LAB_TEST.walkIn] }, billingType: 'commercial_insurance' });
      expect(await isPdf(await api.client.labTests.getOrderAbnPdf(order.order.id))).toBe('%PDF-');
    });

    statefulIt(`when labTests.getOrderAbnPdf is called for an order billed to the client, then the SDK throws a VitalError with the 400 ${STATELESS}`, async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const order = await api.client.labTests.createOrder({ userId, patientDetails: patient, patientAddress: address, orderSet: { labTestIds: [LAB_TEST.walkIn] } });
      const error = await sdkError(api.client.labTests.getOrderAbnPdf(order.order.id));
      expect(error.statusCode).toBe(400);
      expect(error.body).toEqual({ detail: expect.stringContaining('billed as client_bill') });
    });
  });

  describe('lab report parsing', () => {
    it('when labReport.parserCreateJob uploads a report PDF and parserGetJob reads the job, then the SDK parses both replies (job_id beside id)', async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const pdf = Buffer.from(await reportPdf());
      const job = await api.client.labReport.parserCreateJob(new Blob([pdf], { type: 'application/pdf' }), { userId, needsHumanReview: false });
      expectStrictParse(api, serializers.ParsingJob);
      expect(job.jobId).toBe(job.id);
      expect(['started', 'completed']).toContain(job.status);
      const read = await api.client.labReport.parserGetJob(job.jobId);
      expectStrictParse(api, serializers.ParsingJob);
      expect(read.id).toBe(job.id);
    });

    statefulIt(`when labReport.parserCreateJob uploads a file that is not a PDF, then the SDK throws its UnprocessableEntityError naming the file ${STATELESS}`, async () => {
      const api = sdk();
      const { userId } = await newUser(api);
      const error = await sdkError(api.client.labReport.parserCreateJob(new Blob(['Glucose 90 mg/dL'], { type: 'text/plain' }), { userId }));
      expect(error.statusCode).toBe(422);
      expect(JSON.stringify(error.body)).toContain('file');
    });
  });

  // Last in the file: vitest runs a file's tests in order, so the log holds every call above.
  it('when every test above has run, then the SDK reached every team API operation it has a call for, each with a 2xx', () => {
    const expected = listOperations(loadDocument('team'))
      .map((operation) => operation.operationId)
      .filter((operationId) => !WITHOUT_SDK_CALL.includes(operationId) && !REFUSED_SDK_CALL.includes(operationId))
      .sort();
    expect([...operationsReached(loadDocument('team'), log)].sort()).toEqual(expected);
  });
});
