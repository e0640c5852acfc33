// TronLink through the Tron wallet adapter, loaded only when someone picks Tron. Signing uses
// TronLink's signMessageV2, which the service verifies with TronWeb; typed data (TIP-712) goes
// through the adapter's signTypedData, which is TronLink's `tronWeb.trx._signTypedData`.
export interface TronTypedData {
  domain: { name?: string; version?: string; chainId?: number };
  /** The struct types, without EIP712Domain (TronWeb derives the domain type). */
  types: Record<string, { name: string; type: string }[]>;
  message: Record<string, unknown>;
}

export interface TronWalletSession {
  address: string;
  signMessage(message: string): Promise<string>;
  signTypedData(typedData: TronTypedData): Promise<string>;
  disconnect(): Promise<void>;
}

export class TronWalletNotFoundError extends Error {
  constructor() {
    super(
      "TronLink was not found. Install the TronLink extension, or open this page in the TronLink app, then try again.",
    );
    this.name = "TronWalletNotFoundError";
  }
}

export async function connectTronLink(): Promise<TronWalletSession> {
  const { TronLinkAdapter } = await import("@tronweb3/tronwallet-adapter-tronlink");
  const adapter = new TronLinkAdapter({ openUrlWhenWalletNotFound: false, checkTimeout: 3000, dappName: "Stablelink" });
  try {
    await adapter.connect();
  } catch (err) {
    if ((err as { name?: string })?.name === "WalletNotFoundError") throw new TronWalletNotFoundError();
    throw err;
  }
  const address = adapter.address;
  if (!address) throw new Error("TronLink did not share an account. Unlock TronLink and try again.");
  return {
    address,
    signMessage: (message) => adapter.signMessage(message),
    signTypedData: (typedData) => adapter.signTypedData(typedData),
    disconnect: () => adapter.disconnect(),
  };
}
