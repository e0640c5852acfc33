// Comparing and shortening the wallet addresses the page shows: EVM hex and Tron base58.

/** EVM addresses in any case; Tron base58 exactly. */
export function sameWallet(a: string, b: string): boolean {
  return a.startsWith("0x") && b.startsWith("0x") ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** "0xd8dA…6045": for tables; the whole address goes in the title. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** "0xd8dA…6045@eip155:8453#17DE0709:0x8335…2913": the ID with its two addresses shortened. */
export function shortDestinationId(destinationId: string): string {
  const m = /^([^@]+)@([^#]+#[^:]+):(.+)$/.exec(destinationId);
  return m ? `${shortAddress(m[1])}@${m[2]}:${shortAddress(m[3])}` : destinationId;
}
