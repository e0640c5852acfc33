// The Tron sandbox's demo wallets. Well-known keys, guarding nothing: never fund these
// addresses on Tron. They are anvil's default mnemonic ("test test … junk") on Tron's own
// derivation path m/44'/195'/0'/0/i, so a wallet restored from that mnemonic (TronLink,
// TronWeb.fromMnemonic) shows the same accounts; accounts.test.ts derives them again.
import { DEMO_TOKEN_BALANCE } from "../accounts";

export interface TronDevAccount {
  address: string; // base58
  privateKey: string; // 64 hex digits, no 0x: the form TronWeb and TronLink take
}

export const TRON_DEMO_WALLETS: readonly TronDevAccount[] = [
  {
    address: "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6",
    privateKey: "15f0bbb1774be40b7a8d7965d637f324bda2f711fc5726a3dcc19585c6950954",
  },
  {
    address: "TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C",
    privateKey: "9b6ac6a6faf1dc64240f654475a7e668141e4205262367feb7269ef332113929",
  },
  {
    address: "TB7mhtkvfhsRBRhe5FuRa4tFXSEyGDe4eA",
    privateKey: "0c88a7fee5bfbe5a354c225bfa8a9d09557466cdf56f887cc2d000e7354f9453",
  },
  {
    address: "TEb822rMZ5QkYReuqdqK61zkheaan97PZZ",
    privateKey: "68c9a7dcaa4677fdeba9f72c8a1d86d0adf34932cdbdb52d90a2d01504d9d4be",
  },
  {
    address: "TYc2iBENTQ7kwx5jbjW3JDqugR7kogQZn3",
    privateKey: "a01527c0c2d83e71c8827f2f0ee5c1a6f715a0c9bace1c3da50c6690a4e69fe7",
  },
  {
    address: "TNWtoufpsNepTJdNzbcimHrPEUSHLDCJE1",
    privateKey: "679733f6af4143c82ea340e70029e86fda0fc0232a434172b7f233d96f6ff70f",
  },
  {
    address: "TYMprjNZ1Lhc2zAsmRbGuBzY6iQ4FB4amn",
    privateKey: "c41ac8920442be2469a0d6f04c9959e7e9faa3c6be4c3723224a2e06f4fd3aec",
  },
  {
    address: "TDmEWPYotmrXW4X49WMJTMostcezCiksPw",
    privateKey: "ff46c996d2494137bff12940698eae445b696e6da4769933687d607a8fa06dc3",
  },
  {
    address: "TPoh8thAmjTXgxPwtFT9oYVyJXPVqLJHhh",
    privateKey: "47e922c77f526dea6dcd1bb5d9af55239815fd982799745abe1f646f04ffe776",
  },
  {
    address: "TJtuRzHcZ12gHZA8gKjqq589S7h4fYW8N1",
    privateKey: "529ca9c20dd90893928ef9ce2bdfcecbc191ffc5ee93a0171427d9a28ea77718",
  },
];

/** TRX (in sun) each demo wallet starts with: 10 000 TRX, like anvil's 10 000 of the native coin. */
export const TRON_DEMO_TRX_BALANCE = 10_000n * 1_000_000n;

/** Whole USDT and USDC each demo wallet starts with, as on the EVM sandbox chains. */
export const TRON_DEMO_TOKEN_BALANCE = DEMO_TOKEN_BALANCE;
