import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment set by `start(seconds)`: the SMS "resend in 60 s" button.
 * Counted from the end time rather than by decrements, so a phone that throttles timers in the
 * background still shows the right number when the page comes back.
 */
export function useCountdown(now: () => number = Date.now) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt, now]);

  const start = useCallback(
    (seconds: number) => {
      setLeft(seconds);
      setEndsAt(now() + seconds * 1000);
    },
    [now],
  );

  return { secondsLeft: left, running: left > 0, start };
}
