// Destination ids (docs/protocol.md): the payee's ERC-7828 interoperable name joined by ":" to the
// token's address, `{wallet}@eip155:{chainId}#{checksum}:{tokenAddress}`. Tron is the eip155
// chain 728126428; its addresses are written in base58 and checksummed over their 20 bytes.
// Pure: the canonical form is EIP-55 hex on EVM chains, base58 on Tron, uppercase checksum.
import { getAddress, type Hex, isAddress } from "viem";
import { type Network, networkByChainId } from "../chains/networks";
import { isTronAddress, tronFromHex, tronToEvmAddress } from "../chains/tron";
import { eip155InteropName, eip155Parts, encodeInteropAddress, interopChecksum } from "./interop-address";

export const DESTINATION_ID_FORMAT = "{walletAddress}@eip155:{chainId}#{checksum}:{tokenAddress}";
const MAX_LENGTH = 200;
const SHAPE = /^([^@#\s]+)@eip155:([0-9]{1,20})#([^:]*):([^@#:\s]+)$/;

/** An address as the network's users write it (EIP-55 hex; Tron base58), or null if it is none. */
export function canonicalAddress(network: Network, text: string): string | null {
  if (network.family === "evm") return isAddress(text, { strict: true }) ? getAddress(text) : null;
  return isTronAddress(text) ? text : null;
}

/** In an interoperable name, the eip155 profile of ERC-7930 writes Tron's 20 bytes in hex too. */
function nameAddress(network: Network, text: string): string | null {
  if (network.family === "tron" && /^0x[0-9a-fA-F]{40}$/.test(text)) return tronFromHex(`41${text.slice(2)}`);
  return canonicalAddress(network, text);
}

/** The 20 bytes of a canonical address. */
function bytesOf(network: Network, address: string): Hex {
  return network.family === "evm" ? (address as Hex) : tronToEvmAddress(address);
}

/** The payee's ERC-7828 name, `{wallet}@eip155:{chainId}#{checksum}`. */
export function payeeInteropAddress(network: Network, walletAddress: string): string {
  return eip155InteropName(walletAddress, bytesOf(network, walletAddress), network.chainId);
}

/** The payee's binary ERC-7930 Interoperable Address v1 (hex), the same wallet and chain as its name. */
export function payeeBinaryInteropAddress(network: Network, walletAddress: string): Hex {
  return encodeInteropAddress(eip155Parts(network.chainId, bytesOf(network, walletAddress)));
}

export function formatDestinationId(network: Network, walletAddress: string, tokenAddress: string): string {
  return `${payeeInteropAddress(network, walletAddress)}:${tokenAddress}`;
}

export interface DestinationIdParts {
  destinationId: string; // canonical
  network: Network;
  walletAddress: string;
  tokenAddress: string;
}

export type ParsedDestinationId = ({ ok: true } & DestinationIdParts) | { ok: false; problem: string };

const fail = (problem: string): ParsedDestinationId => ({ ok: false, problem });

/** Reads a destination id, checking its chain, both addresses and the checksum. */
export function parseDestinationId(text: string): ParsedDestinationId {
  const m = text.length <= MAX_LENGTH ? SHAPE.exec(text) : null;
  if (!m) return fail(`must read ${DESTINATION_ID_FORMAT}`);
  const [, walletText, chainText, checksum, tokenText] = m;
  const network = networkByChainId(Number(chainText));
  if (!network || String(network.chainId) !== chainText) return fail(`chain ${chainText} is not a supported network`);
  const walletAddress = nameAddress(network, walletText);
  if (!walletAddress) return fail(`${walletText} is not a wallet address on ${network.name}`);
  const tokenAddress = nameAddress(network, tokenText);
  if (!tokenAddress) return fail(`${tokenText} is not a token address on ${network.name}`);
  if (!/^[0-9A-Fa-f]{8}$/.test(checksum)) return fail("the checksum after # must be 8 hexadecimal digits");
  const expected = interopChecksum(eip155Parts(network.chainId, bytesOf(network, walletAddress)));
  if (checksum.toUpperCase() !== expected) {
    return fail(
      `checksum ${checksum} does not match ${walletText} on chain ${network.chainId}: the id was mistyped or altered`,
    );
  }
  return {
    ok: true,
    destinationId: formatDestinationId(network, walletAddress, tokenAddress),
    network,
    walletAddress,
    tokenAddress,
  };
}
