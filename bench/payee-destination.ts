// Set-up for the payee-destination scenarios: a wallet signs in to the bench server and
// registers a destination the way an integrator does (signing data, signature, POST).
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export async function registerBenchDestination(url: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const challenge = await json(await post("/v1/auth/wallet/challenge", { address: account.address }));
  const signedIn = await json(
    await post("/v1/auth/wallet/verify", {
      ...challenge,
      signature: await account.signMessage({ message: challenge.message }),
    }),
  );
  const auth = { authorization: `Bearer ${signedIn.token}` };
  const signingDataPath = `/v2/payee-destination/signing-data?${new URLSearchParams({ walletAddress: account.address, chainId: "8453", tokenAddress: USDC_BASE, action: "add" })}`;
  const data = await json(await fetch(`${url}${signingDataPath}`, { headers: auth }));
  const destination = await json(
    await post(
      "/v2/payee-destination",
      { nonce: data.nonce, signature: await account.signTypedData(data.typedData) },
      auth,
    ),
  );
  return {
    auth,
    signingDataPath,
    destinationId: destination.destinationId as string,
    destinationPath: `/v2/payee-destination/${encodeURIComponent(destination.destinationId)}`,
  };
}
