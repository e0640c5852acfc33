// The payee-destination API over real HTTP, as a wallet-holding integrator drives it: sign in
// with the wallet, get signing data, sign it (eth_signTypedData_v4's result, computed by viem),
// register, read it back by its percent-encoded id, deactivate it with a signed DELETE body.
import { expect, test } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

test("a wallet registers, reads and deactivates its payee destination", async ({ request }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const challenge = await (
    await request.post("/v1/auth/wallet/challenge", { data: { address: account.address } })
  ).json();
  const verified = await request.post("/v1/auth/wallet/verify", {
    data: {
      challengeId: challenge.challengeId,
      nonce: challenge.nonce,
      message: challenge.message,
      signature: await account.signMessage({ message: challenge.message }),
    },
  });
  expect(verified.status()).toBe(200);
  const auth = { authorization: `Bearer ${(await verified.json()).token}` };

  const signed = async (action: "add" | "deactivate") => {
    const qs = new URLSearchParams({
      walletAddress: account.address,
      chainId: "8453",
      tokenAddress: USDC_BASE,
      action,
    });
    const res = await request.get(`/v2/payee-destination/signing-data?${qs}`, { headers: auth });
    expect(res.status(), await res.text()).toBe(200);
    const data = await res.json();
    return { nonce: data.nonce as string, signature: await account.signTypedData(data.typedData) };
  };

  const created = await request.post("/v2/payee-destination", { headers: auth, data: await signed("add") });
  expect(created.status(), await created.text()).toBe(201);
  const destination = await created.json();
  expect(destination).toMatchObject({
    walletAddress: account.address,
    network: "base",
    currency: "USDC-base",
    active: true,
  });
  expect(destination.destinationId).toMatch(
    /^0x[0-9a-fA-F]{40}@eip155:8453#[0-9A-F]{8}:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913$/,
  );

  const url = `/v2/payee-destination/${encodeURIComponent(destination.destinationId)}`;
  const read = await request.get(url, { headers: auth });
  expect(read.status(), await read.text()).toBe(200);
  expect(await read.json()).toEqual(destination);
  const active = await request.get(`/v2/payee-destination?walletAddress=${account.address}`, { headers: auth });
  expect(await active.json()).toEqual(destination);

  const removed = await request.delete(url, { headers: auth, data: await signed("deactivate") });
  expect(removed.status(), await removed.text()).toBe(200);
  expect(await removed.json()).toMatchObject({ destinationId: destination.destinationId, active: false });
  const none = await request.get(`/v2/payee-destination?walletAddress=${account.address}`, { headers: auth });
  expect(await none.json()).toBeNull();
  const list = await request.get("/v2/payee-destinations", { headers: auth });
  expect(await list.json()).toEqual([
    expect.objectContaining({ destinationId: destination.destinationId, active: false }),
  ]);
});
