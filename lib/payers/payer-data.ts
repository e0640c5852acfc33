// Personal data of payers at rest: identity and bank fields are one AES-256-GCM value each
// (lib/secrets), bound to their row (a value copied onto another row does not decrypt), and
// masked for lists. Nothing here logs.
import { decryptSecret, encryptSecret, needsReencryption } from "../secrets/encrypt-at-rest";
import { type BankDetails, type PayerIdentity, parseBankDetails, parseIdentity } from "./schemas";

const identityContext = (payerId: string) => `payer-identity:${payerId}`;
const bankContext = (paymentDetailId: string) => `payer-bank-details:${paymentDetailId}`;

export const sealIdentity = (payerId: string, identity: PayerIdentity) =>
  encryptSecret(JSON.stringify(identity), identityContext(payerId));
export const openIdentity = (payerId: string, sealed: string) =>
  parseIdentity(decryptSecret(sealed, identityContext(payerId)));
export const sealBankDetails = (id: string, details: BankDetails) =>
  encryptSecret(JSON.stringify(details), bankContext(id));
export const openBankDetails = (id: string, sealed: string) => parseBankDetails(decryptSecret(sealed, bankContext(id)));

/** Re-encrypts with the current key what only a previous key reads; null when already current. */
export function resealIdentity(payerId: string, sealed: string): string | null {
  return needsReencryption(sealed, identityContext(payerId))
    ? sealIdentity(payerId, openIdentity(payerId, sealed))
    : null;
}
export function resealBankDetails(id: string, sealed: string): string | null {
  return needsReencryption(sealed, bankContext(id)) ? sealBankDetails(id, openBankDetails(id, sealed)) : null;
}

/** The last 4 characters (spaces dropped), the rest hidden; 4 or fewer: all hidden. */
export function maskedTail(value: string): string {
  const compact = value.replace(/\s+/g, "");
  return compact.length <= 4 ? "••••" : `••••${compact.slice(-4)}`;
}

/** The last 4 characters of the account (or IBAN), the rest hidden: what lists show. */
export const maskedAccount = (details: BankDetails): string => maskedTail(details.accountNumber ?? details.iban ?? "");

/** "J. D." style initials: enough for an operator to tell payers apart in the queue. */
export function initials(identity: PayerIdentity): string {
  return `${identity.firstName.charAt(0)}. ${identity.lastName.charAt(0)}.`;
}
