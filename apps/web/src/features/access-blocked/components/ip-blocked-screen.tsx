import { useTranslation } from '../../../lib/i18n';
import { ShieldOffIcon } from '../../../components/ui/icons';
import { BlockedView } from './blocked-view';

/** Where the ipBlocked 403 flow lands (docs/product.md#session). */
export default function IpBlockedScreen() {
  const { t } = useTranslation();
  return (
    <BlockedView
      icon={<ShieldOffIcon />}
      title={t('blocked.ip.title')}
      description={t('error.ipBlocked')}
      hint={t('blocked.ip.hint')}
    />
  );
}
