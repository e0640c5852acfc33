// Deploys our crosschain gateway on a production network (npm run contracts:deploy-gateway).
// Permit2 is already there at its canonical address on every EVM chain; the gateway is given
// it, the operator (the only caller of collect) and the treasury (where payments land).
import { type Address, createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import artifacts from "../../contracts/compiled.json";
import { PERMIT2_ADDRESS } from "../chains/contracts";

export interface GatewayDeployment {
  rpcUrl: string;
  deployerKey: Hex;
  operator: Address;
  treasury: Address;
}

export async function deployGateway(
  d: GatewayDeployment,
): Promise<{ address: Address; chainId: number; block: bigint }> {
  const transport = http(d.rpcUrl);
  const client = createPublicClient({ transport });
  if ((await client.getCode({ address: PERMIT2_ADDRESS })) === undefined)
    throw new Error(`no Permit2 at ${PERMIT2_ADDRESS} on this chain`);
  const wallet = createWalletClient({ account: privateKeyToAccount(d.deployerKey), transport });
  const { abi, bytecode } = artifacts.CrosschainGateway as { abi: readonly unknown[]; bytecode: Hex };
  const hash = await wallet.deployContract({
    abi: abi as never,
    bytecode,
    args: [PERMIT2_ADDRESS, d.operator, d.treasury] as never,
    chain: null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`deployment reverted (${hash})`);
  return { address: receipt.contractAddress, chainId: await client.getChainId(), block: receipt.blockNumber };
}
