import type { MicroPageComponent } from '@school/contract/shell';
import { useTranslation } from '../../../lib/i18n';
import { AppLink } from '../../../components/ui/app-link';

export type BannerItem = Extract<MicroPageComponent, { kind: 'banner' }>['items'][number];

/** One banner picture (linked when the school gave a link), labelled as slide n of m. */
export function BannerSlide({
  item,
  index,
  count,
  eager,
}: {
  item: BannerItem;
  index: number;
  count: number;
  eager: boolean;
}) {
  const { t } = useTranslation();
  const image = (
    <img
      src={item.image}
      alt={item.alt}
      width={750}
      height={320}
      className="size-full object-cover"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      draggable={false}
    />
  );
  return (
    <div
      role={count > 1 ? 'group' : undefined}
      aria-roledescription={count > 1 ? 'slide' : undefined}
      aria-label={count > 1 ? t('microPage.slide', { index: index + 1, count }) : undefined}
      className="size-full"
    >
      {item.link ? (
        <AppLink to={item.link} className="block size-full">
          {image}
        </AppLink>
      ) : (
        image
      )}
    </div>
  );
}
