import { isIos, pushSupport, type PushPlatform } from './push-support';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const browser = (overrides: Partial<PushPlatform>): PushPlatform => ({
  userAgent: ANDROID_CHROME,
  maxTouchPoints: 5,
  displayModeStandalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  ...overrides,
});

describe('push support on this device', () => {
  it('knows an iPhone, and an iPad that asks for desktop pages, from a Mac', () => {
    expect(isIos(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIos(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isIos(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIos(ANDROID_CHROME, 5)).toBe(false);
  });

  it('sends an iPhone in Safari or Chrome to the Home Screen, where push works', () => {
    // Safari in the browser has no PushManager at all; the answer is the same either way.
    expect(pushSupport(browser({ userAgent: IPHONE_SAFARI, hasPushManager: false, hasNotification: false }))).toBe(
      'ios-add-to-home',
    );
    expect(pushSupport(browser({ userAgent: IPHONE_CHROME }))).toBe('ios-add-to-home');
    expect(pushSupport(browser({ userAgent: IPAD_DESKTOP_MODE }))).toBe('ios-add-to-home');
  });

  it('offers push in the app opened from the Home Screen on iOS 16.4+, and asks an older iOS to update', () => {
    expect(pushSupport(browser({ userAgent: IPHONE_SAFARI, navigatorStandalone: true }))).toBe('supported');
    expect(pushSupport(browser({ userAgent: IPHONE_SAFARI, displayModeStandalone: true }))).toBe('supported');
    expect(pushSupport(browser({ userAgent: IPHONE_SAFARI, navigatorStandalone: true, hasPushManager: false }))).toBe(
      'ios-update',
    );
  });

  it('offers push on Android and desktop browsers that have it, and says so when one does not', () => {
    expect(pushSupport(browser({}))).toBe('supported');
    expect(pushSupport(browser({ userAgent: IPAD_DESKTOP_MODE, maxTouchPoints: 0 }))).toBe('supported');
    expect(pushSupport(browser({ hasPushManager: false }))).toBe('unsupported');
  });
});
