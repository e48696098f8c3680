import type { SVGProps } from 'react';

/** Two speech bubbles, WeChat's mark, as a decorative inline SVG. */
export function WechatIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M9.2 3.5C5 3.5 1.6 6.3 1.6 9.8c0 2 1.1 3.7 2.9 4.9l-.7 2.2 2.6-1.4c.9.3 1.9.4 2.8.4h.6a5.6 5.6 0 0 1-.2-1.5c0-3.3 3.1-5.9 7-5.9h.5c-.7-2.9-3.9-5-7.9-5Zm-2.6 3.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.2 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
      <path d="M22.4 14.8c0-2.9-2.9-5.2-6.4-5.2s-6.4 2.3-6.4 5.2 2.9 5.2 6.4 5.2c.7 0 1.5-.1 2.2-.3l2 1.1-.5-1.8c1.6-1 2.7-2.5 2.7-4.2Zm-8.5-.9a.9.9 0 1 1 0-1.8.9.9 0 0 1 0 1.8Zm4.2 0a.9.9 0 1 1 0-1.8.9.9 0 0 1 0 1.8Z" />
    </svg>
  );
}
