// The test vectors of ERC-7930 ("Test Cases") and the example of ERC-7828's abstract.
import { hexToBytes } from "viem";
import { describe, expect, it } from "vitest";
import {
  CHAIN_TYPE_EIP155,
  eip155ChainReference,
  eip155InteropName,
  eip155Parts,
  encodeInteropAddress,
  interopChecksum,
} from "./interop-address";

const VITALIK = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const SOLANA_TYPE = new Uint8Array([0x00, 0x02]);
const SOLANA_MAINNET = hexToBytes("0x45296998a6f8e2a784db5d9f95e18fc23f70441a1039446801089879b08c7ef0");
const SOLANA_ADDRESS = hexToBytes("0x05333498d5aea4ae009585c43f7b8c30df8e70187d4a713d134f977fc8dfe0b5");

describe("ERC-7930 interoperable addresses", () => {
  it("example 1: an Ethereum mainnet address", () => {
    const parts = eip155Parts(1, VITALIK);
    expect(encodeInteropAddress(parts)).toBe("0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045");
    expect(interopChecksum(parts)).toBe("4CA88C9C");
    expect(eip155InteropName(VITALIK, VITALIK, 1)).toBe("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C");
  });

  it("example 2: a Solana mainnet address (32-byte chain reference and address)", () => {
    const parts = { chainType: SOLANA_TYPE, chainReference: SOLANA_MAINNET, address: SOLANA_ADDRESS };
    expect(encodeInteropAddress(parts)).toBe(
      "0x000100022045296998a6f8e2a784db5d9f95e18fc23f70441a1039446801089879b08c7ef02005333498d5aea4ae009585c43f7b8c30df8e70187d4a713d134f977fc8dfe0b5",
    );
    expect(interopChecksum(parts)).toBe("88835C11");
  });

  it("example 3: an EVM address without a chain id", () => {
    const parts = { chainType: CHAIN_TYPE_EIP155, chainReference: new Uint8Array(), address: hexToBytes(VITALIK) };
    expect(encodeInteropAddress(parts)).toBe("0x000100000014d8da6bf26964af9d7eed9e03e53415d37aa96045");
    expect(interopChecksum(parts)).toBe("B26DB7CB");
  });

  it("example 4: a Solana network without an address", () => {
    const parts = { chainType: SOLANA_TYPE, chainReference: SOLANA_MAINNET, address: new Uint8Array() };
    expect(interopChecksum(parts)).toBe("2EB18670");
  });

  it("ERC-7828's example name", () => {
    const a = "0xFe89cc7aBB2C4183683ab71653C4cdc9B02D44b7";
    expect(eip155InteropName(a, a, 1)).toBe("0xFe89cc7aBB2C4183683ab71653C4cdc9B02D44b7@eip155:1#80B12379");
  });

  it("writes chain ids big-endian in as few bytes as they take", () => {
    expect([...eip155ChainReference(1)]).toEqual([0x01]);
    expect([...eip155ChainReference(10)]).toEqual([0x0a]);
    expect([...eip155ChainReference(8453)]).toEqual([0x21, 0x05]);
    expect([...eip155ChainReference(11155111)]).toEqual([0xaa, 0x36, 0xa7]); // the CAIP-350 eip155 profile's Sepolia example
    expect([...eip155ChainReference(728126428)]).toEqual([0x2b, 0x66, 0x53, 0xdc]); // Tron
    expect(() => eip155ChainReference(0)).toThrow();
  });

  it("checksums the address bytes, so another chain or another address changes the checksum", () => {
    const base = interopChecksum(eip155Parts(8453, VITALIK));
    expect(interopChecksum(eip155Parts(1, VITALIK))).not.toBe(base);
    expect(interopChecksum(eip155Parts(8453, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046"))).not.toBe(base);
    // The text spelling does not enter the checksum.
    expect(interopChecksum(eip155Parts(8453, VITALIK.toLowerCase() as `0x${string}`))).toBe(base);
  });
});
