import { lazy, type ComponentType } from 'react';

/**
 * A page whose code loads when it is first shown, so the app's first load carries only the shell;
 * a <Suspense> above it shows a skeleton meanwhile. Pages are named exports and `lazy` wants a
 * default one, hence the export name:
 *
 *   const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.js'), 'DashboardPage');
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's own `lazy`; the page keeps its props.
export function lazyPage<Name extends string, Page extends ComponentType<any>>(
  load: () => Promise<Record<Name, Page>>,
  exportName: Name,
) {
  return lazy(async () => ({ default: (await load())[exportName] }));
}
