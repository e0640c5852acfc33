import { createRequire } from "node:module";
import { formatAbiItem } from "abitype";
import { type Abi, type AbiFunction, getAddress, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import {
  batchConversionPaymentsAbi,
  CONTRACT_NAMES,
  type ContractName,
  chainlinkConversionPathAbi,
  detectionStartBlock,
  erc20ConversionProxyAbi,
  erc20FeeProxyAbi,
  ethConversionProxyAbi,
  ethereumFeeProxyAbi,
  findContract,
  getContract,
  PERMIT2_ADDRESS,
} from "./contracts";
import { EVM_NETWORK_IDS, NETWORK_IDS } from "./networks";

const require = createRequire(import.meta.url);

interface Artifact {
  info: Record<string, { abi: Abi; deployment: Record<string, { address: string; creationBlockNumber: number }> }>;
  lastVersion: string;
}
// Loaded lazily: the package pulls in ethers, about a second.
const artifacts = () => require("@requestnetwork/smart-contracts") as Record<string, Artifact>;

const ARTIFACT_OF: Partial<Record<ContractName, string>> = {
  ERC20FeeProxy: "erc20FeeProxyArtifact",
  EthereumFeeProxy: "ethereumFeeProxyArtifact",
  Erc20ConversionProxy: "erc20ConversionProxy",
  EthConversionProxy: "ethConversionArtifact",
  ChainlinkConversionPath: "chainlinkConversionPath",
  BatchConversionPayments: "batchConversionPaymentsArtifact",
};

function fn(abi: Abi, name: string): AbiFunction {
  const item = abi.find((i) => i.type === "function" && i.name === name);
  if (!item) throw new Error(`no ${name}`);
  return item as AbiFunction;
}

describe("function selectors quoted in docs/protocol.md", () => {
  it("match the ABIs", () => {
    expect(toFunctionSelector(fn(erc20FeeProxyAbi, "transferFromWithReferenceAndFee"))).toBe("0xc219a14d");
    expect(toFunctionSelector(fn(ethereumFeeProxyAbi, "transferWithReferenceAndFee"))).toBe("0xb868980b");
    expect(toFunctionSelector(fn(batchConversionPaymentsAbi, "batchPayments"))).toBe("0x92cddb91");
  });
});

describe("ABIs", () => {
  const cases: [string, Abi, string, string][] = [
    ["ERC20FeeProxy", erc20FeeProxyAbi, "erc20FeeProxyArtifact", "0.2.0"],
    ["EthereumFeeProxy", ethereumFeeProxyAbi, "ethereumFeeProxyArtifact", "0.2.0"],
    ["Erc20ConversionProxy", erc20ConversionProxyAbi, "erc20ConversionProxy", "0.1.2"],
    ["EthConversionProxy", ethConversionProxyAbi, "ethConversionArtifact", "0.2.1"],
    ["ChainlinkConversionPath", chainlinkConversionPathAbi, "chainlinkConversionPath", "0.2.1"],
    ["BatchConversionPayments", batchConversionPaymentsAbi, "batchConversionPaymentsArtifact", "0.1.0"],
  ];
  it.each(cases)(
    "%s: every item is exactly the published artifact's (names, indexed, mutability)",
    (_name, abi, artifact, version) => {
      const published = new Set(artifacts()[artifact].info[version].abi.map((i) => formatAbiItem(i as never)));
      for (const item of abi) expect(published, formatAbiItem(item as never)).toContain(formatAbiItem(item as never));
    },
  );
});

describe("registry", () => {
  it("has the addresses and creation blocks of the published deployments", () => {
    for (const network of EVM_NETWORK_IDS) {
      for (const [name, artifactName] of Object.entries(ARTIFACT_OF) as [ContractName, string][]) {
        const ours = getContract(network, name);
        const published = Object.values(artifacts()[artifactName].info)
          .map((v) => v.deployment[network])
          .filter((x) => x !== undefined);
        expect(published, `${name} on ${network}`).toContainEqual({
          address: ours.address,
          creationBlockNumber: ours.creationBlock,
        });
      }
    }
  });

  it("matches the docs/protocol.md spot checks", () => {
    expect(getContract("mainnet", "ERC20FeeProxy")).toEqual({
      address: "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C",
      creationBlock: 10774767,
    });
    expect(getContract("base", "Erc20ConversionProxy").address).toBe("0x8296D56321cf207925a7804E5A8E3F579838e6Ad");
    expect(getContract("sepolia", "BatchConversionPayments").address).toBe(
      "0x67818703c92580c0e106e401F253E8A410A66f8B",
    );
    expect(getContract("tron", "ERC20FeeProxy")).toEqual({
      address: "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
      creationBlock: 79216121,
    });
  });

  it("puts Permit2 at one address on every EVM chain and nowhere on Tron", () => {
    for (const network of EVM_NETWORK_IDS) expect(getContract(network, "Permit2").address).toBe(PERMIT2_ADDRESS);
    expect(findContract("tron", "Permit2")).toBeUndefined();
  });

  it("throws for a contract a network does not have", () => {
    expect(() => getContract("tron", "EthereumFeeProxy")).toThrow("EthereumFeeProxy is not deployed on tron");
    expect(findContract("mainnet", "ERC20BatchPayments")).toBeUndefined();
  });

  it("has checksummed EVM addresses and a known name for every entry", () => {
    for (const network of NETWORK_IDS) {
      for (const name of CONTRACT_NAMES) {
        const found = findContract(network, name);
        if (found && network !== "tron") expect(getAddress(found.address)).toBe(found.address);
      }
    }
  });

  it("starts detection at block 0 on sandbox chains", () => {
    expect(detectionStartBlock("base", "ERC20FeeProxy", true)).toBe(0n);
    expect(detectionStartBlock("base", "ERC20FeeProxy", false)).toBe(10827274n);
  });
});
