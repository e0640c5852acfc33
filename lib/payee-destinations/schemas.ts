// Request and response shapes of /v2/payee-destination (`/docs`, tag "Payee Destination").
import { z } from "zod";
import { isZeroAddress, parseWalletAddress } from "../addresses/wallet-address";
import { NETWORK_IDS, NETWORKS, networkByChainId } from "../chains/networks";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";
import { canonicalAddress, DESTINATION_ID_FORMAT, parseDestinationId } from "./destination-id";
import { describeDestinationTokens, destinationToken } from "./destination-tokens";
import { DESTINATION_ACTIONS } from "./signing-typed-data";

const SUPPORTED_CHAINS = Object.values(NETWORKS)
  .map((n) => `${n.chainId} (${n.id})`)
  .join(", ");

const EXAMPLE_ID =
  "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:8453#17DE0709:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

const short = (max: number) => z.string().max(max, `must be at most ${max} characters`);

export const signingDataQuery = z
  .object({
    walletAddress: short(100).describe(
      "The payee wallet that will sign: an EVM address, or a Tron address (base58) for chain 728126428",
    ),
    action: z
      .enum(DESTINATION_ACTIONS, { message: "must be add or deactivate" })
      .describe("`add` a destination, or `deactivate` an active one"),
    tokenAddress: short(100).describe("The destination token: the USDC or USDT contract of the chain"),
    chainId: short(20).describe(`Chain ID of the destination: ${SUPPORTED_CHAINS}`),
  })
  .transform((q, ctx) => {
    const network = /^[1-9][0-9]*$/.test(q.chainId.trim()) ? networkByChainId(Number(q.chainId.trim())) : undefined;
    if (!network) {
      ctx.addIssue({ code: "custom", path: ["chainId"], message: `must be one of ${SUPPORTED_CHAINS}` });
      return z.NEVER;
    }
    const walletAddress = canonicalAddress(network, q.walletAddress.trim());
    const token = destinationToken(network.id, q.tokenAddress.trim());
    const zero = walletAddress !== null && isZeroAddress({ kind: network.family, address: walletAddress });
    if (!walletAddress) {
      ctx.addIssue({
        code: "custom",
        path: ["walletAddress"],
        message:
          network.family === "tron"
            ? "must be a Tron address (base58, T…) on chain 728126428"
            : `must be an EVM address (0x + 40 hex digits, a mixed-case one with a valid EIP-55 checksum) on chain ${network.chainId}`,
      });
    } else if (zero) {
      ctx.addIssue({ code: "custom", path: ["walletAddress"], message: "the zero address cannot be paid" });
    }
    if (!token) {
      ctx.addIssue({
        code: "custom",
        path: ["tokenAddress"],
        message: `must be ${describeDestinationTokens(network.id)} on ${network.name}: destinations are registered in USDC or USDT`,
      });
    }
    if (!walletAddress || zero || !token) return z.NEVER;
    return { action: q.action, network, walletAddress, token };
  });

export type SigningTarget = z.output<typeof signingDataQuery>;

export const sessionWalletDestinationBody = z
  .object({
    tokenAddress: z
      .string()
      .min(1)
      .max(100)
      .describe("The destination token: the network's USDC or USDT (EVM `0x…`, Tron `T…`)"),
    chainId: z.number().int().positive().describe("Chain of the destination, e.g. 8453 for Base; 728126428 for Tron"),
  })
  .meta({ id: "CreateSessionWalletDestination" });

export const signedBody = z
  .object({
    signature: z
      .string()
      .regex(/^0x(?:[0-9a-fA-F]{2})+$/, "must be 0x and the signature's bytes in hex")
      .max(16_386, "must be at most 8 KiB")
      .describe(
        "The wallet's signature of `typedData` from signing-data: 65 bytes for EOA and Tron wallets; smart-contract wallets may send any signature their ERC-1271 `isValidSignature` accepts (ERC-6492-wrapped before deployment)",
      ),
    nonce: text(1, 100).describe("The `nonce` returned by signing-data with the typed data"),
  })
  .meta({ id: "SignedPayeeDestinationRequest" });

export const destinationIdParams = z.object({
  destinationId: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseDestinationId(v);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    })
    .describe(
      `Destination ID, ${DESTINATION_ID_FORMAT}, percent-encoded in the path (\`#\` is \`%23\`); e.g. ${EXAMPLE_ID}`,
    ),
});

const anyWalletAddress = short(100).transform((v, ctx) => {
  const parsed = parseWalletAddress(v.trim());
  if (!parsed) {
    ctx.addIssue({
      code: "custom",
      message: "must be an EVM address (0x + 40 hex digits) or a Tron address (base58, T…)",
    });
    return z.NEVER;
  }
  return parsed.address;
});

export const activeDestinationQuery = z.object({
  walletAddress: anyWalletAddress.describe("The payee wallet"),
});

export const listDestinationsQuery = z.object({
  walletAddress: anyWalletAddress.optional().describe("Only this wallet's destinations"),
  active: z
    .enum(["true", "false"], { message: "must be true or false" })
    .optional()
    .describe("Only active (`true`) or only deactivated (`false`) destinations"),
});

export const payeeDestination = z
  .object({
    destinationId: z
      .string()
      .describe(`${DESTINATION_ID_FORMAT}: what secure payments name as \`destinationId\``)
      .meta({ example: EXAMPLE_ID }),
    payeeAddress: z
      .string()
      .describe("The payee wallet as an ERC-7828 interoperable name, {walletAddress}@eip155:{chainId}#{checksum}"),
    humanReadableInteropAddress: z
      .string()
      .describe(
        "The same ERC-7828 name under the hosted interface's field name (Tron under eip155:728126428); `destinationId` is this, `:` and `tokenAddress`",
      ),
    binaryInteropAddress: z
      .string()
      .describe("The payee wallet and chain as a binary ERC-7930 Interoperable Address v1, hex"),
    walletAddress: z.string().describe("The payee wallet: EIP-55 hex, or base58 on Tron"),
    chainId: z.number().int(),
    network: z.enum(NETWORK_IDS),
    tokenAddress: z.string(),
    currency: z.string().describe("Currency id of the token, e.g. USDC-base"),
    symbol: z.enum(["USDC", "USDT"]),
    decimals: z.number().int(),
    active: z.boolean().describe("Only active destinations are paid; a wallet has at most one active destination"),
    createdAt: timestamp,
    deactivatedAt: timestamp.nullable().describe("When it was last deactivated; null while active"),
  })
  .meta({ id: "PayeeDestination" });

const typedField = z.object({ name: z.string(), type: z.string() });

export const signingData = z
  .object({
    nonce: z.string().describe("Send it back with the signature; single use"),
    expiresAt: timestamp.describe("The signature must reach the service before this time (10 minutes)"),
    action: z.enum(DESTINATION_ACTIONS),
    destinationId: z.string().describe("The destination the signature adds or deactivates"),
    payeeAddress: z.string(),
    walletAddress: z.string(),
    chainId: z.number().int(),
    network: z.enum(NETWORK_IDS),
    tokenAddress: z.string(),
    currency: z.string(),
    typedData: z
      .object({
        domain: z.object({ name: z.string(), version: z.string(), chainId: z.number().int() }),
        types: z.record(z.string(), z.array(typedField).readonly()),
        primaryType: z.literal("PayeeDestination"),
        message: z.object({
          action: z.enum(DESTINATION_ACTIONS),
          walletAddress: z.string(),
          chainId: z.number().int(),
          tokenAddress: z.string(),
          nonce: z.string(),
          expiresAt: z.number().int().describe("Unix seconds"),
        }),
      })
      .describe(
        "EIP-712 typed data to sign unchanged: EVM wallets `eth_signTypedData_v4` (the wallet must be on the destination's chain, the domain's chainId); Tron wallets TIP-712 (TronLink `tronWeb.trx._signTypedData(domain, types without EIP712Domain, message)`)",
      ),
  })
  .meta({ id: "PayeeDestinationSigningData" });

/** As the API answers them (times as ISO 8601 strings): what components read. */
export type PayeeDestinationView = z.output<typeof payeeDestination>;
export type SigningDataView = z.output<typeof signingData>;
/** As the domain returns them (times as Dates). */
export type PayeeDestinationAnswer = z.input<typeof payeeDestination>;
export type SigningDataAnswer = z.input<typeof signingData>;
