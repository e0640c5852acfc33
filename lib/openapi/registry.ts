// Every API operation of the product. The API reference is built from this list, and
// registry.test.ts fails when an app/ route serves an operation missing here (or the reverse).

import { listAuditLogOperation } from "../audit/operations";
import { createApiKeyOperation, listApiKeysOperation, revokeApiKeyOperation } from "../auth/api-key-operations";
import { listDemoWallets, signWithDemoWallet } from "../auth/demo-wallet-operations";
import {
  confirmPasswordResetOperation,
  requestPasswordResetOperation,
  resendVerificationOperation,
  verifyEmailOperation,
} from "../auth/email-link-operations";
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
  walletStepUp,
  walletVerify,
} from "../auth/operations";
import { listSessions, revokeOtherSessionsOperation, revokeSession } from "../auth/session-operations";
import {
  confirmTotp,
  disableTotpOperation,
  getTwoFactor,
  startTotp,
  twoFactorLogin,
} from "../auth/two-factor-operations";
import {
  createClientIdOperation,
  createClientIdSessionOperation,
  getClientIdOperation,
  listClientIdsOperation,
} from "../client-ids/operations";
import { liquidityOperation, submitPaymentIntentOperation } from "../crosschain/operations";
import { listConversionRoutes, listCurrencies } from "../currencies/operations";
import { getHealth, getLiveness, getReadiness } from "../health/operations";
import type { Operation } from "../http/operation";
import {
  approveLinkRequestOperation,
  createLinkRequestOperation,
  endOrchestratorLinkOperation,
  getClientIdLinkOperation,
  getLinkRequestOperation,
  getOrchestratorLinkOperation,
  linkClientIdOperation,
  listOrchestratorLinksOperation,
  rejectLinkRequestOperation,
  revokeClientIdOperation,
  unlinkClientIdOperation,
  updateClientIdOperation,
} from "../orchestrators/operations";
import {
  pageCrosschainIntentOperation,
  pageCrosschainProgressOperation,
  pageCrosschainRoutesOperation,
  pageCrosschainSubmitOperation,
  pagePaymentCallsOperation,
  pagePaymentIntentOperation,
  pagePaymentProgressOperation,
} from "../pay-page/operations";
import {
  createDestinationOperation,
  createSessionWalletDestinationOperation,
  deactivateDestinationOperation,
  getActiveDestinationOperation,
  getDestinationOperation,
  getSigningDataOperation,
  listDestinationsOperation,
} from "../payee-destinations/operations";
import * as payerDashboard from "../payers/dashboard-operations";
import * as payers from "../payers/operations";
import * as payerPages from "../payers/portal-operations";
import { createRefundOperation, listRefundsOperation } from "../payments/refund-operations";
import { searchPaymentsOperation } from "../payments/search-operations";
import { createBatchPayoutOperation, createPayoutOperation } from "../payouts/operations";
import {
  getPlatformProfileOperation,
  getSignInPolicyOperation,
  setSignInPolicyOperation,
  updatePlatformProfileOperation,
} from "../platforms/operations";
import { activateRecurringOperation, getRecurringOperation, updateRecurringOperation } from "../recurring/operations";
import {
  createRequestOperation,
  getRequestOperation,
  listRequestsOperation,
  payRequestOperation,
  requestRoutesOperation,
  updateRequestOperation,
} from "../requests/operations";
import * as securePaymentBranding from "../secure-payments/branding-operations";
import * as securePayments from "../secure-payments/operations";
import { DELIVERY_HEADERS, EVENT_DOCS } from "../webhooks";
import * as orchestratorWebhooks from "../webhooks/orchestrator-webhook-operations";
import * as platformWebhooks from "../webhooks/platform-webhook-operations";
import type { WebhookDoc } from "./build-document";

export const OPERATIONS: Operation[] = [
  getHealth,
  getLiveness,
  getReadiness,
  listCurrencies,
  listConversionRoutes,
  // auth API and API keys
  walletChallenge,
  walletVerify,
  walletStepUp,
  register,
  login,
  twoFactorLogin,
  getTwoFactor,
  startTotp,
  confirmTotp,
  disableTotpOperation,
  listSessions,
  revokeSession,
  revokeOtherSessionsOperation,
  logout,
  requestPasswordResetOperation,
  confirmPasswordResetOperation,
  verifyEmailOperation,
  resendVerificationOperation,
  currentSession,
  linkWallet,
  removeWallet,
  addEmail,
  removeEmail,
  listDemoWallets,
  signWithDemoWallet,
  getPlatformProfileOperation,
  getSignInPolicyOperation,
  setSignInPolicyOperation,
  updatePlatformProfileOperation,
  listAuditLogOperation,
  listApiKeysOperation,
  createApiKeyOperation,
  revokeApiKeyOperation,
  // client IDs and orchestrator links
  createClientIdOperation,
  createClientIdSessionOperation,
  listClientIdsOperation,
  getClientIdOperation,
  updateClientIdOperation,
  revokeClientIdOperation,
  getClientIdLinkOperation,
  linkClientIdOperation,
  unlinkClientIdOperation,
  createLinkRequestOperation,
  listOrchestratorLinksOperation,
  getOrchestratorLinkOperation,
  endOrchestratorLinkOperation,
  getLinkRequestOperation,
  approveLinkRequestOperation,
  rejectLinkRequestOperation,
  // payee destinations
  getSigningDataOperation,
  createDestinationOperation,
  createSessionWalletDestinationOperation,
  getActiveDestinationOperation,
  listDestinationsOperation,
  getDestinationOperation,
  deactivateDestinationOperation,
  // payment requests
  createRequestOperation,
  listRequestsOperation,
  getRequestOperation,
  updateRequestOperation,
  payRequestOperation,
  createRefundOperation,
  listRefundsOperation,
  submitPaymentIntentOperation,
  liquidityOperation,
  requestRoutesOperation,
  // payers, compliance and off-ramp
  payers.createPayerOperation,
  payers.getPayerOperation,
  payers.updatePayerOperation,
  payers.createPaymentDetailsOperation,
  payers.getPaymentDetailsOperation,
  payers.complianceWebhookOperation,
  payerPages.submitKycOperation,
  payerPages.acceptAgreementOperation,
  payerDashboard.reviewPayerOperation,
  payerDashboard.revealPayerTaxNumberOperation,
  payerDashboard.erasePayerOperation,
  payerDashboard.advanceOfframpOperation,
  // payouts
  createPayoutOperation,
  createBatchPayoutOperation,
  activateRecurringOperation,
  getRecurringOperation,
  updateRecurringOperation,
  // webhooks
  ...Object.values(platformWebhooks),
  ...Object.values(orchestratorWebhooks),
  // payment search
  searchPaymentsOperation,
  // secure payments and the payment page's branding
  ...Object.values(securePayments),
  ...Object.values(securePaymentBranding),
  // the hosted payment page's own calls (the link's token is the credential)
  pagePaymentCallsOperation,
  pagePaymentIntentOperation,
  pagePaymentProgressOperation,
  pageCrosschainRoutesOperation,
  pageCrosschainIntentOperation,
  pageCrosschainSubmitOperation,
  pageCrosschainProgressOperation,
];

/** The events the service POSTs to webhook endpoints. */
export const WEBHOOK_EVENTS: WebhookDoc[] = EVENT_DOCS.map((e) => ({ ...e, headers: DELIVERY_HEADERS }));
