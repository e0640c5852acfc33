// Integration tests against real anvil chains (base and bsc only, to stay fast).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  domainSeparator,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  parseAbi,
  parseEventLogs,
  parseSignature,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base, bsc } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContract } from "../chains/compiled-contracts";
import {
  type ContractName,
  chainlinkConversionPathAbi,
  erc20Abi,
  erc20ConversionProxyAbi,
  erc20FeeProxyAbi,
  erc20PermitAbi,
  getContract,
} from "../chains/contracts";
import { chainFingerprint, checkChainContinuity } from "../payments/indexer/chain-continuity";
import { DEMO_TOKEN_BALANCE, DEMO_WALLETS } from "./accounts";
import { actAsAdmin, devChain } from "./dev-chain";
import { placeContract, withConstructorArgs } from "./place-contract";
import { feedAddress, fiatHash, USD_HASH } from "./price-feeds";
import { type Sandbox, startSandbox, stateFileOf } from "./sandbox";
import { PORTS_THE_SYSTEM_PICKS, startTestSandbox } from "./sandbox-fixtures";
import { PERMIT_VERSION, testToken } from "./sandbox-tokens";
import { MULTICALL3_ADDRESS } from "./setup-chain";

const feedAbi = parseAbi(["function latestRound() view returns (uint256)"]);

let dataDir: string;
let sandbox: Sandbox;

const start = () =>
  // On ports the system picks again: a restart reads the chains from dataDir, whatever their ports.
  startSandbox({
    dataDir,
    ports: PORTS_THE_SYSTEM_PICKS,
    networks: ["base", "bsc"],
    persistEveryMs: 0,
    refreshPricesEveryMs: 0,
  });

function clients(network: "base" | "bsc") {
  const url = sandbox.urls[network]!;
  const chain = network === "base" ? base : bsc;
  const publicClient = createPublicClient({ chain, transport: http(url), pollingInterval: 20 });
  const wallet = (index: number) =>
    createWalletClient({ chain, transport: http(url), account: privateKeyToAccount(DEMO_WALLETS[index].privateKey) });
  return { publicClient, wallet };
}

beforeAll(async () => {
  const first = await startTestSandbox(["base", "bsc"]);
  ({ dataDir } = first);
  sandbox = first;
});

afterAll(async () => {
  await sandbox?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const usdc = testToken("base", "USDC");
const usdt = testToken("base", "USDT");
const feeProxy = getContract("base", "ERC20FeeProxy").address;
const [payer, payee, feeRecipient] = [DEMO_WALLETS[1].address, DEMO_WALLETS[2].address, DEMO_WALLETS[3].address];

describe("sandbox chains", () => {
  it("start with the production chain ids, set up from scratch", async () => {
    expect(sandbox.chains.map((c) => [c.network, c.chainId, c.restored])).toEqual([
      ["base", 8453, false],
      ["bsc", 56, false],
    ]);
    expect(await clients("bsc").publicClient.getChainId()).toBe(56);
  });

  it("have code at every production address", async () => {
    const { publicClient } = clients("base");
    const names: ContractName[] = [
      "ERC20FeeProxy",
      "EthereumFeeProxy",
      "Erc20ConversionProxy",
      "EthConversionProxy",
      "ChainlinkConversionPath",
      "BatchConversionPayments",
    ];
    const addresses: Address[] = [
      ...names.map((n) => getContract("base", n).address),
      usdc.address,
      usdt.address,
      MULTICALL3_ADDRESS,
    ];
    for (const address of addresses)
      expect((await publicClient.getCode({ address }))?.length ?? 0, address).toBeGreaterThan(100);
  });

  it("wire the conversion proxy to the production addresses of the others (constructor storage)", async () => {
    const { publicClient } = clients("base");
    const proxy = getContract("base", "Erc20ConversionProxy").address;
    expect(
      await publicClient.readContract({ address: proxy, abi: erc20ConversionProxyAbi, functionName: "paymentProxy" }),
    ).toBe(feeProxy);
    expect(
      await publicClient.readContract({
        address: proxy,
        abi: erc20ConversionProxyAbi,
        functionName: "chainlinkConversionPath",
      }),
    ).toBe(getContract("base", "ChainlinkConversionPath").address);
  });

  it("fund the demo wallets; bsc USDC and USDT have 18 decimals", async () => {
    const { publicClient } = clients("bsc");
    for (const symbol of ["USDC", "USDT"]) {
      const token = testToken("bsc", symbol).address;
      expect(await publicClient.readContract({ address: token, abi: erc20Abi, functionName: "decimals" })).toBe(18);
      const balance = await publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [DEMO_WALLETS[9].address],
      });
      expect(balance).toBe(DEMO_TOKEN_BALANCE * 10n ** 18n);
    }
    expect(await publicClient.getBalance({ address: DEMO_WALLETS[9].address })).toBeGreaterThan(0n);
    const base6 = await clients("base").publicClient.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: "decimals",
    });
    expect(base6).toBe(6);
  });

  it("pay through ERC20FeeProxy: exact amounts move and the event carries the reference", async () => {
    const { publicClient, wallet } = clients("base");
    const amount = parseUnits("12.34", 6);
    const fee = parseUnits("0.5", 6);
    const reference: Hex = "0x0123456789abcdef";
    const balanceOf = (who: Address) =>
      publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [who] });
    const before = await Promise.all([payer, payee, feeRecipient].map(balanceOf));

    const w = wallet(1);
    await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [feeProxy, amount + fee],
      }),
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: feeProxy,
        abi: erc20FeeProxyAbi,
        functionName: "transferFromWithReferenceAndFee",
        args: [usdc.address, payee, amount, reference, fee, feeRecipient],
      }),
    });
    expect(receipt.status).toBe("success");

    const events = parseEventLogs({
      abi: erc20FeeProxyAbi,
      logs: receipt.logs,
      eventName: "TransferWithReferenceAndFee",
    });
    expect(events).toHaveLength(1);
    expect(events[0].address.toLowerCase()).toBe(feeProxy.toLowerCase());
    expect(events[0].args).toEqual({
      tokenAddress: usdc.address,
      to: payee,
      amount,
      paymentReference: keccak256(reference), // indexed dynamic bytes: only the hash is in the log
      feeAmount: fee,
      feeAddress: feeRecipient,
    });
    const found = await publicClient.getContractEvents({
      address: feeProxy,
      abi: erc20FeeProxyAbi,
      eventName: "TransferWithReferenceAndFee",
      args: { paymentReference: reference },
      fromBlock: 0n,
    });
    expect(found.map((e) => e.transactionHash)).toEqual([receipt.transactionHash]);

    const after = await Promise.all([payer, payee, feeRecipient].map(balanceOf));
    expect([before[0] - after[0], after[1] - before[1], after[2] - before[2]]).toEqual([amount + fee, amount, fee]);
  });

  it("refuse a non-zero → non-zero USDT approve, like Tether", async () => {
    const { publicClient, wallet } = clients("base");
    const w = wallet(1);
    const approve = (value: bigint) =>
      w.writeContract({ address: usdt.address, abi: erc20Abi, functionName: "approve", args: [feeProxy, value] });
    await publicClient.waitForTransactionReceipt({ hash: await approve(100n) });
    await expect(approve(200n)).rejects.toThrow(/approve 0 before changing a non-zero allowance/);
    await publicClient.waitForTransactionReceipt({ hash: await approve(0n) });
    await publicClient.waitForTransactionReceipt({ hash: await approve(200n) });
    expect(
      await publicClient.readContract({
        address: usdt.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [payer, feeProxy],
      }),
    ).toBe(200n);
  });

  it("accept an EIP-2612 permit signed with viem", async () => {
    const { publicClient, wallet } = clients("base");
    const owner = privateKeyToAccount(DEMO_WALLETS[4].privateKey);
    const name = await publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: "name" });
    const domain = { name, version: PERMIT_VERSION, chainId: 8453, verifyingContract: usdc.address } as const;
    expect(
      await publicClient.readContract({ address: usdc.address, abi: erc20PermitAbi, functionName: "DOMAIN_SEPARATOR" }),
    ).toBe(domainSeparator({ domain }));

    const value = parseUnits("250", 6);
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    const signature = await owner.signTypedData({
      domain,
      types: {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: { owner: owner.address, spender: feeProxy, value, nonce: 0n, deadline },
    });
    const { r, s, v } = parseSignature(signature);
    const relayer = wallet(5); // anyone may submit the permit
    await publicClient.waitForTransactionReceipt({
      hash: await relayer.writeContract({
        address: usdc.address,
        abi: erc20PermitAbi,
        functionName: "permit",
        args: [owner.address, feeProxy, value, deadline, Number(v), r, s],
      }),
    });
    expect(
      await publicClient.readContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [owner.address, feeProxy],
      }),
    ).toBe(value);
    expect(
      await publicClient.readContract({
        address: usdc.address,
        abi: erc20PermitAbi,
        functionName: "nonces",
        args: [owner.address],
      }),
    ).toBe(1n);
  });

  it("convert USD and EUR to USDC at realistic, fresh rates", async () => {
    const { publicClient } = clients("base");
    const path = getContract("base", "ChainlinkConversionPath").address;
    const [rate, timestamp, decimals] = await publicClient.readContract({
      address: path,
      abi: chainlinkConversionPathAbi,
      functionName: "getRate",
      args: [[USD_HASH, usdc.address]],
    });
    expect((rate * 10n ** 8n) / decimals).toBe(10n ** 6n); // $1 (8 decimals) buys 1 USDC (6 decimals)
    const head = await publicClient.getBlock();
    expect(head.timestamp - timestamp).toBeLessThan(600n);
    const [eur] = await publicClient.readContract({
      address: path,
      abi: chainlinkConversionPathAbi,
      functionName: "getConversion",
      args: [100n * 10n ** 8n, [fiatHash("EUR"), USD_HASH, usdc.address]],
    });
    expect(eur).toBe(108n * 10n ** 6n);
  });

  it("pay a EUR-denominated request in USDC through Erc20ConversionProxy", async () => {
    const { publicClient, wallet } = clients("base");
    const proxy = getContract("base", "Erc20ConversionProxy").address;
    const w = wallet(6);
    const balanceOf = (who: Address) =>
      publicClient.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [who] });
    const before = await Promise.all([payee, feeRecipient].map(balanceOf));
    await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [proxy, parseUnits("100", 6)],
      }),
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: proxy,
        abi: erc20ConversionProxyAbi,
        functionName: "transferFromWithReferenceAndFee",
        args: [
          payee,
          50n * 10n ** 8n,
          [fiatHash("EUR"), USD_HASH, usdc.address],
          "0xfedcba9876543210",
          10n ** 8n,
          feeRecipient,
          parseUnits("60", 6),
          600n,
        ],
      }),
    });
    const events = parseEventLogs({ abi: erc20ConversionProxyAbi, logs: receipt.logs });
    expect(events.map((e) => e.eventName)).toEqual([
      "TransferWithReferenceAndFee",
      "TransferWithConversionAndReference",
    ]);
    const after = await Promise.all([payee, feeRecipient].map(balanceOf));
    expect([after[0] - before[0], after[1] - before[1]]).toEqual([parseUnits("54", 6), parseUnits("1.08", 6)]);
  });

  it("serve viem's multicall at the canonical Multicall3 address", async () => {
    const { publicClient } = clients("base");
    const [decimals, symbol] = await publicClient.multicall({
      contracts: [
        { address: usdc.address, abi: erc20Abi, functionName: "decimals" },
        { address: usdt.address, abi: erc20Abi, functionName: "symbol" },
      ],
      allowFailure: false,
    });
    expect([decimals, symbol]).toEqual([6, "USDT"]);
  });

  it("model mainnet USDT's missing return values, which ERC20FeeProxy accepts", async () => {
    const { publicClient, wallet } = clients("base");
    const chain = devChain(sandbox.urls.base!);
    await actAsAdmin(chain);
    const scratch: Address = "0x00000000000000000000000000000000000bAD01";
    const { abi, bytecode } = compiledContract("SandboxTetherToken");
    const params = abi.find((i) => i.type === "constructor")!.inputs;
    await placeContract(
      chain,
      scratch,
      withConstructorArgs(bytecode, params, ["Tether USD", "USDT", 6, false, [payer], 1_000_000n]),
    );

    const approveData = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [feeProxy, 1n] });
    const { data } = await publicClient.call({ account: payer, to: scratch, data: approveData });
    expect(data).toBeUndefined(); // approve(…) returned no data
    const w = wallet(1);
    await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: scratch,
        abi: erc20Abi,
        functionName: "approve",
        args: [feeProxy, 1_000n],
      }),
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await w.writeContract({
        address: feeProxy,
        abi: erc20FeeProxyAbi,
        functionName: "transferFromWithReferenceAndFee",
        args: [scratch, payee, 1_000n, "0x01", 0n, feeRecipient],
      }),
    });
    expect(receipt.status).toBe("success");
  });
});

describe("sandbox persistence", () => {
  it("restarts from the state file with balances, history and fresh rates", async () => {
    const { publicClient } = clients("base");
    const usdcFeed = feedAddress(usdc.address, USD_HASH);
    const round = () =>
      clients("base").publicClient.readContract({ address: usdcFeed, abi: feedAbi, functionName: "latestRound" });
    const balance = await publicClient.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [payee],
    });
    expect(balance).toBeGreaterThan(DEMO_TOKEN_BALANCE * 10n ** 6n); // the payments above moved it
    const fingerprint = await chainFingerprint("base", publicClient);
    const roundBefore = await round();

    await sandbox.stop();
    sandbox = await start();
    expect(sandbox.chains.every((c) => c.restored)).toBe(true);

    const restarted = clients("base").publicClient;
    expect(
      await restarted.readContract({ address: usdc.address, abi: erc20Abi, functionName: "balanceOf", args: [payee] }),
    ).toBe(balance);
    expect(await checkChainContinuity("base", fingerprint, restarted)).toEqual({ ok: true });
    const events = await restarted.getContractEvents({
      address: feeProxy,
      abi: erc20FeeProxyAbi,
      eventName: "TransferWithReferenceAndFee",
      args: { paymentReference: "0x0123456789abcdef" },
      fromBlock: 0n,
    });
    expect(events).toHaveLength(1);
    expect(await round()).toBe(roundBefore + 1n); // the rates were re-posted on start
  });

  it("lets the app detect a chain that went back in time", async () => {
    const { publicClient, wallet } = clients("base");
    const older = `${stateFileOf(dataDir, "base")}.older`;
    await sandbox.persist();
    await fs.copyFile(stateFileOf(dataDir, "base"), older);

    // A payment the database records, then the chain loses it (restored from the older state).
    await publicClient.waitForTransactionReceipt({
      hash: await wallet(7).writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: "transfer",
        args: [payee, 1n],
      }),
    });
    const fingerprint = await chainFingerprint("base", publicClient);
    await sandbox.stop();
    await fs.copyFile(older, stateFileOf(dataDir, "base"));
    sandbox = await start();

    const check = await checkChainContinuity("base", fingerprint, clients("base").publicClient);
    expect(check.ok).toBe(false);
    // The price refresh on start mines past the lost block, so it exists again with another hash.
    expect(check).toMatchObject({ reason: "block-replaced" });
  });
});

describe("sandbox background persistence", () => {
  it("writes the state file soon after a new block, without a stop", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-"));
    const own = await startSandbox({
      dataDir: dir,
      ports: PORTS_THE_SYSTEM_PICKS,
      networks: ["bsc"],
      persistEveryMs: 100,
      refreshPricesEveryMs: 0,
    });
    try {
      const url = own.urls.bsc!;
      const publicClient = createPublicClient({ chain: bsc, transport: http(url), pollingInterval: 20 });
      const w = createWalletClient({
        chain: bsc,
        transport: http(url),
        account: privateKeyToAccount(DEMO_WALLETS[8].privateKey),
      });
      await publicClient.waitForTransactionReceipt({ hash: await w.sendTransaction({ to: payee, value: 1n }) });
      const head = await publicClient.getBlockNumber();
      const persistedHead = async () =>
        BigInt(JSON.parse(await fs.readFile(stateFileOf(dir, "bsc"), "utf8")).best_block_number);
      await expect.poll(persistedHead, { timeout: 5_000, interval: 50 }).toBe(head);
    } finally {
      await own.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("sandbox start-up with a damaged state file", () => {
  it("keeps the file aside and starts a new chain", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-"));
    await fs.mkdir(path.join(dir, "chains"));
    await fs.writeFile(stateFileOf(dir, "bsc"), '{"block":');
    const own = await startSandbox({
      dataDir: dir,
      ports: PORTS_THE_SYSTEM_PICKS,
      networks: ["bsc"],
      persistEveryMs: 0,
      refreshPricesEveryMs: 0,
    });
    try {
      expect(own.chains[0].restored).toBe(false);
      const files = await fs.readdir(path.join(dir, "chains"));
      expect(files.some((f) => f.startsWith("bsc.json.unloadable-"))).toBe(true);
    } finally {
      await own.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe("sandbox start-up after a crash", () => {
  it("saves the state of an anvil the crashed run left behind, then replaces it", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-"));
    const options = {
      dataDir: dir,
      ports: PORTS_THE_SYSTEM_PICKS,
      networks: ["bsc"] as const,
      persistEveryMs: 0,
      refreshPricesEveryMs: 0,
    };
    // The first run "crashes": it is never stopped, its anvil keeps running with an unsaved block.
    const crashed = await startSandbox(options);
    const url = crashed.urls.bsc!;
    const publicClient = createPublicClient({ chain: bsc, transport: http(url), pollingInterval: 20 });
    const w = createWalletClient({
      chain: bsc,
      transport: http(url),
      account: privateKeyToAccount(DEMO_WALLETS[8].privateKey),
    });
    const unsaved = await publicClient.waitForTransactionReceipt({
      hash: await w.sendTransaction({ to: payee, value: 12345n }),
    });

    const next = await startSandbox(options);
    try {
      expect(next.chains[0].restored).toBe(true);
      const restarted = createPublicClient({ chain: bsc, transport: http(next.urls.bsc!) });
      expect((await restarted.getTransactionReceipt({ hash: unsaved.transactionHash })).status).toBe("success");
    } finally {
      await next.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
