// Real wallets for tests: EVM keys signing with personal_sign (viem), Tron keys signing with
// TronWeb's signMessageV2, both offline.
import { Trx, utils as tronUtils } from "tronweb";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export interface TestWallet {
  address: string;
  sign(message: string): Promise<string>;
}

export function evmWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { address: account.address, sign: (message) => account.signMessage({ message }) };
}

export function tronWallet(): TestWallet {
  const account = tronUtils.accounts.generateAccount();
  return { address: account.address.base58, sign: async (message) => Trx.signMessageV2(message, account.privateKey) };
}
