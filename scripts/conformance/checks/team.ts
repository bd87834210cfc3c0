/** Conformance checks of the team API, one `operation` per operation of generated/team/openapi.json. */
import { LINK_TOKEN_HEADER, type TeamClient, type TeamSchemas } from '../../../server/client/index.js';
import { check, checkEqual, show, type Outcome } from '../assertions.js';
import type { CheckContext } from '../context.js';
import { always, notOnMock, operation, type OperationChecks } from '../operation.js';
import {
  insuranceBody,
  invalid,
  MALFORMED_JSON,
  NOT_A_UUID,
  ORDER_SET,
  overOneMiBBody,
  UNKNOWN_ID,
  userInfoBody,
} from '../values.js';
import { errorChecks, OVERSIZED } from './shared.js';

type User = TeamSchemas['ClientFacingUser'];
const MANAGEMENT = ['management', 'org-id'] as const;

const { pathNotAUuid, unissuedCursor, notFound, tooLarge } = errorChecks('team');

/** The key of another team of the organization (the run's own team). */
const otherTeamClient = (t: CheckContext) => t.fixtures.ownTeamClient();

/** A check that a request without a key is a 401 `{"detail": string}`. */
const missingKey = (operationId: string, send: (t: CheckContext) => Promise<{ response: Response }>) =>
  always('401 without an API key', async (t) => {
    t.expect.error('team', operationId, await send(t), 401);
  });

/** A check that a request with an unknown key is a 401. */
const unknownKey = (operationId: string, send: (t: CheckContext, client: CheckContext['team']) => Promise<{ response: Response }>) =>
  notOnMock('credentials', '401 with an unknown API key', async (t) => {
    t.expect.error('team', operationId, await send(t, t.teamWith(`sk_us_conformance_unknown_${t.runId}`)), 401);
  });

/** A check that another team's key gets a 404 for the run's main user (of the given key's team). */
const otherTeamsUser = (operationId: string, name: string, send: (other: TeamClient, user: User & { sentClientUserId: string }) => Promise<Outcome>) =>
  notOnMock(
    'credentials',
    name,
    async (t) => {
      const user = await t.fixtures.user();
      const other = await otherTeamClient(t);
      t.expect.error('team', operationId, await send(other, user), 404);
    },
    MANAGEMENT,
  );

// The requests several checks send, with the client and ids they vary.
const getUser = (client: TeamClient, user_id: string) => client.GET('/v2/user/{user_id}', { params: { path: { user_id } } });
const deleteUser = (client: TeamClient, user_id: string) => client.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } });
const resolveUser = (client: TeamClient, client_user_id: string) => client.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id } } });
const createInsurance = (client: TeamClient, user_id: string, body: TeamSchemas['CreateInsuranceRequest'] = insuranceBody()) =>
  client.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id } }, body });
const updateUserInfo = (client: TeamClient, user_id: string, body: TeamSchemas['UserInfoCreateRequest'] = userInfoBody()) =>
  client.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id } }, body });
const createSignInToken = (client: TeamClient, user_id: string) => client.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
const deregisterProvider = (client: TeamClient, user_id: string, provider: TeamSchemas['ProviderSlug']) =>
  client.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id, provider } } });
const bulkPull = (client: TeamClient, body: TeamSchemas['BulkTriggerHistoricalPullRequest']) => client.POST('/v2/link/bulk_trigger_historical_pull', { body });
const getOAuthProvider = (client: TeamClient, oauth_provider: TeamSchemas['OAuthProviderSlug'], linkToken?: string) =>
  client.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider }, ...(linkToken !== undefined && { header: { [LINK_TOKEN_HEADER]: linkToken } }) } });

export const teamChecks: OperationChecks[] = [
  // ---- users ---------------------------------------------------------------------------------
  operation('team', 'createUser', [
    always('creates a user from a new client_user_id', async (t) => {
      await t.fixtures.user();
    }),
    notOnMock('static-examples', 'answers the stored user: its client_user_id, fallback time zone and no connections', async (t) => {
      const clientUserId = t.fixtures.clientUserId();
      const user = await t.fixtures.createUser(t.team, clientUserId);
      checkEqual(user.client_user_id, clientUserId, 'client_user_id');
      checkEqual(user.fallback_time_zone?.id, 'Europe/London', 'fallback_time_zone.id');
      checkEqual(user.connected_sources, [], 'connected_sources');
    }),
    always('422 naming ["body", "client_user_id"] when it is missing', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: invalid({ fallback_time_zone: 'Europe/London' }) });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'], type: 'missing' }]);
    }),
    always('422 naming ["body", "client_user_id"] when it is a number', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: invalid({ client_user_id: 12345 }) });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'], type: 'type_error' }]);
    }),
    always('422 json_invalid when the body is not valid JSON', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: invalid({}), bodySerializer: () => MALFORMED_JSON });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body'], type: 'json_invalid' }]);
    }),
    always('422 naming ["body"] when the body is not sent as JSON', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() }, headers: { 'content-type': 'text/plain' } });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body'] }]);
    }),
    tooLarge('createUser', (t) => t.team.POST('/v2/user', OVERSIZED)),
    missingKey('createUser', (t) => t.teamWithoutKey.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() } })),
    unknownKey('createUser', (t, client) => client.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() } })),
    notOnMock('state', '400 when the client_user_id is already used', async (t) => {
      const { sentClientUserId } = await t.fixtures.user();
      t.expect.error('team', 'createUser', await t.team.POST('/v2/user', { body: { client_user_id: sentClientUserId } }), 400);
    }),
    notOnMock('domain-rules', '422 naming ["body", "client_user_id"] when it is an e-mail address', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: `conformance.${t.runId}@example.com` } });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "fallback_time_zone"] when the zone is unknown', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId(), fallback_time_zone: 'Mars/Olympus_Mons' } });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'fallback_time_zone'] }]);
    }),
    notOnMock('domain-rules', '422 when ingestion_start is after ingestion_end', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId(), ingestion_start: '2026-02-01', ingestion_end: '2026-01-01' } });
      t.expect.error('team', 'createUser', outcome, 422);
    }),
  ]),

  operation('team', 'getUser', [
    always('reads a created user', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.success('team', 'getUser', await getUser(t.team, user_id));
    }),
    notOnMock('state', 'reads back what createUser answered', async (t) => {
      const created = await t.fixtures.user();
      const read = t.expect.success<User>('team', 'getUser', await getUser(t.team, created.user_id));
      const { sentClientUserId: _sent, ...stored } = created;
      checkEqual(read, stored, 'the user read back');
    }),
    pathNotAUuid('getUser', 'user_id', (t) => getUser(t.team, NOT_A_UUID)),
    missingKey('getUser', (t) => getUser(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getUser', (_t, client) => getUser(client, UNKNOWN_ID)),
    notFound('getUser', '404 for an unknown user_id', (t) => getUser(t.team, UNKNOWN_ID)),
    otherTeamsUser('getUser', "404 for a user of another team (with that team's key)", (other, { user_id }) => getUser(other, user_id)),
  ]),

  operation('team', 'deleteUser', [
    always('deletes a user created for the purpose', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const deleted = t.expect.success<TeamSchemas['SuccessResponse']>('team', 'deleteUser', await deleteUser(t.team, user_id));
      if (!t.isMock) checkEqual(deleted.success, true, 'success');
    }),
    notOnMock('state', 'a deleted user is a 404 for getUser, resolveUser and a second delete', async (t) => {
      const { user_id, sentClientUserId } = await t.fixtures.createUser();
      t.expect.success('team', 'deleteUser', await deleteUser(t.team, user_id));
      t.expect.error('team', 'getUser', await getUser(t.team, user_id), 404);
      t.expect.error('team', 'resolveUser', await resolveUser(t.team, sentClientUserId), 404);
      t.expect.error('team', 'deleteUser', await deleteUser(t.team, user_id), 404);
    }),
    pathNotAUuid('deleteUser', 'user_id', (t) => deleteUser(t.team, NOT_A_UUID)),
    missingKey('deleteUser', (t) => deleteUser(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('deleteUser', '404 for an unknown user_id', (t) => deleteUser(t.team, UNKNOWN_ID)),
    notOnMock(
      'credentials',
      "404 for a user of another team, which stays (with that team's key)",
      async (t) => {
        const { user_id } = await t.fixtures.user();
        const other = await otherTeamClient(t);
        t.expect.error('team', 'deleteUser', await deleteUser(other, user_id), 404);
        t.expect.success('team', 'getUser', await getUser(t.team, user_id));
      },
      MANAGEMENT,
    ),
  ]),

  operation('team', 'resolveUser', [
    always('resolves a created user by its client_user_id', async (t) => {
      const { sentClientUserId } = await t.fixtures.user();
      t.expect.success('team', 'resolveUser', await resolveUser(t.team, sentClientUserId));
    }),
    notOnMock('state', 'resolves to the created user_id, also for a client_user_id with spaces and slashes', async (t) => {
      const created = await t.fixtures.user();
      const resolved = t.expect.success<User>('team', 'resolveUser', await resolveUser(t.team, created.sentClientUserId));
      checkEqual(resolved.user_id, created.user_id, 'user_id');
      const odd = await t.fixtures.createUser(t.team, `conformance-${t.runId} a/b?c#d%`);
      const oddResolved = t.expect.success<User>('team', 'resolveUser', await resolveUser(t.team, odd.sentClientUserId));
      checkEqual(oddResolved.user_id, odd.user_id, 'user_id of a client_user_id with reserved characters');
    }),
    missingKey('resolveUser', (t) => resolveUser(t.teamWithoutKey, 'patient-000123')),
    notFound('resolveUser', '404 for an unknown client_user_id', (t) => resolveUser(t.team, `conformance-${t.runId}-unknown`)),
    otherTeamsUser('resolveUser', "404 for a client_user_id of another team (with that team's key)", (other, { sentClientUserId }) => resolveUser(other, sentClientUserId)),
  ]),

  operation('team', 'createInsurance', [
    always('stores insurance with a commercial payor', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.success('team', 'createInsurance', await createInsurance(t.team, user_id));
    }),
    notOnMock('static-examples', 'answers the record as stored, with the payor company resolved', async (t) => {
      const { user_id } = await t.fixtures.user();
      const stored = t.expect.success<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', await createInsurance(t.team, user_id));
      checkEqual({ payor_code: stored.payor_code, member_id: stored.member_id, is_primary: stored.is_primary }, { payor_code: 'AETNA', member_id: 'W123456789', is_primary: true }, 'stored record');
      check(stored.company.name.length > 0, 'company.name is empty');
      checkEqual(stored.insured.address.second_line, '', 'a null second_line is returned as an empty string');
    }),
    notOnMock('domain-rules', 'MEDFED is stored as the Medicare plan of the insured address state', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await createInsurance(t.team, user_id, { ...insuranceBody(), payor_code: 'MEDFED' });
      checkEqual(t.expect.success<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', outcome).payor_code, 'MEDICARE_CA', 'payor_code');
    }),
    notOnMock('domain-rules', '422 naming ["body", "payor_code"] for an unknown payor', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await createInsurance(t.team, user_id, { ...insuranceBody(), payor_code: 'NO_SUCH_PAYOR' });
      t.expect.validation('team', 'createInsurance', outcome, [{ loc: ['body', 'payor_code'] }]);
    }),
    always('422 listing a missing member_id and insured.dob', async (t) => {
      const { user_id } = await t.fixtures.user();
      const { member_id: _member, insured, ...rest } = insuranceBody();
      const { dob: _dob, ...insuredWithoutDob } = insured;
      const outcome = await createInsurance(t.team, user_id, invalid({ ...rest, insured: insuredWithoutDob }));
      t.expect.validation('team', 'createInsurance', outcome, [
        { loc: ['body', 'member_id'], type: 'missing' },
        { loc: ['body', 'insured', 'dob'], type: 'missing' },
      ]);
    }),
    always('422 naming ["body", "insured", "dob"] for an impossible date', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = insuranceBody();
      const outcome = await createInsurance(t.team, user_id, { ...body, insured: { ...body.insured, dob: '1986-02-30' } });
      t.expect.validation('team', 'createInsurance', outcome, [{ loc: ['body', 'insured', 'dob'], type: 'format' }]);
    }),
    tooLarge('createInsurance', (t) => t.team.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id: UNKNOWN_ID } }, ...OVERSIZED })),
    missingKey('createInsurance', (t) => createInsurance(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('createInsurance', '404 for an unknown user_id (a plain string here)', (t) => createInsurance(t.team, NOT_A_UUID)),
    otherTeamsUser('createInsurance', "404 for a user of another team (with that team's key)", (other, { user_id }) => createInsurance(other, user_id)),
  ]),

  operation('team', 'updateUserInfo', [
    always('stores the demographics of a user', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.success('team', 'updateUserInfo', await updateUserInfo(t.team, user_id));
    }),
    notOnMock('static-examples', 'answers the info as stored', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = { ...userInfoBody(), first_name: 'Zoë', gender_identity: null };
      const stored = t.expect.success<TeamSchemas['UserInfo']>('team', 'updateUserInfo', await updateUserInfo(t.team, user_id, body));
      checkEqual(
        { first_name: stored.first_name, last_name: stored.last_name, email: stored.email, dob: stored.dob, zip_code: stored.address.zip_code },
        { first_name: 'Zoë', last_name: "O'Connor", email: 'anne.oconnor@example.com', dob: '1986-04-21', zip_code: '94110' },
        'stored info',
      );
    }),
    always('422 listing a missing email and a first_name with a digit', async (t) => {
      const { user_id } = await t.fixtures.user();
      const { email: _email, ...rest } = userInfoBody();
      const outcome = await updateUserInfo(t.team, user_id, invalid({ ...rest, first_name: 'Anne2' }));
      t.expect.validation('team', 'updateUserInfo', outcome, [
        { loc: ['body', 'email'], type: 'missing' },
        { loc: ['body', 'first_name'], type: 'pattern' },
      ]);
    }),
    always('422 naming ["body", "email"] for an address that is not one', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await updateUserInfo(t.team, user_id, { ...userInfoBody(), email: 'not-an-email' });
      t.expect.validation('team', 'updateUserInfo', outcome, [{ loc: ['body', 'email'], type: 'format' }]);
    }),
    always('422 naming ["body", "race"] for an unknown race', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await updateUserInfo(t.team, user_id, { ...userInfoBody(), race: invalid('martian') });
      t.expect.validation('team', 'updateUserInfo', outcome, [{ loc: ['body', 'race'] }]);
    }),
    tooLarge('updateUserInfo', (t) => t.team.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id: UNKNOWN_ID } }, ...OVERSIZED })),
    missingKey('updateUserInfo', (t) => updateUserInfo(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('updateUserInfo', '404 for an unknown user_id', (t) => updateUserInfo(t.team, UNKNOWN_ID)),
  ]),

  operation('team', 'createSignInToken', [
    always('issues a sign-in token for a user', async (t) => {
      await t.fixtures.signInToken();
    }),
    notOnMock('static-examples', 'the token is for the requested user', async (t) => {
      const { user_id } = await t.fixtures.user();
      const token = t.expect.success<TeamSchemas['SignInToken']>('team', 'createSignInToken', await createSignInToken(t.team, user_id));
      checkEqual(token.user_id, user_id, 'user_id');
    }),
    pathNotAUuid('createSignInToken', 'user_id', (t) => createSignInToken(t.team, NOT_A_UUID)),
    missingKey('createSignInToken', (t) => createSignInToken(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('createSignInToken', '404 for an unknown user_id', (t) => createSignInToken(t.team, UNKNOWN_ID)),
  ]),

  operation('team', 'deregisterProvider', [
    always('deregisters a demo connection to Oura', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('oura');
      const removed = t.expect.success<TeamSchemas['SuccessResponse']>('team', 'deregisterProvider', await deregisterProvider(t.team, user_id, 'oura'));
      if (!t.isMock) checkEqual(removed.success, true, 'success');
    }),
    notOnMock('state', 'the deregistered connection is gone from the user and a second deregistration is a 404', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('fitbit');
      t.expect.success('team', 'deregisterProvider', await deregisterProvider(t.team, user_id, 'fitbit'));
      const user = t.expect.success<User>('team', 'getUser', await getUser(t.team, user_id));
      check(!user.connected_sources.some((source) => source.source.slug === 'fitbit'), `fitbit is still connected: ${show(user.connected_sources)}`);
      t.expect.error('team', 'deregisterProvider', await deregisterProvider(t.team, user_id, 'fitbit'), 404);
    }),
    notOnMock('state', 'a mobile SDK provider connected in Auto Connect mode answers success false and stays connected', async (t) => {
      const token = await t.fixtures.signInToken();
      t.expect.success('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'health_connect' } }));
      const outcome = await deregisterProvider(t.team, token.user_id, 'health_connect');
      checkEqual(t.expect.success<TeamSchemas['SuccessResponse']>('team', 'deregisterProvider', outcome).success, false, 'success');
      const user = t.expect.success<User>('team', 'getUser', await getUser(t.team, token.user_id));
      check(user.connected_sources.some((source) => source.source.slug === 'health_connect'), 'health_connect is no longer connected');
    }),
    always('422 naming both path parameters when user_id is not a UUID and the provider is unknown', async (t) => {
      const outcome = await deregisterProvider(t.team, NOT_A_UUID, invalid('no_such_provider'));
      t.expect.validation('team', 'deregisterProvider', outcome, [
        { loc: ['path', 'user_id'], type: 'format' },
        { loc: ['path', 'provider'], type: 'enum' },
      ]);
    }),
    missingKey('deregisterProvider', (t) => deregisterProvider(t.teamWithoutKey, UNKNOWN_ID, 'oura')),
    notFound('deregisterProvider', '404 when the user has no connection to the provider', async (t) => deregisterProvider(t.team, (await t.fixtures.user()).user_id, 'strava')),
  ]),

  // ---- link ----------------------------------------------------------------------------------
  operation('team', 'createLinkCode', [
    always('creates a link code for a user', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.success('team', 'createLinkCode', await t.team.POST('/v2/link/code/create', { params: { query: { user_id } } }));
    }),
    notOnMock('static-examples', 'the exchange URL carries the code, and expires_at is the one asked for', async (t) => {
      const { user_id } = await t.fixtures.user();
      const expiresAt = new Date(Date.now() + 30 * 60_000);
      expiresAt.setMilliseconds(0);
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id, expires_at: expiresAt.toISOString() } } });
      const code = t.expect.success<TeamSchemas['LinkCode']>('team', 'createLinkCode', outcome);
      check(code.exchange_url.endsWith(`?code=${code.code}`), `exchange_url ${code.exchange_url} does not end with ?code=${code.code}`);
      checkEqual(new Date(code.expires_at).getTime(), expiresAt.getTime(), 'expires_at');
    }),
    always('422 naming ["query", "user_id"] when it is missing', async (t) => {
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: invalid({}) } });
      t.expect.validation('team', 'createLinkCode', outcome, [{ loc: ['query', 'user_id'], type: 'missing' }]);
    }),
    always('422 naming ["query", "user_id"] and ["query", "expires_at"] when they are malformed', async (t) => {
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id: NOT_A_UUID, expires_at: 'tomorrow' } } });
      t.expect.validation('team', 'createLinkCode', outcome, [
        { loc: ['query', 'user_id'], type: 'format' },
        { loc: ['query', 'expires_at'], type: 'format' },
      ]);
    }),
    missingKey('createLinkCode', (t) => t.teamWithoutKey.POST('/v2/link/code/create', { params: { query: { user_id: UNKNOWN_ID } } })),
    notOnMock('domain-rules', '422 naming ["query", "expires_at"] when it is in the past', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id, expires_at: '2000-01-01T00:00:00Z' } } });
      t.expect.validation('team', 'createLinkCode', outcome, [{ loc: ['query', 'expires_at'] }]);
    }),
    notFound('createLinkCode', '404 for an unknown user_id', (t) => t.team.POST('/v2/link/code/create', { params: { query: { user_id: UNKNOWN_ID } } })),
  ]),

  operation('team', 'createLinkToken', [
    always('creates a link token for a user', async (t) => {
      await t.fixtures.linkToken();
    }),
    always('creates a link token for one provider with a redirect URL', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v2/link/token', { body: { user_id, provider: 'oura', redirect_url: 'https://app.example.com/connected' } });
      t.expect.success('team', 'createLinkToken', outcome);
    }),
    always('422 naming ["body", "user_id"] when it is missing', async (t) => {
      const outcome = await t.team.POST('/v2/link/token', { body: invalid({ provider: 'oura' }) });
      t.expect.validation('team', 'createLinkToken', outcome, [{ loc: ['body', 'user_id'], type: 'missing' }]);
    }),
    always('422 naming ["body", "redirect_url"] when it is not a URI', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v2/link/token', { body: { user_id, redirect_url: 'not a uri' } });
      t.expect.validation('team', 'createLinkToken', outcome, [{ loc: ['body', 'redirect_url'], type: 'format' }]);
    }),
    tooLarge('createLinkToken', (t) => t.team.POST('/v2/link/token', OVERSIZED)),
    missingKey('createLinkToken', (t) => t.teamWithoutKey.POST('/v2/link/token', { body: { user_id: UNKNOWN_ID } })),
    notFound('createLinkToken', '404 for an unknown user_id', (t) => t.team.POST('/v2/link/token', { body: { user_id: UNKNOWN_ID } })),
  ]),

  operation('team', 'bulkTriggerHistoricalPull', [
    always('enqueues historical pulls (on a team with link migration enabled)', async (t) => {
      const client = t.hasManagement ? await enabledTeamClient(t) : t.team;
      const { user_id } = await t.fixtures.connectedUser('oura', client);
      t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura', wait_for_completion: false }));
    }),
    notOnMock(
      'state',
      'answers the operation, reports users without a connection, and lists the operation in listBulkOps',
      async (t) => {
        const client = await enabledTeamClient(t);
        const connected = await t.fixtures.connectedUser('oura', client);
        const unconnected = await t.fixtures.createUser(client);
        const outcome = await bulkPull(client, { user_ids: [connected.user_id, unconnected.user_id], provider: 'oura' });
        const answer = t.expect.success<TeamSchemas['BulkTriggerHistoricalPullResponse']>('team', 'bulkTriggerHistoricalPull', outcome, [202]);
        checkEqual(answer.not_connected_user_ids, [unconnected.user_id], 'not_connected_user_ids');
        checkEqual({ provider: answer.operation.provider, not_connected: answer.operation.not_connected }, { provider: 'oura', not_connected: 1 }, 'operation');
        const page = t.expect.success<TeamSchemas['BulkOpsPage']>('team', 'listBulkOps', await client.GET('/v2/link/bulk_op', { params: { query: { page_size: 50 } } }));
        check(page.data.some((op) => op.id === answer.operation.id), `listBulkOps does not list operation ${answer.operation.id}`);
      },
      MANAGEMENT,
    ),
    always('with wait_for_completion, answers 200 (completed) or 202 (still running)', async (t) => {
      const client = t.hasManagement ? await enabledTeamClient(t) : t.team;
      const { user_id } = await t.fixtures.createUser(client);
      t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'fitbit', wait_for_completion: true }), [200, 202]);
    }),
    notOnMock(
      'state',
      '403 while link migration is disabled for the team (updateTeam switches it off and on again)',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        const { id: team_id } = await t.fixtures.ownTeam();
        const setEnabled = async (link_migration_enabled: boolean) => {
          const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: t.orgId, team_id } }, body: { link_migration_enabled } });
          checkEqual(t.expect.success<{ link_migration_enabled: boolean }>('management', 'updateTeam', outcome).link_migration_enabled, link_migration_enabled, 'link_migration_enabled');
        };
        await setEnabled(false);
        try {
          t.expect.error('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura' }), 403);
        } finally {
          await setEnabled(true);
        }
        t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura' }));
      },
      MANAGEMENT,
    ),
    always('422 listing an empty user_ids and a missing provider', async (t) => {
      const outcome = await bulkPull(t.team, invalid({ user_ids: [] }));
      t.expect.validation('team', 'bulkTriggerHistoricalPull', outcome, [
        { loc: ['body', 'user_ids'], type: 'too_short' },
        { loc: ['body', 'provider'], type: 'missing' },
      ]);
    }),
    always('422 naming the index of a user id that is not a UUID, and of a repeated one', async (t) => {
      const outcome = await bulkPull(t.team, { user_ids: [UNKNOWN_ID, NOT_A_UUID], provider: 'oura' });
      t.expect.validation('team', 'bulkTriggerHistoricalPull', outcome, [{ loc: ['body', 'user_ids', 1], type: 'format' }]);
      const repeated = await bulkPull(t.team, { user_ids: [UNKNOWN_ID, UNKNOWN_ID], provider: 'oura' });
      t.expect.validation('team', 'bulkTriggerHistoricalPull', repeated, [{ loc: ['body', 'user_ids'], type: 'unique_items' }]);
    }),
    notOnMock(
      'state',
      '422 naming the index of an id that is not a user of the team',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        const outcome = await bulkPull(client, { user_ids: [user_id, UNKNOWN_ID], provider: 'oura' });
        t.expect.validation('team', 'bulkTriggerHistoricalPull', outcome, [{ loc: ['body', 'user_ids', 1] }]);
      },
      MANAGEMENT,
    ),
    tooLarge('bulkTriggerHistoricalPull', (t) => t.team.POST('/v2/link/bulk_trigger_historical_pull', OVERSIZED)),
    missingKey('bulkTriggerHistoricalPull', (t) => bulkPull(t.teamWithoutKey, { user_ids: [UNKNOWN_ID], provider: 'oura' })),
  ]),

  operation('team', 'listBulkOps', [
    always('lists bulk operations', async (t) => {
      t.expect.success('team', 'listBulkOps', await t.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 10 } } }));
    }),
    notOnMock(
      'static-examples',
      'pages with page_size and next_cursor, newest first, without repeating an operation',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        for (const provider of ['oura', 'strava'] as const) {
          t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider }));
        }
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 100; page++) {
          const outcome: { response: Response } = await client.GET('/v2/link/bulk_op', { params: { query: { page_size: 1, ...(cursor && { next_cursor: cursor }) } } });
          const body: TeamSchemas['BulkOpsPage'] = t.expect.success<TeamSchemas['BulkOpsPage']>('team', 'listBulkOps', outcome);
          check(body.data.length <= 1, `page_size 1 answered ${body.data.length} operations`);
          seen.push(...body.data.map((op) => op.id));
          cursor = body.next_cursor;
          if (!cursor) break;
        }
        check(seen.length >= 2, `paging listed ${seen.length} operations, expected at least the 2 just triggered`);
        checkEqual(new Set(seen).size, seen.length, 'distinct operations across pages');
      },
      MANAGEMENT,
    ),
    always('422 naming ["query", "page_size"] when it is above 50', async (t) => {
      const outcome = await t.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 51 } } });
      t.expect.validation('team', 'listBulkOps', outcome, [{ loc: ['query', 'page_size'], type: 'less_than_equal' }]);
    }),
    unissuedCursor('listBulkOps', (t) => t.team.GET('/v2/link/bulk_op', { params: { query: { next_cursor: 'not-a-cursor' } } })),
    missingKey('listBulkOps', (t) => t.teamWithoutKey.GET('/v2/link/bulk_op')),
  ]),

  operation('team', 'connectDemoProvider', [
    always('connects a user to a demo provider', async (t) => {
      await t.fixtures.connectedUser('withings');
    }),
    notOnMock('state', 'the user record lists the new connection', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('withings');
      const user = t.expect.success<User>('team', 'getUser', await getUser(t.team, user_id));
      check(user.connected_sources.some((source) => source.source.slug === 'withings'), `withings is not in ${show(user.connected_sources)}`);
    }),
    always('422 listing a user_id that is not a UUID and a missing provider', async (t) => {
      const outcome = await t.team.POST('/v2/link/connect/demo', { body: invalid({ user_id: NOT_A_UUID }) });
      t.expect.validation('team', 'connectDemoProvider', outcome, [
        { loc: ['body', 'user_id'], type: 'format' },
        { loc: ['body', 'provider'], type: 'missing' },
      ]);
    }),
    tooLarge('connectDemoProvider', (t) => t.team.POST('/v2/link/connect/demo', OVERSIZED)),
    missingKey('connectDemoProvider', (t) => t.teamWithoutKey.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } })),
    notFound('connectDemoProvider', '404 for an unknown user_id', (t) => t.team.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } })),
  ]),

  operation('team', 'connectSdkProvider', [
    always('exchanges a sign-in token without an API key and connects Apple HealthKit', async (t) => {
      const token = await t.fixtures.signInToken();
      t.expect.success('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } }));
    }),
    notOnMock('static-examples', "answers the token's user, the provider and the connect mode asked for", async (t) => {
      const token = await t.fixtures.signInToken();
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'samsung_health', connect_mode: 'explicit' } });
      const connection = t.expect.success<TeamSchemas['SdkConnection']>('team', 'connectSdkProvider', outcome);
      checkEqual({ user_id: connection.user_id, provider: connection.provider, connect_mode: connection.connect_mode }, { user_id: token.user_id, provider: 'samsung_health', connect_mode: 'explicit' }, 'connection');
    }),
    notOnMock('state', '401 when the sign-in token was already exchanged', async (t) => {
      const token = await t.fixtures.signInToken();
      const body = { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } as const;
      t.expect.success('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body }));
      t.expect.error('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body }), 401);
    }),
    notOnMock('credentials', '401 for an unknown sign-in token', async (t) => {
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: `sit_unknown_${t.runId}`, provider: 'apple_health_kit' } });
      t.expect.error('team', 'connectSdkProvider', outcome, 401);
    }),
    always('422 naming ["body", "provider"] for a provider that is not a mobile SDK one', async (t) => {
      const outcome = await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: `sit_unknown_${t.runId}`, provider: invalid('oura') } });
      t.expect.validation('team', 'connectSdkProvider', outcome, [{ loc: ['body', 'provider'], type: 'enum' }]);
    }),
    tooLarge('connectSdkProvider', (t) => t.teamWithoutKey.POST('/v2/link/sdk/connect', OVERSIZED)),
  ]),

  operation('team', 'getOAuthProvider', [
    always('reads the link detail of Oura with a link token', async (t) => {
      const { link_token } = await t.fixtures.linkToken();
      const detail = t.expect.success<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'oura', link_token));
      if (!t.isMock) check(typeof detail.oauth_url === 'string', `oauth_url is ${show(detail.oauth_url)} with a link token`);
    }),
    notOnMock('static-examples', 'without a link token, the detail of the provider asked for has no oauth_url', async (t) => {
      const detail = t.expect.success<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'strava'));
      checkEqual({ slug: detail.slug, oauth_url: detail.oauth_url }, { slug: 'strava', oauth_url: null }, 'detail');
    }),
    always('422 naming ["path", "oauth_provider"] for a provider that is not an OAuth one', async (t) => {
      const outcome = await getOAuthProvider(t.team, invalid('apple_health_kit'));
      t.expect.validation('team', 'getOAuthProvider', outcome, [{ loc: ['path', 'oauth_provider'], type: 'enum' }]);
    }),
    missingKey('getOAuthProvider', (t) => getOAuthProvider(t.teamWithoutKey, 'oura')),
    notOnMock('credentials', '401 for an unknown link token', async (t) => {
      t.expect.error('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'oura', `lt_unknown_${t.runId}`), 401);
    }),
    notOnMock(
      'credentials',
      "401 for a link token of another team (with that team's key)",
      async (t) => {
        const { link_token } = await t.fixtures.linkToken();
        const other = await otherTeamClient(t);
        t.expect.error('team', 'getOAuthProvider', await getOAuthProvider(other, 'oura', link_token), 401);
      },
      MANAGEMENT,
    ),
  ]),

  // ---- catalogs ------------------------------------------------------------------------------
  operation('team', 'listProviders', [
    always('lists the provider catalog', async (t) => {
      t.expect.success('team', 'listProviders', await t.team.GET('/v2/providers'));
    }),
    notOnMock('static-examples', 'source_type filters the catalog to a subset of it', async (t) => {
      const all = t.expect.success<TeamSchemas['ProviderList']>('team', 'listProviders', await t.team.GET('/v2/providers'));
      const slugs = new Set(all.map((provider) => provider.slug));
      let filteredTotal = 0;
      for (const source_type of ['app', 'ble', 'device', 'lab', 'provider']) {
        const filtered = t.expect.success<TeamSchemas['ProviderList']>('team', 'listProviders', await t.team.GET('/v2/providers', { params: { query: { source_type } } }));
        const outside = filtered.filter((provider) => !slugs.has(provider.slug));
        check(outside.length === 0, `source_type=${source_type} lists providers outside the catalog: ${show(outside.map((p) => p.slug))}`);
        filteredTotal += filtered.length;
      }
      check(filteredTotal > 0 && filteredTotal <= all.length, `the source types list ${filteredTotal} providers, the catalog ${all.length}`);
    }),
    always('answers /v2/providers/ (trailing slash) like /v2/providers', async (t) => {
      const withSlash = await t.fetch(`${t.target.teamUrl}/v2/providers/?source_type=device`, { headers: { 'x-vital-api-key': t.target.apiKey } });
      const withoutSlash = await t.team.GET('/v2/providers', { params: { query: { source_type: 'device' } } });
      checkEqual({ status: withSlash.status, body: (await withSlash.json()) as unknown }, { status: withoutSlash.response.status, body: withoutSlash.data as unknown }, '/v2/providers/');
    }),
    missingKey('listProviders', (t) => t.teamWithoutKey.GET('/v2/providers')),
    unknownKey('listProviders', (_t, client) => client.GET('/v2/providers')),
  ]),

  operation('team', 'listMarkers', [
    always('lists a page of markers of one lab', async (t) => {
      t.expect.success('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: [1], page: 1, size: 50 } } }));
    }),
    notOnMock('static-examples', 'pages: page and size are echoed, pages is ceil(total / size), and pages do not overlap', async (t) => {
      const first = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { page: 1, size: 3 } } }));
      const second = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { page: 2, size: 3 } } }));
      checkEqual({ page: first.page, size: first.size, second: second.page }, { page: 1, size: 3, second: 2 }, 'page and size');
      check(typeof first.total === 'number' && first.total > 3, `total is ${show(first.total)}, expected more than one page`);
      checkEqual(first.pages, Math.ceil(first.total / 3), 'pages');
      checkEqual(first.markers.length, 3, 'markers on a full page');
      const firstIds = new Set(first.markers.map((marker) => marker.id));
      check(!second.markers.some((marker) => firstIds.has(marker.id)), 'page 2 repeats markers of page 1');
    }),
    notOnMock('static-examples', 'lab_id and name filter the markers', async (t) => {
      const all = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { size: 100 } } }));
      const labId = all.markers[0]?.lab_id;
      check(labId !== undefined, 'the catalog lists no markers');
      const ofLab = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: [labId], size: 100 } } }));
      check(ofLab.markers.length > 0 && ofLab.markers.every((marker) => marker.lab_id === labId), `lab_id=${labId} lists markers of other labs`);
      const named = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', await t.team.GET('/v3/lab_tests/markers', { params: { query: { name: 'glucose', size: 100 } } }));
      check(named.markers.length > 0, 'name=glucose lists no markers');
      const unrelated = named.markers.filter((marker) => !marker.name.toLowerCase().includes('glucose') && !marker.provider_id.toLowerCase().startsWith('glucose'));
      check(unrelated.length === 0, `name=glucose lists ${show(unrelated.map((marker) => marker.name))}`);
    }),
    always('422 naming ["query", "size"] when it is 1000', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { size: 1000 } } });
      t.expect.validation('team', 'listMarkers', outcome, [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
    }),
    always('422 listing size 0 and page 0', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { size: 0, page: 0 } } });
      t.expect.validation('team', 'listMarkers', outcome, [
        { loc: ['query', 'size'], type: 'greater_than_equal' },
        { loc: ['query', 'page'], type: 'greater_than_equal' },
      ]);
    }),
    always('422 naming ["query", "lab_id", 0] when it is not an integer', async (t) => {
      const outcome = await t.team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: invalid(['one']) } } });
      t.expect.validation('team', 'listMarkers', outcome, [{ loc: ['query', 'lab_id', 0], type: 'type_error' }]);
    }),
    missingKey('listMarkers', (t) => t.teamWithoutKey.GET('/v3/lab_tests/markers')),
  ]),

  operation('team', 'listOrderSetMarkers', [
    always('lists the markers of an order set', async (t) => {
      t.expect.success('team', 'listOrderSetMarkers', await t.team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { page: 1, size: 50 } }, body: ORDER_SET }));
    }),
    notOnMock('static-examples', 'an empty order set lists no markers', async (t) => {
      const page = t.expect.success<TeamSchemas['LabMarkerPage']>('team', 'listOrderSetMarkers', await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: {} }));
      checkEqual(page.markers, [], 'markers');
    }),
    notOnMock('domain-rules', '422 naming the index of an unknown lab test', async (t) => {
      const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: { lab_test_ids: [...(ORDER_SET.lab_test_ids ?? []), UNKNOWN_ID] } });
      t.expect.validation('team', 'listOrderSetMarkers', outcome, [{ loc: ['body', 'lab_test_ids', 1] }]);
    }),
    always('422 naming ["query", "size"] when it is 101', async (t) => {
      const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { size: 101 } }, body: ORDER_SET });
      t.expect.validation('team', 'listOrderSetMarkers', outcome, [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
    }),
    always('422 naming ["body", "lab_test_ids"] when it is not an array', async (t) => {
      const outcome = await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: invalid({ lab_test_ids: 'abc' }) });
      t.expect.validation('team', 'listOrderSetMarkers', outcome, [{ loc: ['body', 'lab_test_ids'], type: 'type_error' }]);
    }),
    tooLarge('listOrderSetMarkers', (t) => t.team.POST('/v3/lab_tests/list_order_set_markers', OVERSIZED)),
    notOnMock('body-limit', '413 when the body is over the 1 MiB limit of every operation but the bulk pull', async (t) => {
      t.expect.error('team', 'listOrderSetMarkers', await t.team.POST('/v3/lab_tests/list_order_set_markers', { body: invalid({}), bodySerializer: overOneMiBBody }), 413);
    }),
    missingKey('listOrderSetMarkers', (t) => t.teamWithoutKey.POST('/v3/lab_tests/list_order_set_markers', { body: ORDER_SET })),
  ]),
];

/** A client of the run's own team with link migration enabled (the bulk pull needs it). */
async function enabledTeamClient(t: CheckContext) {
  await t.fixtures.enableLinkMigration();
  return t.fixtures.ownTeamClient();
}
