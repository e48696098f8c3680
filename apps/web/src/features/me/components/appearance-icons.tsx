import type { SVGProps } from 'react';
import { Svg } from '../../../components/ui/icons';

/* The appearance settings' icons: here, not in icons.tsx, which the first screens' chunk holds. */

/** A half-filled circle: light and dark. */
export const ThemeIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
  </Svg>
);

/** A small and a large letter. */
export const TextSizeIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M3 19l4-10 4 10M4.2 16h5.6M13 19l4.5-14 4.5 14M14.5 14.5h6" />
  </Svg>
);
