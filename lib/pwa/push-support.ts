/** What the browser tells about web push, read once (see `readPushPlatform`). */
export interface PushPlatform {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's own flag for an app opened from the Home Screen. */
  navigatorStandalone?: boolean;
  /** `(display-mode: standalone)`: the app opened as an installed app. */
  displayModeStandalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

/**
 * - `supported`: push can be turned on here.
 * - `ios-add-to-home`: an iPhone or iPad in the browser: Apple delivers web push only to an app added to the Home
 *   Screen (iOS 16.4 or newer), so the page explains how instead of offering a switch that can never work.
 * - `ios-update`: added to the Home Screen, but the iOS is older than 16.4 (no PushManager).
 * - `unsupported`: any other browser without push.
 */
export type PushSupport = 'supported' | 'ios-add-to-home' | 'ios-update' | 'unsupported';

/** iPhone, iPod, and an iPad whose Safari asks for desktop pages (it says "Macintosh", but has a touch screen). */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(platform: PushPlatform): PushSupport {
  const ios = isIos(platform.userAgent, platform.maxTouchPoints);
  const standalone = platform.navigatorStandalone === true || platform.displayModeStandalone;
  if (ios && !standalone) return 'ios-add-to-home';
  if (platform.hasServiceWorker && platform.hasPushManager && platform.hasNotification) return 'supported';
  return ios ? 'ios-update' : 'unsupported';
}

export function readPushPlatform(): PushPlatform {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    navigatorStandalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayModeStandalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
  };
}
