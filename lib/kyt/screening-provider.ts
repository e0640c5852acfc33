// What a wallet screening source answers (docs/decisions/wallet-screening-kyt.md). Every
// source, built in or external, is a ScreeningProvider: it answers a verdict, or null when the
// wallet's network is outside what it covers (the sanctions oracle on Tron), or throws
// ScreeningUnavailable when it could not decide (network down, HTTP error): an error is never
// a verdict, is not cached and emits nothing.
import type { NetworkId } from "../chains/networks";

export type ScreeningStatus = "approved" | "rejected";

export interface ScreeningVerdict {
  status: ScreeningStatus;
  /** Why, in a stable code: `clear`, `sanctioned`, `high_risk`… */
  reasonCode: string;
}

export interface ScreeningProvider {
  /** Stable name, shown in events and on the dashboard. */
  readonly name: string;
  screen(wallet: string, network: NetworkId): Promise<ScreeningVerdict | null>;
}

export class ScreeningUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}
