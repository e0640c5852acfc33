// npm run contracts:deploy-gateway -- <network>
// Env: RPC_URL_<NETWORK>, DEPLOYER_PRIVATE_KEY, CROSSCHAIN_OPERATOR_ADDRESS,
// CROSSCHAIN_TREASURY_ADDRESS (defaults to the operator). Prints the line to add to the
// service's environment: CROSSCHAIN_GATEWAY_<NETWORK>=<address>.
import { getAddress, type Hex } from "viem";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../lib/chains/networks";
import { rpcEnvName } from "../lib/config";
import { deployGateway } from "../lib/crosschain";

const network = process.argv[2] as EvmNetworkId;
if (!EVM_NETWORK_IDS.includes(network)) {
  console.error(`usage: npm run contracts:deploy-gateway -- <${EVM_NETWORK_IDS.join("|")}>`);
  process.exit(2);
}
const need = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  return value;
};
const operator = getAddress(need("CROSSCHAIN_OPERATOR_ADDRESS"));
const deployed = await deployGateway({
  rpcUrl: need(rpcEnvName(network)),
  deployerKey: need("DEPLOYER_PRIVATE_KEY") as Hex,
  operator,
  treasury: getAddress(process.env.CROSSCHAIN_TREASURY_ADDRESS ?? operator),
});
console.log(`deployed on chain ${deployed.chainId} at block ${deployed.block}`);
console.log(`CROSSCHAIN_GATEWAY_${network.toUpperCase().replace(/-/g, "_")}=${deployed.address}`);
