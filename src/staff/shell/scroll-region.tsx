import type { ReactNode } from 'react';

/**
 * A box that scrolls (a wide table at 768 px, an enlarged image): a labelled region and a tab stop, so a
 * keyboard can reach it and scroll it (axe scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = 'staff-table-wrap',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is keyboard-scrollable only as a tab stop
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
