// The EIP-712 types of what a crosschain payer signs (docs/protocol.md "Crosschain payments"):
// Permit2's PermitBatchWitnessTransferFrom with our PaymentIntent witness, and the EIP-2612
// Permit of Permit2. Data only, no imports: the server builds and verifies with them, and the
// payment page compares what it is asked to sign against them (intent-check.ts).

export const PAYMENT_INTENT_TYPES = {
  PermitBatchWitnessTransferFrom: [
    { name: "permitted", type: "TokenPermissions[]" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "witness", type: "PaymentIntent" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
  PaymentIntent: [
    { name: "payment_type", type: "uint8" },
    { name: "operator_data", type: "OperatorData" },
    { name: "amount", type: "uint256" },
    { name: "source", type: "Domain" },
    { name: "destination", type: "Domain" },
    { name: "processing_date", type: "uint256" },
    { name: "expires_at", type: "uint256" },
  ],
  OperatorData: [
    { name: "operatorId", type: "bytes32" },
    { name: "operator", type: "address" },
    { name: "treasury_account", type: "address" },
    { name: "fee", type: "uint256" },
  ],
  Domain: [
    { name: "account", type: "address" },
    { name: "network_id", type: "uint256" },
    { name: "payment_token", type: "address" },
  ],
} as const;

export const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;
