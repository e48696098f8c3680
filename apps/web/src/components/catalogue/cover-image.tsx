/**
 * A detail screen's 16:9 cover. It is the page's largest paint, so it loads at once (no lazy
 * loading) and keeps its box while it loads (no layout shift).
 */
export function CoverImage({ src, alt, className = '' }: { src: string; alt: string; className?: string }) {
  return (
    <div className={`relative aspect-video overflow-hidden bg-line ${className}`}>
      <img
        src={src}
        alt={alt}
        width={750}
        height={422}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}
