// The one block producer of the sandbox chain (a super representative on Tron): a well-known
// key that signs every block header, so blocks carry a real witness_signature.
import { keccak256, stringToHex } from "viem";
import { privateKeyToAddress, sign } from "viem/accounts";

const KEY = keccak256(stringToHex("stablelink tron sandbox witness"));

export const SANDBOX_WITNESS_ADDRESS = `41${privateKeyToAddress(KEY).slice(2).toLowerCase()}`;

/** r ‖ s ‖ v over the block id's hash, as java-tron signs a block header. */
export async function signBlock(headerHash: string): Promise<string> {
  const { r, s, v } = await sign({ hash: `0x${headerHash}`, privateKey: KEY });
  return r.slice(2) + s.slice(2) + Number(v).toString(16);
}
