// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IDepositFeeProxy {
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

/// @notice Deposit addresses (docs/decisions/deposit-addresses.md): every request has an
/// address of its own that accepts a plain ERC-20 transfer from any wallet or exchange. The
/// address is counterfactual: CREATE2 of a DepositForwarder by this factory, with a salt that
/// commits to the request's token, payee, payment reference and fee. Nothing is deployed until
/// funds arrive; then anyone may call `forward`, which deploys the forwarder on first use and
/// pays its whole balance through ERC20FeeProxy with the request's reference, so ordinary
/// payment detection sees the payment.
contract DepositForwarderFactory {
    address public immutable feeProxy;
    bytes32 public immutable forwarderCodeHash;

    event Forwarded(address indexed forwarder, address indexed token, bytes paymentReference, uint256 amount);

    constructor(address feeProxy_) {
        feeProxy = feeProxy_;
        forwarderCodeHash = keccak256(type(DepositForwarder).creationCode);
    }

    function salt(
        address token,
        address payee,
        bytes calldata paymentReference,
        uint256 feeAmount,
        address feeAddress
    ) public pure returns (bytes32) {
        return keccak256(abi.encode(token, payee, keccak256(paymentReference), feeAmount, feeAddress));
    }

    /// @notice The deposit address of these payment terms, deployed or not.
    function depositAddress(
        address token,
        address payee,
        bytes calldata paymentReference,
        uint256 feeAmount,
        address feeAddress
    ) public view returns (address) {
        bytes32 s = salt(token, payee, paymentReference, feeAmount, feeAddress);
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), s, forwarderCodeHash)))));
    }

    /// @notice Pays the deposit address's whole balance of `token` to `payee` (less `feeAmount`
    /// to `feeAddress`) through ERC20FeeProxy with `paymentReference`. Anyone may call it: the
    /// terms are those the address was derived from, so the funds can only go where the request says.
    function forward(
        address token,
        address payee,
        bytes calldata paymentReference,
        uint256 feeAmount,
        address feeAddress
    ) external returns (uint256 amount) {
        bytes32 s = salt(token, payee, paymentReference, feeAmount, feeAddress);
        address at = depositAddress(token, payee, paymentReference, feeAmount, feeAddress);
        if (at.code.length == 0) new DepositForwarder{salt: s}();
        amount = DepositForwarder(at).forward(feeProxy, token, payee, paymentReference, feeAmount, feeAddress);
        emit Forwarded(at, token, paymentReference, amount);
    }
}

/// @notice One deposit address: holds what was sent to it until its factory forwards it.
contract DepositForwarder {
    address private immutable factory;

    error NotFactory();
    error NothingToForward();
    error TokenCallFailed();

    constructor() {
        factory = msg.sender;
    }

    function forward(
        address feeProxy,
        address token,
        address payee,
        bytes calldata paymentReference,
        uint256 feeAmount,
        address feeAddress
    ) external returns (uint256 amount) {
        if (msg.sender != factory) revert NotFactory();
        (bool ok, bytes memory ret) = token.staticcall(abi.encodeWithSignature("balanceOf(address)", address(this)));
        if (!ok || ret.length < 32) revert TokenCallFailed();
        uint256 balance = abi.decode(ret, (uint256));
        if (balance <= feeAmount) revert NothingToForward();
        amount = balance - feeAmount;
        // USDT-style tokens return nothing from approve: accept no data or true. The fee proxy
        // pulls exactly `balance`, so the allowance is back at 0 afterwards.
        (ok, ret) = token.call(abi.encodeWithSignature("approve(address,uint256)", feeProxy, balance));
        if (!ok || (ret.length > 0 && !abi.decode(ret, (bool)))) revert TokenCallFailed();
        IDepositFeeProxy(feeProxy).transferFromWithReferenceAndFee(
            token,
            payee,
            amount,
            paymentReference,
            feeAmount,
            feeAddress
        );
    }
}
