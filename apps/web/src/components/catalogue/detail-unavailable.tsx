import type { ErrorCode } from '@school/contract/errors';
import { isApiError } from '../../lib/api-error';
import { translateIfKnown } from '../../lib/i18n';
import { EmptyState, ErrorState } from '../ui/state-message';

interface Notice {
  title: string;
  description: string;
}

interface DetailUnavailableProps {
  error: unknown;
  onRetry(): void;
  /** Shown for a 404, and when `missing` says the address cannot name one (a malformed id). */
  notFound: Notice;
  missing?: boolean;
  /** Test id of the not-found notice's wrapper. */
  notFoundTestId?: string;
  /** A product the school has not published: refused with this code, and its own notice. */
  notPublished?: Notice & { code: ErrorCode };
  /** Names any other failure by its code's text instead of the generic one. */
  describeError?: boolean;
}

/**
 * A detail screen's body when its item cannot be shown: gone and unpublished items are states of
 * their own (a retry would not help); anything else offers a retry.
 */
export function DetailUnavailable({
  error,
  onRetry,
  notFound,
  missing = false,
  notFoundTestId,
  notPublished,
  describeError = false,
}: DetailUnavailableProps) {
  const apiError = isApiError(error) ? error : null;
  if (missing || apiError?.status === 404) {
    const notice = <EmptyState title={notFound.title} description={notFound.description} />;
    return notFoundTestId ? <div data-testid={notFoundTestId}>{notice}</div> : notice;
  }
  if (notPublished && apiError?.code === notPublished.code) {
    return <EmptyState title={notPublished.title} description={notPublished.description} />;
  }
  const description = describeError && apiError?.code ? translateIfKnown(`error.${apiError.code}`) : undefined;
  return <ErrorState description={description} onRetry={onRetry} />;
}
