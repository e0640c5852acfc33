// Puts a contract at a fixed address (a production address) as if it had been deployed there.
//
// anvil_setCode alone gives an address runtime code but none of the storage its constructor
// would have written (owner, proxy addresses, a reentrancy flag, minted balances) and none
// of its immutables. So the creation code itself is run *at* the target address: we set the
// creation code (with its constructor arguments) as the address's code and call it. Executed
// that way, the constructor's SSTOREs land in the target's own storage, `address(this)` is
// the target (EIP-712 domains, immutables) and `msg.sender` is the admin, exactly as in a
// deployment. The constructor returns the runtime code with immutables filled in; an
// eth_call of the same execution yields those bytes, and anvil_setCode installs them.
// No storage slot list is needed, so nothing the constructor writes can be forgotten.
import { type AbiParameter, type Address, concat, encodeAbiParameters, type Hex } from "viem";
import { SANDBOX_ADMIN } from "./accounts";
import type { DevChain } from "./dev-chain";

export function withConstructorArgs(creationCode: Hex, params: readonly AbiParameter[], args: readonly unknown[]): Hex {
  return params.length === 0 ? creationCode : concat([creationCode, encodeAbiParameters(params, args)]);
}

export async function placeContract(chain: DevChain, address: Address, creationCodeWithArgs: Hex): Promise<void> {
  await chain.test.setCode({ address, bytecode: creationCodeWithArgs });
  const { data: runtime } = await chain.public.call({ account: SANDBOX_ADMIN.address, to: address });
  if (!runtime || runtime === "0x") throw new Error(`constructor placed at ${address} returned no code`);
  await chain.send({ to: address });
  await chain.test.setCode({ address, bytecode: runtime });
}
