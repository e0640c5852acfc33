// `npm run contracts:deploy-deposits -- --network base`: deploys our DepositForwarderFactory
// (contracts/DepositForwarderFactory.sol, docs/decisions/deposit-addresses.md) on a production
// network, wired to the network's ERC20FeeProxy, and prints the line to add to the service's
// environment. The sandbox needs none of this: it places the factory at start-up.
//
// Environment: RPC_URL_<NETWORK> (the chain), DEPLOYER_PRIVATE_KEY (pays the deployment; the
// factory has no owner). The service then needs DEPOSIT_FORWARDER_PRIVATE_KEY (an account with
// gas money that sends the forwards; anyone may send them, so it guards nothing but its gas).
import { createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { viemChain } from "../lib/chains/clients";
import { compiledContract } from "../lib/chains/compiled-contracts";
import { getContract } from "../lib/chains/contracts";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../lib/chains/networks";
import { rpcEnvName } from "../lib/config";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const at = process.argv.indexOf("--network");
const network = (at >= 0 ? process.argv[at + 1] : undefined) as EvmNetworkId | undefined;
if (!network || !EVM_NETWORK_IDS.includes(network))
  fail(`usage: npm run contracts:deploy-deposits -- --network <${EVM_NETWORK_IDS.join("|")}>`);
const rpcUrl = process.env[rpcEnvName(network)];
const deployerKey = process.env.DEPLOYER_PRIVATE_KEY;
if (!rpcUrl) fail(`${rpcEnvName(network)} is not set: the RPC URL of ${network}`);
if (!deployerKey || !/^0x[0-9a-fA-F]{64}$/.test(deployerKey))
  fail("DEPLOYER_PRIVATE_KEY must be 0x + 64 hex characters");

const chain = viemChain(network);
const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(deployerKey as Hex) });
const actualChainId = await publicClient.getChainId();
if (actualChainId !== chain.id)
  fail(`${rpcEnvName(network)} answers chain id ${actualChainId}, ${network} is ${chain.id}`);

const { abi, bytecode } = compiledContract("DepositForwarderFactory");
const feeProxy = getContract(network, "ERC20FeeProxy").address;
const hash = await wallet.deployContract({ abi, bytecode, args: [feeProxy] });
console.log(`deploying DepositForwarderFactory on ${network} (transaction ${hash}) …`);
const receipt = await publicClient.waitForTransactionReceipt({ hash });
if (receipt.status !== "success" || !receipt.contractAddress) fail(`the deployment reverted (${hash})`);
console.log(`deployed at ${receipt.contractAddress} (block ${receipt.blockNumber}); ERC20FeeProxy ${feeProxy}`);
console.log("Add to the service's environment:");
console.log(`DEPOSIT_FACTORY_${network.toUpperCase().replace(/-/g, "_")}=${receipt.contractAddress}`);
