// Wallet sign-in against the auth API, the same for EVM and Tron wallets:
// challenge for the address → the wallet signs the message unchanged → verify (sets the cookie).

import type { z } from "zod";
import { isUserRejection, providerNotFoundMessage } from "@/components/wallet/wallet-errors";
import type { challengeResponse } from "@/lib/auth/schemas";
import { ApiRequestError, apiRequest } from "../api-client";

type Challenge = z.output<typeof challengeResponse>;

/** Signing in, linking the wallet to the signed-in user (Settings), or stepping an email session up
 * to a wallet session of the same platform (payee destinations): the same challenge and signature. */
export type WalletPurpose = "sign-in" | "link" | "step-up";

/** The words of a wallet's button: "Sign in with MetaMask", "Link MetaMask", "Sign with MetaMask". */
export const PURPOSE_VERB: Record<WalletPurpose, string> = {
  "sign-in": "Sign in with",
  link: "Link",
  "step-up": "Sign with",
};

export async function signInWithWallet({
  address,
  chainId,
  sign,
  purpose = "sign-in",
}: {
  address: string;
  chainId?: number;
  sign: (message: string) => Promise<string>;
  purpose?: WalletPurpose;
}): Promise<void> {
  const challenge = await apiRequest<Challenge>(
    "POST",
    "/v1/auth/wallet/challenge",
    chainId ? { address, chainId } : { address },
    { redirectOn401: false },
  );
  const signature = await sign(challenge.message);
  const signed = { challengeId: challenge.challengeId, nonce: challenge.nonce, message: challenge.message, signature };
  if (purpose === "link") await apiRequest("POST", "/v1/auth/methods/wallet", signed);
  else if (purpose === "step-up") await apiRequest("POST", "/v1/auth/wallet/step-up", signed);
  else await apiRequest("POST", "/v1/auth/wallet/verify", signed, { redirectOn401: false });
}

/** Sandbox only: the demo wallet's signature, made on the server (POST /v1/auth/demo-wallets/{address}/sign). */
export async function signWithDemoWallet(address: string, message: string): Promise<string> {
  const r = await apiRequest<{ signature: string }>(
    "POST",
    `/v1/auth/demo-wallets/${encodeURIComponent(address)}/sign`,
    { message },
    { redirectOn401: false },
  );
  return r.signature;
}

/** What to tell the person when a wallet step fails. */
export function walletErrorMessage(err: unknown): string {
  const e = err as { message?: unknown } | null;
  if (isUserRejection(err)) {
    return "The request was declined in the wallet. Try again and approve it to sign in.";
  }
  const notFound = providerNotFoundMessage(err);
  if (notFound) return notFound;
  if (err instanceof ApiRequestError) return err.status === 401 ? `${err.message}. Try again.` : err.message;
  if (typeof e?.message === "string" && e.message) return String(e.message).split("\n")[0];
  return "The wallet sign-in failed. Try again.";
}
