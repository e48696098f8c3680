import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import UsernameEditScreen from './username-edit-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

describe('username edit', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
    toastShow.mockReset();
    fetchMock = routedFetch(
      (url) =>
        url.pathname === '/api/users/check/username'
          ? jsonResponse(200, { available: url.searchParams.get('username') !== 'newbie' })
          : undefined,
      (url, init) =>
        url.pathname === '/api/users/1/username' && init?.method === 'PUT'
          ? jsonResponse(200, { ...learner, username: JSON.parse(String(init.body)).username })
          : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const field = () => screen.getByLabelText('Username') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(field(), { target: { value } });

  it('starts from the current username and does not check it', async () => {
    await renderWithProviders(<UsernameEditScreen />);
    expect(field().value).toBe('learner');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies every rule as the learner types, without asking the server about broken names', async () => {
    await renderWithProviders(<UsernameEditScreen />);
    for (const [value, message] of [
      ['a', 'Username must be 2 to 20 characters'],
      ['a b', 'Username may contain only Chinese characters, letters, digits, underscore and dot'],
      ['.ab', 'Username must not start or end with an underscore or a dot'],
      ['13800138000', 'Username must not look like a phone number'],
      ['', 'Please enter a username'],
    ]) {
      type(value!);
      expect(await screen.findByText(message!)).toBeTruthy();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks availability once typing pauses, and only for the last value', async () => {
    await renderWithProviders(<UsernameEditScreen />);
    type('new');
    type('newb');
    type('newbie');
    expect(await screen.findByText('This name is already taken')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/users/check/username?username=newbie']);

    type('learner_2');
    expect(await screen.findByText('This username is available')).toBeTruthy();
  });

  it('refuses to save a taken name and saves a free one', async () => {
    await renderWithProviders(<UsernameEditScreen />);
    type('newbie');
    await screen.findByText('This name is already taken');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    expect(callsOf(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);

    type('learner_2');
    await screen.findByText('This username is available');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Saved successfully' })),
    );
    expect(callsOf(fetchMock)).toContain('PUT /api/users/1/username');
    expect(session.user()?.username).toBe('learner_2');
  });
});
