import { useState } from 'react';

/** Up to two letters for a picture-less person: "张三" → "张三", "Ada Lovelace" → "AL". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1)
    return [...words[0]!]
      .slice(0, /^[A-Za-z0-9]/.test(words[0]!) ? 1 : 2)
      .join('')
      .toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!)
    .join('')
    .toUpperCase();
}

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-12 text-base',
  lg: 'size-16 text-xl',
} as const;

/**
 * A person's picture, or their initials when there is none or it fails to load. Decorative:
 * the name is always printed beside it.
 */
export function PersonAvatar({
  src,
  name,
  size = 'md',
}: {
  src: string | null;
  name: string;
  size?: keyof typeof sizes;
}) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        className={`${sizes[size]} shrink-0 rounded-full bg-line object-cover`}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-strong font-semibold text-on-brand`}
    >
      {initialsOf(name)}
    </span>
  );
}
