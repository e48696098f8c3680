import { useState } from 'react';

/** The learner's picture, or the first letter of their name when there is none (or it fails). */
export function UserAvatar({ src, name, size = 'size-16' }: { src: string | null; name: string; size?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  if (src && !failed) {
    // Decorative: the name is printed right beside it.
    return (
      <img src={src} alt="" className={`${size} shrink-0 rounded-full object-cover`} onError={() => setFailed(true)} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-brand-strong text-2xl font-semibold text-on-brand`}
    >
      {initial}
    </span>
  );
}
