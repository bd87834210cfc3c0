import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../server/domain/devices/catalog.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Device = TeamSchemas['ClientFacingDevice'];
type Raw = TeamSchemas['RawDevicesResponse'];

describe.each(apiEngines)('devices (listUserDevices, getUserDevice, getUserDevicesRaw, provider.device.*) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const devicesOf = async (userId: string, key?: string) => expectStatus<Device[]>(await ctx.team(key).get(`/v2/user/${userId}/device`), 200);
  const deviceEvents = (userId: string) =>
    ctx.server.db.query<{ event_type: string; client_user_id: string; data: Device }>(
      `SELECT event_type, payload->>'client_user_id' AS client_user_id, payload->'data' AS data FROM events WHERE payload->>'user_id' = $1 AND event_type LIKE 'provider.device.%' ORDER BY created_on`,
      [userId],
    );
  const refresh = async (userId: string) => expectStatus(await ctx.team().post(`/v2/user/refresh/${userId}`), 200);

  it('when providers are connected, then each reports its device, as the provider would and the same for the same user, announced as provider.device.created', async () => {
    const user = await ctx.connectedUser('oura');
    await ctx.connect(user.user_id, 'fitbit');
    const devices = await devicesOf(user.user_id);
    expect(devices.map((device) => device.provider)).toEqual(['fitbit', 'oura']);
    for (const device of devices) {
      const reported = deviceOf(user.user_id, device.provider, new Date());
      const { device_version: _version, ...rest } = reported;
      expect(device).toMatchObject({ ...rest, user_id: user.user_id });
      expect(device.device_version).toMatch(/^\d+\.\d+\.\d+$/);
    }
    expect(devices.find((device) => device.provider === 'oura')).toMatchObject({ source_type: 'ring', device_manufacturer: 'Oura' });
    expect(devices.find((device) => device.provider === 'fitbit')).toMatchObject({ source_type: 'watch', device_manufacturer: 'Fitbit' });
    const events = await deviceEvents(user.user_id);
    expect(events.map((event) => [event.event_type, event.data.provider, event.client_user_id])).toEqual([
      ['provider.device.created', 'oura', user.client_user_id],
      ['provider.device.created', 'fitbit', user.client_user_id],
    ]);
    expect(events.map((event) => event.data).sort((a, b) => a.provider.localeCompare(b.provider))).toEqual(devices);
    // A sync without a firmware release announces nothing more.
    await refresh(user.user_id);
    expect(await deviceEvents(user.user_id)).toHaveLength(2);
  });

  it('when a sync finds the device changed, then it stores the report and sends provider.device.updated; a device never recorded is created', async () => {
    const user = await ctx.connectedUser('garmin');
    const [garmin] = await devicesOf(user.user_id);
    await ctx.server.db.query(`UPDATE devices SET device_version = '0.0.0' WHERE id = $1`, [garmin!.id]);
    await refresh(user.user_id);
    const [updated] = await devicesOf(user.user_id);
    expect(updated).toEqual(garmin);
    const events = await deviceEvents(user.user_id);
    expect(events.map((event) => event.event_type)).toEqual(['provider.device.created', 'provider.device.updated']);
    expect(events[1]!.data).toEqual(garmin);

    // A connection made before devices were recorded: its first sync records it.
    await ctx.server.db.query(`DELETE FROM devices WHERE id = $1`, [garmin!.id]);
    await refresh(user.user_id);
    expect(await devicesOf(user.user_id)).toEqual([garmin]);
    expect((await deviceEvents(user.user_id)).map((event) => event.event_type).at(-1)).toBe('provider.device.created');
  });

  it('when the provider is deregistered, then its device stays; a deleted and restored user has it again', async () => {
    const user = await ctx.connectedUser('withings');
    const devices = await devicesOf(user.user_id);
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/withings`), 200);
    expect(await devicesOf(user.user_id)).toEqual(devices);
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}`), 200);
    expectDetail(await ctx.team().get(`/v2/user/${user.user_id}/device`), 404);
    expectStatus(await ctx.team().post(`/v2/user/undo_delete?user_id=${user.user_id}`), 200);
    expect(await devicesOf(user.user_id)).toEqual(devices);
  });

  it('when one device is read, then it is the listed one; an unknown device, another user\'s or another team\'s is a 404', async () => {
    const user = await ctx.connectedUser('oura');
    const [device] = await devicesOf(user.user_id);
    expect(expectStatus(await ctx.team().get(`/v2/user/${user.user_id}/device/${device!.id}`), 200)).toEqual(device);
    const other = await ctx.newUser();
    expectDetail(await ctx.team().get(`/v2/user/${other.user_id}/device/${device!.id}`), 404, new RegExp(`Device ${device!.id}`));
    expectDetail(await ctx.team().get(`/v2/user/${user.user_id}/device/${UNKNOWN_ID}`), 404);
    expectDetail(await ctx.team().get(`/v2/user/${UNKNOWN_ID}/device/${device!.id}`), 404, `User ${UNKNOWN_ID} not found.`);
    expectValidation(await ctx.team().get(`/v2/user/${user.user_id}/device/nope`), [{ loc: ['path', 'device_id'] }]);
    const { other: team, theirs } = await ctx.otherTeamsUser();
    await ctx.connect(theirs.user_id, 'oura', team.apiKey);
    const [their] = await devicesOf(theirs.user_id, team.apiKey);
    expectDetail(await ctx.team().get(`/v2/user/${theirs.user_id}/device/${their!.id}`), 404);
    expectDetail(await ctx.team().get(`/v2/user/${theirs.user_id}/device`), 404);
    expectDetail(await ctx.team().get(`/v2/summary/devices/${theirs.user_id}/raw`), 404);
  });

  it("when the raw records are read, then each is the provider's record of a listed device, filtered by provider; an unknown slug is a 422", async () => {
    const user = await ctx.connectedUser('oura');
    await ctx.connect(user.user_id, 'strava');
    const devices = await devicesOf(user.user_id);
    const raw = expectStatus<Raw>(await ctx.team().get(`/v2/summary/devices/${user.user_id}/raw`), 200).devices;
    expect(raw.map((record) => [record.id, record.source.slug, record.source_id, record.user_id])).toEqual(devices.map((device) => [device.id, device.provider, expect.any(Number), user.user_id]));
    const oura = devices.find((device) => device.provider === 'oura')!;
    expect(raw.find((record) => record.id === oura.id)).toMatchObject({
      provider_id: oura.device_id,
      data: { id: oura.device_id, model: oura.device_model, firmware_version: oura.device_version, manufacturer: 'Oura', type: 'ring' },
    });
    // Strava has no hardware: the app is the device.
    expect(devices.find((device) => device.provider === 'strava')).toMatchObject({ source_type: 'app', device_manufacturer: 'Strava', device_model: null, device_id: null });
    expect(raw.find((record) => record.source.slug === 'strava')?.provider_id).toBe('strava');
    const filtered = expectStatus<Raw>(await ctx.team().get(`/v2/summary/devices/${user.user_id}/raw?provider=oura`), 200).devices;
    expect(filtered.map((record) => record.id)).toEqual([oura.id]);
    expectValidation(await ctx.team().get(`/v2/summary/devices/${user.user_id}/raw?provider=nokia`), [{ loc: ['query', 'provider'] }]);
    expectDetail(await ctx.team().get(`/v2/summary/devices/${UNKNOWN_ID}/raw`), 404);
  });
});
