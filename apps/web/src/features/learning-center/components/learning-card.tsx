import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/router-link';

interface LearningCardProps {
  /** The title's id: the card is named by it, and the card's buttons point to it. */
  titleId: string;
  /** `my-course` or `my-classroom`: the card is `${testId}-card`, its title link `${testId}-link`. */
  testId: string;
  cover: string;
  title: string;
  /** The product's page: the title's link covers the whole card. */
  to: string;
  eager: boolean;
  /** Under the title: validity, last studied, a refund under way. */
  facts: ReactNode;
  /** The last row: progress and the card's own buttons, which sit above the title's link. */
  footer: ReactNode;
}

/**
 * A course or classroom of the learner's in the learning centre: cover, title and facts, then a
 * row of progress and buttons. Links and buttons sit side by side, never one inside the other.
 */
export function LearningCard({ titleId, testId, cover, title, to, eager, facts, footer }: LearningCardProps) {
  return (
    <article
      aria-labelledby={titleId}
      className="relative rounded-card bg-surface p-3 shadow-card has-[a:active]:bg-canvas"
      data-testid={`${testId}-card`}
    >
      <div className="flex gap-3">
        {/* Capped so a large text size leaves the title its room. */}
        <div className="relative aspect-video w-[min(8.5rem,42%)] shrink-0 overflow-hidden rounded-lg bg-line">
          <img
            src={cover}
            alt=""
            width={320}
            height={180}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 id={titleId} className="line-clamp-2 text-sm leading-snug font-semibold text-ink">
            <Link to={to} className="after:absolute after:inset-0 after:rounded-card" data-testid={`${testId}-link`}>
              {title}
            </Link>
          </h3>
          {facts}
        </div>
      </div>
      {/* The buttons go under the progress when a large text size leaves them no room beside it. */}
      <div className="flex flex-wrap items-end justify-end gap-x-3 gap-y-1">{footer}</div>
    </article>
  );
}
