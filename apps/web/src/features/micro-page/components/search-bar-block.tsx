import type { MicroPageComponent } from '@school/contract/shell';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { SearchIcon } from '../../../components/ui/icons';
import { href } from '../../../config/route-paths';

type SearchBar = Extract<MicroPageComponent, { kind: 'searchBar' }>;

/** Looks like a search field, is a link: searching happens on the search screen. */
export function SearchBarBlock({ block }: { block: SearchBar }) {
  const { t } = useTranslation();
  return (
    <div className="px-3 pt-3">
      <Link
        to={href('search')}
        aria-label={t('microPage.searchLabel')}
        className="flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm text-ink-subtle"
      >
        <SearchIcon className="text-base" />
        <span className="truncate">{block.placeholder}</span>
      </Link>
    </div>
  );
}
