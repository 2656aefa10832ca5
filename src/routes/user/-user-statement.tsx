import { lazy } from 'react';
import { StatementPage } from '../../features/statement/statement-page';

// the deposit slips' list (its words, its calls) loads when the member opens it
const SlipModal = lazy(() => import('../../features/deposit/slip-modal').then((m) => ({ default: m.SlipModal })));

/** §2 Statement, with the deposit feature's slip list (the '-' keeps this file out of the route tree). */
export function UserStatement() {
  return <StatementPage SlipModal={SlipModal} />;
}
