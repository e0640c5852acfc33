// Tron detection through a TronGrid-compatible API: recorded answers in TronGrid's format
// (TransferWithReferenceAndFee events of the Tron ERC20FeeProxy of docs/protocol.md), served by a
// real local HTTP server, paged with a fingerprint, then resumed from the stored cursor.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getContract } from "../../chains/contracts";
import { evmToTronAddress, tronToHex } from "../../chains/tron";
import { db } from "../../db/client";
import { paymentReferenceHash } from "../../requests/request-store";
import { createTestPlatform } from "../../test/fixtures";
import { testRequest } from "../payment-fixtures";
import { tronIndexStep } from "./tron-indexer";
import type { TronGridEvent } from "./trongrid-events";

const PROXY = getContract("tron", "ERC20FeeProxy").address;
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PAYEE = evmToTronAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
const PAYER = evmToTronAddress("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65");
const T1 = 1_763_900_000_000;
const T2 = T1 + 3_000;

/** An event as TronGrid lists it: 20-byte hex addresses with 0x, the indexed reference as its hash without 0x. */
function event(reference: string, amount: string, blockTimestamp: number, index: number): TronGridEvent {
  return {
    block_number: 79_300_000 + (blockTimestamp - T1) / 3000,
    block_timestamp: blockTimestamp,
    contract_address: PROXY,
    event_index: index,
    event_name: "TransferWithReferenceAndFee",
    result: {
      tokenAddress: `0x${tronToHex(USDT).slice(2)}`,
      to: `0x${tronToHex(PAYEE).slice(2)}`,
      amount,
      paymentReference: paymentReferenceHash(reference).slice(2),
      feeAmount: "0",
      feeAddress: "0x0000000000000000000000000000000000000000",
    },
    transaction_id: `${index}${blockTimestamp}`.padEnd(64, "a"),
  };
}

let server: http.Server;
let baseUrl: string;
const asked: URL[] = [];
const txAsked: string[] = [];
let pages: (url: URL) => unknown = () => ({ data: [], success: true, meta: {} });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/walletsolidity/gettransactionbyid") {
      // The solidity node's transaction, as java-tron prints it with visible=true: the owner in base58.
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const { value } = JSON.parse(body) as { value: string };
        txAsked.push(value);
        const owner_address = PAYER;
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ txID: value, raw_data: { contract: [{ parameter: { value: { owner_address } } }] } }));
      });
      return;
    }
    asked.push(url);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(pages(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("Tron detection through TronGrid", () => {
  it("records the confirmed payments of known references across pages, then resumes from its cursor without repeating them", async () => {
    const p = await createTestPlatform();
    const request = await testRequest(
      { platformId: p.platformId, clientIdId: p.clientIdId },
      { amount: "10", invoiceCurrency: "USDT-tron", paymentCurrency: "USDT-tron", payee: PAYEE },
    );
    const first = event(request.paymentReference, "4000000", T1, 0);
    const unknown = event("0x0123456789abcdef", "5000000", T1, 1);
    const rest = event(request.paymentReference, "6000000", T2, 0);
    pages = (url) =>
      url.searchParams.get("min_block_timestamp") === String(T2)
        ? { data: [rest], success: true, meta: { page_size: 1 } }
        : url.searchParams.get("fingerprint") === "page-2"
          ? { data: [rest], success: true, meta: { page_size: 1 } }
          : { data: [first, unknown], success: true, meta: { fingerprint: "page-2", page_size: 2 } };

    const step = await tronIndexStep({ baseUrl });
    expect(step).toMatchObject({ kind: "indexed", recorded: 2, events: 3 });
    expect(asked[0].pathname).toBe(`/v1/contracts/${PROXY}/events`);
    expect(Object.fromEntries(asked[0].searchParams)).toEqual({
      event_name: "TransferWithReferenceAndFee",
      only_confirmed: "true",
      order_by: "block_timestamp,asc",
      limit: "200",
    });
    expect(asked[1].searchParams.get("fingerprint")).toBe("page-2");

    const prisma = await db();
    const payments = await prisma.payment.findMany({
      where: { requestId: request.requestId },
      orderBy: { blockTime: "asc" },
    });
    expect(
      payments.map((x) => [
        x.network,
        x.tokenAddress,
        x.currency,
        x.amount.toString(),
        x.blockTime.getTime(),
        x.type,
        x.payerAddress,
      ]),
    ).toEqual([
      ["tron", USDT, "USDT-tron", "4000000", T1, "direct", PAYER],
      ["tron", USDT, "USDT-tron", "6000000", T2, "direct", PAYER],
    ]);
    // The owners of the two paying transactions only, not of the unknown reference's.
    expect(txAsked.sort()).toEqual([first.transaction_id, rest.transaction_id].sort());
    expect((await prisma.paymentRequest.findUniqueOrThrow({ where: { id: request.requestId } })).status).toBe("paid");

    asked.length = 0;
    expect(await tronIndexStep({ baseUrl })).toMatchObject({ kind: "idle" });
    expect(asked[0].searchParams.get("min_block_timestamp")).toBe(String(T2));
    expect(await prisma.payment.count({ where: { requestId: request.requestId } })).toBe(2);
    const events = (await prisma.webhookEvent.findMany()).filter(
      (e) => (e.payload as { requestId?: string }).requestId === request.requestId,
    );
    expect(events.map((e) => e.event).sort()).toEqual(["payment.confirmed", "payment.confirmed", "payment.partial"]);
  });

  it("fails the step on an answer that is not TronGrid's, storing nothing", async () => {
    pages = () => ({ error: "rate limited" });
    await expect(tronIndexStep({ baseUrl })).rejects.toThrow(/unexpected answer/);
  });
});
