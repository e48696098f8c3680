import { genders, type Gender } from '@school/contract/enums';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { genderLabels } from '../logic/gender-labels';

interface GenderPickerProps {
  open: boolean;
  value: Gender | null;
  onChoose(gender: Gender): void;
  onClose(): void;
}

/**
 * A bottom sheet choosing MALE or FEMALE. Our own sheet rather than antd's ActionSheet, whose
 * options carry role="option" outside any listbox (an axe violation): here a named dialog
 * holding a radio group, then Cancel.
 */
export default function GenderPicker({ open, value, onChoose, onClose }: GenderPickerProps) {
  const { t } = useTranslation();
  const prompt = t('me.profile.chooseGender');
  const firstRef = useRef<HTMLButtonElement>(null);

  return (
    <BottomSheet
      look="menu"
      open={open}
      title={prompt}
      closeLabel={t('me.cancel')}
      onClose={onClose}
      focusTarget={() => firstRef.current}
    >
      {/* Named as the dialog is: screen readers announce the group on entering it. */}
      <div role="radiogroup" aria-label={prompt}>
        {genders.map((gender, index) => (
          <button
            key={gender}
            ref={index === 0 ? firstRef : undefined}
            type="button"
            role="radio"
            aria-checked={value === gender}
            onClick={() => onChoose(gender)}
            className={`block h-12 w-full border-b border-line text-base ${
              value === gender ? 'font-semibold text-brand-strong' : 'text-ink'
            }`}
          >
            {t(genderLabels[gender])}
          </button>
        ))}
      </div>
    </BottomSheet>
  );
}
