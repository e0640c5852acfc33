// Every API endpoint of the product. The API reference is built from this list, and
// registry.test.ts fails when an app/ route serves an endpoint missing here (or the reverse).

import { createApiKeyEndpoint, listApiKeysEndpoint, revokeApiKeyEndpoint } from "../auth/api-key-endpoints";
import { listDemoWallets, signWithDemoWallet } from "../auth/demo-wallet-endpoints";
import {
  addEmail,
  currentSession,
  linkWallet,
  login,
  logout,
  register,
  removeEmail,
  removeWallet,
  walletChallenge,
  walletVerify,
} from "../auth/endpoints";
import {
  createClientIdEndpoint,
  createClientIdSessionEndpoint,
  getClientIdEndpoint,
  listClientIdsEndpoint,
  revokeClientIdEndpoint,
  updateClientIdEndpoint,
} from "../client-ids/endpoints";
import {
  liquidityEndpoint,
  payRequestEndpoint,
  requestRoutesEndpoint,
  submitPaymentIntentEndpoint,
} from "../crosschain/endpoints";
import { listConversionRoutes, listCurrencies } from "../currencies/endpoints";
import { getHealth, getLiveness, getReadiness } from "../health/endpoints";
import type { Endpoint } from "../http/endpoint";
import {
  approveLinkRequestEndpoint,
  createLinkRequestEndpoint,
  endOrchestratorLinkEndpoint,
  getClientIdLinkEndpoint,
  getLinkRequestEndpoint,
  getOrchestratorLinkEndpoint,
  linkClientIdEndpoint,
  listOrchestratorLinksEndpoint,
  rejectLinkRequestEndpoint,
  unlinkClientIdEndpoint,
} from "../orchestrators/endpoints";
import {
  pageCrosschainIntentEndpoint,
  pageCrosschainProgressEndpoint,
  pageCrosschainRoutesEndpoint,
  pageCrosschainSubmitEndpoint,
  pagePaymentCallsEndpoint,
  pagePaymentIntentEndpoint,
  pagePaymentProgressEndpoint,
} from "../pay-page/endpoints";
import {
  createDestinationEndpoint,
  createSessionWalletDestinationEndpoint,
  deactivateDestinationEndpoint,
  getActiveDestinationEndpoint,
  getDestinationEndpoint,
  getSigningDataEndpoint,
  listDestinationsEndpoint,
} from "../payee-destinations/endpoints";
import * as payerDashboard from "../payers/dashboard-endpoints";
import * as payers from "../payers/endpoints";
import * as payerPages from "../payers/portal-endpoints";
import { searchPaymentsEndpoint } from "../payments/search-endpoint";
import { createBatchPayoutEndpoint, createPayoutEndpoint } from "../payouts/endpoints";
import { getPlatformProfileEndpoint, updatePlatformProfileEndpoint } from "../platforms/endpoints";
import { activateRecurringEndpoint, getRecurringEndpoint, updateRecurringEndpoint } from "../recurring/endpoints";
import { createRequestEndpoint, getRequestEndpoint, updateRequestEndpoint } from "../requests/endpoints";
import * as securePaymentBranding from "../secure-payments/branding-endpoints";
import * as securePayments from "../secure-payments/endpoints";
import { DELIVERY_HEADERS } from "../webhooks/delivery-docs";
import { EVENT_DOCS } from "../webhooks/event-docs";
import * as orchestratorWebhooks from "../webhooks/orchestrator-webhook-endpoints";
import * as platformWebhooks from "../webhooks/platform-webhook-endpoints";
import type { WebhookDoc } from "./build-document";

export const ENDPOINTS: Endpoint[] = [
  getHealth,
  getLiveness,
  getReadiness,
  listCurrencies,
  listConversionRoutes,
  // auth API and API keys
  walletChallenge,
  walletVerify,
  register,
  login,
  logout,
  currentSession,
  linkWallet,
  removeWallet,
  addEmail,
  removeEmail,
  listDemoWallets,
  signWithDemoWallet,
  getPlatformProfileEndpoint,
  updatePlatformProfileEndpoint,
  listApiKeysEndpoint,
  createApiKeyEndpoint,
  revokeApiKeyEndpoint,
  // client IDs and orchestrator links
  createClientIdEndpoint,
  createClientIdSessionEndpoint,
  listClientIdsEndpoint,
  getClientIdEndpoint,
  updateClientIdEndpoint,
  revokeClientIdEndpoint,
  getClientIdLinkEndpoint,
  linkClientIdEndpoint,
  unlinkClientIdEndpoint,
  createLinkRequestEndpoint,
  listOrchestratorLinksEndpoint,
  getOrchestratorLinkEndpoint,
  endOrchestratorLinkEndpoint,
  getLinkRequestEndpoint,
  approveLinkRequestEndpoint,
  rejectLinkRequestEndpoint,
  // payee destinations
  getSigningDataEndpoint,
  createDestinationEndpoint,
  createSessionWalletDestinationEndpoint,
  getActiveDestinationEndpoint,
  listDestinationsEndpoint,
  getDestinationEndpoint,
  deactivateDestinationEndpoint,
  // payment requests
  createRequestEndpoint,
  getRequestEndpoint,
  updateRequestEndpoint,
  payRequestEndpoint,
  submitPaymentIntentEndpoint,
  liquidityEndpoint,
  requestRoutesEndpoint,
  // payers, compliance and off-ramp
  payers.createPayerEndpoint,
  payers.getPayerEndpoint,
  payers.updatePayerEndpoint,
  payers.createPaymentDetailsEndpoint,
  payers.getPaymentDetailsEndpoint,
  payers.complianceWebhookEndpoint,
  payerPages.submitKycEndpoint,
  payerPages.acceptAgreementEndpoint,
  payerDashboard.reviewPayerEndpoint,
  payerDashboard.erasePayerEndpoint,
  payerDashboard.advanceOfframpEndpoint,
  // payouts
  createPayoutEndpoint,
  createBatchPayoutEndpoint,
  activateRecurringEndpoint,
  getRecurringEndpoint,
  updateRecurringEndpoint,
  // webhooks
  ...Object.values(platformWebhooks),
  ...Object.values(orchestratorWebhooks),
  // payment search
  searchPaymentsEndpoint,
  // secure payments and the payment page's branding
  ...Object.values(securePayments),
  ...Object.values(securePaymentBranding),
  // the hosted payment page's own calls (the link's token is the credential)
  pagePaymentCallsEndpoint,
  pagePaymentIntentEndpoint,
  pagePaymentProgressEndpoint,
  pageCrosschainRoutesEndpoint,
  pageCrosschainIntentEndpoint,
  pageCrosschainSubmitEndpoint,
  pageCrosschainProgressEndpoint,
];

/** The events the service POSTs to webhook endpoints. */
export const WEBHOOK_EVENTS: WebhookDoc[] = EVENT_DOCS.map((e) => ({ ...e, headers: DELIVERY_HEADERS }));
