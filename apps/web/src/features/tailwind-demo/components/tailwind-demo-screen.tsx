import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { contrastRatio } from '../../../lib/color';
import { colorTokens, spacingScale, typeScale } from './design-tokens';

function cssVariable(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="mx-3 mt-3 rounded-card bg-surface p-4 shadow-card">
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <p className="mt-1 mb-3 text-xs text-ink-muted">{description}</p>
      {children}
    </section>
  );
}

/**
 * /tailwind — the design tokens as they render: colours with their contrast on white, the
 * type scale and spacing, all in rem (the root font follows the screen width).
 */
export default function TailwindDemoScreen() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [rootSize, setRootSize] = useState('');

  useEffect(() => {
    function read() {
      const next: Record<string, string> = {};
      for (const token of colorTokens) next[token.name] = cssVariable(`--color-${token.name}`);
      for (const step of typeScale) next[step.variable] = cssVariable(step.variable);
      next['--spacing'] = cssVariable('--spacing');
      setValues(next);
      setRootSize(getComputedStyle(document.documentElement).fontSize);
    }
    read();
    window.addEventListener('resize', read);
    return () => window.removeEventListener('resize', read);
  }, []);

  return (
    <ScreenLayout title={t('tailwind.title')} back>
      <p className="px-4 pt-3 text-xs text-ink-muted">{t('tailwind.intro', { size: rootSize })}</p>

      <Section title={t('tailwind.colors.title')} description={t('tailwind.colors.description')}>
        <ul className="grid grid-cols-1 gap-2">
          {colorTokens.map((token) => {
            const value = values[token.name] ?? '';
            const ratio = value ? contrastRatio(value, '#ffffff') : 0;
            const passes = ratio >= 4.5;
            return (
              <li key={token.name} className="flex items-center gap-3">
                <span aria-hidden="true" className={`size-10 shrink-0 rounded-lg border border-line ${token.swatch}`} />
                <div className="min-w-0 flex-1">
                  <p className="font-mono text-xs text-ink">{token.name}</p>
                  <p className="text-xs text-ink-muted">{t(token.role)}</p>
                </div>
                <div className="text-right">
                  <p className="font-mono text-xs text-ink">{value}</p>
                  <p className={`text-xs font-medium ${passes ? 'text-success' : 'text-ink-muted'}`}>
                    {t(passes ? 'tailwind.colors.passes' : 'tailwind.colors.decorative', { ratio: ratio.toFixed(1) })}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title={t('tailwind.type.title')} description={t('tailwind.type.description')}>
        <ul className="space-y-2">
          {typeScale.map((step) => (
            <li key={step.className} className="flex items-baseline justify-between gap-3">
              <span className={`${step.className} truncate text-ink`}>{t('tailwind.type.sample')}</span>
              <span className="shrink-0 font-mono text-xs text-ink-muted">
                {step.className} · {values[step.variable]}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title={t('tailwind.spacing.title')}
        description={t('tailwind.spacing.description', { unit: values['--spacing'] ?? '' })}
      >
        <ul className="space-y-1.5">
          {spacingScale.map((step) => (
            <li key={step.step} className="flex items-center gap-3">
              <span className="w-8 shrink-0 font-mono text-xs text-ink-muted">{step.step}</span>
              <span aria-hidden="true" className={`h-3 rounded-sm bg-brand ${step.width}`} />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('tailwind.fonts.title')} description={t('tailwind.fonts.description')}>
        <p className="text-base text-ink">{t('tailwind.fonts.latin')}</p>
        <p className="text-base text-ink" lang="zh-CN">
          {t('tailwind.fonts.chinese')}
        </p>
      </Section>
      <div className="h-6" />
    </ScreenLayout>
  );
}
