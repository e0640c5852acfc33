// The sign-in message (EIP-4361, "Sign-In with Ethereum") and its checks. EVM messages are
// built and parsed by the `siwe` package (its ABNF parser also enforces the EIP-55 checksum
// and ISO 8601 times); Tron wallets sign the same text with "Tron account" and a base58
// address, which siwe's grammar does not allow, so a small parser here reads that variant.
// Pure: no I/O, the caller passes the time.
import { SiweMessage } from "siwe";
import type { WalletType } from "./wallet-address";

export const SIGN_IN_STATEMENT = "Sign in to Stablelink. This request does not send a transaction or cost any fee.";
/** Tron mainnet's chain id (0x2b6653dc), the Chain ID line of Tron sign-in messages. */
export const TRON_CHAIN_ID = 728126428;

export interface SignInFields {
  /** Present only for a non-https origin (EIP-4361 assumes https when it is absent). */
  scheme?: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
}

/** What the service expects of a message: its own origin, the challenge's nonce and address. */
export interface SignInExpectation {
  appUrl: string;
  nonce: string;
  address: string; // display form (EVM checksummed, Tron base58)
  now: Date;
}

/** domain, scheme and URI of the service's own origin. */
export function originFields(appUrl: string): { domain: string; scheme?: string; uri: string } {
  const url = new URL(appUrl);
  const scheme = url.protocol.replace(/:$/, "");
  return { domain: url.host, scheme: scheme === "https" ? undefined : scheme, uri: url.origin };
}

export function buildSignInMessage(
  walletType: WalletType,
  input: { appUrl: string; address: string; chainId: number; nonce: string; issuedAt: Date; expiresAt: Date },
): string {
  const fields: SignInFields = {
    ...originFields(input.appUrl),
    address: input.address,
    statement: SIGN_IN_STATEMENT,
    version: "1",
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt.toISOString(),
    expirationTime: input.expiresAt.toISOString(),
  };
  if (walletType === "evm") return new SiweMessage({ ...fields }).prepareMessage();
  return formatTronMessage(fields);
}

function formatTronMessage(f: SignInFields): string {
  const lines = [
    `${f.scheme ? `${f.scheme}://` : ""}${f.domain} wants you to sign in with your Tron account:`,
    f.address,
    "",
  ];
  if (f.statement !== undefined) lines.push(f.statement, "");
  lines.push(
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
  );
  if (f.expirationTime) lines.push(`Expiration Time: ${f.expirationTime}`);
  if (f.notBefore) lines.push(`Not Before: ${f.notBefore}`);
  return lines.join("\n");
}

const ISO = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})`;
const TRON_MESSAGE = new RegExp(
  [
    String.raw`^(?:([a-zA-Z][a-zA-Z0-9+.-]*)://)?([^\s/?#]+) wants you to sign in with your Tron account:`,
    String.raw`(T[1-9A-HJ-NP-Za-km-z]{33})`,
    String.raw`(?:\n([^\n]+)\n)?`,
    String.raw`URI: (\S+)`,
    String.raw`Version: (1)`,
    String.raw`Chain ID: (\d{1,15})`,
    String.raw`Nonce: ([a-zA-Z0-9]{8,})`,
    `Issued At: (${ISO})`,
  ].join("\n") + `(?:\nExpiration Time: (${ISO}))?(?:\nNot Before: (${ISO}))?$`,
);

/** The fields of a sign-in message, or null when it is not a well-formed one for this wallet type. */
export function parseSignInMessage(walletType: WalletType, message: string): SignInFields | null {
  if (walletType === "evm") {
    try {
      const m = new SiweMessage(message);
      return {
        scheme: m.scheme || undefined,
        domain: m.domain,
        address: m.address,
        statement: m.statement ?? undefined,
        uri: m.uri,
        version: m.version,
        chainId: Number(m.chainId),
        nonce: m.nonce,
        issuedAt: m.issuedAt ?? "",
        expirationTime: m.expirationTime ?? undefined,
        notBefore: m.notBefore ?? undefined,
      };
    } catch {
      return null;
    }
  }
  const m = TRON_MESSAGE.exec(message);
  if (!m) return null;
  const [, scheme, domain, address, statement, uri, version, chainId, nonce, issuedAt, expirationTime, notBefore] = m;
  return {
    scheme,
    domain,
    address,
    statement,
    uri,
    version,
    chainId: Number(chainId),
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
  };
}

/**
 * The checks EIP-4361 asks of the relying party: the message was issued for this service
 * (domain, scheme, URI), for this challenge (nonce, address), and is valid now. Returns the
 * reason it is not acceptable, or null.
 */
export function signInMessageProblem(f: SignInFields, expected: SignInExpectation): string | null {
  const own = originFields(expected.appUrl);
  if (f.domain !== own.domain || (f.scheme ?? "https") !== (own.scheme ?? "https")) {
    return `The message was issued for ${f.scheme ? `${f.scheme}://` : ""}${f.domain}, not for this service (${own.uri})`;
  }
  if (f.uri !== own.uri) return `The message names the URI ${f.uri}, not this service (${own.uri})`;
  if (f.version !== "1") return "Unsupported sign-in message version";
  if (f.nonce !== expected.nonce) return "The message nonce does not match the challenge";
  if (f.address.toLowerCase() !== expected.address.toLowerCase())
    return "The message address does not match the challenge";
  const t = expected.now.getTime();
  if (!f.expirationTime) return "The message has no expiration time";
  if (t >= Date.parse(f.expirationTime)) return "The sign-in message has expired; request a new challenge";
  if (f.notBefore && t < Date.parse(f.notBefore)) return "The sign-in message is not valid yet";
  return null;
}
