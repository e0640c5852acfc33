// The overview's Getting started checklist: what a new platform does, in order, to be paid
// through a link (business name, payee destination, a link, its first payment), then what an
// integration adds (API key, client ID, webhook endpoint); each step says whether it is done.

import { listApiKeys } from "../auth";
import { listClientIds } from "../client-ids";
import { listDestinations } from "../payee-destinations";
import { getPlatformProfile } from "../platforms";
import { listPaymentLinks } from "../secure-payments";
import { endpointCountsByClientId } from "../webhooks";

export type GettingStartedId =
  | "business-name"
  | "payee-destination"
  | "payment-link"
  | "first-payment"
  | "api-key"
  | "client-id"
  | "webhook";

export interface GettingStartedStep {
  id: GettingStartedId;
  title: string;
  href: string;
  /** What it is for, in one sentence. */
  why: string;
  done: boolean;
  /** Steps to be paid through a link; the others are for integrating from code. */
  essential: boolean;
}

export interface GettingStartedFacts {
  businessName: boolean;
  activeDestinations: number;
  paymentLinks: number;
  payments: number;
  activeApiKeys: number;
  activeClientIds: number;
  activeWebhooks: number;
}

export function gettingStartedSteps(f: GettingStartedFacts): GettingStartedStep[] {
  return [
    {
      id: "business-name",
      title: "Name your business",
      href: "/dashboard/settings",
      why: "Payers see it on your payment pages (until then they see how you signed up).",
      done: f.businessName,
      essential: true,
    },
    {
      id: "payee-destination",
      title: "Add your payee wallet",
      href: "/dashboard/payee-destinations",
      why: "Where you are paid: your wallet signs the network and token it accepts.",
      done: f.activeDestinations > 0,
      essential: true,
    },
    {
      id: "payment-link",
      title: "Create a payment link",
      href: "/dashboard/payment-links",
      why: "Send it to a payer: no code needed.",
      done: f.paymentLinks > 0,
      essential: true,
    },
    {
      id: "first-payment",
      title: "Receive your first payment",
      href: "/dashboard/payments",
      why: "It shows here once a payer pays a link or a request of yours on chain.",
      done: f.payments > 0,
      essential: true,
    },
    {
      id: "api-key",
      title: "Create an API key",
      href: "/dashboard/api-keys",
      why: "For your servers (x-api-key), limited to the scopes they need.",
      done: f.activeApiKeys > 0,
      essential: false,
    },
    {
      id: "client-id",
      title: "Create a client ID",
      href: "/dashboard/client-ids",
      why: "For your web pages, listing the origins allowed to use it.",
      done: f.activeClientIds > 0,
      essential: false,
    },
    {
      id: "webhook",
      title: "Add a webhook endpoint",
      href: "/dashboard/webhooks",
      why: "So your servers hear about payments as they happen.",
      done: f.activeWebhooks > 0,
      essential: false,
    },
  ];
}

/** The platform's checklist; `payments` is the overview's count, read once for the page. */
export async function loadGettingStarted(platformId: string, payments: number): Promise<GettingStartedStep[]> {
  const [profile, destinations, links, keys, clientIds, webhooks] = await Promise.all([
    getPlatformProfile(platformId),
    listDestinations(platformId, { active: true }),
    listPaymentLinks(platformId, { limit: 1 }),
    listApiKeys(platformId),
    listClientIds(platformId),
    endpointCountsByClientId(platformId),
  ]);
  return gettingStartedSteps({
    businessName: profile.businessName !== null,
    activeDestinations: destinations.length,
    paymentLinks: links.length,
    payments,
    activeApiKeys: keys.filter((k) => !k.revokedAt).length,
    activeClientIds: clientIds.filter((c) => c.status === "active").length,
    activeWebhooks: Object.values(webhooks).reduce((n, c) => n + c.active, 0),
  });
}
