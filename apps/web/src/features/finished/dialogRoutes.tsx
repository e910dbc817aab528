import type { RouteObject } from 'react-router';
import { EditRoute, ExportRoute, RedesignRoute, RemarkRoute } from './routeDialogs';

/** The finished screen's dialogs, child routes of /finished (the list stays behind them; see dialogAddress.ts). */
export const finishedDialogRoutes: RouteObject[] = [
  { path: ':keyId/edit', element: <EditRoute /> },
  { path: ':keyId/redesign', element: <RedesignRoute /> },
  { path: ':keyId/remark', element: <RemarkRoute /> },
  { path: 'export/:mode', element: <ExportRoute /> },
];
