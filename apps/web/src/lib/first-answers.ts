import type { Locale } from '@school/contract/enums';
import { firstAnswersElementId, type FirstAnswers } from '@school/contract/paths';

/*
 * The public answers the page's HTML carries for its first screen (decision 014): the server
 * made them for this school in the language it guessed from the browser. Each is taken once,
 * by the first GET of its path in that same language; after that the API is asked as usual
 * (a refetch, a language switch, a later visit to the screen).
 */
let carried: FirstAnswers | null | undefined;

function read(doc: Document): FirstAnswers | null {
  // Made by the server with JSON.stringify: read as it is.
  return (carried ??= JSON.parse(
    doc.getElementById(firstAnswersElementId)?.textContent || 'null',
  ) as FirstAnswers | null);
}

/** The page's answer to `GET path` in `locale`, once; undefined when it carries none. */
export function takeFirstAnswer(path: string, locale: Locale, doc = globalThis.document): unknown {
  read(doc);
  if (carried?.locale !== locale) return;
  const answer = carried.answers[path];
  delete carried.answers[path];
  return answer;
}

/**
 * When the server rendered the page's screen (decision 015) as this browser would render it, in
 * `locale` and `timeZone`, for the learner this browser has signed in (`learner`, null for a
 * visitor): the answers of the queries it read, to hydrate the query cache with before
 * hydrating the screen.
 */
export function renderedState(
  locale: Locale,
  timeZone: string,
  learner: number | null,
  doc = globalThis.document,
): unknown {
  const rendered = read(doc)?.rendered;
  return carried?.locale === locale && rendered?.timeZone === timeZone && rendered.learner === learner
    ? rendered.state
    : undefined;
}

/** The server's clock when it rendered the page's screen (ms), null when it rendered none. */
export function renderedAt(doc = globalThis.document): number | null {
  return read(doc)?.rendered?.at ?? null;
}

/** The API addresses the server read to render the page's screen (none when it rendered nothing). */
export function renderedReads(doc = globalThis.document): string[] {
  return read(doc)?.rendered?.reads ?? [];
}

/** Tests: read the page again. */
export function resetFirstAnswers(): void {
  carried = undefined;
}
