import type { MicroPageComponent } from '@school/contract/shell';
import { AppLink } from '../../../components/ui/app-link';

type ImageAd = Extract<MicroPageComponent, { kind: 'imageAd' }>;

/** A single picture; its aspect ratio comes with the data so the space is reserved up front. */
export function ImageAdBlock({ block, priority }: { block: ImageAd; priority: boolean }) {
  const image = (
    <img
      src={block.image}
      alt={block.alt}
      className="size-full object-cover"
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  return (
    <div className="mx-3 mt-3 overflow-hidden rounded-card bg-line" style={{ aspectRatio: String(block.aspectRatio) }}>
      {block.link ? (
        <AppLink to={block.link} className="block size-full">
          {image}
        </AppLink>
      ) : (
        image
      )}
    </div>
  );
}
