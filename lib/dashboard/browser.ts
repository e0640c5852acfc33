// lib/dashboard's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.

export type { BrandingForm } from "./branding-form";
export { brandingBodyOf, brandingForm, COLOR_FIELDS, pickerValue } from "./branding-form";
export type { DestinationNetworkChoice } from "./payee-destination-choices";
export { DASHBOARD_PATH_HEADER, SIGN_IN_PATH, signInUrl } from "./sign-in-redirect";
export type { VolumeSeries } from "./volume-chart";
export type { WebhookEventChoices } from "./webhook-event-choices";
export type { DeliveryLogQuery } from "./webhook-hrefs";
export { clientWebhooksHref, endpointHref } from "./webhook-hrefs";
