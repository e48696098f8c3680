import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CommentList } from './comment-list';

describe('CommentList', () => {
  it('shows who rated, the stars, the text and how long ago', async () => {
    const now = Date.parse('2025-06-15T12:00:00Z');
    await renderWithProviders(
      <CommentList
        label="Ratings"
        now={now}
        comments={[
          {
            id: 1,
            user: { nickname: 'Ada Lovelace', avatar: null },
            score: 4,
            content: 'Clear and useful',
            createdAt: '2025-06-15T09:00:00Z',
          },
        ]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(screen.getByRole('list', { name: 'Ratings' })).toBeTruthy();
    expect(item.textContent).toContain('Ada Lovelace');
    expect(item.textContent).toContain('Clear and useful');
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(item.querySelector('time')?.textContent).toBe('3h ago');
    expect(item.textContent).toContain('AL');
  });
});
