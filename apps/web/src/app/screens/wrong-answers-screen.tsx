import { lazy } from 'react';
import { useSearchParams } from 'react-router';

/*
 * /me/wrong-answers: the wrong-answer book (exams), and with `?practice=1` its practice round
 * (exam-taking; decision record 022). One route for both, composed here since features do not
 * import each other: a second route would add its entry and its files' names to the first
 * screen's code, which has no bytes to spare (decision 017). While a screen's code loads, the
 * app shell's fallback shows the route's title.
 */
const Book = lazy(() => import('../../features/exams/components/wrong-answer-book-screen'));
const Practice = lazy(() => import('../../features/exam-taking/components/wrong-answer-practice-screen'));

export default function WrongAnswersScreen() {
  const [search] = useSearchParams();
  return search.get('practice') === '1' ? <Practice /> : <Book />;
}
