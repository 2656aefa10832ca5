import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

/** A console table with its caption (its name), scrolling on its own at 768 px. */
export function StaffTable({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <table className="staff-table">
        <caption>{label}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th scope="col" key={i}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
