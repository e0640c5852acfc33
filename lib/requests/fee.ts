// The fee a payer adds on top of a payment: a percentage of the amount, sent by the payment
// proxy to a fee address in the same transaction. Pure: no I/O.

import { parseNetworkAddress } from "../addresses/wallet-address";
import type { NetworkId } from "../chains/networks";
import { feePercentageToBasisPoints, normalizeFeePercentage } from "../client-ids/browser";
import type { FieldError } from "../http/errors";

export interface Fee {
  /** Canonical text ("2.5"), as stored and shown. */
  percentage: string;
  basisPoints: number;
  address: string;
}

export type FeeResult = { ok: true; fee: Fee | null } | { ok: false; errors: FieldError[] };

/**
 * `feePercentage` ("2.5" = 2.5 %, at most 2 decimal places, 0–100) and `feeAddress` go together.
 * A zero percentage means no fee. `prefix` names the fields in errors ("requests.3").
 */
export function parseFee(
  feePercentage: string | undefined | null,
  feeAddress: string | undefined | null,
  network: NetworkId,
  prefix = "",
): FeeResult {
  const field = (name: string) => (prefix ? `${prefix}.${name}` : name);
  if (feePercentage == null && feeAddress == null) return { ok: true, fee: null };
  const errors: FieldError[] = [];
  let basisPoints = 0;
  let percentage = "0";
  if (feePercentage == null) {
    errors.push({ field: field("feePercentage"), message: "is required with feeAddress" });
  } else {
    const bps = feePercentageToBasisPoints(feePercentage.trim());
    if (bps === null)
      errors.push({
        field: field("feePercentage"),
        message: 'must be a decimal string from "0" to "100" with at most 2 decimal places, e.g. "2.5" for 2.5 %',
      });
    else {
      basisPoints = bps;
      percentage = normalizeFeePercentage(feePercentage.trim())!;
    }
  }
  let address = "";
  if (feeAddress == null) {
    if (basisPoints > 0)
      errors.push({ field: field("feeAddress"), message: "is required with a feePercentage above 0" });
  } else {
    const parsed = parseNetworkAddress(feeAddress, network, "fee address");
    if (parsed.ok) address = parsed.address;
    else errors.push({ field: field("feeAddress"), message: parsed.message });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, fee: basisPoints > 0 ? { percentage, basisPoints, address } : null };
}

/** A fee already validated and stored (request row, client ID settings). */
export function storedFee(feePercentage: string | null, feeAddress: string | null): Fee | null {
  if (!feePercentage || !feeAddress) return null;
  const basisPoints = feePercentageToBasisPoints(feePercentage);
  return basisPoints ? { percentage: feePercentage, basisPoints, address: feeAddress } : null;
}
