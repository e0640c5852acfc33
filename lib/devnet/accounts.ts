// Well-known keys of the sandbox. They guard nothing: anyone who runs anvil knows them.
// Never fund these addresses on a real chain.
import type { Address, Hex } from "viem";

export interface DevAccount {
  address: Address;
  privateKey: Hex;
}

/** anvil's default mnemonic; its first ten accounts are the demo wallets. */
export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

/**
 * The demo wallets: anvil's default accounts (m/44'/60'/0'/0/i). anvil gives each 10 000 of
 * the native coin at genesis; the sandbox adds DEMO_TOKEN_BALANCE of every test stablecoin.
 */
export const DEMO_WALLETS: readonly DevAccount[] = [
  {
    address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  },
  {
    address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  },
  {
    address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    privateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  },
  {
    address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    privateKey: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  },
  {
    address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    privateKey: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  },
  {
    address: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    privateKey: "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  },
  {
    address: "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
    privateKey: "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  },
  {
    address: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
    privateKey: "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  },
  {
    address: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
    privateKey: "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  },
  {
    address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
    privateKey: "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
  },
];

/** Whole tokens of each test stablecoin every demo wallet starts with. */
export const DEMO_TOKEN_BALANCE = 1_000_000n;

/**
 * Deploys the sandbox contracts and owns them (conversion path admin, token minter, price
 * feed updater). Kept apart from the demo wallets so their nonces and balances stay theirs.
 * Private key = keccak256("stablelink sandbox admin").
 */
export const SANDBOX_ADMIN: DevAccount = {
  address: "0x7A43334426A5226Cfc999a08e8DE421b60F82f29",
  privateKey: "0x51ddd58c6c24dbb68bbbd6b3710fa2f81df743a9890c61be98e45230cf10228f",
};

/**
 * A wallet the sandbox's sanctions oracle lists as sanctioned (setUpChain seeds it), so that
 * wallet screening can be seen refusing a payer. Never funded.
 * Private key = keccak256("stablelink sandbox sanctioned wallet").
 */
export const SANDBOX_SANCTIONED_WALLET: DevAccount = {
  address: "0x1d707201c4f379a73534e069FC564F948aA2cD15",
  privateKey: "0x70ff26c534c5a723bdffd130857f906f5974f8a0c7fb551df5f3019152d4409b",
};

/**
 * The sandbox's recurring-payment relayer (docs/protocol.md, "Recurring payments"): the only
 * account the sandbox's ERC20RecurringPaymentProxy accepts triggers from. Its own account so its
 * nonces are not shared with the demo wallets; the set-up funds it with gas money.
 * Private key = keccak256("stablelink sandbox relayer").
 */
export const SANDBOX_RELAYER: DevAccount = {
  address: "0x220B37eb62f38530Afe495e4DDe2F7f4EC9E4779",
  privateKey: "0x624cbe2f05407afb1fb2ab577737aa0bd0fc2764e215bc532b39712413aaa90d",
};
