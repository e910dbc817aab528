import { sql, type ExpressionBuilder, type ExpressionWrapper, type SqlBool } from 'kysely';

/**
 * Tenant scope (docs/domain.md#accounts-and-scope): the accounts whose rows a caller reads and acts on —
 * itself, plus its sub-accounts when it is a parent. Every query on an owned row goes through
 * `ownedBy`, so a row outside the scope is simply not found.
 */
export interface Scope {
  readonly accountIds: readonly number[];
}

/** `where` clause limiting `column` (the row's owner, named by code, never by input) to the scope. */
export function ownedBy(scope: Scope, column: string) {
  const ids = scope.accountIds.length > 0 ? [...scope.accountIds] : [-1];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- usable in any table's query
  return (eb: ExpressionBuilder<any, any>): ExpressionWrapper<any, any, SqlBool> => eb(sql.ref(column), 'in', ids);
}
