// Wallet sign-in against the auth API, the same for EVM and Tron wallets:
// challenge for the address → the wallet signs the message unchanged → verify (sets the cookie).
import { isUserRejection, providerNotFoundMessage } from "@/components/wallet/wallet-errors";
import type { z } from "zod";
import type { challengeResponse } from "@/lib/auth/schemas";
import { apiRequest, ApiRequestError } from "../api-client";

type Challenge = z.output<typeof challengeResponse>;

export async function signInWithWallet({ address, chainId, sign }: { address: string; chainId?: number; sign: (message: string) => Promise<string> }): Promise<void> {
  const challenge = await apiRequest<Challenge>("POST", "/v1/auth/wallet/challenge", chainId ? { address, chainId } : { address }, { redirectOn401: false });
  const signature = await sign(challenge.message);
  await apiRequest("POST", "/v1/auth/wallet/verify", { challengeId: challenge.challengeId, nonce: challenge.nonce, message: challenge.message, signature }, { redirectOn401: false });
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
