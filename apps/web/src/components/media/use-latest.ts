import { useEffect, useRef } from 'react';

/**
 * The latest value of a prop, for effects and event listeners that should not restart when a
 * parent passes a new callback on each render (a media element's listeners, a timer).
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
