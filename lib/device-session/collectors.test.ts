import { readFileSync } from 'node:fs';
import path from 'node:path';
import FingerprintJS from '@fingerprintjs/fingerprintjs';
import { detectIncognito } from 'detectincognitojs';
import {
  AD_BLOCK_ACTIVE_SHARE,
  AUDIO,
  activeFilterLists,
  adBlockSignal,
  collectSignals,
  fingerprintSignals,
  FONT_TEXT_WIDTH_PX,
  geolocationSignal,
  incognitoSignal,
  ipSignal,
  MONOCHROME_MAX_DEPTH,
  SCREEN_FRAME,
} from './collectors';

jest.mock('@fingerprintjs/fingerprintjs', () => ({ __esModule: true, default: { load: jest.fn() } }));
jest.mock('detectincognitojs', () => ({ __esModule: true, detectIncognito: jest.fn() }));

const load = FingerprintJS.load as jest.Mock;
const incognito = detectIncognito as jest.Mock;

function agentWith(components: Record<string, { value: unknown } | { error: unknown }>) {
  const get = jest.fn().mockResolvedValue({ visitorId: 'v1', components });
  load.mockResolvedValue({ get });
  return get;
}

// jsdom has no Response; the collectors read only these three members.
const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, json: async () => body }) as unknown as Response;

describe('FingerprintJS collectors', () => {
  it('loads the library with its monitoring off', async () => {
    agentWith({ fonts: { value: ['Arial'] } });
    await expect(fingerprintSignals()).resolves.toEqual({
      visitorId: 'v1',
      signals: [{ name: 'fonts', value: ['Arial'] }],
    });
    expect(load).toHaveBeenCalledWith({ monitoring: false });
  });

  it('reports Error retrieving <signal> for each source that failed, and keeps the others', async () => {
    agentWith({
      fonts: { error: new Error('boom') },
      screenFrame: { error: new Error('boom') },
      monochrome: { error: 'x' },
      domBlockers: { error: new Error('boom') },
      timezone: { value: 'America/Sao_Paulo' },
    });
    const { signals } = await fingerprintSignals();
    expect(signals).toEqual([
      { name: 'fonts', error: 'Error retrieving fonts' },
      { name: 'screenFrame', error: 'Error retrieving screenFrame' },
      { name: 'monochrome', error: 'Error retrieving monochrome' },
      { name: 'domBlockers', error: 'Error retrieving domBlockers' },
      { name: 'timezone', value: 'America/Sao_Paulo' },
    ]);
  });

  it.each([
    [-3, 'Timeout'],
    [-1, 'Suspended'],
    [-2, 'Not supported'],
  ])('reports the audio answer %i as %s', async (value, error) => {
    agentWith({ audio: { value } });
    await expect(fingerprintSignals()).resolves.toMatchObject({ signals: [{ name: 'audio', error }] });
  });

  it('reports an audio source that threw as Error retrieving audio, and a fingerprint as its value', async () => {
    agentWith({ audio: { error: new Error('x') } });
    await expect(fingerprintSignals()).resolves.toMatchObject({
      signals: [{ name: 'audio', error: 'Error retrieving audio' }],
    });
    agentWith({ audio: { value: 124.04 } });
    await expect(fingerprintSignals()).resolves.toMatchObject({ signals: [{ name: 'audio', value: 124.04 }] });
  });

  it('reports Error retrieving fingerprint when the library cannot load at all', async () => {
    load.mockRejectedValue(new Error('no'));
    await expect(fingerprintSignals()).resolves.toEqual({
      visitorId: '',
      signals: [{ name: 'fingerprint', error: 'Error retrieving fingerprint' }],
    });
  });

  // The numbers of docs/product.md#9-constants-and-limits.
  it('the installed FingerprintJS still uses the documented numbers, which it does not let us set', () => {
    const source = readFileSync(
      path.join(process.cwd(), 'node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js'),
      'utf8',
    );
    expect(source).toContain(`const hashFromIndex = ${AUDIO.threshold};`);
    expect(source).toContain(`const hashToIndex = ${AUDIO.sampleLength};`);
    expect(source).toContain(`const renderTryMaxCount = ${AUDIO.maxRetries};`);
    expect(source).toContain(`const renderRetryDelay = ${AUDIO.retryDelayMs};`);
    expect(source).toContain(`const runningSufficientTime = ${AUDIO.timeoutMs};`);
    expect(source).toContain(`containerWidthPx = ${FONT_TEXT_WIDTH_PX}`);
    expect(source).toContain(`const screenFrameCheckInterval = ${SCREEN_FRAME.checkIntervalMs};`);
    expect(source).toContain(`const roundingPrecision = ${SCREEN_FRAME.precision};`);
    expect(source).toContain(`const maxValueToCheck = ${MONOCHROME_MAX_DEPTH};`);
    expect(source).toContain(`blockedCount > selectors.length * ${AD_BLOCK_ACTIVE_SHARE}`);
  });
});

describe('ad blockers', () => {
  const filters = { five: ['a', 'b', 'c', 'd', 'e'], ten: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] };

  it('counts a filter list as active only above 60 % of its selectors hidden', () => {
    expect(activeFilterLists(filters, (s) => ['a', 'b', 'c'].includes(s))).toEqual([]);
    expect(activeFilterLists(filters, (s) => ['a', 'b', 'c', 'd'].includes(s))).toEqual(['five']);
    expect(activeFilterLists(filters, (s) => '012345'.includes(s))).toEqual([]);
    expect(activeFilterLists(filters, (s) => '0123456'.includes(s))).toEqual(['ten']);
    expect(activeFilterLists(filters, () => true)).toEqual(['five', 'ten']);
  });

  it('takes the library answer where it has one', async () => {
    await expect(adBlockSignal({ name: 'domBlockers', value: ['easyList'] })).resolves.toEqual({
      name: 'adBlockers',
      value: ['easyList'],
    });
  });

  it('reports Error retrieving adBlockers when its own check fails', async () => {
    jest.spyOn(document, 'createElement').mockImplementation(() => {
      throw new Error('no DOM');
    });
    await expect(adBlockSignal(undefined)).resolves.toEqual({
      name: 'adBlockers',
      error: 'Error retrieving adBlockers',
    });
  });
});

describe('incognito', () => {
  it('reports what detectIncognito says', async () => {
    incognito.mockResolvedValue({ isPrivate: true, browserName: 'Chrome' });
    await expect(incognitoSignal()).resolves.toEqual({
      name: 'incognito',
      value: { isPrivate: true, browserName: 'Chrome' },
    });
  });

  it('reports that the browser cannot be determined when it is unknown', async () => {
    incognito.mockRejectedValue(new Error('detectIncognito cannot determine the browser'));
    await expect(incognitoSignal()).resolves.toEqual({
      name: 'incognito',
      error: 'detectIncognito cannot determine the browser',
    });
  });

  it('reports Error retrieving incognito on any other failure', async () => {
    incognito.mockRejectedValue(new Error('quota'));
    await expect(incognitoSignal()).resolves.toEqual({ name: 'incognito', error: 'Error retrieving incognito' });
  });
});

describe('geolocation', () => {
  function nav(state: PermissionState, position?: Partial<GeolocationCoordinates> | Error) {
    const getCurrentPosition = jest.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if (position instanceof Error) fail(position as unknown as GeolocationPositionError);
      else ok({ coords: position } as GeolocationPosition);
    });
    const query = jest.fn().mockResolvedValue({ state });
    return { nav: { permissions: { query }, geolocation: { getCurrentPosition } } as unknown as Navigator, query };
  }

  it.each(['prompt', 'denied'] as const)('never asks when the permission is %s', async (state) => {
    const { nav: n, query } = nav(state);
    await expect(geolocationSignal(n)).resolves.toEqual({ name: 'geolocation', value: { permission: state } });
    expect(query).toHaveBeenCalledWith({ name: 'geolocation' });
    expect(n.geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('reads the position with high accuracy and a 5 s timeout when already granted', async () => {
    const { nav: n } = nav('granted', { latitude: -23.5, longitude: -46.6, accuracy: 12 });
    await expect(geolocationSignal(n)).resolves.toEqual({
      name: 'geolocation',
      value: { permission: 'granted', latitude: -23.5, longitude: -46.6, accuracy: 12 },
    });
    expect(n.geolocation.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 5000,
      maximumAge: 0,
    });
  });

  it('reports Error retrieving geolocation when the position fails', async () => {
    const { nav: n } = nav('granted', new Error('timeout'));
    await expect(geolocationSignal(n)).resolves.toEqual({ name: 'geolocation', error: 'Error retrieving geolocation' });
  });
});

describe('IP lookup', () => {
  it('asks our API with format=json and reads the field ip', async () => {
    const fetchMock = jest.fn().mockResolvedValue(json({ ip: '203.0.113.7' }));
    await expect(ipSignal('https://api.test', fetchMock)).resolves.toEqual({ name: 'ip', value: '203.0.113.7' });
    expect(fetchMock).toHaveBeenCalledWith('https://api.test/seguranca/ip?format=json', expect.anything());
  });

  it.each([
    ['an error status', () => Promise.resolve(json({}, 500))],
    ['no ip field', () => Promise.resolve(json({ address: 'x' }))],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('reports Error retrieving ip on %s', async (_case, answer) => {
    await expect(ipSignal('', jest.fn(answer))).resolves.toEqual({ name: 'ip', error: 'Error retrieving ip' });
  });
});

describe('collectSignals', () => {
  it('gathers every collector and never rejects', async () => {
    load.mockRejectedValue(new Error('no'));
    incognito.mockRejectedValue(new Error('detectIncognito cannot determine the browser'));
    const result = await collectSignals({ baseUrl: '', fetch: jest.fn().mockRejectedValue(new Error('offline')) });
    expect(result.signals.map((s) => s.name)).toEqual(['fingerprint', 'adBlockers', 'incognito', 'geolocation', 'ip']);
    expect(result.device.userAgent).toBe(navigator.userAgent);
  });
});
