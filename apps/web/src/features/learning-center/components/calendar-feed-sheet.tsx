import type { CalendarFeedCreated } from '@school/contract/calendar';
import { useRef, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/state-message';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { copyText } from '../../../lib/copy-text';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useCalendarFeed, useNewCalendarFeedUrl, useTurnCalendarFeedOff } from '../api/calendar-feed';

const intlLocale = { cn: 'zh-CN', en: 'en-GB' } as const;

const primaryClass =
  'flex min-h-11 w-full items-center justify-center rounded-full bg-brand-strong px-4 text-base font-medium text-on-brand active:opacity-80 disabled:opacity-60';
const secondaryClass =
  'flex min-h-11 flex-1 items-center justify-center rounded-full border border-line px-3 text-sm font-medium active:bg-canvas disabled:opacity-60';

/**
 * "Subscribe in your calendar" (docs/product.md#schedule): whether the learner's feed is on,
 * turning it on, a new address (the old one stops) and off, each change of an address asked
 * first. The address is shown only right after it is made: the server keeps a hash of it, not
 * the address, so a learner who lost it gets a new one.
 */
export default function CalendarFeedSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, locale } = useTranslation();
  const first = useRef<HTMLElement | null>(null);
  const feed = useCalendarFeed();
  const newUrl = useNewCalendarFeedUrl();
  const turnOff = useTurnCalendarFeedOff();
  const [made, setMade] = useState<CalendarFeedCreated | null>(null);
  const busy = newUrl.isPending || turnOff.isPending;

  async function makeUrl(confirmFirst: boolean) {
    if (
      confirmFirst &&
      !(await confirmDialog({
        title: t('learning.calendar.resetTitle'),
        content: t('learning.calendar.resetText'),
        confirmText: t('learning.calendar.resetConfirm'),
        cancelText: t('learning.calendar.keep'),
      }))
    ) {
      return;
    }
    try {
      setMade(await newUrl.mutateAsync());
    } catch {
      // The HTTP client has shown the notice.
    }
  }

  async function switchOff() {
    const sure = await confirmDialog({
      title: t('learning.calendar.offTitle'),
      content: t('learning.calendar.offText'),
      confirmText: t('learning.calendar.offConfirm'),
      cancelText: t('learning.calendar.keep'),
    });
    if (!sure) return;
    try {
      await turnOff.mutateAsync();
      setMade(null);
      showToast(t('learning.calendar.offDone'), 'success');
    } catch {
      // The HTTP client has shown the notice.
    }
  }

  async function copy(url: string) {
    showToast(t((await copyText(url)) ? 'learning.calendar.copied' : 'learning.calendar.copyFailed'));
  }

  let body;
  if (feed.isPending) {
    body = (
      <LoadingRegion>
        <SkeletonBlock className="h-11" />
      </LoadingRegion>
    );
  } else if (feed.isError) {
    body = <ErrorState onRetry={() => void feed.refetch()} />;
  } else if (!feed.data.on) {
    body = (
      <button
        ref={(node) => void (first.current = node)}
        type="button"
        className={primaryClass}
        disabled={busy}
        onClick={() => void makeUrl(false)}
        data-testid="calendar-feed-on"
      >
        {t('learning.calendar.turnOn')}
      </button>
    );
  } else {
    body = (
      <>
        {made ? (
          <div data-testid="calendar-feed-url">
            <label className="block text-sm font-medium text-ink" htmlFor="calendar-feed-address">
              {t('learning.calendar.address')}
            </label>
            <input
              id="calendar-feed-address"
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-1 block min-h-11 w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink"
            />
            <p className="mt-2 text-xs text-ink-muted">{t('learning.calendar.private')}</p>
            <div className="mt-3 flex gap-3">
              <button
                ref={(node) => void (first.current = node)}
                type="button"
                className={`${secondaryClass} text-brand-strong`}
                onClick={() => void copy(made.url)}
              >
                {t('learning.calendar.copy')}
              </button>
              <a
                href={made.webcalUrl}
                className={`${secondaryClass} text-brand-strong`}
                data-testid="calendar-feed-open"
              >
                {t('learning.calendar.open')}
              </a>
            </div>
          </div>
        ) : (
          <p className="text-sm text-ink" data-testid="calendar-feed-state">
            {t('learning.calendar.onSince', {
              // On means made at some moment: createdAt is null only while off.
              date: feed.data.createdAt
                ? new Date(feed.data.createdAt).toLocaleDateString(intlLocale[locale], { dateStyle: 'medium' })
                : '',
            })}
          </p>
        )}
        <div className="mt-4 flex gap-3 border-t border-line pt-4">
          <button
            ref={made ? undefined : (node) => void (first.current = node)}
            type="button"
            className={`${secondaryClass} text-ink`}
            disabled={busy}
            onClick={() => void makeUrl(true)}
            data-testid="calendar-feed-reset"
          >
            {t('learning.calendar.reset')}
          </button>
          <button
            type="button"
            className={`${secondaryClass} text-danger`}
            disabled={busy}
            onClick={() => void switchOff()}
            data-testid="calendar-feed-off"
          >
            {t('learning.calendar.turnOff')}
          </button>
        </div>
      </>
    );
  }

  return (
    <BottomSheet
      look="panel"
      open={open}
      title={t('learning.calendar.subscribe')}
      closeLabel={t('learning.calendar.close')}
      onClose={onClose}
      focusTarget={() => first.current}
      testId="calendar-feed-sheet"
    >
      <div className="px-4 pt-3 pb-6">
        <p className="mb-4 text-sm text-ink-muted">{t('learning.calendar.intro')}</p>
        {body}
      </div>
    </BottomSheet>
  );
}
