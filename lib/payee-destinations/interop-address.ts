// ERC-7930 interoperable addresses: the binary envelope, its checksum, and the human-readable
// name `<address>@<chain>#<checksum>` (ERC-7828 reads the same for raw addresses). Pure.
//
// Binary v1: Version (2 bytes, 0x0001) ‖ ChainType (2) ‖ ChainReferenceLength (1) ‖
// ChainReference ‖ AddressLength (1) ‖ Address. The checksum is the first 4 bytes of
// keccak256 over everything but the Version, written as 8 uppercase hex digits.
import { bytesToHex, type Hex, keccak256 } from "viem";

export interface InteropAddressParts {
  /** Two bytes, the CAIP-350 key of the CAIP-2 namespace (eip155 is 0x0000). */
  chainType: Uint8Array;
  /** Empty when the address names no chain. */
  chainReference: Uint8Array;
  /** Empty when the address names only a chain. */
  address: Uint8Array;
}

export const CHAIN_TYPE_EIP155 = new Uint8Array([0x00, 0x00]);

function unversioned(p: InteropAddressParts): Uint8Array {
  if (p.chainType.length !== 2) throw new Error("ChainType is two bytes");
  if (p.chainReference.length > 255 || p.address.length > 255)
    throw new Error("ChainReference and Address hold at most 255 bytes");
  if (p.chainReference.length === 0 && p.address.length === 0)
    throw new Error("An interoperable address names a chain, an address or both");
  return new Uint8Array([...p.chainType, p.chainReference.length, ...p.chainReference, p.address.length, ...p.address]);
}

/** The binary Interoperable Address v1. */
export function encodeInteropAddress(p: InteropAddressParts): Hex {
  return bytesToHex(new Uint8Array([0x00, 0x01, ...unversioned(p)]));
}

/** The 4-byte checksum of the human-readable name, as 8 uppercase hex digits. */
export function interopChecksum(p: InteropAddressParts): string {
  return keccak256(unversioned(p)).slice(2, 10).toUpperCase();
}

/** An eip155 chain id as a ChainReference: big-endian, as few bytes as it takes. */
export function eip155ChainReference(chainId: number | bigint): Uint8Array {
  let n = BigInt(chainId);
  if (n <= 0n) throw new Error("A chain id is a positive integer");
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  return new Uint8Array(bytes);
}

/** The parts of a 20-byte address on an eip155 chain (Tron's 20 bytes included). */
export function eip155Parts(chainId: number, address20: Hex): InteropAddressParts {
  const digits = address20.slice(2);
  if (!/^[0-9a-fA-F]{40}$/.test(digits)) throw new Error("An eip155 address is 20 bytes");
  return {
    chainType: CHAIN_TYPE_EIP155,
    chainReference: eip155ChainReference(chainId),
    address: Uint8Array.from(Buffer.from(digits, "hex")),
  };
}

/**
 * The human-readable name `<addressText>@eip155:<chainId>#<checksum>`. `addressText` is how
 * the chain's users write the address (EIP-55 hex; base58 on Tron); the checksum is taken
 * over its 20 bytes, so both spellings of one Tron address carry the same checksum.
 */
export function eip155InteropName(addressText: string, address20: Hex, chainId: number): string {
  return `${addressText}@eip155:${chainId}#${interopChecksum(eip155Parts(chainId, address20))}`;
}
