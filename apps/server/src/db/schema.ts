import type { Generated } from 'kysely';

/** Table types, shared by both dialects. Times are unix milliseconds unless a name says seconds. */
export interface AccountTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nickname: string;
  level: number;
  /** The parent account; null for a top-level account. Sub-accounts are owned by their parent. */
  parent_id: number | null;
  office_id: number | null;
  disabled: Generated<number>;
  created_at: number;
}

export interface OfficeTable {
  id: Generated<number>;
  /** The top-level account whose family the office belongs to. */
  owner_id: number;
  name: string;
  created_at: number;
}

export interface SessionTable {
  /** sha256 of the token: a leaked database does not leak live sessions. */
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  username: string;
  address: string;
  at: number;
}

export interface Database {
  account: AccountTable;
  office: OfficeTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
}
