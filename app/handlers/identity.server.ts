/**
 * The identity domain: who the shopper is (guest or buyer, the account they act for), signing in and out.
 */
import { isBusinessAccount, signOut } from "../webstore.server";
import type { Shop } from "./shop.server";

export interface IdentityHandler {
  /** Whether an account is a business account (effective-accounts' IsPersonAccount); undefined when unknown. */
  isBusinessAccount(accountId: string): Promise<boolean | undefined>;
  /** Revokes the buyer's tokens, forgets buyer and guest, and goes home with a toast. */
  signOut(): Promise<Response>;
}

export function createIdentityHandler(shop: Shop): IdentityHandler {
  return {
    isBusinessAccount: (accountId) => isBusinessAccount(shop.client, accountId),
    signOut: () => signOut(shop.request, shop.context),
  };
}
