import { createFileRoute } from '@tanstack/react-router';
import { UserStatement } from './-user-statement';

export const Route = createFileRoute('/user/statement')({ component: UserStatement });
