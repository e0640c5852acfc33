// The built-in list source: OFAC's sanctioned wallet addresses (EVM and Tron) bundled in
// data/ofac-sanctions/ (its README says where they come from and how to refresh them with
// `npm run kyt:refresh-list`). KYT_SANCTIONS_LIST_FILE points to a refreshed copy read at
// start instead, so an operator updates the list without a rebuild.
import fs from "node:fs";
import bundled from "../../data/ofac-sanctions/sanctioned-addresses.json";
import { addressKey } from "../addresses/wallet-address";
import type { SanctionedAddresses } from "./ofac-sdn";
import type { ScreeningProvider } from "./screening-provider";

export const SANCTIONS_LIST_PROVIDER = "ofac-list";

/** A provider answering from one list: rejected when the wallet is on it. */
export function sanctionsListProvider(list: Pick<SanctionedAddresses, "evm" | "tron">): ScreeningProvider {
  const listed = new Set([...list.evm.map((a) => a.toLowerCase()), ...list.tron]);
  return {
    name: SANCTIONS_LIST_PROVIDER,
    screen: async (wallet) => {
      const key = addressKey(wallet) ?? wallet;
      return listed.has(key)
        ? { status: "rejected", reasonCode: "sanctioned" }
        : { status: "approved", reasonCode: "clear" };
    },
  };
}

/** The list in force: the operator's file when KYT_SANCTIONS_LIST_FILE is set, else the bundled one. */
export function loadSanctionsList(file: string | undefined): SanctionedAddresses {
  if (file === undefined) return bundled as SanctionedAddresses;
  return JSON.parse(fs.readFileSync(file, "utf8")) as SanctionedAddresses;
}
