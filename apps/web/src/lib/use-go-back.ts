import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back to the previous screen of this visit, or to `fallback` when the page was opened directly
 * (going back would leave the app then).
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router numbers history entries it created; 0 means we were opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
