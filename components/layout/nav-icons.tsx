import type { ReactNode } from 'react';

export type NavIconName = 'home' | 'invoice' | 'extract' | 'promotion' | 'reward' | 'more';

// Outline icons drawn on a 24 px grid; each tab also has its word, so the icons are decoration only.
const PATHS: Record<NavIconName, ReactNode> = {
  home: <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />,
  invoice: <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h4" />,
  extract: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  promotion: <path d="M3 12V4h8l10 10-8 8zM7.5 8.5h.01" />,
  reward: <path d="M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-2-4-6-4-6-1.5S9 7 12 7c3 0 6-.5 6-1.5S14 3 12 7" />,
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" />,
};

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
