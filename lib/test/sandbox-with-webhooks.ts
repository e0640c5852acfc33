// The on-chain tests' fixture: a sandbox chain (base) the app points at, payment detection run
// past its set-up blocks, and a real webhook receiver that hears what an integrator would (a
// platform whose client ID has one endpoint there, the delivery worker running). A test file
// calls it once at its top: it registers the file's beforeAll and afterAll.
import { afterAll, beforeAll } from "vitest";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { detectPayments } from "../payments/indexer/start-detection";
import { type Receiver, startReceiver } from "../webhooks/receiver-fixtures";
import { platformWithEndpoints, startTestDelivery } from "../webhooks/webhook-fixtures";

export interface SandboxWithWebhooks {
  sandbox: TestSandbox;
  receiver: Receiver;
  platform: Awaited<ReturnType<typeof platformWithEndpoints>>;
}

/** The fields are set once the file's beforeAll has run: read them inside tests and hooks. */
export function sandboxWithWebhooks(): SandboxWithWebhooks {
  const fixture = {} as SandboxWithWebhooks;
  let restore: (() => void) | undefined;
  let delivery: Awaited<ReturnType<typeof startTestDelivery>> | undefined;
  beforeAll(async () => {
    fixture.sandbox = await startTestSandbox(["base"]);
    restore = pointAppAtSandbox(fixture.sandbox);
    fixture.receiver = await startReceiver();
    fixture.platform = await platformWithEndpoints(`${fixture.receiver.url}/hooks`);
    delivery = await startTestDelivery();
    await detectPayments("base"); // past the sandbox's set-up blocks
  });
  afterAll(async () => {
    await delivery?.stop();
    await fixture.receiver?.close();
    restore?.();
    await fixture.sandbox?.dispose();
  });
  return fixture;
}
