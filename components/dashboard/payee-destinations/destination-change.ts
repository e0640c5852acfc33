// Adding or deactivating a payee destination from the browser, the way the API wants it:
// signing data for the wallet, chain and token → the wallet on the destination's chain (EVM
// wallets sign only on the EIP-712 domain's chain) → the wallet signs the typed data unchanged
// → POST, or DELETE with the signature and nonce in the body. Each step is reported, so the
// page can say what it waits for; a failure says which step failed and what it means.

import { isUserRejection, walletErrorText } from "@/components/wallet/wallet-errors";
import type { PayeeDestinationView, SigningDataView } from "@/lib/payee-destinations/schemas";
import { ApiRequestError, apiRequest } from "../api-client";

export type WireTypedData = SigningDataView["typedData"];
export type DestinationAction = "add" | "deactivate";
export type ChangeStep = "prepare" | "switch" | "sign" | "submit";

/** The payee wallet, as the page has connected it. */
export interface PayeeSigner {
  address: string;
  /** Puts the wallet on this chain first, when it must be (calls `switching` before asking). */
  ensureChain?(chainId: number, switching: () => void): Promise<void>;
  signTypedData(typedData: WireTypedData): Promise<string>;
}

export interface DestinationTarget {
  walletAddress: string;
  chainId: number;
  tokenAddress: string;
  /** For messages: "Base". */
  networkName: string;
}

export function stepText(step: ChangeStep, action: DestinationAction, networkName: string): string {
  switch (step) {
    case "prepare":
      return "Preparing the data to sign…";
    case "switch":
      return `Approve the switch to ${networkName} in your wallet…`;
    case "sign":
      return "Waiting for your signature in the wallet…";
    case "submit":
      return action === "add" ? "Registering the destination…" : "Deactivating the destination…";
  }
}

/** A failed change, told for the person: what went wrong and what it left as it was. */
export class DestinationChangeError extends Error {
  constructor(
    message: string,
    public readonly step: ChangeStep,
    public readonly declined: boolean,
    public readonly details: string[] = [],
  ) {
    super(message);
    this.name = "DestinationChangeError";
  }
}

export function describeChangeFailure(
  err: unknown,
  step: ChangeStep,
  action: DestinationAction,
  networkName: string,
): DestinationChangeError {
  const unchanged = action === "add" ? "Nothing was added" : "The destination is still active";
  if (err instanceof ApiRequestError) return new DestinationChangeError(err.message, step, false, err.otherErrors([]));
  if (isUserRejection(err)) {
    if (step === "switch") {
      return new DestinationChangeError(
        `You declined the switch to ${networkName} in the wallet. ${unchanged}: wallets sign for a destination on ${networkName} only while on ${networkName}.`,
        step,
        true,
      );
    }
    return new DestinationChangeError(
      `You declined the signature in the wallet. ${unchanged}. Sign again when you are ready.`,
      step,
      true,
    );
  }
  const why = walletErrorText(err).replace(/\.$/, "");
  if (step === "switch") {
    return new DestinationChangeError(
      `Your wallet did not switch to ${networkName}${why ? `: ${why}` : ""}. Switch it to ${networkName} in the wallet, then try again.`,
      step,
      false,
    );
  }
  if (step === "sign")
    return new DestinationChangeError(`The wallet did not sign${why ? `: ${why}` : ""}. ${unchanged}.`, step, false);
  return new DestinationChangeError(why ? `${why}.` : "Something went wrong. Try again.", step, false);
}

async function runChange<T>(
  action: DestinationAction,
  target: DestinationTarget,
  signer: PayeeSigner,
  onStep: (step: ChangeStep) => void,
  submit: (signed: { signature: string; nonce: string }) => Promise<T>,
): Promise<T> {
  let step: ChangeStep = "prepare";
  const enter = (s: ChangeStep) => {
    step = s;
    onStep(s);
  };
  try {
    enter("prepare");
    const query = new URLSearchParams({
      walletAddress: target.walletAddress,
      chainId: String(target.chainId),
      tokenAddress: target.tokenAddress,
      action,
    });
    const data = await apiRequest<SigningDataView>("GET", `/v2/payee-destination/signing-data?${query}`);
    await signer.ensureChain?.(data.typedData.domain.chainId, () => enter("switch"));
    enter("sign");
    const signature = await signer.signTypedData(data.typedData);
    enter("submit");
    return await submit({ signature, nonce: data.nonce });
  } catch (err) {
    throw describeChangeFailure(err, step, action, target.networkName);
  }
}

export function addPayeeDestination(
  target: DestinationTarget,
  signer: PayeeSigner,
  onStep: (step: ChangeStep) => void,
): Promise<PayeeDestinationView> {
  return runChange("add", target, signer, onStep, (signed) =>
    apiRequest<PayeeDestinationView>("POST", "/v2/payee-destination", signed),
  );
}

export function deactivatePayeeDestination(
  destination: PayeeDestinationView,
  networkName: string,
  signer: PayeeSigner,
  onStep: (step: ChangeStep) => void,
): Promise<PayeeDestinationView> {
  const target = {
    walletAddress: destination.walletAddress,
    chainId: destination.chainId,
    tokenAddress: destination.tokenAddress,
    networkName,
  };
  const path = `/v2/payee-destination/${encodeURIComponent(destination.destinationId)}`;
  return runChange("deactivate", target, signer, onStep, (signed) =>
    apiRequest<PayeeDestinationView>("DELETE", path, signed),
  );
}
