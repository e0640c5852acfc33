// The events a platform's endpoint can be sent as a test: those platforms receive
// (docs/interface.md "Events"), the current ones first, then the legacy ones.
import { CURRENT_EVENTS, EVENT_RECIPIENTS, type EventName, LEGACY_EVENTS } from "../webhooks/browser";

export interface WebhookEventChoices {
  current: EventName[];
  legacy: EventName[];
}

export function platformEventChoices(): WebhookEventChoices {
  const forPlatforms = (names: readonly EventName[]) => names.filter((n) => EVENT_RECIPIENTS[n].platform);
  return { current: forPlatforms(CURRENT_EVENTS), legacy: forPlatforms(LEGACY_EVENTS) };
}
