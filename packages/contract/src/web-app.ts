/*
 * The installable app (issue 27): each school's web app manifest and home-screen icons, made
 * from its own name and favicon for the host asked (a school is its host), and the offline
 * worker's switch. Under /api so the school is resolved as for any call.
 */

export const webAppPaths = {
  /** GET: the web app manifest of the request's school (application/manifest+json). */
  manifest: '/api/app/manifest.webmanifest',
  /** GET: the school's favicon as a square PNG of `size` pixels; `purpose=maskable` pads it for a mask. */
  icon: '/api/app/icons/:size',
} as const;

/** The icon sizes the server makes: iOS's home screen (180), Android's (192) and splash (512). */
export const appIconSizes = [180, 192, 512] as const;
export type AppIconSize = (typeof appIconSizes)[number];

/** The address of one icon; `version` changes with the favicon, so an address is cached for good. */
export function appIconUrl(size: AppIconSize, version: string, maskable = false): string {
  return `/api/app/icons/${size}?v=${version}${maskable ? '&purpose=maskable' : ''}`;
}

/** Where the app lives: the manifest's scope and start, and the worker's scope. */
export const appScope = '/mobile/';

/** The app's colours outside its pages (splash screen, task switcher), matching the app's canvas. */
export const appColours = { theme: '#ffffff', background: '#f4f6f9' } as const;

/**
 * The header each API call of the app carries: the id of the learner the page believes is signed
 * in, empty for a visitor. The server ignores it; the offline worker keeps answers per learner by it.
 */
export const learnerHeader = 'X-Learner';
