import { locales, type Locale } from '@school/contract/enums';
import sanitizeHtml from 'sanitize-html';
import { localize, type LocalizedText } from './localized-text.js';

/*
 * Rich text written by a school (course intros, articles, announcements) is sanitized on the
 * way out as well as in: a row written by an older admin or straight into the database must
 * not reach a learner's browser with a script in it.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links leave the app in a new tab without handing it our window.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * A school's rich text, sanitized for each language as `sanitizeRichText(localize(text, locale))`
 * gives it: made once for a part of an answer that is kept (decision 014), not on every request.
 */
export function sanitizedPerLocale(text: LocalizedText): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, sanitizeRichText(localize(text, locale))])) as Record<
    Locale,
    string
  >;
}
