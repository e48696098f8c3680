import { locales, type Locale } from '@school/contract/enums';
import { useId, useState } from 'react';
import { changeLocale, useTranslation } from '../../lib/i18n';
import { GlobeIcon } from './icons';

/** cn / en switch; the choice is stored and wins over the browser language next time. */
export function LanguageSwitch() {
  const { t, locale: current } = useTranslation();
  const labelId = useId();
  const [pending, setPending] = useState<Locale | null>(null);

  async function choose(locale: Locale) {
    if (locale === current || pending) return;
    setPending(locale);
    try {
      await changeLocale(locale);
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <GlobeIcon className="text-lg text-ink-muted" />
      <span id={labelId} className="flex-1 text-sm text-ink">
        {t('ui.language.label')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex rounded-full bg-canvas p-0.5">
        {locales.map((locale) => {
          const selected = locale === current;
          return (
            <button
              key={locale}
              type="button"
              lang={locale === 'cn' ? 'zh-CN' : 'en'}
              aria-pressed={selected}
              disabled={pending !== null}
              onClick={() => void choose(locale)}
              className={`min-w-[4rem] rounded-full px-3 py-1 text-xs font-medium transition-colors ${
                selected ? 'bg-surface text-brand-strong shadow-card' : 'text-ink-muted'
              }`}
            >
              {t(`ui.language.${locale}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
