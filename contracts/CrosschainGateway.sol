// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The source-chain half of a crosschain payment (docs/protocol.md "Crosschain payments").
// The payer signs one Permit2 PermitBatchWitnessTransferFrom whose spender is this contract
// and whose witness is the PaymentIntent (who pays, the payee and token on the destination,
// the operator's fee, the expiry). Only the operator may present it; the gateway checks that
// the witness names this chain, the signer, the token permitted, the operator's treasury and
// an unexpired intent, then has Permit2 verify the signature over permit + witness and move
// the permitted amounts into the treasury. Permit2's nonce bitmap makes each signature
// usable once, so a replay reverts in Permit2 (InvalidNonce).

interface ISignatureTransfer {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitBatchTransferFrom {
        TokenPermissions[] permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitWitnessTransferFrom(
        PermitBatchTransferFrom calldata permit,
        SignatureTransferDetails[] calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}

contract CrosschainGateway {
    struct Domain {
        address account;
        uint256 network_id;
        address payment_token;
    }

    struct OperatorData {
        bytes32 operatorId;
        address operator;
        address treasury_account;
        uint256 fee;
    }

    struct PaymentIntent {
        uint8 payment_type;
        OperatorData operator_data;
        uint256 amount;
        Domain source;
        Domain destination;
        uint256 processing_date;
        uint256 expires_at;
    }

    bytes private constant DOMAIN_TYPE = "Domain(address account,uint256 network_id,address payment_token)";
    bytes private constant OPERATOR_DATA_TYPE =
        "OperatorData(bytes32 operatorId,address operator,address treasury_account,uint256 fee)";
    bytes private constant PAYMENT_INTENT_TYPE =
        "PaymentIntent(uint8 payment_type,OperatorData operator_data,uint256 amount,Domain source,Domain destination,uint256 processing_date,uint256 expires_at)";

    bytes32 public constant DOMAIN_TYPEHASH = keccak256(DOMAIN_TYPE);
    bytes32 public constant OPERATOR_DATA_TYPEHASH = keccak256(OPERATOR_DATA_TYPE);
    // EIP-712: a struct's type is followed by the types it references, sorted by name.
    bytes32 public constant PAYMENT_INTENT_TYPEHASH = keccak256(abi.encodePacked(PAYMENT_INTENT_TYPE, DOMAIN_TYPE, OPERATOR_DATA_TYPE));

    // Permit2 appends this to "PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,
    // address spender,uint256 nonce,uint256 deadline," — every referenced type, sorted.
    string public constant WITNESS_TYPE_STRING =
        "PaymentIntent witness)Domain(address account,uint256 network_id,address payment_token)OperatorData(bytes32 operatorId,address operator,address treasury_account,uint256 fee)PaymentIntent(uint8 payment_type,OperatorData operator_data,uint256 amount,Domain source,Domain destination,uint256 processing_date,uint256 expires_at)TokenPermissions(address token,uint256 amount)";

    ISignatureTransfer public immutable permit2;
    address public immutable operator;
    address public immutable treasury;

    event Collected(bytes32 indexed witness, address indexed payer, address indexed token, uint256 amount, uint256 fee);

    error NotOperator();
    error IntentExpired();
    error WrongSource();
    error WrongOperator();
    error WrongPermitted();

    constructor(address permit2_, address operator_, address treasury_) {
        permit2 = ISignatureTransfer(permit2_);
        operator = operator_;
        treasury = treasury_;
    }

    function hashIntent(PaymentIntent calldata intent) public pure returns (bytes32) {
        return keccak256(
            abi.encode(
                PAYMENT_INTENT_TYPEHASH,
                intent.payment_type,
                keccak256(
                    abi.encode(
                        OPERATOR_DATA_TYPEHASH,
                        intent.operator_data.operatorId,
                        intent.operator_data.operator,
                        intent.operator_data.treasury_account,
                        intent.operator_data.fee
                    )
                ),
                intent.amount,
                _hashDomain(intent.source),
                _hashDomain(intent.destination),
                intent.processing_date,
                intent.expires_at
            )
        );
    }

    /// Pulls [amount, fee] of the source token from the payer into the treasury.
    function collect(
        ISignatureTransfer.PermitBatchTransferFrom calldata permit,
        PaymentIntent calldata intent,
        bytes calldata signature
    ) external {
        if (msg.sender != operator) revert NotOperator();
        if (block.timestamp > intent.expires_at) revert IntentExpired();
        if (intent.source.network_id != block.chainid) revert WrongSource();
        if (intent.operator_data.operator != operator || intent.operator_data.treasury_account != treasury) revert WrongOperator();
        // Exactly two entries: what the payee receives, then the operator's fee.
        if (
            permit.permitted.length != 2 || permit.permitted[0].token != intent.source.payment_token
                || permit.permitted[1].token != intent.source.payment_token || permit.permitted[0].amount != intent.amount
                || permit.permitted[1].amount != intent.operator_data.fee
        ) revert WrongPermitted();

        ISignatureTransfer.SignatureTransferDetails[] memory details = new ISignatureTransfer.SignatureTransferDetails[](2);
        details[0] = ISignatureTransfer.SignatureTransferDetails(treasury, intent.amount);
        details[1] = ISignatureTransfer.SignatureTransferDetails(treasury, intent.operator_data.fee);
        bytes32 witness = hashIntent(intent);
        // The owner is the witness's source account: a signature by anyone else fails in Permit2.
        permit2.permitWitnessTransferFrom(permit, details, intent.source.account, witness, WITNESS_TYPE_STRING, signature);
        emit Collected(witness, intent.source.account, intent.source.payment_token, intent.amount, intent.operator_data.fee);
    }

    function _hashDomain(Domain calldata d) private pure returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, d.account, d.network_id, d.payment_token));
    }
}
