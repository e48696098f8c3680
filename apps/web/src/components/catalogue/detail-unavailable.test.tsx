import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { renderWithProviders } from '../../testing/render-with-providers';
import { DetailUnavailable } from './detail-unavailable';

const notFound = { title: 'Gone', description: 'It was removed' };
const notPublished = { code: 'examNotPublished' as const, title: 'Hidden', description: 'Not published yet' };

describe('DetailUnavailable', () => {
  it('shows the not-found notice for a 404, with no retry', async () => {
    await renderWithProviders(
      <DetailUnavailable
        error={new ApiError(null, 404)}
        onRetry={() => {}}
        notFound={notFound}
        notFoundTestId="gone"
      />,
    );
    expect(screen.getByTestId('gone').textContent).toContain('Gone');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the not-found notice when the id is malformed, whatever the error', async () => {
    await renderWithProviders(<DetailUnavailable missing error={null} onRetry={() => {}} notFound={notFound} />);
    expect(screen.getByText('It was removed')).toBeTruthy();
  });

  it('shows the unpublished notice only for its own code', async () => {
    await renderWithProviders(
      <DetailUnavailable
        error={new ApiError('examNotPublished', 403)}
        onRetry={() => {}}
        notFound={notFound}
        notPublished={notPublished}
      />,
    );
    expect(screen.getByText('Not published yet')).toBeTruthy();
  });

  it('offers a retry for any other failure', async () => {
    const onRetry = vi.fn();
    await renderWithProviders(
      <DetailUnavailable
        error={new ApiError(null, 500)}
        onRetry={onRetry}
        notFound={notFound}
        notPublished={notPublished}
      />,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText('Not published yet')).toBeNull();
  });
});
