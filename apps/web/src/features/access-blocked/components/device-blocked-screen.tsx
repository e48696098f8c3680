import { useTranslation } from '../../../lib/i18n';
import { PhoneOffIcon } from '../../../components/ui/icons';
import { BlockedView } from './blocked-view';

/** Where every page goes while the school has the mobile channel (enableWap) turned off. */
export default function DeviceBlockedScreen() {
  const { t } = useTranslation();
  return (
    <BlockedView
      icon={<PhoneOffIcon />}
      title={t('blocked.device.title')}
      description={t('blocked.device.description')}
      hint={t('blocked.device.hint')}
    />
  );
}
