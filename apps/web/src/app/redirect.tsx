import { Navigate, type NavigateProps } from 'react-router';

/**
 * React Router's <Navigate>, in the browser only. A server render cannot send the visitor on
 * (React Router only warns there); a screen that redirects renders nothing on the server, and
 * the renderer leaves that address to the browser (app/entry-server.tsx).
 */
export function Redirect(props: NavigateProps) {
  if (import.meta.env.SSR) return null;
  return <Navigate {...props} />;
}
