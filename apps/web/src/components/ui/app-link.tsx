import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from './router-link';
import { toAppPath } from '../../lib/navigation';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** In-app path, `/mobile/...`, or another site's URL (as a school configures links). */
  to: string;
  children: ReactNode;
}

/** A router link for in-app targets, a plain anchor (new tab, no opener) for other sites. */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const path = toAppPath(to);
  if (path !== null) {
    return (
      <Link to={path} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
