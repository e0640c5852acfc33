// `npm run contracts:deploy -- --network base`: deploys our ERC20RecurringPaymentProxy
// (contracts/, docs/protocol.md "Recurring payments") on a production network and prints the
// line to add to the service's environment. The sandbox needs none of this: it places the
// proxy at start-up.
//
// Environment: RPC_URL_<NETWORK> (the chain), DEPLOYER_PRIVATE_KEY (pays the deployment and
// owns the proxy unless PROXY_OWNER is given), RECURRING_RELAYER_ADDRESS (the only account
// allowed to trigger payments: the address of the service's RECURRING_RELAYER_PRIVATE_KEY).
import { createPublicClient, createWalletClient, getAddress, type Hex, http, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { viemChain } from "../lib/chains/clients";
import { compiledContract } from "../lib/chains/compiled-contracts";
import { getContract } from "../lib/chains/contracts";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../lib/chains/networks";
import { recurringProxyEnvName, rpcEnvName } from "../lib/config";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const at = process.argv.indexOf("--network");
const network = (at >= 0 ? process.argv[at + 1] : undefined) as EvmNetworkId | undefined;
if (!network || !EVM_NETWORK_IDS.includes(network))
  fail(`usage: npm run contracts:deploy -- --network <${EVM_NETWORK_IDS.join("|")}>`);
const rpcUrl = process.env[rpcEnvName(network)];
const deployerKey = process.env.DEPLOYER_PRIVATE_KEY;
const relayer = process.env.RECURRING_RELAYER_ADDRESS;
if (!rpcUrl) fail(`${rpcEnvName(network)} is not set: the RPC URL of ${network}`);
if (!deployerKey || !/^0x[0-9a-fA-F]{64}$/.test(deployerKey))
  fail("DEPLOYER_PRIVATE_KEY must be 0x + 64 hex characters");
if (!relayer || !isAddress(relayer)) fail("RECURRING_RELAYER_ADDRESS must be the relayer's 0x address");
const deployer = privateKeyToAccount(deployerKey as Hex);
const owner = process.env.PROXY_OWNER ? getAddress(process.env.PROXY_OWNER) : deployer.address;

const chain = viemChain(network);
const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: deployer });
const actualChainId = await publicClient.getChainId();
if (actualChainId !== chain.id)
  fail(`${rpcEnvName(network)} answers chain id ${actualChainId}, ${network} is ${chain.id}`);

const { abi, bytecode } = compiledContract("ERC20RecurringPaymentProxy");
const feeProxy = getContract(network, "ERC20FeeProxy").address;
const hash = await wallet.deployContract({ abi, bytecode, args: [feeProxy, getAddress(relayer), owner] });
console.log(`deploying ERC20RecurringPaymentProxy on ${network} (transaction ${hash}) …`);
const receipt = await publicClient.waitForTransactionReceipt({ hash });
if (receipt.status !== "success" || !receipt.contractAddress) fail(`the deployment reverted (${hash})`);
console.log(
  `deployed at ${receipt.contractAddress} (block ${receipt.blockNumber}); ERC20FeeProxy ${feeProxy}, relayer ${getAddress(relayer)}, owner ${owner}`,
);
console.log("Add to the service's environment:");
console.log(`${recurringProxyEnvName(network)}=${receipt.contractAddress}`);
