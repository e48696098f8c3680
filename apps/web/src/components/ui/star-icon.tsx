import type { SVGProps } from 'react';
import { Svg } from './icons';

/**
 * The favourites star. A module of its own, not in icons.tsx: the first screens' chunk holds
 * icons.tsx, and only lazy screens (Me, the star on a detail page) draw this.
 */
export const StarIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </Svg>
);
