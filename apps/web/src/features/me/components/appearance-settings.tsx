import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { TextSizeIcon, ThemeIcon } from './appearance-icons';
import {
  applyAppearance,
  readAppearance,
  saveAppearance,
  textSizes,
  themes,
  type Appearance,
} from '../logic/appearance';

/** One setting as a labelled row of choices, the current one pressed (as the language switch). */
function ChoiceRow<T extends string>({
  icon,
  label,
  choices,
  value,
  labelOf,
  onChoose,
}: {
  icon: ReactNode;
  label: string;
  choices: readonly T[];
  value: T;
  labelOf(choice: T): string;
  onChoose(choice: T): void;
}) {
  const labelId = useId();
  return (
    <div className="border-b border-line px-4 py-3">
      <div className="flex items-center gap-3">
        <span className="text-lg text-ink-muted">{icon}</span>
        <span id={labelId} className="text-sm text-ink">
          {label}
        </span>
      </div>
      {/* Full width under the label: four choices still fit at the largest text size. */}
      <div
        role="group"
        aria-labelledby={labelId}
        className="mt-2 grid auto-cols-fr grid-flow-col rounded-3xl bg-canvas p-0.5"
      >
        {choices.map((choice) => {
          const selected = choice === value;
          return (
            <button
              key={choice}
              type="button"
              aria-pressed={selected}
              onClick={() => onChoose(choice)}
              className={`min-h-11 rounded-3xl px-1 text-xs leading-tight font-medium transition-colors ${
                selected ? 'bg-surface text-brand-strong shadow-card' : 'text-ink-muted'
              }`}
            >
              {labelOf(choice)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Theme (system, light, dark) and text size, applied at once and kept on this device. */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const [appearance, setAppearance] = useState<Appearance>(() => readAppearance(storage));

  function change(next: Appearance) {
    saveAppearance(storage, next);
    applyAppearance(document, next);
    setAppearance(next);
  }

  return (
    <>
      <li>
        <ChoiceRow
          icon={<ThemeIcon />}
          label={t('me.appearance.theme')}
          choices={themes}
          value={appearance.theme}
          labelOf={(theme) => t(`me.appearance.theme.${theme}`)}
          onChoose={(theme) => change({ ...appearance, theme })}
        />
      </li>
      <li>
        <ChoiceRow
          icon={<TextSizeIcon />}
          label={t('me.appearance.textSize')}
          choices={textSizes}
          value={appearance.textSize}
          labelOf={(size) => t(`me.appearance.textSize.${size}`)}
          onChoose={(textSize) => change({ ...appearance, textSize })}
        />
      </li>
    </>
  );
}
