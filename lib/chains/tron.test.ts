import { describe, expect, it } from "vitest";
import { base58checkDecode, uint, word } from "../test/independent-abi";
import {
  encodeTrc20Approve,
  encodeTrc20Transfer,
  encodeTronFeeProxyPayment,
  evmToTronAddress,
  isTronAddress,
  TRON_ZERO_ADDRESS,
  tronApproveTransaction,
  tronFeeProxyPaymentTransaction,
  tronFromHex,
  tronToEvmAddress,
  tronToHex,
} from "./tron";

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const USDT_HEX = "41a614f803b6fd780986a42c78ec9c7f77e6ded13c";
const PAYEE = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8"; // any valid address will do
const FEE_PROXY = "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd";

describe("Tron addresses", () => {
  it("validates base58 addresses, checksum included", () => {
    expect(isTronAddress(USDT)).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false); // checksum
    expect(isTronAddress(USDT_HEX)).toBe(false); // hex is not base58
    expect(isTronAddress("0xa614f803b6fd780986a42c78ec9c7f77e6ded13c")).toBe(false);
    expect(isTronAddress("")).toBe(false);
  });

  it("converts base58 ↔ 41-hex ↔ 20-byte, agreeing with an independent base58check decoder", () => {
    for (const a of [USDT, PAYEE, FEE_PROXY, TRON_ZERO_ADDRESS]) {
      const hex = base58checkDecode(a);
      expect(hex.startsWith("41")).toBe(true);
      expect(tronToHex(a)).toBe(hex);
      expect(tronToEvmAddress(a).toLowerCase()).toBe(`0x${hex.slice(2)}`);
      expect(tronFromHex(hex)).toBe(a);
      expect(tronFromHex(`0x${hex}`)).toBe(a);
      expect(evmToTronAddress(tronToEvmAddress(a))).toBe(a);
    }
    expect(tronToHex(USDT)).toBe(USDT_HEX);
    expect(base58checkDecode(TRON_ZERO_ADDRESS)).toBe(`41${"0".repeat(40)}`);
  });

  it("rejects malformed input", () => {
    expect(() => tronToHex("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toThrow("Not a Tron address");
    expect(() => tronFromHex("42a614f803b6fd780986a42c78ec9c7f77e6ded13c")).toThrow("Not a Tron hex address");
  });
});

describe("TRC-20 calldata", () => {
  const payee20 = base58checkDecode(PAYEE).slice(2);

  it("approve: selector 095ea7b3 + spender word + amount word", () => {
    expect(encodeTrc20Approve(PAYEE, 1_500_000n)).toBe(`0x095ea7b3${word(payee20)}${uint(1_500_000n)}`);
  });

  it("transfer: selector a9059cbb + recipient word + amount word", () => {
    expect(encodeTrc20Transfer(PAYEE, 42n)).toBe(`0xa9059cbb${word(payee20)}${uint(42n)}`);
  });

  it("approve transaction names the token in base58", () => {
    expect(tronApproveTransaction(USDT, FEE_PROXY, 0n)).toEqual({
      to: USDT,
      data: `0x095ea7b3${word(base58checkDecode(FEE_PROXY).slice(2))}${uint(0n)}`,
      value: "0",
    });
  });
});

describe("Tron ERC20FeeProxy calldata", () => {
  const reference = "0xb1a2c3d4e5f60718" as const;
  const fee = "TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D";

  // transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address):
  // head = token, to, amount, offset of bytes (6 words = 0xc0), feeAmount, feeAddress;
  // tail = length 8, then the 8 bytes left-aligned in one word.
  const expected = (feeAddress20: string, feeAmount: bigint) =>
    "0xc219a14d" +
    word(base58checkDecode(USDT).slice(2)) +
    word(base58checkDecode(PAYEE).slice(2)) +
    uint(12_340_000n) +
    uint(0xc0n) +
    uint(feeAmount) +
    word(feeAddress20) +
    uint(8n) +
    reference.slice(2).padEnd(64, "0");

  const payment = { token: USDT, to: PAYEE, amount: 12_340_000n, paymentReference: reference };

  it("encodes addresses as 20 bytes, byte for byte", () => {
    const data = encodeTronFeeProxyPayment({ ...payment, feeAmount: 100_000n, feeAddress: fee });
    expect(data).toBe(expected(base58checkDecode(fee).slice(2), 100_000n));
  });

  it("uses the zero address when there is no fee", () => {
    const data = encodeTronFeeProxyPayment({ ...payment, feeAmount: 0n, feeAddress: null });
    expect(data).toBe(expected("0", 0n));
  });

  it("sends the transaction to the Tron ERC20FeeProxy in base58", () => {
    const tx = tronFeeProxyPaymentTransaction({ ...payment, feeAmount: 0n, feeAddress: null });
    expect(tx.to).toBe(FEE_PROXY);
    expect(tx.value).toBe("0");
  });
});
