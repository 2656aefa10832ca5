import type { SVGProps } from 'react';
import { base } from '../icons';

/** The wallet widgets' icons (decorative: each widget's words name it). */
type P = SVGProps<SVGSVGElement>;

export const WithdrawIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M4 13v6a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6" />
  </svg>
);
export const TransferIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 8h14l-4-4M20 16H6l4 4" />
  </svg>
);
export const AllToWalletIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M16 13.5h2M8 3l4 4 4-4" />
  </svg>
);
export const RefreshIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M4 3v5h5M20 21v-5h-5" />
  </svg>
);
export const DepositIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 3v12M7 10l5 5 5-5" />
    <path d="M4 13v6a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6" />
  </svg>
);
export const BonusIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="9" width="18" height="12" rx="2" />
    <path d="M3 13h18M12 9v12M12 9c-2-4-6-4-6-1.5S9 9 12 9c3 0 6 0 6-1.5S14 5 12 9z" />
  </svg>
);
export const InviteIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.5 3-5.5 6.5-5.5s6.5 2 6.5 5.5M19 8v6M16 11h6" />
  </svg>
);
export const RefundIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M4 12a8 8 0 1 0 2.3-5.7L4 8.5" />
    <path d="M4 3.5v5h5M12 8v8M14.5 9.5h-3.25a1.75 1.75 0 0 0 0 3.5h1.5a1.75 1.75 0 0 1 0 3.5H9.5" />
  </svg>
);
