import { screen } from '@testing-library/react';
import type { MicroPageComponent } from '@school/contract/shell';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { MicroPageBlocks } from './micro-page-blocks';

// The demo home's notices: one asks visitors to log in, the other greets learners.
const notices: MicroPageComponent[] = [
  { kind: 'richText', audience: 'visitors', html: '<p>Log in to start learning.</p>' },
  { kind: 'richText', audience: 'learners', html: '<p>Your courses are under Learning.</p>' },
  { kind: 'richText', html: '<p>Open every day.</p>' },
];

describe('micro page blocks', () => {
  it('show a visitor the visitors’ notice and not the learners’', async () => {
    await renderWithProviders(<MicroPageBlocks components={notices} signedIn={false} />);
    expect(screen.getByText('Log in to start learning.')).toBeTruthy();
    expect(screen.queryByText('Your courses are under Learning.')).toBeNull();
    expect(screen.getByText('Open every day.')).toBeTruthy();
  });

  it('never ask a signed-in learner to log in', async () => {
    await renderWithProviders(<MicroPageBlocks components={notices} signedIn />);
    expect(screen.queryByText('Log in to start learning.')).toBeNull();
    expect(screen.getByText('Your courses are under Learning.')).toBeTruthy();
    expect(screen.getByText('Open every day.')).toBeTruthy();
  });
});
