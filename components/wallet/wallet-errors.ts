// What a wallet's failure means for the person. Wallets and the libraries around them wrap
// errors (viem, wagmi, the Tron adapter), so the causes are walked, not just the top error.
// The words come from messages/<locale>.json ("walletErrors"): the payment page passes its
// translator (useTranslations("walletErrors")); elsewhere (the dashboard) they are English.
import en from "@/messages/en.json";

type WalletErrorKey = keyof typeof en.walletErrors;
/** The texts of wallet failures in one language. */
export type WalletErrorWords = (key: WalletErrorKey) => string;
const english: WalletErrorWords = (key) => en.walletErrors[key];

/** The person declined the request in the wallet (EIP-1193 4001, or TronLink's words for it). */
export function isUserRejection(err: unknown): boolean {
  let e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 6; depth++) {
    if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
    const text = typeof e === "string" ? e : String(e.message ?? "");
    if (/user (rejected|denied|cancel+ed)|declined by (the )?user|rejected by (the )?user/i.test(text)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The first line of a wallet error's message, or "" (viem adds request details below it). */
/** The wallet cannot pay the network fee: viem's InsufficientFundsError, or a node's own words for it. */
function isShortOfGas(err: unknown): boolean {
  let e = err as { name?: unknown; message?: unknown; details?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 6; depth++) {
    if (e.name === "InsufficientFundsError") return true;
    const text = typeof e === "string" ? e : `${String(e.message ?? "")} ${String(e.details ?? "")}`;
    if (
      /insufficient funds|exceeds the balance of the account|balance is not enough|account balance is insufficient/i.test(
        text,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const SHORT_OF_GAS_TEXT = en.walletErrors.shortOfGas;

/** A wallet's failure in the person's words: known causes explained, otherwise the wallet's first line. */
export function walletErrorText(err: unknown, words: WalletErrorWords = english): string {
  if (isShortOfGas(err)) return words("shortOfGas");
  const message =
    typeof err === "string"
      ? err
      : ((err as { shortMessage?: unknown; message?: unknown } | null)?.shortMessage ??
        (err as { message?: unknown } | null)?.message);
  return typeof message === "string" ? (message.split("\n")[0] ?? "").trim() : "";
}

/** wagmi found no provider behind the connector: the message for the person, else null. */
export function providerNotFoundMessage(err: unknown, words: WalletErrorWords = english): string | null {
  return (err as { name?: unknown } | null)?.name === "ProviderNotFoundError" ? words("noProvider") : null;
}

/** Why connecting a wallet failed, for the person who tried. */
export function connectFailureText(err: unknown, words: WalletErrorWords = english): string {
  if (isUserRejection(err)) return words("connectDeclined");
  return providerNotFoundMessage(err, words) ?? (walletErrorText(err, words) || words("connectFailed"));
}
