import { TronWeb, utils } from "tronweb";
import { describe, expect, it } from "vitest";
import { TRON_DEMO_WALLETS } from "./accounts";
import { ProtoWriter } from "./protobuf";
import {
  decodeRawData,
  decodeSignedTransaction,
  encodeRawData,
  type RawData,
  recoverSigner,
  txIdOf,
} from "./transaction-codec";

const [alice, bob] = TRON_DEMO_WALLETS;
const hex = (a: string) => TronWeb.address.toHex(a).toLowerCase();
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const header = {
  ref_block_bytes: "00a7",
  ref_block_hash: "0123456789abcdef",
  expiration: 1_800_000_060_000,
  timestamp: 1_800_000_000_123,
};

const trigger: RawData = {
  contract: [
    {
      type: "TriggerSmartContract",
      parameter: {
        value: {
          data: `a9059cbb${"00".repeat(12)}${hex(bob.address).slice(2)}${"0".repeat(56)}004c4b40`,
          owner_address: hex(alice.address),
          contract_address: hex(USDT),
        },
        type_url: "type.googleapis.com/protocol.TriggerSmartContract",
      },
    },
  ],
  ...header,
  fee_limit: 100_000_000,
};

const transfer: RawData = {
  contract: [
    {
      type: "TransferContract",
      parameter: {
        value: { amount: 1_234_567, owner_address: hex(alice.address), to_address: hex(bob.address) },
        type_url: "type.googleapis.com/protocol.TransferContract",
      },
    },
  ],
  ...header,
};

/** TronWeb's own protobuf encoding (google-protobuf) of the same JSON. */
function tronWebHex(raw: RawData): string {
  const pb = utils.transaction.txJsonToPb({ visible: false, txID: "", raw_data: raw, raw_data_hex: "" } as never);
  return utils.transaction.txPbToRawDataHex(pb).toLowerCase();
}

describe("Tron transaction codec", () => {
  it("encodes raw_data byte for byte as TronWeb does, and txID is its sha256", () => {
    for (const raw of [trigger, transfer]) {
      const bytes = encodeRawData(raw);
      expect(Buffer.from(bytes).toString("hex")).toBe(tronWebHex(raw));
      const pb = utils.transaction.txJsonToPb({ visible: false, txID: "", raw_data: raw, raw_data_hex: "" } as never);
      expect(txIdOf(bytes)).toBe(utils.transaction.txPbToTxID(pb).replace(/^0x/, ""));
    }
  });

  it("decodes raw_data back to the JSON java-tron prints", () => {
    expect(decodeRawData(encodeRawData(trigger))).toEqual(trigger);
    expect(decodeRawData(encodeRawData(transfer))).toEqual(transfer);
  });

  it("refuses a contract type the node does not run", () => {
    // A FreezeBalanceV2Contract (type 54): raw.contract = 11 { type = 1, parameter = 2 (Any) }.
    const any = new ProtoWriter().string(1, "type.googleapis.com/protocol.FreezeBalanceV2Contract").finish();
    const contract = new ProtoWriter().varint(1, 54).bytes(2, any).finish();
    const bytes = new ProtoWriter().bytes(11, contract).varint(8, header.expiration).finish();
    expect(() => decodeRawData(bytes)).toThrow(/unsupported contract type 54/);
  });

  it("recovers the signer TronWeb signed with, and reads a signed transaction's bytes", async () => {
    const rawHex = tronWebHex(transfer);
    const tx = { txID: txIdOf(Buffer.from(rawHex, "hex")), raw_data: transfer, raw_data_hex: rawHex, visible: false };
    const signed = utils.crypto.signTransaction(alice.privateKey, { ...tx }) as { signature: string[] };
    expect(await recoverSigner(tx.txID, signed.signature[0])).toBe(hex(alice.address));
    const byBob = utils.crypto.signTransaction(bob.privateKey, { ...tx }) as { signature: string[] };
    expect(await recoverSigner(tx.txID, byBob.signature[0])).toBe(hex(bob.address));

    // protocol.Transaction: raw_data = 1, signature = 2 (what /wallet/broadcasthex carries).
    const raw = Buffer.from(rawHex, "hex");
    const full = new ProtoWriter().bytes(1, raw).bytes(2, Buffer.from(signed.signature[0], "hex")).finish();
    const decoded = decodeSignedTransaction(full);
    expect(Buffer.from(decoded.rawBytes).toString("hex")).toBe(rawHex);
    expect(decoded.signatures).toEqual([signed.signature[0].toLowerCase()]);
  });
});
