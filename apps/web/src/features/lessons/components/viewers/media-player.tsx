import { useEffect, useRef, useState } from 'react';
import { formatClock } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { useLatest } from '../../../../components/media/use-latest';
import { ErrorState } from '../../../../components/ui/state-message';
import { useSavePlaybackRate } from '../../api/save-playback-rate';
import type { ViewerProgress } from '../../logic/use-lesson-progress';
import { nearestRate, playbackRates } from '../../logic/playback-rates';
import { useMediaSession, type MediaSessionInfo } from '../../logic/use-media-session';

/** How often a playing video or audio reports where it is. */
export const reportEveryMs = 10_000;

/** How long the "Resumed at" notice stays once the media plays: long enough to read and tap. */
export const resumeNoticeMs = 5_000;

export interface MediaPlayerProps {
  kind: 'VIDEO' | 'AUDIO';
  src: string;
  /** An HLS playlist: played natively where the browser can, else through hls.js. */
  hls: boolean;
  /** The video's own frame to show before it plays; null: the course's cover. */
  poster: string | null;
  /** Seconds, as the school knows it; 0 when unknown (the element's own is used). */
  duration: number;
  /** Second to resume at; null: the start. */
  startAt: number | null;
  initialRate: number;
  /** Signed in: the chosen speed is remembered for the learner. */
  canSaveRate: boolean;
  session: MediaSessionInfo;
  progress: ViewerProgress;
  onEnded?(): void;
}

/**
 * Gives an HLS playlist to the element: natively where the browser plays HLS (Safari, iOS and
 * WeChat there), else through hls.js, fetched only now. Returns the clean-up.
 */
function attachHls(element: HTMLMediaElement, src: string, onFatal: () => void): () => void {
  if (element.canPlayType('application/vnd.apple.mpegurl')) {
    element.src = src;
    return () => undefined;
  }
  let stopped = false;
  let destroy = () => undefined as void;
  import('hls.js/light').then(
    ({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) {
        // No MediaSource either: let the element try, and fail visibly.
        element.src = src;
        return;
      }
      const player = new Hls();
      let recovered = false;
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decoding hiccup is recoverable once; anything else is shown with a retry.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          player.recoverMediaError();
          return;
        }
        player.destroy();
        onFatal();
      });
      player.loadSource(src);
      player.attachMedia(element);
      destroy = () => player.destroy();
    },
    () => onFatal(),
  );
  return () => {
    stopped = true;
    destroy();
  };
}

/**
 * The native player with resume, the position reports of decision record 011 (every 10 s while
 * playing, on pause, after a seek, at the end), a remembered speed and the Media Session.
 * Inline on phones: `playsinline` and the attributes WeChat's and QQ's browsers read, so a
 * video never jumps to full screen by itself.
 */
export function MediaPlayer(props: MediaPlayerProps) {
  const { t } = useTranslation();
  const { kind, hls, canSaveRate, session } = props;
  // The address the player opened with: a refreshed answer may carry a newly signed one.
  const [src] = useState(props.src);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [rate, setRate] = useState(() => nearestRate(props.initialRate));
  // The second playback resumed at, while its notice shows; null: no notice.
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const latest = useLatest(props);
  const rateNow = useLatest(rate);
  const saveRate = useSavePlaybackRate();

  useMediaSession(media, session);

  useEffect(() => {
    const element = media.current;
    if (!element || !hls || failed) return;
    return attachHls(element, src, () => setFailed(true));
  }, [src, hls, failed, attempt]);

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    let ticker: ReturnType<typeof setInterval> | undefined;
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;
    let resumed = false;
    const here = () => element.currentTime;
    const stopTicking = () => clearInterval(ticker);
    const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
      [
        'loadedmetadata',
        () => {
          element.defaultPlaybackRate = rateNow.current;
          element.playbackRate = rateNow.current;
          const { startAt } = latest.current;
          if (!resumed && startAt) {
            element.currentTime = startAt;
            // Opening mid-way without a word looks like a fault: say where, and offer the start.
            setResumedAt(startAt);
          }
          resumed = true;
        },
      ],
      [
        'play',
        () => {
          stopTicking();
          ticker = setInterval(() => latest.current.progress.report(here()), reportEveryMs);
          clearTimeout(noticeTimer);
          noticeTimer = setTimeout(() => setResumedAt(null), resumeNoticeMs);
        },
      ],
      [
        'pause',
        () => {
          stopTicking();
          // Counted in playing time: a learner who pauses at once still gets to read it.
          clearTimeout(noticeTimer);
          // The end pauses too; 'ended' reports the whole length.
          if (!element.ended) latest.current.progress.report(here());
        },
      ],
      ['seeked', () => latest.current.progress.report(here())],
      [
        'ended',
        () => {
          stopTicking();
          const { duration, progress, onEnded } = latest.current;
          const length = duration > 0 ? duration : Number.isFinite(element.duration) ? element.duration : here();
          progress.report(length);
          onEnded?.();
        },
      ],
      ['timeupdate', () => latest.current.progress.at(here())],
      ['error', () => setFailed(true)],
      // The browser's own speed menu (Chrome has one) moves our buttons along.
      ['ratechange', () => setRate(nearestRate(element.playbackRate))],
    ];
    for (const [name, listener] of listeners) element.addEventListener(name, listener);
    return () => {
      stopTicking();
      clearTimeout(noticeTimer);
      for (const [name, listener] of listeners) element.removeEventListener(name, listener);
    };
  }, [attempt, latest, rateNow]);

  function chooseRate(next: number) {
    setRate(next);
    const element = media.current;
    if (element) {
      element.defaultPlaybackRate = next;
      element.playbackRate = next;
    }
    if (canSaveRate) saveRate(next);
  }

  if (failed) {
    return (
      <ErrorState
        description={t('lessons.media.failed')}
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  const element =
    kind === 'VIDEO' ? (
      <video
        key={attempt}
        ref={media}
        src={hls ? undefined : src}
        poster={props.poster ?? (session.artwork || undefined)}
        aria-label={session.title}
        controls
        preload="metadata"
        playsInline
        webkit-playsinline="true"
        x5-playsinline="true"
        x5-video-player-type="h5"
        className="aspect-video w-full bg-black"
        data-testid="lesson-video"
      />
    ) : (
      <div className="flex flex-col items-center gap-4 bg-surface px-4 pt-6 pb-2">
        {session.artwork ? (
          <img
            src={session.artwork}
            alt={t('lessons.media.coverAlt', { title: session.artist })}
            className="aspect-video w-2/3 rounded-lg object-cover"
          />
        ) : null}
        <audio
          key={attempt}
          ref={media}
          src={hls ? undefined : src}
          aria-label={session.title}
          controls
          preload="metadata"
          className="w-full"
          data-testid="lesson-audio"
        />
      </div>
    );

  function startOver() {
    const current = media.current;
    if (current) current.currentTime = 0;
    setResumedAt(null);
  }

  return (
    <div>
      {element}
      {/* A live region from the start, so the notice is announced when it fills in. */}
      <div role="status" className="bg-surface">
        {resumedAt !== null ? (
          <div
            className="flex items-center justify-between gap-3 border-b border-line px-4 py-2 text-sm text-ink"
            data-testid="resume-notice"
          >
            <span>{t('lessons.media.resumedAt', { time: formatClock(resumedAt) })}</span>
            <button
              type="button"
              onClick={startOver}
              className="h-8 shrink-0 rounded-full border border-brand-strong px-3 text-xs text-brand-strong active:bg-brand-soft"
            >
              {t('lessons.media.startOver')}
            </button>
          </div>
        ) : null}
      </div>
      <div
        role="group"
        aria-label={t('lessons.media.speed')}
        className="flex flex-wrap items-center gap-x-1.5 gap-y-1 bg-surface px-4 py-2"
        data-testid="playback-speed"
      >
        <span aria-hidden="true" className="shrink-0 text-xs text-ink-muted">
          {t('lessons.media.speed')}
        </span>
        {/* Beside the label while the five fit there; under it at the largest text sizes. */}
        <span className="flex min-w-[15rem] flex-1 gap-1.5">
          {playbackRates.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={rate === option}
              onClick={() => chooseRate(option)}
              // The five share the row, so every speed fits a 375 px phone in either language.
              className={`h-8 min-w-0 flex-1 rounded-full border px-1 text-xs tabular-nums ${
                rate === option ? 'border-brand-strong bg-brand-soft text-brand-strong' : 'border-line text-ink'
              }`}
            >
              {t('lessons.media.speedValue', { rate: option })}
            </button>
          ))}
        </span>
      </div>
    </div>
  );
}
