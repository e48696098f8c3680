import type { SVGProps } from 'react';

/*
 * The player's own icons, drawn like components/ui/icons.tsx (24-unit strokes, 1em, decorative
 * unless labelled); kept here because only the player shows learning states and these tools.
 */
type IconProps = SVGProps<SVGSVGElement>;

const svgProps = (props: IconProps) =>
  ({
    viewBox: '0 0 24 24',
    width: '1em',
    height: '1em',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': props['aria-label'] ? undefined : true,
    focusable: 'false',
    ...props,
  }) as const;

export const CompletedIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </svg>
);

/** Half a circle filled: started, not finished. */
export const LearningIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18Z" fill="currentColor" />
  </svg>
);

export const NotStartedIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <circle cx="12" cy="12" r="9" />
  </svg>
);

export const OutlineIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </svg>
);

export const NoteIcon = (p: IconProps) => (
  <svg {...svgProps(p)}>
    <path d="M4 20h4L19 9l-4-4L4 16Z" />
    <path d="m13.5 6.5 4 4" />
  </svg>
);
