import type { User } from '@school/contract/auth';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation, type MessageId } from '../../../lib/i18n';
import { CameraIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { compressImage, type ImageCompressor } from '../../../lib/image-compress';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { prepareAvatar } from '../logic/prepare-avatar';
import { UserAvatar } from './user-avatar';

interface AvatarPickerProps {
  user: User;
  /** Shrinks the picture before upload (tests hand in a fake). */
  compress?: ImageCompressor;
}

/**
 * The avatar row of the profile: choose a picture, compress it here, upload it, then save it
 * as the profile's avatar. Refusals (too big, cannot compress) are said under the row.
 */
export function AvatarPicker({ user, compress = compressImage }: AvatarPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const upload = useUploadAvatar();
  const update = useUpdateProfile();
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<MessageId | null>(null);
  const busy = preparing || upload.isPending || update.isPending;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire `change` again.
    event.target.value = '';
    if (!file || busy) return;
    setError(null);
    setPreparing(true);
    const prepared = await prepareAvatar(file, compress).finally(() => setPreparing(false));
    if (!prepared.ok) {
      setError(prepared.rule);
      return;
    }
    try {
      const uploaded = await upload.mutateAsync({ blob: prepared.blob, fileName: prepared.fileName });
      await update.mutateAsync({ userId: user.id, nickname: user.nickname, avatar: uploaded.url });
      showToast(t('common.saved'), 'success');
    } catch {
      // The notice says why; the row offers another try.
      setError('common.uploadFailed');
    }
  }

  return (
    <li className="border-b border-line last:border-b-0">
      <label
        htmlFor={inputId}
        className="flex min-h-16 cursor-pointer items-center gap-3 px-4 py-3 text-sm text-ink focus-within:outline-2 focus-within:outline-brand-strong active:bg-canvas"
      >
        <span id={`${inputId}-label`} className="flex-1">
          {t('me.profile.avatar')}
        </span>
        <span className="relative">
          <UserAvatar src={user.avatar} name={user.nickname || user.username} size="size-12" />
          <span
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full bg-surface text-xs text-ink-muted shadow-card"
          >
            <CameraIcon />
          </span>
        </span>
        <ChevronRightIcon className="text-base text-ink-subtle" />
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-labelledby={`${inputId}-label`}
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => void choose(event)}
        />
      </label>
      <p className="sr-only" aria-live="polite">
        {busy ? t('me.profile.avatarUploading') : ''}
      </p>
      {busy ? (
        <p className="px-4 pb-3 text-xs text-ink-muted" aria-hidden="true">
          {t('me.profile.avatarUploading')}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="px-4 pb-3 text-xs text-danger">
          {t(error)}
        </p>
      ) : null}
    </li>
  );
}
