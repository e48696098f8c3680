import type { To } from 'react-router';
import { AlertIcon, Svg } from '../ui/icons';
import { Link } from '../ui/router-link';

interface RequirementNoteProps {
  id?: string;
  /** The rule ("Study 60% of “React Performance” first"). */
  rule: string;
  /** Where the learner stands ("You have studied 14%"); absent for a visitor. */
  standing?: string | undefined;
  /** Met: the rule is kept quiet; not met: the way to meet it. */
  met: boolean;
  way?: { to: To; label: string } | undefined;
  testId: string;
}

/** A tick, drawn here: the shared icons travel with every first screen (screen-common). */
function MetIcon() {
  return (
    <Svg className="mt-0.5 shrink-0">
      <path d="M5 12.5 10 17.5 19 7" />
    </Svg>
  );
}

/**
 * What must come first before something opens (a course studied before an exam…): the rule,
 * the learner's numbers, and the way there when it is not met yet.
 */
export function RequirementNote({ id, rule, standing, met, way, testId }: RequirementNoteProps) {
  return (
    <div
      id={id}
      className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${met ? 'bg-canvas text-success' : 'bg-canvas text-warning'}`}
      data-testid={testId}
      data-met={met}
    >
      {met ? <MetIcon /> : <AlertIcon className="mt-0.5 shrink-0" />}
      <p className="min-w-0 flex-1">
        <span className="text-ink">{rule}</span>
        {standing ? <span className="block">{standing}</span> : null}
        {!met && way ? (
          <Link to={way.to} className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-strong underline">
            {way.label}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
