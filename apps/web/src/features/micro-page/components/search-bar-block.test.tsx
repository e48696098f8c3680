import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { MicroPageBlocks } from './micro-page-blocks';

describe('search bar block', () => {
  it('is a link to the search screen showing the school placeholder', async () => {
    await renderWithProviders(
      <MicroPageBlocks components={[{ kind: 'searchBar', placeholder: 'Find a course' }]} signedIn={false} />,
    );
    const link = screen.getByRole('link', { name: 'Search courses, classrooms and exams' });
    expect(link.getAttribute('href')).toBe('/search');
    expect(link.textContent).toBe('Find a course');
  });
});
