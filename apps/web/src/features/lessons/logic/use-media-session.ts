import { useEffect, type RefObject } from 'react';

export interface MediaSessionInfo {
  title: string;
  artist: string;
  /** Cover image; made absolute, as the lock screen fetches it outside the page. */
  artwork: string;
}

/**
 * The Media Session API where the browser has it (logic/media-session.ts). Its code comes when
 * the lesson first plays, which is when the lock screen shows it: it is not part of the player's
 * first download (issue 28).
 */
export function useMediaSession(media: RefObject<HTMLMediaElement | null>, info: MediaSessionInfo) {
  const { title, artist, artwork } = info;
  useEffect(() => {
    const element = media.current;
    if (!element || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    let stopped = false;
    let disconnect = () => {};
    const connect = () =>
      void import('./media-session').then(({ connectMediaSession }) => {
        if (!stopped) disconnect = connectMediaSession(element, { title, artist, artwork });
      });
    if (element.paused) element.addEventListener('play', connect, { once: true });
    else connect();
    return () => {
      stopped = true;
      element.removeEventListener('play', connect);
      disconnect();
    };
  }, [media, title, artist, artwork]);
}
