import { genders, type Gender } from '@school/contract/enums';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { genderLabels } from './gender-labels';

interface GenderPickerProps {
  open: boolean;
  value: Gender | null;
  onChoose(gender: Gender): void;
  onClose(): void;
}

/**
 * A bottom sheet choosing MALE or FEMALE. Built on Popup rather than antd's ActionSheet, whose
 * options carry role="option" outside any listbox (an axe violation): here a named dialog
 * holding a radio group.
 */
export default function GenderPicker({ open, value, onChoose, onClose }: GenderPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  // Where focus was when the sheet opened (the Gender row): it goes back there on close.
  const returnFocus = useRef<HTMLElement | null>(null);

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      afterShow={() => {
        returnFocus.current = document.activeElement as HTMLElement | null;
        firstRef.current?.focus();
      }}
      afterClose={() => returnFocus.current?.focus()}
      bodyClassName="rounded-t-2xl pb-[env(safe-area-inset-bottom)]"
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId} className="border-b border-line py-3 text-center text-sm text-ink-muted">
          {t('me.profile.chooseGender')}
        </h2>
        <div role="radiogroup" aria-labelledby={titleId}>
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
        <div className="h-2 bg-canvas" />
        <button type="button" onClick={onClose} className="block h-12 w-full text-base text-ink">
          {t('me.cancel')}
        </button>
      </div>
    </Popup>
  );
}
