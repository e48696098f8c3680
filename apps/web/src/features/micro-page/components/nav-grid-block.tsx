import type { MicroPageComponent } from '@school/contract/shell';
import { useTranslation } from '../../../lib/i18n';
import { AppLink } from '../../../components/ui/app-link';

type NavGrid = Extract<MicroPageComponent, { kind: 'navGrid' }>;

export function NavGridBlock({ block }: { block: NavGrid }) {
  const { t } = useTranslation();
  if (block.items.length === 0) return null;
  return (
    <nav aria-label={t('microPage.navLabel')} className="mx-3 mt-3 rounded-card bg-surface px-2 py-4 shadow-card">
      <ul className="grid grid-cols-4 gap-y-4">
        {block.items.map((item) => (
          <li key={`${item.link}-${item.label}`}>
            <AppLink to={item.link} className="flex flex-col items-center gap-1.5 text-xs text-ink">
              <img src={item.icon} alt="" width={44} height={44} className="size-11" loading="lazy" decoding="async" />
              <span className="max-w-full truncate px-1">{item.label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
