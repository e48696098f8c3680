import type { Gender } from '@school/contract/enums';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { showToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session-user';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import { genderLabels } from '../logic/gender-labels';

// The sheet and its animation library load when first opened, not with the profile.
const GenderPicker = lazy(() => import('./gender-picker'));
import { RowButton, RowLink, SettingsSection } from './settings-list';

/** /me/profile: avatar, nickname, gender, introduction (docs/product.md#validation-rules). */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const update = useUpdateProfile();
  const [genderOpen, setGenderOpen] = useState(false);
  const [genderUsed, setGenderUsed] = useState(false);

  // Signed out meanwhile (a 401 elsewhere): the access gate is already on its way to login.
  if (!user) return null;

  async function chooseGender(gender: Gender) {
    setGenderOpen(false);
    if (!user || gender === user.gender) return;
    try {
      await update.mutateAsync({ userId: user.id, nickname: user.nickname, gender });
      showToast(t('common.saved'), 'success');
    } catch {
      // The HTTP client has shown the notice.
    }
  }

  return (
    <ScreenLayout title={t('route.meProfile')} back>
      <SettingsSection title={t('route.meProfile')}>
        <AvatarPicker user={user} />
        <RowLink to={href('nicknameEdit')} label={t('me.profile.nickname')} value={user.nickname} />
        <RowButton
          onClick={() => {
            setGenderUsed(true);
            setGenderOpen(true);
          }}
          label={t('me.profile.gender')}
          value={user.gender ? t(genderLabels[user.gender]) : t('me.account.notSet')}
        />
        <RowLink
          to={href('briefEdit')}
          label={t('me.profile.introduction')}
          value={user.introduction || t('me.account.notSet')}
        />
      </SettingsSection>
      {genderUsed ? (
        <Suspense fallback={null}>
          <GenderPicker
            open={genderOpen}
            value={user.gender}
            onChoose={(gender) => void chooseGender(gender)}
            onClose={() => setGenderOpen(false)}
          />
        </Suspense>
      ) : null}
    </ScreenLayout>
  );
}
