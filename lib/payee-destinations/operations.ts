// /v2/payee-destination: a payee proves by signing (EIP-712, TIP-712 on Tron) where it wants
// to be paid. Managing destinations needs a wallet session (docs/interface.md "Credentials"); a client ID
// with its Origin may come along and must be the same platform's. Reading needs any
// credential of the platform.

import { z } from "zod";
import { auditContextOf } from "../audit";
import { getSignedInUser } from "../auth";
import { platformOf } from "../http/caller";
import { unauthorized } from "../http/errors";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { addDestination, addSessionWalletDestination, deactivateDestination } from "./apply-signed-change";
import { prepareSigningData } from "./prepare-signing-data";
import { activeDestinationOf, getDestination, listDestinations } from "./read-destinations";
import {
  activeDestinationQuery,
  destinationIdParams,
  listDestinationsQuery,
  payeeDestination,
  sessionWalletDestinationBody,
  signedBody,
  signingData,
  signingDataQuery,
} from "./schemas";

const TAGS = ["Payee Destination"];

const SIGNATURE_ERRORS =
  "Validation failed, or the nonce is unknown, already used, expired or issued for another action or destination, or the signature is not the wallet's signature of the nonce's typed data (the message says which; `errors[0].field` is `nonce` or `signature`)";

export const getSigningDataOperation = defineOperation({
  method: "GET",
  path: "/v2/payee-destination/signing-data",
  example: {
    query: {
      walletAddress: EXAMPLE.payee,
      action: "add",
      tokenAddress: EXAMPLE.usdcBase,
      chainId: String(EXAMPLE.baseChainId),
    },
  },
  summary: "Get EIP-712 signing data with a nonce",
  description:
    "Step one of adding or deactivating a destination: issues a single-use nonce (valid 10 minutes) bound to this platform, the action, the wallet, the chain and the token, and answers the typed data to sign. Hand `typedData` unchanged to `eth_signTypedData_v4` (the wallet on the destination's chain), or on Tron to TIP-712 signing without the `EIP712Domain` entry; then send the signature and the nonce to `POST /v2/payee-destination` (add) or `DELETE /v2/payee-destination/{destinationId}` (deactivate). Destinations are registered in the chain's USDC or USDT (USDT0 is USDT's alias, not a destination token).",
  tags: TAGS,
  auth: ["walletSession"],
  query: signingDataQuery,
  response: signingData,
  errors: {
    403: "Not a wallet session, or the client ID sent along belongs to another platform or Origin",
    404: "Deactivate only: no active destination with these values on this platform",
  },
  handler: async ({ caller, query }) => prepareSigningData(platformOf(caller), query),
});

export const createDestinationOperation = defineOperation({
  method: "POST",
  path: "/v2/payee-destination",
  example: { body: { signature: EXAMPLE.signature, nonce: "nonce-from-signing-data" } },
  summary: "Create a payee destination",
  description:
    "Registers the destination the nonce was issued for, once the payee wallet's signature of its typed data verifies: EOAs by signature recovery, smart-contract wallets through the chain (ERC-1271, ERC-6492 before deployment), Tron wallets by TIP-712 recovery. A wallet has one active destination: registering another one deactivates the previous one. Registering an existing destination again re-activates it (same `destinationId`).",
  tags: TAGS,
  auth: ["walletSession"],
  body: signedBody,
  response: payeeDestination,
  errors: {
    400: SIGNATURE_ERRORS,
    403: "Not a wallet session, or the client ID sent along belongs to another platform or Origin",
  },
  handler: async ({ caller, body, req }) => addDestination(platformOf(caller), body, auditContextOf(caller, req)),
});

export const createSessionWalletDestinationOperation = defineOperation({
  method: "POST",
  path: "/v1/payee-destination",
  example: { body: { tokenAddress: EXAMPLE.usdcBase, chainId: EXAMPLE.baseChainId } },
  summary: "Create a payee destination for the signed-in wallet",
  description:
    "The setup route of the hosted documentation: registers `tokenAddress` on `chainId` for the wallet of the wallet session, whose sign-in signature proves it (no typed-data signature). Otherwise the same as `POST /v2/payee-destination`: one active destination per wallet, an existing one re-activated, the same answer.",
  tags: TAGS,
  auth: ["walletSession"],
  body: sessionWalletDestinationBody,
  response: payeeDestination,
  errors: {
    400: "Validation failed: an unknown chain, a token that is not its USDC or USDT, or a signed-in wallet of another family",
    403: "Not a wallet session",
  },
  handler: async ({ caller, body, req }) => {
    if (caller.kind !== "session") throw unauthorized();
    const who = await getSignedInUser(caller.userId);
    return addSessionWalletDestination(
      caller.platformId,
      who?.user.walletAddress ?? null,
      body,
      auditContextOf(caller, req),
    );
  },
});

export const getActiveDestinationOperation = defineOperation({
  method: "GET",
  path: "/v2/payee-destination",
  example: { query: { walletAddress: EXAMPLE.payee } },
  summary: "Get the active payee destination of a wallet",
  description: "The wallet's active destination on this platform, or `null` when it has none.",
  tags: TAGS,
  auth: ["apiKey", "clientId", "session"],
  query: activeDestinationQuery,
  response: payeeDestination.nullable(),
  handler: async ({ caller, query }) => activeDestinationOf(platformOf(caller), query.walletAddress),
});

export const listDestinationsOperation = defineOperation({
  method: "GET",
  path: "/v2/payee-destinations",
  summary: "List payee destinations",
  description:
    "Every destination of the platform, active ones first, then newest first; deactivated ones stay listed. Not for browsers' client IDs: it names all the platform's payee wallets.",
  tags: TAGS,
  auth: ["apiKey", "session"],
  query: listDestinationsQuery,
  response: z.array(payeeDestination),
  handler: async ({ caller, query }) =>
    listDestinations(platformOf(caller), {
      walletAddress: query.walletAddress,
      active: query.active === undefined ? undefined : query.active === "true",
    }),
});

export const getDestinationOperation = defineOperation({
  method: "GET",
  path: "/v2/payee-destination/{destinationId}",
  summary: "Get a payee destination by ID",
  description: "Active or deactivated. The id is percent-encoded in the path (`#` is `%23`).",
  tags: TAGS,
  auth: ["apiKey", "clientId", "session"],
  params: destinationIdParams,
  response: payeeDestination,
  errors: {
    400: "Not a destination ID (the message says why, e.g. a checksum that does not match)",
    404: "No such destination on this platform (also another platform's)",
  },
  handler: async ({ caller, params }) => getDestination(platformOf(caller), params.destinationId.destinationId),
});

export const deactivateDestinationOperation = defineOperation({
  method: "DELETE",
  path: "/v2/payee-destination/{destinationId}",
  example: { body: { signature: EXAMPLE.signature, nonce: "nonce-from-signing-data" } },
  summary: "Deactivate a payee destination",
  description:
    "With a nonce from signing-data (`action=deactivate`, this destination's wallet, chain and token) and the wallet's signature of its typed data. The destination stops being paid; its record stays (`active: false`) and registering it again re-activates it.",
  tags: TAGS,
  auth: ["walletSession"],
  params: destinationIdParams,
  body: signedBody,
  response: payeeDestination,
  errors: {
    400: `Not a destination ID, no such destination on this platform (also another platform's; \`destination_not_found\`, as the published document has it), or: ${SIGNATURE_ERRORS}`,
    403: "Not a wallet session, or the client ID sent along belongs to another platform or Origin",
  },
  handler: async ({ caller, params, body, req }) =>
    deactivateDestination(platformOf(caller), params.destinationId.destinationId, body, auditContextOf(caller, req)),
});
