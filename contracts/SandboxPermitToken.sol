// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./SandboxERC20.sol";

/// @notice USDC-like token with EIP-2612 permit. The EIP-712 domain is
/// {name: name(), version: version(), chainId, verifyingContract: this}, as on Circle's USDC
/// ("USD Coin", "2"), so permits signed for production are built the same way here.
contract SandboxPermitToken is SandboxERC20 {
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    // Upper bound of `s` for non-malleable signatures (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    string public version;
    mapping(address => uint256) public nonces;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        string memory version_,
        address[] memory holders,
        uint256 amountEach
    ) SandboxERC20(name_, symbol_, decimals_, holders, amountEach) {
        version = version_;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    // Computed on each call so it stays right whatever address and chain the code sits on.
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(version)), block.chainid, address(this))
        );
    }

    function permit(address owner_, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
    {
        require(deadline >= block.timestamp, "EIP2612: permit is expired");
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner_, spender, value, nonces[owner_]++, deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
        require(uint256(s) <= HALF_ORDER && (v == 27 || v == 28), "ECRecover: invalid signature");
        address signer = ecrecover(digest, v, r, s);
        require(signer != address(0) && signer == owner_, "EIP2612: invalid signature");
        _approve(owner_, spender, value);
    }
}
