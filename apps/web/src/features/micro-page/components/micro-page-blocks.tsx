import type { MicroPageComponent } from '@school/contract/shell';
import { BannerBlock } from './banner-block';
import { ImageAdBlock } from './image-ad-block';
import { NavGridBlock } from './nav-grid-block';
import { ProductListBlock } from './product-list-block';
import { RichTextBlock } from './rich-text-block';
import { SearchBarBlock } from './search-bar-block';

interface MicroPageBlocksProps {
  components: readonly MicroPageComponent[];
  /** A component for visitors only (say, "log in to start learning") is not a learner's, and back. */
  signedIn: boolean;
}

/**
 * Renders a micro page's components in order. Kinds this client does not know are skipped (the
 * contract allows schools to add them first), and so are those for the other audience.
 */
export function MicroPageBlocks({ components, signedIn }: MicroPageBlocksProps) {
  const notFor = signedIn ? 'visitors' : 'learners';
  return (
    <div className="pb-4">
      {components.map((block, index) => {
        if (block.audience === notFor) return null;
        // Only what is in the first viewport competes for bandwidth with the page itself.
        const priority = index < 3;
        const key = `${block.kind}-${index}`;
        const rendered = blockOf(block, key, priority);
        // Below the first viewport a block is laid out and painted only as it comes near.
        return priority || !rendered ? (
          rendered
        ) : (
          <div key={key} className="[content-visibility:auto] [contain-intrinsic-size:auto_16rem]">
            {rendered}
          </div>
        );
      })}
    </div>
  );
}

function blockOf(block: MicroPageComponent, key: string, priority: boolean) {
  switch (block.kind) {
    case 'banner':
      return <BannerBlock key={key} block={block} priority={priority} />;
    case 'searchBar':
      return <SearchBarBlock key={key} block={block} />;
    case 'navGrid':
      return <NavGridBlock key={key} block={block} />;
    case 'richText':
      return <RichTextBlock key={key} block={block} />;
    case 'imageAd':
      return <ImageAdBlock key={key} block={block} priority={priority} />;
    case 'courseList':
    case 'classroomList':
    case 'examList':
    case 'articleList':
      return <ProductListBlock key={key} block={block} priority={priority} />;
    default:
      return null;
  }
}
