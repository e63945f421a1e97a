/** The few icons the shell uses, inline so no icon library enters the first page. */
import type { SVGProps } from 'react';

const base: SVGProps<SVGSVGElement> = {
  width: '1.25em',
  height: '1.25em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
};

export function MenuIcon() {
  return (
    <svg {...base}>
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...base}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function ArrowUpIcon() {
  return (
    <svg {...base}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </svg>
  );
}

export function UserIcon() {
  return (
    <svg {...base}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </svg>
  );
}

export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#ffffff" />
      <path d="M9 11 23 11 16 23Z" fill="none" stroke="#253d73" strokeWidth="1.6" />
      <circle cx="9" cy="11" r="3.2" fill="#e08e00" />
      <circle cx="23" cy="11" r="3.2" fill="#253d73" />
      <circle cx="16" cy="23" r="3.2" fill="#1f7a99" />
    </svg>
  );
}
