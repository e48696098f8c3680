import { useLocation } from 'react-router';

/** Prints where the router is, so a test can see where a screen navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
