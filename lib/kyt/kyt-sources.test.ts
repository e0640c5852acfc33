// The screening sources on their own: the OFAC SDN parser on both published formats, the
// bundled list, the sanctions oracle read on a sandbox chain (our oracle at the production
// address), and the Chainalysis API adapter against a real local HTTP server.
import { createPublicClient, http, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bundled from "../../data/ofac-sanctions/sanctioned-addresses.json";
import { SANCTIONS_ORACLE_ADDRESSES } from "../chains/sanctions-oracle";
import { isTronAddress } from "../chains/tron";
import { DEMO_WALLETS, SANDBOX_ADMIN, SANDBOX_SANCTIONED_WALLET } from "../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { startReceiver } from "../webhooks/receiver-fixtures";
import { chainalysisApiProvider } from "./chainalysis-api";
import { parseSdn } from "./ofac-sdn";
import { sanctionsListProvider } from "./sanctions-list";
import { sanctionsOracleProvider } from "./sanctions-oracle";
import { ScreeningUnavailable } from "./screening-provider";

const TRON_LISTED = "TX5GV4DyfxNB3rPkzZJhmqZ1efVmL4rEqG";
const EVM_LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96"; // checksummed as OFAC publishes it

const SDN_XML = `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>11/20/2026</Publish_Date><Record_Count>2</Record_Count></publshInformation>
  <sdnEntry><uid>1</uid><lastName>EXAMPLE ONE</lastName><sdnType>Entity</sdnType>
    <idList>
      <id><uid>11</uid><idType>Digital Currency Address - ETH</idType><idNumber>${EVM_LISTED}</idNumber></id>
      <id><uid>12</uid><idType>Digital Currency Address - XBT</idType><idNumber>1AjZPMsnmpdK2Rv9KQNfMurTXinscVro9V</idNumber></id>
      <id><uid>13</uid><idType>Digital Currency Address - TRX</idType><idNumber>${TRON_LISTED}</idNumber></id>
    </idList>
  </sdnEntry>
  <sdnEntry><uid>2</uid><lastName>EXAMPLE TWO</lastName><sdnType>Individual</sdnType>
    <idList><id><uid>21</uid><idType>Digital Currency Address - USDT</idType><idNumber>0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff</idNumber></id>
    <id><uid>22</uid><idType>Passport</idType><idNumber>0x0000000000000000000000000000000000000001</idNumber></id></idList>
  </sdnEntry>
</sdnList>`;

const SDN_CSV = `36,"EXAMPLE ONE","-0- ","SDGT] [CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - ETH ${EVM_LISTED}; Digital Currency Address - XBT 1AjZPMsnmpdK2Rv9KQNfMurTXinscVro9V; alt. Digital Currency Address - TRX ${TRON_LISTED}; Organization Type: Mining."
37,"PLAIN PERSON","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 01 Jan 1970; Passport 123456."`;

describe("the OFAC SDN parser", () => {
  it("keeps the EVM and Tron digital currency addresses of the XML and its publication date, not other identifiers or assets", () => {
    expect(parseSdn(SDN_XML)).toEqual({
      evm: ["0x098b716b8aaf21512996dc57eb0615e2383e2f96", "0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff"],
      tron: [TRON_LISTED],
      publishDate: "2026-11-20",
    });
  });

  it("reads the same identifiers out of the CSV's remarks; the CSV states no date", () => {
    expect(parseSdn(SDN_CSV)).toEqual({
      evm: ["0x098b716b8aaf21512996dc57eb0615e2383e2f96"],
      tron: [TRON_LISTED],
      publishDate: null,
    });
  });
});

describe("the bundled OFAC list", () => {
  it("holds valid EVM (lowercased) and Tron addresses and says where it comes from", () => {
    expect(bundled.evm.length).toBeGreaterThan(100);
    expect(bundled.tron.length).toBeGreaterThan(5);
    for (const a of bundled.evm) expect(a).toMatch(/^0x[0-9a-f]{40}$/);
    for (const a of bundled.tron) expect(isTronAddress(a), a).toBe(true);
    expect(bundled.source).toContain("OFAC");
    expect(bundled.copiedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("rejects a listed Tron address exactly as published and a listed EVM address in any case; approves others", async () => {
    const list = sanctionsListProvider(bundled);
    expect(await list.screen(TRON_LISTED, "tron")).toEqual({ status: "rejected", reasonCode: "sanctioned" });
    expect(await list.screen(EVM_LISTED, "base")).toEqual({ status: "rejected", reasonCode: "sanctioned" });
    expect(await list.screen(EVM_LISTED.toLowerCase(), "mainnet")).toEqual({
      status: "rejected",
      reasonCode: "sanctioned",
    });
    expect(await list.screen("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", "tron")).toEqual({
      status: "approved",
      reasonCode: "clear",
    });
    expect(await list.screen(DEMO_WALLETS[0].address, "base")).toEqual({ status: "approved", reasonCode: "clear" });
  });
});

describe("the sanctions oracle on a sandbox chain", () => {
  let sandbox: TestSandbox;
  let restore: () => void;
  beforeAll(async () => {
    sandbox = await startTestSandbox(["base"]);
    restore = pointAppAtSandbox(sandbox);
  });
  afterAll(async () => {
    restore?.();
    await sandbox?.dispose();
  });

  it("answers rejected for the seeded sandbox wallet and approved for a demo wallet, read at Base's oracle address", async () => {
    const oracle = sanctionsOracleProvider();
    expect(await oracle.screen(SANDBOX_SANCTIONED_WALLET.address, "base")).toEqual({
      status: "rejected",
      reasonCode: "sanctioned",
    });
    expect(await oracle.screen(SANDBOX_SANCTIONED_WALLET.address.toLowerCase(), "base")).toEqual({
      status: "rejected",
      reasonCode: "sanctioned",
    });
    expect(await oracle.screen(DEMO_WALLETS[3].address, "base")).toEqual({ status: "approved", reasonCode: "clear" });
  });

  it("lets only its owner change the list, as the real oracle does", async () => {
    const client = createPublicClient({ transport: http(sandbox.urls.base!) });
    const abi = parseAbi(["function addToSanctionsList(address[] addrs)", "function owner() view returns (address)"]);
    const oracle = SANCTIONS_ORACLE_ADDRESSES.base!;
    expect(await client.readContract({ address: oracle, abi, functionName: "owner" })).toBe(SANDBOX_ADMIN.address);
    await expect(
      client.simulateContract({
        account: DEMO_WALLETS[3].address,
        address: oracle,
        abi,
        functionName: "addToSanctionsList",
        args: [[DEMO_WALLETS[3].address]],
      }),
    ).rejects.toThrow(/not the owner/);
  });

  it("does not cover Tron or a network without a deployment", async () => {
    const oracle = sanctionsOracleProvider();
    expect(await oracle.screen(TRON_LISTED, "tron")).toBeNull();
    expect(await oracle.screen(DEMO_WALLETS[3].address, "sepolia")).toBeNull();
  });

  it("is unavailable, not approving, when the chain cannot be read", async () => {
    const down = createPublicClient({ transport: http("http://127.0.0.1:9/", { retryCount: 0, timeout: 2000 }) });
    const oracle = sanctionsOracleProvider(() => down);
    await expect(oracle.screen(DEMO_WALLETS[3].address, "base")).rejects.toBeInstanceOf(ScreeningUnavailable);
  });
});

describe("the Chainalysis sanctions API adapter", () => {
  it("asks GET /api/v1/address/{address} with the key in X-API-Key and rejects when identifications are listed", async () => {
    const receiver = await startReceiver((r) => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        identifications: r.path.endsWith(EVM_LISTED) ? [{ category: "sanctions", name: "SANCTIONS: OFAC SDN" }] : [],
      }),
    }));
    try {
      const api = chainalysisApiProvider(`${receiver.url}/`, "test-key-123");
      expect(await api.screen(EVM_LISTED, "base")).toEqual({ status: "rejected", reasonCode: "sanctioned" });
      expect(await api.screen(DEMO_WALLETS[2].address, "base")).toEqual({ status: "approved", reasonCode: "clear" });
      expect(receiver.received[0].path).toBe(`/api/v1/address/${EVM_LISTED}`);
      expect(receiver.received[0].headers["x-api-key"]).toBe("test-key-123");
    } finally {
      await receiver.close();
    }
  });

  it("is unavailable on an HTTP error or a body without identifications", async () => {
    const receiver = await startReceiver((_r, i) =>
      i === 0 ? 500 : { status: 200, headers: { "content-type": "application/json" }, body: "{}" },
    );
    try {
      const api = chainalysisApiProvider(receiver.url, "k");
      await expect(api.screen(DEMO_WALLETS[2].address, "base")).rejects.toThrow(/HTTP 500/);
      await expect(api.screen(DEMO_WALLETS[2].address, "base")).rejects.toBeInstanceOf(ScreeningUnavailable);
    } finally {
      await receiver.close();
    }
  });
});
