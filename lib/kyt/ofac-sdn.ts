// Reads the wallet addresses out of OFAC's published SDN data (docs/protocol.md "Sanctions
// screening"): the legacy XML (`sdn.xml`: `<idType>Digital Currency Address - ETH</idType>`
// then `<idNumber>`) or the CSV (`sdn.csv`: "Digital Currency Address - ETH 0x…;" inside the
// remarks). Only the address forms this service pays on are kept: EVM (0x + 40 hex, whatever
// asset tag: an ETH, USDT, USDC or BSC entry names the same key on every EVM chain) and Tron
// base58. Pure: no I/O.
import { isAddress } from "viem";
import { isTronAddress } from "../chains/tron";

export interface SanctionedAddresses {
  /** Where the list comes from, in words. */
  source: string;
  /** The SDN list's own publication date (YYYY-MM-DD), null when the copy does not say. */
  publishDate: string | null;
  /** When the copy was taken (YYYY-MM-DD). */
  copiedOn: string;
  /** Lowercased, sorted, unique. */
  evm: string[];
  /** Base58 as published (case-sensitive), sorted, unique. */
  tron: string[];
}

const XML_ID =
  /<idType>\s*Digital Currency Address - ([A-Za-z0-9]+)\s*<\/idType>\s*<idNumber>\s*([^<\s]+)\s*<\/idNumber>/g;
const CSV_ID = /Digital Currency Address - ([A-Za-z0-9]+)\s+([A-Za-z0-9]+)/g;
const XML_DATE = /<Publish_Date>\s*(\d{2})\/(\d{2})\/(\d{4})\s*<\/Publish_Date>/;

/** The EVM and Tron addresses of an SDN file (XML or CSV), and its publication date when it states one. */
export function parseSdn(text: string): { evm: string[]; tron: string[]; publishDate: string | null } {
  const evm = new Set<string>();
  const tron = new Set<string>();
  const isXml = text.includes("<sdnEntry");
  for (const match of text.matchAll(isXml ? XML_ID : CSV_ID)) {
    const address = match[2];
    if (/^0x[0-9a-fA-F]{40}$/.test(address) && isAddress(address, { strict: false })) evm.add(address.toLowerCase());
    else if (isTronAddress(address)) tron.add(address);
  }
  const date = isXml ? XML_DATE.exec(text) : null;
  return {
    evm: [...evm].sort(),
    tron: [...tron].sort(),
    publishDate: date ? `${date[3]}-${date[1]}-${date[2]}` : null,
  };
}
