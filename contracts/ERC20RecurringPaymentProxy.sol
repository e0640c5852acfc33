// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20FeeProxy {
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

/// @notice Pays the instalments of a schedule the subscriber signed once (an EIP-712
/// SchedulePermit), each when it is due, triggered only by the service's relayer. Every
/// instalment goes through ERC20FeeProxy with the request's payment reference, so ordinary
/// payment detection sees it (docs/protocol.md, "Recurring payments"). The subscriber approves
/// this contract for the whole schedule and cancels by setting that allowance back to 0.
contract ERC20RecurringPaymentProxy {
    struct SchedulePermit {
        address subscriber;
        address token;
        address recipient;
        address feeAddress;
        uint128 amount;
        uint128 feeAmount;
        uint128 relayerFee;
        uint32 periodSeconds;
        uint32 firstPayment;
        uint8 totalPayments;
        uint256 nonce;
        uint256 deadline;
        bool strictOrder;
    }

    bytes32 public constant SCHEDULE_PERMIT_TYPEHASH = keccak256(
        "SchedulePermit(address subscriber,address token,address recipient,address feeAddress,uint128 amount,uint128 feeAmount,uint128 relayerFee,uint32 periodSeconds,uint32 firstPayment,uint8 totalPayments,uint256 nonce,uint256 deadline,bool strictOrder)"
    );
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    // Upper bound of `s` for non-malleable signatures (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable erc20FeeProxy;
    address public owner;
    address public relayer;
    /// @notice Bit i set: instalment i of the schedule with this digest has been paid.
    /// totalPayments is a uint8, so one word holds every index (1..255).
    mapping(bytes32 => uint256) public executedBitmap;
    uint256 private locked = 1;

    event RecurringPaymentTriggered(bytes32 indexed scheduleDigest, uint8 paymentIndex, bytes paymentReference);
    event RelayerChanged(address relayer);
    event OwnerChanged(address owner);

    error NotOwner();
    error NotRelayer();
    error Reentrancy();
    error SignatureExpired();
    error BadSignature();
    error BadIndex();
    error NotDue();
    error AlreadyPaid();
    error OutOfOrder();
    error TokenCallFailed();

    constructor(address erc20FeeProxy_, address relayer_, address owner_) {
        erc20FeeProxy = erc20FeeProxy_;
        relayer = relayer_;
        owner = owner_;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    function setRelayer(address relayer_) external onlyOwner {
        relayer = relayer_;
        emit RelayerChanged(relayer_);
    }

    function setOwner(address owner_) external onlyOwner {
        owner = owner_;
        emit OwnerChanged(owner_);
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("ERC20RecurringPaymentProxy"), keccak256("1"), block.chainid, address(this))
        );
    }

    function scheduleDigest(SchedulePermit calldata p) public view returns (bytes32) {
        bytes32 structHash = keccak256(
            abi.encode(
                SCHEDULE_PERMIT_TYPEHASH,
                p.subscriber,
                p.token,
                p.recipient,
                p.feeAddress,
                p.amount,
                p.feeAmount,
                p.relayerFee,
                p.periodSeconds,
                p.firstPayment,
                p.totalPayments,
                p.nonce,
                p.deadline,
                p.strictOrder
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    function isExecuted(bytes32 digest, uint8 paymentIndex) external view returns (bool) {
        return executedBitmap[digest] & (uint256(1) << paymentIndex) != 0;
    }

    /// @notice Pays instalment `paymentIndex` (from 1), due at firstPayment + (i-1)*periodSeconds.
    function triggerRecurringPayment(
        SchedulePermit calldata permit,
        bytes calldata signature,
        uint8 paymentIndex,
        bytes calldata paymentReference
    ) external {
        if (msg.sender != relayer) revert NotRelayer();
        if (locked != 1) revert Reentrancy();
        locked = 2;
        bytes32 digest = _claim(permit, signature, paymentIndex);
        _pay(permit, paymentReference);
        emit RecurringPaymentTriggered(digest, paymentIndex, paymentReference);
        locked = 1;
    }

    /// Checks that instalment `paymentIndex` may be paid now and marks it paid (the transfers
    /// that follow revert the mark with them if they fail).
    function _claim(SchedulePermit calldata permit, bytes calldata signature, uint8 paymentIndex) private returns (bytes32 digest) {
        // The deadline bounds the whole schedule: no instalment is paid after it.
        if (block.timestamp > permit.deadline) revert SignatureExpired();
        digest = scheduleDigest(permit);
        if (!_validSignature(permit.subscriber, digest, signature)) revert BadSignature();
        if (paymentIndex == 0 || paymentIndex > permit.totalPayments) revert BadIndex();
        uint256 dueAt = uint256(permit.firstPayment) + uint256(paymentIndex - 1) * permit.periodSeconds;
        if (block.timestamp < dueAt) revert NotDue();

        uint256 bitmap = executedBitmap[digest];
        if (bitmap & (uint256(1) << paymentIndex) != 0) revert AlreadyPaid();
        if (permit.strictOrder && paymentIndex > 1 && bitmap & (uint256(1) << (paymentIndex - 1)) == 0) revert OutOfOrder();
        executedBitmap[digest] = bitmap | (uint256(1) << paymentIndex);
    }

    function _pay(SchedulePermit calldata permit, bytes calldata paymentReference) private {
        uint256 toProxy = uint256(permit.amount) + permit.feeAmount;
        _call(permit.token, abi.encodeWithSelector(0x23b872dd, permit.subscriber, address(this), toProxy + permit.relayerFee));
        // Approve exactly what the fee proxy pulls now (it spends it all, so the allowance is
        // back to 0 after each instalment: tokens like USDT that refuse to change a non-zero
        // allowance accept this).
        _call(permit.token, abi.encodeWithSelector(0x095ea7b3, erc20FeeProxy, toProxy));
        IERC20FeeProxy(erc20FeeProxy).transferFromWithReferenceAndFee(
            permit.token, permit.recipient, permit.amount, paymentReference, permit.feeAmount, permit.feeAddress
        );
        if (permit.relayerFee > 0) _call(permit.token, abi.encodeWithSelector(0xa9059cbb, msg.sender, uint256(permit.relayerFee)));
    }

    /// Accepts tokens that return nothing (USDT) as well as those returning true.
    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok || (ret.length > 0 && !abi.decode(ret, (bool))) || (ret.length == 0 && token.code.length == 0)) {
            revert TokenCallFailed();
        }
    }

    function _validSignature(address signer, bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signer.code.length > 0) {
            (bool ok, bytes memory ret) =
                signer.staticcall(abi.encodeWithSelector(IERC1271.isValidSignature.selector, digest, signature));
            return ok && ret.length >= 32 && abi.decode(ret, (bytes4)) == IERC1271.isValidSignature.selector;
        }
        if (signature.length != 65) return false;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER) return false;
        if (v < 27) v += 27;
        address recovered = ecrecover(digest, v, r, s);
        return recovered != address(0) && recovered == signer;
    }
}
