// What the giving pages (/give, /give/thanks, /give/statement) get from the server as Astro.locals.giving
// (src/env.d.ts; src/server/giving/pages.ts makes it). Types only: the pages run no zod.
import type { GivingSettings, PublicFund } from './api';
import type { BranchRef } from '../branches/api';

export interface GivePage {
  /** Online giving is set up (PAYSTACK_SECRET_KEY): the form shows; otherwise the other ways to give do. */
  online: boolean;
  funds: PublicFund[];
  settings: GivingSettings;
  /** Where the form's post may lead (the payment provider's checkout): the page's CSP form-action allows them. */
  checkoutOrigins: string[];
  /** Every branch, the root (the church itself) first: the form offers the choice from two. */
  branches: BranchRef[];
  /** The signed-in member's branch (their /my cookie), preselected; null for anyone else. */
  memberBranch: number | null;
}

/** The thanks page: a receipt only when Paystack confirmed the gift with its amount and currency. */
export type ThanksAnswer =
  | { state: 'paid'; reference: string; fund: string; amount: string; date: string; name: string | null }
  | { state: 'not-completed'; reference: string | null }
  /** Not confirmed yet (Paystack could not be asked, or the payment is still under way, as mobile money waits for
   * the giver's approval): the page says the receipt comes by email once it is. */
  | { state: 'unverified'; reference: string }
  /** A payment arrived but not as the gift asked (another amount or currency): staff will look into it. */
  | { state: 'flagged'; reference: string };

export interface GivingStatement {
  year: number;
  name: string;
  email: string;
  gifts: { reference: string; fund: string; date: string; method: string; amount: string }[];
  total: string;
  /** Years the member has paid gifts in, newest first (the page's year links). */
  years: number[];
  /** The branches the member has given to, any year (the page offers them from two). */
  branches: BranchRef[];
  /** The branch the statement is kept to (its gifts and those of the branches below it); null for every gift. */
  branch: BranchRef | null;
}

/** Who opens a page, as the server tells callers apart (its address, behind a trusted proxy the forwarded one). */
export interface Caller {
  forwardedFor: string | null;
  /** The connection's address (Astro.clientAddress, which throws where there is none). */
  remote: () => string | undefined;
}

export interface GivingReader {
  /** `cookieHeader`: the request's, so a signed-in member's assembly is preselected. */
  givePage(cookieHeader: string | null): Promise<GivePage>;
  /** Verifies a pending gift with the provider, at most PUBLIC_RATE_LIMIT times per caller in ten minutes. */
  thanks(reference: string | null, caller: Caller): Promise<ThanksAnswer>;
  /**
   * The signed-in member's statement of a year (their /my cookie), or null when no member is signed in; `branch`
   * keeps it to the gifts to that branch and those below it.
   */
  statement(cookieHeader: string | null, year: number, branch?: number): Promise<GivingStatement | null>;
}
