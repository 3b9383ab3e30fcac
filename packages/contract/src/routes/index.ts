import type { RouteDef } from './define.ts';
import { authRoutes } from './auth.ts';

export * from './define.ts';

/** The one table of every call, grouped by area. */
export const routes = {
  auth: authRoutes,
} as const;

/** Every call of the table, flattened. */
export function allRoutes(): RouteDef[] {
  return Object.values(routes).flatMap((group) => Object.values(group) as RouteDef[]);
}
