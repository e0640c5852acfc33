// Registering a destination with a wallet whose key the service holds (the sandbox's demo
// wallets): the same two steps as a browser wallet — signing data issued for the platform,
// the EIP-712 typed data signed unchanged, then sent back with its nonce.
import type { Hex } from "viem";
import type { Currency } from "../chains/currencies";
import type { Network } from "../chains/networks";
import { addDestination } from "./apply-signed-change";
import { prepareSigningData } from "./prepare-signing-data";
import type { SigningDataView } from "./schemas";

export async function registerDestinationWithKey(
  platformId: string,
  target: { network: Network; walletAddress: string; token: Currency },
  signTypedData: (typedData: SigningDataView["typedData"]) => Promise<Hex>,
): Promise<string> {
  const signing = await prepareSigningData(platformId, { action: "add", ...target });
  const destination = await addDestination(platformId, {
    nonce: signing.nonce,
    signature: await signTypedData(signing.typedData),
  });
  return destination.destinationId;
}
