import { createFileRoute } from '@tanstack/react-router';
import { BonusPage } from '../../features/bonus/bonus-page';

export const Route = createFileRoute('/user/bonus')({ component: BonusPage });
