// The overview page's money figures for one platform: volume per day and currency over the
// last 30 UTC days, how many payments there are, the newest ones and the open payment links.

import { dailyVolume, searchPayments } from "../payments";
import { listPaymentLinks } from "../secure-payments";
import { type PaymentRow, toPaymentRow } from "./payment-rows";
import { type VolumeSeries, volumeSeries, volumeWindow } from "./volume-chart";

export const VOLUME_DAYS = 30;
const RECENT = 5;
/** Newest links read to count the open ones (their state depends on their requests). */
const LINKS_READ = 200;

export interface Overview {
  days: string[];
  volume: VolumeSeries[];
  paymentsCount: number;
  recent: PaymentRow[];
  openLinks: number;
  /** True when more links exist than were read: openLinks is then a lower bound. */
  openLinksCapped: boolean;
}

export async function loadOverview(platformId: string, now = new Date()): Promise<Overview> {
  const window = volumeWindow(now, VOLUME_DAYS);
  const [volume, latest, links] = await Promise.all([
    dailyVolume(platformId, window.from, window.to),
    searchPayments(platformId, {}, { limit: RECENT, offset: 0 }),
    listPaymentLinks(platformId, { limit: LINKS_READ }, now),
  ]);
  return {
    days: window.days,
    volume: volumeSeries(volume, window.days),
    paymentsCount: latest.total,
    recent: latest.payments.map(toPaymentRow),
    openLinks: links.filter((l) => l.state === "open").length,
    openLinksCapped: links.length >= LINKS_READ,
  };
}
