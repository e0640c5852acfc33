// Test payees with real keys, signing the typed data the way wallets do: EVM keys through
// viem (what eth_signTypedData_v4 computes), Tron keys through TronWeb's TIP-712 signing.
// registerTestDestination goes through the product's own functions, for any test that needs
// a registered destination (secure payments included).
import { Trx, utils as tronUtils } from "tronweb";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { addDestination } from "./apply-signed-change";
import { prepareSigningData } from "./prepare-signing-data";
import { type PayeeDestinationAnswer, type SigningDataView, signingDataQuery } from "./schemas";
import { structTypes } from "./signing-typed-data";

export type WireTypedData = SigningDataView["typedData"];

export interface TestPayee {
  address: string;
  /** Signs typed data as it arrives over the wire (JSON), like a wallet does. */
  sign(typedData: WireTypedData): Promise<Hex>;
}

export function evmPayee(): TestPayee {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    address: account.address,
    sign: (typedData) => account.signTypedData(JSON.parse(JSON.stringify(typedData))),
  };
}

export function tronPayee(): TestPayee {
  const account = tronUtils.accounts.generateAccount();
  return {
    address: account.address.base58,
    sign: async (typedData) => {
      const { domain, types, message } = JSON.parse(JSON.stringify(typedData)) as WireTypedData;
      return Trx._signTypedData(domain, structTypes(types), message, account.privateKey) as Hex;
    },
  };
}

export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

/** Signing data for the platform, as GET /v2/payee-destination/signing-data answers it. */
export async function signingDataFor(
  platformId: string,
  query: { walletAddress: string; chainId?: number; tokenAddress?: string; action?: "add" | "deactivate" },
) {
  const target = signingDataQuery.parse({
    walletAddress: query.walletAddress,
    chainId: String(query.chainId ?? 8453),
    tokenAddress: query.tokenAddress ?? USDC_BASE,
    action: query.action ?? "add",
  });
  return prepareSigningData(platformId, target);
}

/** A destination registered and signed by `payee` (default: a new EVM wallet, USDC on Base). */
export async function registerTestDestination(
  platformId: string,
  opts: { payee?: TestPayee; chainId?: number; tokenAddress?: string } = {},
): Promise<PayeeDestinationAnswer & { payee: TestPayee }> {
  const payee = opts.payee ?? evmPayee();
  const data = await signingDataFor(platformId, {
    walletAddress: payee.address,
    chainId: opts.chainId,
    tokenAddress: opts.tokenAddress,
  });
  const destination = await addDestination(platformId, {
    nonce: data.nonce,
    signature: await payee.sign(data.typedData),
  });
  return { ...destination, payee };
}
