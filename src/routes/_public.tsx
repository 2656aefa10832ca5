import { createFileRoute } from '@tanstack/react-router';
import { PublicShell } from '../features/site/public-shell';

export const Route = createFileRoute('/_public')({ component: PublicShell });
