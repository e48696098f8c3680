import type { MediaSessionInfo } from './use-media-session';

/** Seconds a lock-screen skip moves when the system does not say. */
const defaultSkip = 10;

/**
 * The lock screen and notification show the lesson and course with their cover, and play /
 * pause / skip / seek act on `element`, until the returned function disconnects them.
 */
export function connectMediaSession(
  element: HTMLMediaElement,
  { title, artist, artwork }: MediaSessionInfo,
): () => void {
  const session = navigator.mediaSession;
  if (typeof MediaMetadata !== 'undefined') {
    session.metadata = new MediaMetadata({
      title,
      artist,
      artwork: artwork ? [{ src: new URL(artwork, window.location.href).href }] : [],
    });
  }
  const seekTo = (time: number) => {
    const end = Number.isFinite(element.duration) ? element.duration : Infinity;
    element.currentTime = Math.min(Math.max(0, time), end);
  };
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ['play', () => void element.play().catch(() => undefined)],
    ['pause', () => element.pause()],
    ['seekbackward', (details) => seekTo(element.currentTime - (details.seekOffset ?? defaultSkip))],
    ['seekforward', (details) => seekTo(element.currentTime + (details.seekOffset ?? defaultSkip))],
    ['seekto', (details) => details.seekTime !== undefined && seekTo(details.seekTime)],
  ];
  // A browser that does not know an action throws for it; the others still work.
  const setHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      /* unsupported action */
    }
  };
  for (const [action, handler] of handlers) setHandler(action, handler);

  const updatePosition = () => {
    if (!Number.isFinite(element.duration) || typeof session.setPositionState !== 'function') return;
    try {
      session.setPositionState({
        duration: element.duration,
        playbackRate: element.playbackRate,
        position: Math.min(element.currentTime, element.duration),
      });
    } catch {
      /* a position the browser finds inconsistent mid-load: the next event corrects it */
    }
  };
  const events = ['loadedmetadata', 'ratechange', 'seeked', 'play', 'pause'] as const;
  for (const name of events) element.addEventListener(name, updatePosition);
  // Connected as playback starts: where it starts.
  updatePosition();
  return () => {
    for (const name of events) element.removeEventListener(name, updatePosition);
    for (const [action] of handlers) setHandler(action, null);
    session.metadata = null;
  };
}
