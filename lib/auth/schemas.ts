// Request and response shapes of the auth API (/v1/auth/*) and of API-key management.
import { z } from "zod";
import { NETWORKS } from "../chains/networks";
import { apiKeyScope } from "../http/api-key-scopes";
import { isUuid } from "../ids/ids";
import { timestamp as isoTimestamp } from "../zod/timestamp";
import { parseSignInAddress } from "./wallet-address";

const EVM_CHAIN_IDS = Object.values(NETWORKS)
  .filter((n) => n.family === "evm")
  .map((n) => n.chainId);
const timestamp = isoTimestamp.describe("ISO 8601 timestamp");

// ---------- wallet sign-in ----------

export const challengeBody = z.object({
  address: z
    .string()
    .trim()
    .max(100)
    .refine((a) => parseSignInAddress(a) !== null, {
      message:
        "must be an EVM address (0x followed by 40 hex digits; a mixed-case one must have a valid EIP-55 checksum) or a Tron address (base58, starting with T)",
    })
    .describe("The wallet's address; its format decides the wallet type (Tron addresses start with T)")
    .meta({ example: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F" }),
  chainId: z
    .number()
    .int()
    .refine((id) => EVM_CHAIN_IDS.includes(id), { message: `must be one of ${EVM_CHAIN_IDS.join(", ")}` })
    .optional()
    .describe(
      "EVM only: the Chain ID written in the message (default 1); a smart-contract wallet's signature is checked on that chain. Ignored for Tron.",
    ),
});

export const challengeResponse = z
  .object({
    challengeId: z.string().describe("Pass back to /v1/auth/wallet/verify"),
    nonce: z.string(),
    message: z
      .string()
      .describe("The EIP-4361 sign-in message to sign, unchanged (EVM personal_sign, Tron signMessageV2)"),
    expiresAt: timestamp.describe("The challenge is single use and expires 5 minutes after it was issued"),
  })
  .meta({ id: "WalletChallenge" });

export const verifyBody = z.object({
  challengeId: z.string().refine(isUuid, "must be the challengeId returned by the challenge"),
  nonce: z.string().min(1).max(128),
  message: z.string().min(1).max(4000).describe("The challenge's message, byte for byte"),
  signature: z
    .string()
    .max(20_000)
    .regex(/^(0x)?[0-9a-fA-F]+$/, "must be a hex signature")
    .describe(
      "Hex signature of the message: EVM personal_sign (ERC-1271/6492 for smart-contract wallets), or TronWeb signMessageV2",
    ),
  expiresAt: z
    .string()
    .max(64)
    .optional()
    .describe("Ignored: accepted so that the challenge's answer can be sent back whole, with `signature` added"),
});

// ---------- email + password ----------

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .check(z.email({ message: "must be an email address" }));

export const registerBody = z.object({
  email: emailSchema.describe("Case and surrounding spaces are ignored"),
  password: z
    .string()
    .min(8, "must be at least 8 characters")
    .max(100, "must be at most 100 characters")
    .describe("8 to 100 characters"),
});

export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, "is required").max(100, "must be at most 100 characters"),
});

// ---------- sessions ----------

export const publicUser = z
  .object({
    id: z.string(),
    walletAddress: z.string().nullable().describe("EVM addresses EIP-55 checksummed; Tron base58"),
    walletType: z.enum(["evm", "tron"]).nullable(),
    email: z.string().nullable(),
    emailVerified: z
      .boolean()
      .describe(
        "True once the email's verification link was followed (or a password reset by email); false without an email",
      ),
  })
  .meta({ id: "User" });

export const signInResponse = z
  .object({
    user: publicUser,
    platformId: z.string().describe("The platform the user manages; created at the first sign-in"),
    expiresAt: timestamp.describe(
      "Wallet sessions: 15 minutes after the last request (sliding). Email sessions: 30 days after sign-in.",
    ),
    token: z
      .string()
      .describe(
        "The session token. Browsers get it in the httpOnly session_token cookie as well; other clients send it as `Authorization: Bearer <token>`.",
      ),
  })
  .meta({ id: "SignIn" });

export const sessionResponse = z
  .object({
    user: publicUser,
    platformId: z.string(),
    platform: z.object({
      id: z.string(),
      name: z.string(),
      isDemo: z.boolean(),
      businessName: z
        .string()
        .nullable()
        .describe("The platform profile's business name, shown instead of `name` when set"),
      logoUrl: z.string().nullable().describe("The platform profile's logo (a data URL), or null"),
    }),
    sessionKind: z.enum(["wallet", "email"]),
    expiresAt: timestamp,
  })
  .meta({ id: "Session" });

// ---------- links sent by email ----------

export const passwordResetBody = z.object({ email: emailSchema.describe("The account's email") });
export const passwordResetResponse = z.object({
  requested: z.literal(true).describe("The same answer whether or not an account has this email"),
});

const linkToken = z.string().min(1, "is required").max(200).describe("The token of the emailed link (after `#token=`)");

export const passwordResetConfirmBody = z.object({
  token: linkToken,
  password: registerBody.shape.password,
});
export const passwordResetConfirmResponse = z.object({ passwordReset: z.literal(true) });

export const verifyEmailBody = z.object({ token: linkToken });
export const verifyEmailResponse = z.object({ emailVerified: z.literal(true) });
export const resendVerificationResponse = z.object({
  sent: z.boolean().describe("False when the email is verified already or a link went out less than a minute ago"),
});

export const logoutResponse = z.object({ signedOut: z.literal(true) });

// ---------- API keys ----------

export const apiKeyRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("The first characters of the key, to recognise it"),
    scopes: z
      .array(apiKeyScope)
      .describe(
        "What the key may do: `read`, `payments`, `payouts`, `admin`; each operation of /docs says the one it needs",
      ),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable().describe("Updated at most once a minute"),
    revokedAt: timestamp.nullable(),
  })
  .meta({ id: "ApiKey" });

export const createdApiKey = apiKeyRecord
  .extend({
    key: z.string().describe("The full key, for the x-api-key header. Shown only in this response: store it now."),
  })
  .meta({ id: "CreatedApiKey" });
export type ApiKeyView = z.output<typeof apiKeyRecord>;
export type CreatedApiKeyView = z.output<typeof createdApiKey>;

export const createApiKeyBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, "is required")
    .max(100)
    .describe("A label to tell keys apart, e.g. where the key is used"),
  scopes: z
    .array(apiKeyScope)
    .min(1, "needs at least one scope")
    .refine((s) => new Set(s).size === s.length, "lists a scope twice")
    .optional()
    .describe(
      "What the key may do: `read` (every GET), `payments` (requests, secure payments, payers), `payouts` (payouts and payout links), `admin` (client IDs, webhooks, branding, profile). Default: all four. Scopes do not include one another.",
    ),
});

export const apiKeyParams = z.object({ apiKeyId: z.string().describe("The key's id") });

// ---------- sign-in methods of one user ----------

export const signInMethodsResponse = z
  .object({
    user: publicUser.describe("The user with the sign-in methods they now have: `walletAddress` and/or `email`"),
  })
  .meta({ id: "SignInMethods" });
export type PublicUserView = z.output<typeof publicUser>;

// ---------- two-factor sign-in (docs/decisions/two-factor.md) ----------

const code = z
  .string()
  .trim()
  .min(1, "is required")
  .max(20, "must be at most 20 characters")
  .describe("The 6-digit code the authenticator app shows now, or (where said) an unused recovery code");

export const twoFactorChallengeResponse = z
  .object({
    twoFactor: z
      .enum(["code", "enrol"])
      .describe(
        "`code`: the user has TOTP on; send a code with the ticket to /v1/auth/login/two-factor. `enrol`: the platform requires two-factor and the user has none yet; add `enrolment.secret` to an authenticator app and send its first code the same way.",
      ),
    ticket: z.string().describe("Pass to /v1/auth/login/two-factor; no session exists until a code is accepted"),
    expiresAt: timestamp.describe("The ticket is good for 5 minutes"),
    enrolment: z
      .object({
        secret: z.string().describe("The TOTP secret, base32 (SHA-1, 6 digits, 30 seconds)"),
        otpauthUrl: z.string().describe("The same as an otpauth:// URL, for a QR code"),
      })
      .optional()
      .describe('Only with `twoFactor: "enrol"`'),
  })
  .meta({ id: "TwoFactorChallenge" });

export const loginResponse = z.union([signInResponse, twoFactorChallengeResponse]);

export const twoFactorLoginBody = z.object({
  ticket: z.string().min(1, "is required").max(1000).describe("The ticket from /v1/auth/login"),
  code,
});

export const twoFactorSignInResponse = signInResponse
  .extend({
    recoveryCodes: z
      .array(z.string())
      .optional()
      .describe("Only when this sign-in turned TOTP on (`enrol`): 10 single-use codes, shown only here"),
  })
  .meta({ id: "TwoFactorSignIn" });

export const twoFactorStatusResponse = z
  .object({
    enabled: z.boolean().describe("TOTP is on: email sign-ins need a code"),
    enabledAt: timestamp.nullable(),
    recoveryCodesLeft: z.number().int().describe("Unused recovery codes"),
    requiredByPlatform: z.boolean().describe("The platform's sign-in policy requires two-factor email sign-in"),
  })
  .meta({ id: "TwoFactorStatus" });

export const totpEnrolmentResponse = z
  .object({
    secret: z
      .string()
      .describe("The TOTP secret, base32 (SHA-1, 6 digits, 30 seconds), to type into an authenticator app"),
    otpauthUrl: z.string().describe("The same as an otpauth:// URL, to show as a QR code"),
  })
  .meta({ id: "TotpEnrolment" });

export const totpCodeBody = z.object({ code });

export const recoveryCodesResponse = z
  .object({
    recoveryCodes: z.array(z.string()).describe("10 single-use codes for a lost authenticator; shown only here"),
  })
  .meta({ id: "RecoveryCodes" });

export const twoFactorDisabledResponse = z.object({ enabled: z.literal(false) });

// ---------- the user's sessions ----------

export const sessionListResponse = z
  .object({
    sessions: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["wallet", "email"]).describe("How the session was signed in"),
        createdAt: timestamp,
        lastSeenAt: timestamp.describe("Its last request, written at most every 30 seconds"),
        expiresAt: timestamp,
        userAgent: z.string().nullable().describe("The browser or client that signed in, when it said"),
        ipAddress: z.string().nullable().describe("The address it signed in from"),
        current: z.boolean().describe("The session of this request"),
      }),
    ),
  })
  .meta({ id: "SessionList" });

export const sessionParams = z.object({
  sessionId: z.string().refine(isUuid, "must be a session id").describe("The session's id"),
});

export const revokedSessionsResponse = z.object({ revoked: z.number().int().describe("How many sessions ended") });
