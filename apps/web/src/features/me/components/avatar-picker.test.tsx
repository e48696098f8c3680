import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageCompressError } from '../../../lib/image-compress';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { AvatarPicker } from './avatar-picker';
import { prepareAvatar } from '../logic/prepare-avatar';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const MB = 1024 * 1024;
const photo = (bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], 'photo.jpg', { type });
const small = new Blob([new Uint8Array(2048)], { type: 'image/webp' });

describe('prepareAvatar', () => {
  it('refuses an original over 5 MB without decoding it', async () => {
    const compress = vi.fn(async () => small);
    expect(await prepareAvatar(photo(5 * MB + 1), compress)).toEqual({ ok: false, rule: 'rule.avatar.tooBig' });
    expect(compress).not.toHaveBeenCalled();
  });

  it('accepts exactly 5 MB and hands over the compressed picture', async () => {
    const compress = vi.fn(async () => small);
    expect(await prepareAvatar(photo(5 * MB), compress)).toEqual({ ok: true, blob: small, fileName: 'avatar.webp' });
  });

  it('says the compression failed when the browser cannot decode or encode it', async () => {
    expect(
      await prepareAvatar(photo(1000), async () => {
        throw new ImageCompressError('nope');
      }),
    ).toEqual({ ok: false, rule: 'rule.avatar.compressFailed' });
    expect(await prepareAvatar(photo(1000), async () => new Blob(['x'], { type: 'image/bmp' }))).toEqual({
      ok: false,
      rule: 'rule.avatar.compressFailed',
    });
  });

  it('refuses what is not a picture at all', async () => {
    expect(await prepareAvatar(photo(1000, 'application/pdf'), async () => small)).toEqual({
      ok: false,
      rule: 'rule.avatar.type',
    });
  });
});

describe('AvatarPicker', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
    toastShow.mockReset();
    fetchMock = routedFetch(
      (url) =>
        url.pathname === '/api/users/avatar'
          ? jsonResponse(200, { url: '/api/files/abc.webp', contentType: 'image/webp', size: 2048 })
          : undefined,
      (url) =>
        url.pathname === '/api/users/1' ? jsonResponse(200, { ...learner, avatar: '/api/files/abc.webp' }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const choose = (file: File) => fireEvent.change(screen.getByLabelText('Avatar'), { target: { files: [file] } });

  it('says a picture over 5 MB is too big and uploads nothing', async () => {
    const compress = vi.fn(async () => small);
    await renderWithProviders(
      <ul>
        <AvatarPicker user={learner} compress={compress} />
      </ul>,
    );
    choose(photo(6 * MB));
    expect((await screen.findByRole('alert')).textContent).toBe('The image is too big (at most 5 MB)');
    expect(compress).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the picture could not be compressed', async () => {
    const compress = vi.fn(async () => {
      throw new ImageCompressError('decode');
    });
    await renderWithProviders(
      <ul>
        <AvatarPicker user={learner} compress={compress} />
      </ul>,
    );
    choose(photo(1000));
    expect((await screen.findByRole('alert')).textContent).toBe('The image could not be compressed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the compressed picture, saves it as the avatar and says so', async () => {
    const compress = vi.fn(async () => small);
    await renderWithProviders(
      <ul>
        <AvatarPicker user={learner} compress={compress} />
      </ul>,
    );
    choose(photo(3 * MB));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Saved successfully' })),
    );
    expect(callsOf(fetchMock)).toEqual(['POST /api/users/avatar', 'POST /api/users/1']);
    const upload = fetchMock.mock.calls[0]![1]!.body as FormData;
    const part = upload.get('file') as File;
    expect(part.size).toBe(2048);
    expect(part.name).toBe('avatar.webp');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({
      nickname: learner.nickname,
      avatar: '/api/files/abc.webp',
    });
    expect(session.user()?.avatar).toBe('/api/files/abc.webp');
  });
});
