import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import CustomPageScreen from './custom-page-screen';

describe('CustomPageScreen', () => {
  it('frames an https page with a title naming its host and a way out to the browser', async () => {
    await renderWithProviders(<CustomPageScreen />, {
      path: '/page?url=https%3A%2F%2Fexample.com%2Fnews&pathFrom=tab',
    });
    const frame = await screen.findByTitle('Page from example.com');
    expect(frame.getAttribute('src')).toBe('https://example.com/news');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('https://example.com/news');
    // A site that refuses framing cannot be told apart: the way out stays in sight under the page.
    expect(screen.getByTestId('custom-page-hint').textContent).toContain('Page not showing?');
    const inBrowser = screen.getByRole('link', { name: 'Open in browser' });
    expect(inBrowser.getAttribute('href')).toBe('https://example.com/news');
    expect(inBrowser.getAttribute('target')).toBe('_blank');
    // Opened from its tab: a first page of a tab has no back button.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('refuses a javascript: address instead of framing it', async () => {
    await renderWithProviders(<CustomPageScreen />, { path: '/page?url=javascript%3Aalert(1)' });
    expect(await screen.findByText('This link cannot be opened')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
