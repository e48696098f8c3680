import type { GivenAnswer, QuestionView } from '@school/contract/exam-taking';
import { answerLimits } from '@school/contract/exam-limits';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { useId, useState } from 'react';
import { emptyAnswer } from '../logic/answers';

interface QuestionInputProps {
  question: QuestionView;
  answer: GivenAnswer | undefined;
  readOnly: boolean;
  onChange(answer: GivenAnswer): void;
}

const optionRowClass =
  'flex min-h-11 items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink has-[:checked]:border-brand-strong has-[:checked]:bg-brand-soft';
const fieldClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand-strong disabled:bg-canvas';

/** A true-or-false question may come without option texts: the keys then speak for themselves. */
function optionText(key: string, text: string, t: TFunction): string {
  if (text.trim()) return text;
  if (key === 'true' || key === 'false') return t(`examTaking.option.${key}`);
  return key;
}

/** Options as a group with a legend: radios for one answer, checkboxes for several. */
function ChoiceInput({ question, answer, readOnly, onChange }: QuestionInputProps) {
  const { t } = useTranslation();
  const name = useId();
  const multiple = question.type === 'MULTI_SELECT';
  const keys = answer?.kind === 'CHOICE' ? answer.keys : [];
  const options =
    question.options.length > 0 || question.type !== 'TRUE_OR_FALSE'
      ? question.options
      : [
          { key: 'true', text: '' },
          { key: 'false', text: '' },
        ];
  const toggle = (key: string, checked: boolean) => {
    if (!multiple) return onChange({ kind: 'CHOICE', keys: [key] });
    const next = checked ? [...keys, key] : keys.filter((k) => k !== key);
    // In the paper's order, whatever order they were ticked in.
    onChange({ kind: 'CHOICE', keys: options.map((o) => o.key).filter((k) => next.includes(k)) });
  };
  return (
    <fieldset className="flex flex-col gap-2" disabled={readOnly}>
      <legend className="sr-only">{t('examTaking.answer.legend', { number: question.number })}</legend>
      {options.map((option) => (
        <label key={option.key} className={optionRowClass}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={option.key}
            checked={keys.includes(option.key)}
            onChange={(event) => toggle(option.key, event.target.checked)}
            className="size-5 shrink-0 accent-brand-strong"
          />
          {question.type === 'TRUE_OR_FALSE' ? null : <span className="font-medium">{option.key}.</span>}
          <span>{optionText(option.key, option.text, t)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** One labelled text field per blank, numbered as the gaps in the stem. */
function BlanksInput({ question, answer, readOnly, onChange }: QuestionInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const texts = answer?.kind === 'BLANKS' ? answer.texts : (emptyAnswer(question) as { texts: string[] }).texts;
  return (
    <fieldset className="flex flex-col gap-3" disabled={readOnly}>
      <legend className="sr-only">{t('examTaking.answer.legend', { number: question.number })}</legend>
      {Array.from({ length: question.blankCount }, (_, index) => (
        <div key={index} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${index}`} className="text-sm text-ink-muted">
            {t('examTaking.answer.blank', { number: index + 1 })}
          </label>
          <input
            id={`${id}-${index}`}
            type="text"
            maxLength={answerLimits.blankMax}
            value={texts[index] ?? ''}
            onChange={(event) => {
              const next = Array.from({ length: question.blankCount }, (_, i) => texts[i] ?? '');
              next[index] = event.target.value;
              onChange({ kind: 'BLANKS', texts: next });
            }}
            className={`h-11 ${fieldClass}`}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** The image types POST /api/files takes (uploads.ts; written out to keep zod off this screen). */
const imageTypes = 'image/png,image/jpeg,image/webp,image/gif';

/** Images of an ask-and-answer: those attached, each removable, and a picker for more. */
function AnswerImages({
  images,
  readOnly,
  onChange,
}: {
  images: string[];
  readOnly: boolean;
  onChange(images: string[]): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const onPick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setUploading(true);
    try {
      // Loaded on first use: the upload call brings the contract's schemas (zod) with it.
      const { uploadAnswerImage } = await import('../api/upload-answer-image');
      const { url } = await uploadAnswerImage(file);
      onChange([...images, url]);
    } catch {
      // The api client has said why (too big, not an image, offline); the text answer is kept.
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {images.map((url, index) => (
        <div key={url} className="relative">
          <img
            src={url}
            alt={t('examTaking.image.alt', { number: index + 1 })}
            className="size-20 rounded-lg border border-line object-cover"
          />
          {readOnly ? null : (
            <button
              type="button"
              aria-label={t('examTaking.image.remove', { number: index + 1 })}
              onClick={() => onChange(images.filter((other) => other !== url))}
              className="absolute -right-2 -top-2 flex size-8 items-center justify-center rounded-full bg-ink text-xs text-on-brand"
            >
              ✕
            </button>
          )}
        </div>
      ))}
      {readOnly || images.length >= answerLimits.imagesMax ? null : (
        <label
          htmlFor={id}
          className="flex size-20 cursor-pointer items-center justify-center rounded-lg border border-dashed border-line text-center text-xs text-ink-muted"
        >
          {uploading ? t('examTaking.image.uploading') : t('examTaking.image.add')}
          <input
            id={id}
            type="file"
            accept={imageTypes}
            className="sr-only"
            disabled={uploading}
            onChange={(event) => {
              void onPick(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      )}
    </div>
  );
}

/** A written answer, with images uploaded through the general upload call. */
function TextInput({ question, answer, readOnly, onChange }: QuestionInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const current = answer?.kind === 'TEXT' ? answer : { kind: 'TEXT' as const, text: '', images: [] };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-ink-muted">
        {t('examTaking.answer.text')}
      </label>
      <textarea
        id={id}
        rows={8}
        maxLength={answerLimits.textMax}
        readOnly={readOnly}
        value={current.text}
        onChange={(event) => onChange({ ...current, text: event.target.value })}
        className={fieldClass}
        data-question={question.id}
      />
      <AnswerImages
        images={current.images}
        readOnly={readOnly}
        onChange={(images) => onChange({ ...current, images })}
      />
    </div>
  );
}

/** The input of a question's type. */
export function QuestionInput(props: QuestionInputProps) {
  switch (props.question.type) {
    case 'FILL_BLANK':
      return <BlanksInput {...props} />;
    case 'ASK_AND_ANSWER':
      return <TextInput {...props} />;
    default:
      return <ChoiceInput {...props} />;
  }
}
