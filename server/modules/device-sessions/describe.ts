// What the receiver keeps of a fingerprint document: a short device description and four flags. Nothing else of
// the document (the raw signal lists) is stored.
import { createHash } from 'node:crypto';
import type { FingerprintDevice, FingerprintSignal } from '../../../common/device-session/envelope';

/** Brazil's IANA time zones (all in America/, plus Fernando de Noronha's). Anything else counts as abroad. */
export const BRAZIL_TIME_ZONES: ReadonlySet<string> = new Set([
  'America/Araguaina',
  'America/Bahia',
  'America/Belem',
  'America/Boa_Vista',
  'America/Campo_Grande',
  'America/Cuiaba',
  'America/Eirunepe',
  'America/Fortaleza',
  'America/Maceio',
  'America/Manaus',
  'America/Noronha',
  'America/Porto_Velho',
  'America/Recife',
  'America/Rio_Branco',
  'America/Santarem',
  'America/Sao_Paulo',
  // Old names some systems still report.
  'America/Porto_Acre',
  'Brazil/Acre',
  'Brazil/DeNoronha',
  'Brazil/East',
  'Brazil/West',
]);

export interface DeviceFlags {
  readonly incognito: boolean;
  readonly automation: boolean;
  readonly foreignTimeZone: boolean;
  readonly foreignLanguage: boolean;
}

/** sha256 hex of the library's visitor id: the device's identity across sessions, without the id itself. */
export const deviceHash = (visitorId: string): string => createHash('sha256').update(visitorId).digest('hex');

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bHeadlessChrome\/(\d+)/, 'Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAKERS: readonly [RegExp, string][] = [
  [/\bSM-[A-Z0-9]+|\bSamsung\b|\bGalaxy\b/i, 'Samsung'],
  [/\bMotorola\b|\bmoto [a-z0-9]/i, 'Motorola'],
  [/\bRedmi\b|\bXiaomi\b|\bPOCO\b|\bMi \d/i, 'Xiaomi'],
  [/\bLG[-_ ]|\bLM-[A-Z0-9]+/i, 'LG'],
  [/\bPixel\b/, 'Google'],
  [/\bHuawei\b|\bHONOR\b/i, 'Huawei'],
  [/\bASUS\b|\bZenfone\b/i, 'Asus'],
  [/\bPositivo\b/i, 'Positivo'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
];

const firstMatch = (ua: string, table: readonly [RegExp, string][]) => {
  for (const [pattern, name] of table) {
    const match = pattern.exec(ua);
    if (match) return { name, version: match[1] };
  }
  return null;
};

/** "Chrome 131 · Android · Samsung" from the user agent (and the platform when the agent names no system). */
export function describeDevice(device: Pick<FingerprintDevice, 'userAgent' | 'platform'>): string | null {
  const ua = device.userAgent.slice(0, 512);
  const browser = firstMatch(ua, BROWSERS);
  const system = firstMatch(ua, SYSTEMS)?.name ?? firstMatch(device.platform ?? '', SYSTEMS)?.name;
  const maker = firstMatch(ua, MAKERS)?.name;
  const parts = [
    browser ? `${browser.name}${browser.version ? ` ${browser.version}` : ''}` : null,
    system ?? null,
    maker && maker !== system ? maker : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function deviceFlags(device: FingerprintDevice, signals: readonly FingerprintSignal[]): DeviceFlags {
  const incognito = signals.some((s) => s.name === 'incognito' && s.value === true);
  const automation = device.webdriver === true || /HeadlessChrome/.test(device.userAgent);
  const foreignTimeZone = typeof device.timeZone === 'string' && !BRAZIL_TIME_ZONES.has(device.timeZone);
  const languages = (device.languages ?? []).filter((l) => typeof l === 'string');
  const foreignLanguage = languages.length > 0 && !languages[0]!.toLowerCase().startsWith('pt');
  return { incognito, automation, foreignTimeZone, foreignLanguage };
}
