// The dashboard's webhook changes, through the same /v1/webhook API integrators call (with the
// session cookie, the client ID named in the body).

import type { DeliveryDetail, DeliveryView, PlatformEndpointView, TestResult } from "@/lib/webhooks";
import type { EventName } from "@/lib/webhooks/browser";
import { apiRequest } from "../api-client";

const endpointPath = (webhookId: string) => `/v1/webhook/${encodeURIComponent(webhookId)}`;
const deliveryPath = (webhookId: string, deliveryId: string) =>
  `${endpointPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`;

export function createEndpoint(
  clientIdId: string,
  url: string,
  requestNetworkHeaders: boolean,
): Promise<{ id: string; secret: string }> {
  return apiRequest("POST", "/v1/webhook", { url, clientId: clientIdId, requestNetworkHeaders });
}

/** Also send the hosted service's header names (`x-request-network-*`), or stop. */
export function setEndpointHeaderNames(
  webhookId: string,
  requestNetworkHeaders: boolean,
): Promise<PlatformEndpointView> {
  return apiRequest("PUT", endpointPath(webhookId), { requestNetworkHeaders });
}

export function setEndpointActive(webhookId: string, isActive: boolean): Promise<PlatformEndpointView> {
  return apiRequest("PUT", endpointPath(webhookId), { isActive });
}

/** A new signing secret, shown once; the old one keeps signing webhook-signature for `overlapSeconds`. */
export function rotateSecret(
  webhookId: string,
  overlapSeconds: number,
): Promise<{ id: string; secret: string; previousSecretExpiresAt: string | null }> {
  return apiRequest("POST", `${endpointPath(webhookId)}/rotate-secret`, { overlapSeconds });
}

export function deleteEndpoint(webhookId: string): Promise<{ id: string; deleted: true }> {
  return apiRequest("DELETE", endpointPath(webhookId));
}

/** To one endpoint, or to every active endpoint of the client ID when `webhookId` is left out. */
export function sendTestEvent(clientIdId: string, eventType: EventName, webhookId?: string): Promise<TestResult> {
  return apiRequest("POST", "/v1/webhook/test", {
    eventType,
    clientId: clientIdId,
    ...(webhookId ? { webhookId } : {}),
  });
}

export function readDelivery(webhookId: string, deliveryId: string): Promise<DeliveryDetail> {
  return apiRequest("GET", deliveryPath(webhookId, deliveryId));
}

export function resendDelivery(webhookId: string, deliveryId: string): Promise<DeliveryView> {
  return apiRequest("POST", `${deliveryPath(webhookId, deliveryId)}/resend`);
}
