import FingerprintJS, { type UnknownComponents } from '@fingerprintjs/fingerprintjs';
import { detectIncognito } from 'detectincognitojs';
import type { FingerprintDevice, FingerprintSignal } from '@/common/device-session/envelope';

/**
 * The device signals (docs/session-security.md#signals). FingerprintJS (monitoring off) gathers audio, fonts, screen
 * frame, monochrome depth, ad blockers and the rest; detectincognitojs tells private browsing. By hand: only the
 * ad-blocker check where FingerprintJS skips it (it runs its own only on WebKit and Android), geolocation when already
 * allowed, the IP lookup and the device summary.
 *
 * The numbers below (docs/product.md#9-constants-and-limits) are the ones FingerprintJS 5 uses inside its sources; it
 * exposes no option for them, so they are named here to document the contract (a unit test checks the installed
 * library still uses them).
 */
export const AUDIO = { sampleLength: 5000, threshold: 4500, timeoutMs: 5000, retryDelayMs: 500, maxRetries: 3 };
export const FONT_TEXT_WIDTH_PX = 4000;
export const SCREEN_FRAME = { precision: 10, checkIntervalMs: 2500 };
export const MONOCHROME_MAX_DEPTH = 100;
/** A filter list counts as active when more than this share of its selectors is hidden. */
export const AD_BLOCK_ACTIVE_SHARE = 0.6;
export const GEOLOCATION = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 } as const;

export const INCOGNITO_UNKNOWN = 'detectIncognito cannot determine the browser';

export const retrievalError = (signal: string): string => `Error retrieving ${signal}`;

/** FingerprintJS's audio source answers with these numbers instead of throwing. */
const AUDIO_SENTINELS: Record<number, string> = {
  [-1]: 'Suspended', // a browser known to keep the audio context suspended without a user gesture
  [-2]: 'Not supported',
  [-3]: 'Timeout', // the rendering timed out or stayed suspended through the retries
};

function componentSignal(name: string, component: UnknownComponents[string]): FingerprintSignal {
  if ('error' in component) return { name, error: retrievalError(name) };
  if (name === 'audio' && typeof component.value === 'number' && component.value in AUDIO_SENTINELS) {
    return { name, error: AUDIO_SENTINELS[component.value] };
  }
  return { name, value: component.value };
}

/** Every FingerprintJS component as a signal; a source that failed reports `Error retrieving <name>`. */
export async function fingerprintSignals(): Promise<{ visitorId: string; signals: FingerprintSignal[] }> {
  try {
    const agent = await FingerprintJS.load({ monitoring: false });
    const { visitorId, components } = await agent.get();
    const signals = Object.entries(components as UnknownComponents).map(([name, component]) =>
      componentSignal(name, component),
    );
    return { visitorId, signals };
  } catch {
    return { visitorId: '', signals: [{ name: 'fingerprint', error: retrievalError('fingerprint') }] };
  }
}

/**
 * A few filter lists' cosmetic selectors (the same baits FingerprintJS uses, Brazilian Portuguese among them): an
 * element matching them is hidden by a blocker that runs that list.
 */
export const BAIT_FILTERS: Readonly<Record<string, readonly string[]>> = {
  easyList: ['.yb-floorad', '.widget_po_ads_widget', '.trafficjunky-ad', '.textad_headline', '.sponsored-text-links'],
  adGuardBase: ['.BetterJsPopOverlay', '#ad_300X250', '#bannerfloat22', '#campaign-banner', '#Ad-Content'],
  adGuardSpanishPortuguese: ['#barraPublicidade', '#Publicidade', '#publiEspecial', '#queTooltip', '.cnt-publi'],
};

/** The 60 % rule: the lists with more than that share of their selectors hidden, sorted. */
export function activeFilterLists(
  filters: Readonly<Record<string, readonly string[]>>,
  isHidden: (selector: string) => boolean,
): string[] {
  return Object.entries(filters)
    .filter(([, selectors]) => selectors.filter(isHidden).length > selectors.length * AD_BLOCK_ACTIVE_SHARE)
    .map(([name]) => name)
    .sort();
}

/** Only `#id` and `.class` baits: enough to match the lists' generic hiding rules. */
function baitElement(selector: string): HTMLElement {
  const element = document.createElement('div');
  if (selector.startsWith('#')) element.id = selector.slice(1);
  else element.className = selector.slice(1);
  return element;
}

async function hiddenBaits(selectors: readonly string[]): Promise<Set<string>> {
  const root = document.createElement('div');
  // Off-screen but laid out: a cosmetic filter's display:none is what takes an element out of the layout.
  root.style.cssText = 'position:absolute;left:-9999px;top:0;width:1px;height:1px;overflow:hidden';
  const baits = selectors.map((selector) => {
    const holder = document.createElement('div');
    const bait = baitElement(selector);
    bait.textContent = '\u00a0';
    holder.appendChild(bait);
    root.appendChild(holder);
    return [selector, bait] as const;
  });
  document.body.appendChild(root);
  try {
    // Blockers apply their style sheets asynchronously; one frame's wait is what they need.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return new Set(baits.filter(([, bait]) => bait.offsetParent === null).map(([selector]) => selector));
  } finally {
    root.remove();
  }
}

/** FingerprintJS's own answer where it has one; elsewhere the same rule over the bait lists above. */
export async function adBlockSignal(fromFingerprint: FingerprintSignal | undefined): Promise<FingerprintSignal> {
  if (fromFingerprint && fromFingerprint.error === undefined && Array.isArray(fromFingerprint.value)) {
    return { name: 'adBlockers', value: fromFingerprint.value };
  }
  try {
    const hidden = await hiddenBaits(Object.values(BAIT_FILTERS).flat());
    return { name: 'adBlockers', value: activeFilterLists(BAIT_FILTERS, (selector) => hidden.has(selector)) };
  } catch {
    return { name: 'adBlockers', error: retrievalError('adBlockers') };
  }
}

export async function incognitoSignal(): Promise<FingerprintSignal> {
  try {
    const { isPrivate, browserName } = await detectIncognito();
    return { name: 'incognito', value: { isPrivate, browserName } };
  } catch (error) {
    const unknownBrowser = error instanceof Error && error.message === INCOGNITO_UNKNOWN;
    return { name: 'incognito', error: unknownBrowser ? INCOGNITO_UNKNOWN : retrievalError('incognito') };
  }
}

/**
 * The position only when the member already allowed it: asking here would pop a location prompt at page load,
 * which the club never does. Otherwise the signal says which permission state kept it from running.
 */
export async function geolocationSignal(nav: Navigator = navigator): Promise<FingerprintSignal> {
  const name = 'geolocation';
  try {
    if (!nav.permissions || !nav.geolocation) return { name, value: { permission: 'unavailable' } };
    const { state } = await nav.permissions.query({ name: 'geolocation' });
    if (state !== 'granted') return { name, value: { permission: state } };
    const position = await new Promise<GeolocationPosition>((resolve, reject) =>
      nav.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION),
    );
    const { latitude, longitude, accuracy } = position.coords;
    return { name, value: { permission: state, latitude, longitude, accuracy } };
  } catch {
    return { name, error: retrievalError(name) };
  }
}

/** IP lookup (docs/session-security.md#ip-look-up): GET with format=json, the field ip. */
export async function ipSignal(baseUrl: string, fetchImpl: typeof fetch): Promise<FingerprintSignal> {
  try {
    const response = await fetchImpl(`${baseUrl}/seguranca/ip?format=json`, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { ip } = (await response.json()) as { ip?: unknown };
    if (typeof ip !== 'string') throw new Error('no ip');
    return { name: 'ip', value: ip };
  } catch {
    return { name: 'ip', error: retrievalError('ip') };
  }
}

interface UserAgentData {
  platform?: string;
  mobile?: boolean;
  brands?: { brand: string; version: string }[];
}

export function deviceSummary(nav: Navigator = navigator): FingerprintDevice {
  const uaData = (nav as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return {
    userAgent: nav.userAgent,
    platform: uaData?.platform ?? nav.platform,
    mobile: uaData?.mobile,
    brands: uaData?.brands?.map(({ brand, version }) => `${brand} ${version}`),
    timeZone,
    languages: nav.languages ? [...nav.languages] : undefined,
    webdriver: nav.webdriver,
  };
}

export interface CollectedSignals {
  visitorId: string;
  signals: FingerprintSignal[];
  device: FingerprintDevice;
}

/** Every collector at once; each one catches its own failure, so this never rejects. */
export async function collectSignals(options: { baseUrl: string; fetch: typeof fetch }): Promise<CollectedSignals> {
  const [fingerprint, incognito, geolocation, ip] = await Promise.all([
    fingerprintSignals(),
    incognitoSignal(),
    geolocationSignal(),
    ipSignal(options.baseUrl, options.fetch),
  ]);
  const domBlockers = fingerprint.signals.find((signal) => signal.name === 'domBlockers');
  const adBlockers = await adBlockSignal(domBlockers);
  return {
    visitorId: fingerprint.visitorId,
    signals: [...fingerprint.signals, adBlockers, incognito, geolocation, ip],
    device: deviceSummary(),
  };
}
