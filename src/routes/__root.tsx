import { AppShell } from '@/app/layout/app-shell';
import type { RouterContext } from '@/app/router';
import { createRootRouteWithContext } from '@tanstack/react-router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
});
