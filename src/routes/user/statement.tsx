import { createFileRoute } from '@tanstack/react-router';
import { StatementPage } from '../../features/statement/statement-page';

export const Route = createFileRoute('/user/statement')({ component: StatementPage });
