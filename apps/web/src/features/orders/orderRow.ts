import type { DataOf, routes } from '@app/contract';

/** An order as the list answers it. */
export type OrderRow = DataOf<typeof routes.orderList>['list'][number];
