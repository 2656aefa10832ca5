import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link to a member's page (/staff/members/{id}): the router's types know the member app's routes only. */
export function MemberLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Link to={'/members/$id' as LinkProps['to']} params={{ id: String(id) } as never}>
      {children}
    </Link>
  );
}
