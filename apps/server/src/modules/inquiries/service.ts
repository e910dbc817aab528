import { normalInquiryContact, type InquiryScale, type ParsedBodyOf, type routes } from '@app/contract';
import { AppError } from '../../http/errors.js';
import type { InquiryRepo } from './repo.js';

/** An inquiry of the same contact and message within this long is the one already received (docs/mobile.md#inquiries). */
export const INQUIRY_DUPLICATE_SECONDS = 60 * 60;

export interface InquiryRecord {
  id: number;
  name: string;
  company: string | null;
  /** Normalised: a phone number's digits with its +, an email in lower case. */
  contact: string;
  scale: InquiryScale | null;
  message: string;
  /** The account of the session it was sent with; null for a visitor. */
  account_id: number | null;
  /** The client's address. */
  address: string;
  /** Unix seconds. */
  created_at: number;
}

export interface InquiryService {
  /**
   * Stores an inquiry (the form's fields as the contract parsed them: trimmed, checked) with who sent it; the same
   * contact and message again within the hour stores nothing and answers the first one (`duplicate`).
   */
  add(
    input: ParsedBodyOf<typeof routes.inquiryAdd>,
    from: { accountId: number | undefined; address: string },
  ): Promise<{ id: number; duplicate: boolean }>;
  /** The newest inquiries first, at most `limit`: the operator's list (`npm run inquiry -- list`). */
  latest(limit: number): Promise<InquiryRecord[]>;
}

/** Inquiries from the independent-deployment page (docs/mobile.md#inquiries). */
export function createInquiryService(deps: { repo: InquiryRepo; now: () => number }): InquiryService {
  const { repo } = deps;
  const seconds = () => Math.floor(deps.now() / 1000);

  return {
    async add(input, from) {
      // The contract refused anything that is not a contact; this is the form it is kept and compared in.
      const contact = normalInquiryContact(input.contact);
      if (contact === undefined) throw new AppError(400, 'inquiryContactInvalid', { field: 'contact' });
      const at = seconds();
      return repo.addUnlessDuplicate(
        {
          name: input.name,
          company: input.company ? input.company : null,
          contact,
          scale: input.scale ?? null,
          message: input.message,
          account_id: from.accountId ?? null,
          address: from.address,
          created_at: at,
        },
        at - INQUIRY_DUPLICATE_SECONDS,
      );
    },

    async latest(limit) {
      return (await repo.latest(limit)).map((r) => ({
        id: Number(r.id),
        name: r.name,
        company: r.company,
        contact: r.contact,
        scale: r.scale as InquiryScale | null,
        message: r.message,
        account_id: r.account_id === null ? null : Number(r.account_id),
        address: r.address,
        created_at: Number(r.created_at),
      }));
    },
  };
}
